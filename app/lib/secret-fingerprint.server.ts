/**
 * One signing secret per database. Sessions, unsubscribe links and survey links are signed with
 * SESSION_SECRET; a CLI started without the server's secret (no SESSION_SECRET, another DATA_DIR
 * with its own generated one) used to sign links the server then refused. The first process to
 * open a database records a fingerprint of its secret — an HMAC of a fixed text keyed by the
 * secret, which tells nothing about the secret — and every later server or CLI compares its own
 * and refuses to start on a difference, saying what to set.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { secretFingerprints } from "#db/schema";

const NAME = "SESSION_SECRET";

/** The fingerprint of a secret: HMAC-SHA256 of a fixed label, base64url. */
export function secretFingerprint(secret: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update("runway secret fingerprint v1")
    .digest("base64url");
}

export class SecretMismatchError extends Error {
  override name = "SecretMismatchError";
  constructor(recorded: string, recordedAt: Date, own: string) {
    super(
      `SESSION_SECRET differs from the secret this database was first used with ` +
        `(fingerprint ${recorded.slice(0, 12)}…, recorded ${recordedAt.toISOString().slice(0, 10)}; ` +
        `this process has ${own.slice(0, 12)}…). Links and sessions signed by one would be refused ` +
        `by the other, so Runway does not start.\n` +
        `Set SESSION_SECRET to the value the server uses — or, if the server runs without one, set ` +
        `DATA_DIR to the server's data directory (its generated secret is kept in ` +
        `DATA_DIR/.session-secret). If the secret was changed on purpose, run ` +
        "`runway db accept-secret` with the new SESSION_SECRET (sessions and links signed with the " +
        "old one stop working).",
    );
  }
}

/** True when the table is not there yet (a database not migrated to it). */
function missingTable(e: unknown): boolean {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, i = 0; x && i < 4; i++) {
    if (x.code === "42P01") return true;
    x = x.cause as typeof x;
  }
  return false;
}

/**
 * Records the secret's fingerprint if the database has none, else compares: throws
 * SecretMismatchError when they differ. A database not yet migrated to the table is left alone.
 */
export async function checkSecretFingerprint(
  db: Db,
  secret: string,
): Promise<"recorded" | "matched" | "unmigrated"> {
  const own = secretFingerprint(secret);
  let inserted: unknown[];
  try {
    inserted = await db
      .insert(secretFingerprints)
      .values({ name: NAME, fingerprint: own })
      .onConflictDoNothing()
      .returning({ name: secretFingerprints.name });
  } catch (e) {
    if (missingTable(e)) return "unmigrated";
    throw e;
  }
  if (inserted.length) return "recorded";
  // Another process recorded one first (now, or at the database's first start): compare.
  const [row] = await db
    .select({
      fingerprint: secretFingerprints.fingerprint,
      createdAt: secretFingerprints.createdAt,
    })
    .from(secretFingerprints)
    .where(eq(secretFingerprints.name, NAME));
  if (!row) throw new Error("secret fingerprint: no row");
  const a = Buffer.from(row.fingerprint);
  const b = Buffer.from(own);
  if (a.length === b.length && crypto.timingSafeEqual(a, b)) return "matched";
  throw new SecretMismatchError(row.fingerprint, row.createdAt, own);
}

/** Replaces the recorded fingerprint with this secret's (`runway db accept-secret`). */
export async function acceptSecret(db: Db, secret: string): Promise<void> {
  const own = secretFingerprint(secret);
  await db
    .insert(secretFingerprints)
    .values({ name: NAME, fingerprint: own })
    .onConflictDoUpdate({
      target: secretFingerprints.name,
      set: { fingerprint: own, createdAt: new Date() },
    });
}
