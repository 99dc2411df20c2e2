/**
 * The in-page verification modal that opens after registering: six boxes, auto-submit
 * on the last digit, 'Verify Email' enabled only with six digits, a resend button that waits 60 s
 * after the modal opens and after each resend, and the fixed messages as notifications. It talks to
 * the /verify-otp action (mode=modal), which checks the code against the signed registration state.
 */
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "@remix-run/react";
import { Modal } from "../ui/modal";
import { notify } from "../ui/notify";
import { useCountdown } from "./countdown";
import { OtpCodeField, OtpSentTo, ResendCode, useOtpDigits } from "./otp-entry";
import { otpComplete } from "./otp-input";
import { OTP_UI, type VerifyActionData } from "./verify-types";
import { RESEND_COOLDOWN_SECONDS } from "~/models/auth/limits";

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
  const otp = useOtpDigits();
  const clearOtp = otp.clear;
  const cooldown = useCountdown(0);
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
      clearOtp();
    }
  }, [verify.state, verify.data, onVerified, clearOtp]);

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
        <OtpSentTo id={helpId} email={email} />
        <form
          method="post"
          action="/verify-otp"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            submitCode(otp.digits.join(""));
          }}
        >
          <OtpCodeField otp={otp} onComplete={submitCode} helpId={helpId} disabled={busy} />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!otpComplete(otp.digits) || busy}
          >
            {busy ? "Verifying…" : "Verify Email"}
          </button>
        </form>
        <div className="otp-resend">
          <ResendCode
            type="button"
            left={cooldown.left}
            disabled={resend.state !== "idle"}
            onClick={() =>
              resend.submit(
                { intent: "resend", mode: "modal", s: state },
                { method: "post", action: "/verify-otp" },
              )
            }
          />
        </div>
      </div>
    </Modal>
  );
}
