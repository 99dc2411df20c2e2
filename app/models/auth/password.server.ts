import { hash, verify } from "@node-rs/argon2";

// argon2id (algorithm 2) at the OWASP minimum: m=19456 KiB, t=2, p=1.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id; never trims or alters it. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown e-mail, or an account without a password) it
 * still spends the same work on a dummy hash, so timing does not reveal which accounts exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string) {
  if (!stored) {
    dummy ??= hashPassword("runway-dummy-password");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
