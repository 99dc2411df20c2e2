/**
 * The in-page verification modal that opens after registering: six boxes, auto-submit
 * on the last digit, 'Verify Email' enabled only with six digits, a resend button that waits 60 s
 * after the modal opens and after each resend, and the fixed messages as notifications. It talks to
 * the /verify-otp action (mode=modal), which checks the code against the signed registration state.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { OTP_LENGTH, RESEND_COOLDOWN_SECONDS } from "#db/constants";
import { Modal } from "../ui/modal";
import { notify } from "../ui/notify";
import { useCountdown } from "./countdown";
import { emptyOtp, OtpInput, otpComplete } from "./otp-input";
import { OTP_UI, type VerifyActionData } from "./verify-types";

export function VerificationModal({
  open,
  email,
  state,
  onVerified,
  onClose,
}: {
  open: boolean;
  email: string;
  /** The signed `{email, userId}` from the register action. */
  state: string;
  onVerified: () => void;
  onClose: () => void;
}) {
  const verify = useFetcher<VerifyActionData>();
  const resend = useFetcher<VerifyActionData>();
  const [digits, setDigits] = useState(() => emptyOtp(OTP_LENGTH));
  // Bumped after a failed try: the boxes remount empty with the focus back on the first one.
  const [round, setRound] = useState(0);
  const cooldown = useCountdown(0);
  const labelId = useId();
  const helpId = useId();
  const startCooldown = cooldown.start;

  // The resend wait starts when the modal opens.
  useEffect(() => {
    if (open) startCooldown(RESEND_COOLDOWN_SECONDS);
  }, [open, startCooldown]);

  const handledVerify = useRef<unknown>(null);
  useEffect(() => {
    const d = verify.data;
    if (verify.state !== "idle" || !d || d.intent !== "verify" || handledVerify.current === d)
      return;
    handledVerify.current = d;
    if (d.verified) {
      notify.success(OTP_UI.verified);
      onVerified();
    } else {
      notify.error(d.error || OTP_UI.verifyFailed);
      setDigits(emptyOtp(OTP_LENGTH));
      setRound((r) => r + 1);
    }
  }, [verify.state, verify.data, onVerified]);

  const handledResend = useRef<unknown>(null);
  useEffect(() => {
    const d = resend.data;
    if (resend.state !== "idle" || !d || d.intent !== "resend" || handledResend.current === d)
      return;
    handledResend.current = d;
    if (d.resent) {
      notify.success(OTP_UI.resent);
      startCooldown(d.cooldown);
    } else {
      notify.error(d.error || OTP_UI.resendFailed);
      if (d.retryAfter) startCooldown(d.retryAfter);
    }
  }, [resend.state, resend.data, startCooldown]);

  const busy = verify.state !== "idle";
  const submitCode = (code: string) => {
    if (!/^\d{6}$/.test(code)) {
      notify.error(OTP_UI.format);
      return;
    }
    verify.submit(
      { intent: "verify", mode: "modal", s: state, otp: code },
      { method: "post", action: "/verify-otp" },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title="Verify your email" size="sm">
      <div className="stack otp-modal">
        <p id={helpId}>
          We sent a {OTP_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to verify
          your email.
        </p>
        <form
          method="post"
          action="/verify-otp"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            submitCode(digits.join(""));
          }}
        >
          <p id={labelId} className="field-label otp-label">
            Verification code
          </p>
          <OtpInput
            key={round}
            value={digits}
            onChange={setDigits}
            onComplete={submitCode}
            labelledBy={labelId}
            describedBy={helpId}
            disabled={busy}
            autoFocus
          />
          <button type="submit" className="btn btn-primary" disabled={!otpComplete(digits) || busy}>
            {busy ? "Verifying…" : "Verify Email"}
          </button>
        </form>
        <div className="otp-resend">
          <span className="muted">Didn&apos;t get the code?</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={cooldown.left > 0 || resend.state !== "idle"}
            onClick={() =>
              resend.submit(
                { intent: "resend", mode: "modal", s: state },
                { method: "post", action: "/verify-otp" },
              )
            }
          >
            {cooldown.left > 0 ? `Resend code (${cooldown.left}s)` : "Resend code"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
