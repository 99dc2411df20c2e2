/**
 * The verification-code block shared by /verify-otp and the register page's modal (the product spec's verification modal): the
 * "We sent a code" line, the labelled six boxes (remounted empty after a failed try) with their
 * error, and the "Didn't get the code?" resend row with its countdown.
 */
import { useCallback, useId, useState, type ButtonHTMLAttributes } from "react";
import { emptyOtp, OtpInput } from "./otp-input";
import { OTP_LENGTH } from "~/models/auth/limits";

/** The typed digits and a `clear` that empties them and puts the focus back on the first box. */
export function useOtpDigits() {
  const [digits, setDigits] = useState(() => emptyOtp(OTP_LENGTH));
  // Bumped by `clear`: the boxes remount empty with the focus back on the first one.
  const [round, setRound] = useState(0);
  const clear = useCallback(() => {
    setDigits(emptyOtp(OTP_LENGTH));
    setRound((r) => r + 1);
  }, []);
  return { digits, setDigits, round, clear };
}

/** "We sent a 6-digit code to …", the description of the boxes (`id`). */
export function OtpSentTo({
  id,
  email,
  className,
}: {
  id: string;
  email: string;
  className?: string;
}) {
  return (
    <p id={id} className={className}>
      We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to verify your
      email.
    </p>
  );
}

/** The "Verification code" label, the boxes and, when there is one, the error under them. */
export function OtpCodeField({
  otp,
  onComplete,
  helpId,
  error,
  disabled,
}: {
  otp: ReturnType<typeof useOtpDigits>;
  onComplete: (code: string) => void;
  /** The id of the `OtpSentTo` line. */
  helpId: string;
  error?: string | null;
  disabled: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <>
      <p id={labelId} className="field-label otp-label">
        Verification code
      </p>
      <OtpInput
        key={otp.round}
        value={otp.digits}
        onChange={otp.setDigits}
        onComplete={onComplete}
        labelledBy={labelId}
        describedBy={error ? `${helpId} ${errorId}` : helpId}
        invalid={!!error}
        disabled={disabled}
        autoFocus
      />
      {error ? (
        <p id={errorId} className="field-error otp-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** "Didn't get the code?" and the resend button, which waits `left` seconds when `counting`. */
export function ResendCode({
  left,
  counting = true,
  ...button
}: {
  left: number;
  /** False before hydration: the no-JS button is never held back by a countdown it cannot show. */
  counting?: boolean;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "onClick">) {
  const waiting = counting && left > 0;
  return (
    <>
      <span className="muted">Didn&apos;t get the code?</span>
      <button {...button} className="btn btn-ghost btn-sm" disabled={waiting || button.disabled}>
        {waiting ? `Resend code (${left}s)` : "Resend code"}
      </button>
    </>
  );
}
