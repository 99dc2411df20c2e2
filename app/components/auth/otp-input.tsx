/**
 * Six single-digit boxes: a digit moves to the next box, Backspace moves back, pasting
 * (or the browser's one-time-code autofill) fills every box, and completing the last box calls
 * `onComplete` so the caller can submit. All boxes share one `name`; the server joins them, so the
 * boxes also work without JavaScript (there any box may even hold the whole code).
 */
import { useRef } from "react";
import { OTP_LENGTH } from "~/models/auth/limits";

export const emptyOtp = (length = OTP_LENGTH) => Array.from({ length }, () => "");
export const otpComplete = (digits: string[]) =>
  digits.length > 0 && digits.every((d) => /^\d$/.test(d));

export function OtpInput({
  value,
  onChange,
  onComplete,
  name = "otp",
  labelledBy,
  describedBy,
  invalid,
  disabled,
  autoFocus,
}: {
  value: string[];
  onChange: (digits: string[]) => void;
  onComplete?: (code: string) => void;
  name?: string;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const length = value.length;
  const focus = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string[], focusAt: number) => {
    onChange(next);
    if (focusAt >= 0) focus(focusAt);
    if (otpComplete(next)) onComplete?.(next.join(""));
  };

  /** Spreads several digits from box `start` on (a paste, autofill, or a full code typed in one box). */
  const spread = (start: number, digits: string) => {
    const from = digits.length >= length ? 0 : start;
    const next = [...value];
    for (let k = 0; k < digits.length && from + k < length; k++) next[from + k] = digits[k];
    commit(next, Math.min(length - 1, from + digits.length));
  };

  return (
    <div
      className="otp-input"
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {value.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          name={name}
          value={digit}
          className="otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${i + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          // Only the first box takes focus on open; a second autoFocus would steal it.
          autoFocus={autoFocus && i === 0}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            const digits = e.currentTarget.value.replace(/\D/g, "");
            if (!digits) {
              const next = [...value];
              next[i] = "";
              return commit(next, -1);
            }
            if (digits.length >= length) return spread(0, digits.slice(0, length));
            // Typing over a filled box leaves two characters: keep the newest.
            const next = [...value];
            next[i] = digits.slice(-1);
            commit(next, i + 1 < length ? i + 1 : -1);
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace" && !value[i] && i > 0) {
              e.preventDefault();
              const next = [...value];
              next[i - 1] = "";
              commit(next, i - 1);
            } else if (e.key === "ArrowLeft" && i > 0) {
              e.preventDefault();
              focus(i - 1);
            } else if (e.key === "ArrowRight" && i < length - 1) {
              e.preventDefault();
              focus(i + 1);
            }
          }}
          onPaste={(e) => {
            const digits = e.clipboardData.getData("text").replace(/\D/g, "");
            if (!digits) return;
            e.preventDefault();
            spread(i, digits.slice(0, length));
          }}
        />
      ))}
    </div>
  );
}
