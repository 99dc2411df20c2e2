import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { createWorkQueue, QueueBusy } from "~/lib/work-queue.server";
import { ServiceUnavailable } from "~/lib/errors";

// argon2id (algorithm 2) at the OWASP minimum: m=19456 KiB, t=2, p=1.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const BUSY_MSG = "The server is busy. Please try again in a moment.";

/**
 * Every argon2 hash of this process passes one gate: 4 at once (19 MiB and one libuv thread each),
 * up to 64 waiting for at most 5 s; beyond that a 503 with Retry-After, so a sign-in flood cannot
 * take the memory and the thread pool every other request needs.
 */
export const passwordWork = createWorkQueue({ concurrency: 4, maxQueue: 64, maxWaitMs: 5000 });

async function gated<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await passwordWork.run(job);
  } catch (e) {
    if (e instanceof QueueBusy) throw new ServiceUnavailable(BUSY_MSG, e.retryAfterSeconds);
    throw e;
  }
}

/** Hashes a password with argon2id; never trims or alters it. */
export function hashPassword(password: string): Promise<string> {
  return gated(() => hash(password, OPTIONS));
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown e-mail, or an account without a password) it
 * still spends the same work on a dummy hash, so timing does not reveal which accounts exist.
 */
export async function verifyPassword(stored: string | null | undefined, password: string) {
  if (!stored) {
    dummy ??= hash("runway-dummy-password", OPTIONS);
    const d = await dummy;
    await gated(() => verify(d, password).catch(() => false));
    return false;
  }
  return gated(async () => {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  });
}

/**
 * The shape of a bcrypt hash as AeroJob stored it (bcryptjs: `$2a$`, also `$2b$`/`$2y$`), with its
 * cost: 60 characters, a two-digit cost of 4–31 and 53 characters of bcrypt's base-64 alphabet.
 */
const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

/** The cost of a well-formed bcrypt hash, or null when the text cannot be one. */
export function bcryptCost(stored: string | null | undefined): number | null {
  const m = stored ? BCRYPT.exec(stored) : null;
  if (!m) return null;
  const cost = Number(m[1]);
  return cost >= 4 && cost <= 31 ? cost : null;
}

/**
 * Verifies a password against an imported bcrypt hash (ADR 115). bcryptjs (pure JavaScript, the
 * library AeroJob itself used) runs through the same gate as argon2, so a burst of first sign-ins
 * after the move queues instead of starving the event loop.
 */
export async function verifyLegacyPassword(stored: string, password: string): Promise<boolean> {
  if (bcryptCost(stored) === null) return false;
  return gated(async () => {
    try {
      return await bcrypt.compare(password, stored);
    } catch {
      return false;
    }
  });
}
