/** What the /verify-otp action answers; shared by the page and the modal (isomorphic). */
export type VerifyActionData =
  | { intent: "verify"; verified: true; message: string }
  | { intent: "verify"; verified: false; error: string }
  | { intent: "resend"; resent: true; message: string; cooldown: number }
  | { intent: "resend"; resent: false; error: string; retryAfter?: number };

/** OTP messages shown by the modal when the server gives none. */
export const OTP_UI = {
  verifyFailed: "Verification failed",
  resendFailed: "Resend failed",
  format: "Enter the 6-digit code.",
  verified: "Email verified.",
  resent: "OTP resent. Check your email.",
} as const;
