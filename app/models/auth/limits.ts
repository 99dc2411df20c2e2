/** Account limits: verification codes, password tokens, passwords and names. Pure, so forms share them. */
export const OTP_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 30;
export const INVITE_TOKEN_TTL_DAYS = 7;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MIN = 2;
