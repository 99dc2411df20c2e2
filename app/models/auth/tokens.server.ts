import crypto from "node:crypto";

/** A random, URL-safe token (256 bits) for sessions, API tokens and links. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as SHA-256: they are high-entropy, so no salt or slow hash is needed. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** 6 digits from a CSPRNG (uniform: randomInt rejects biased values). */
export function randomDigits(length = 6): string {
  let s = "";
  for (let i = 0; i < length; i++) s += crypto.randomInt(0, 10).toString();
  return s;
}

/** Low-entropy codes are stored as a keyed hash (HMAC with the server secret), never in clear. */
export function hmac(secret: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
