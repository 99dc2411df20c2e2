/**
 * An account's e-mail verification as an admin handles it: resend the code, or mark
 * the address verified by hand (a registrar who checked it in person). Both are audited. The
 * list filter (verified yes/no) lives with the other filters in admin.server.ts.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client";
import { users } from "#db/schema";
import { hit } from "~/lib/rate-limit.server";
import { audit } from "../audit/audit.server";
import type { ConfiguredCtx } from "../auth/config";
import {
  consumeCodesOf,
  cooldownLimit,
  OTP_MSG,
  sendVerificationCode,
} from "../auth/verification.server";
import { type Ctx, requireAdmin } from "../context";
import { Conflict, NotFound, TooManyRequests } from "~/lib/errors";
import { USERS_MSG } from "./admin.schema";
import { getUserWithCourse, serializeUser, type PublicUser } from "./user.server";
import { isUuid } from "~/lib/ids";

export const EMAIL_STATE_MSG = {
  codeSent: (email: string) => `Verification code sent to ${email}`,
  markedVerified: (email: string) => `${email} is now marked as verified`,
  alreadyVerified: "This email address is already verified.",
  inactive: "This account is deactivated. Activate it before sending a verification code.",
} as const;

async function publicUser(db: Db, id: string): Promise<PublicUser> {
  const full = await getUserWithCourse(db, id);
  if (!full) throw new NotFound(USERS_MSG.notFound);
  return serializeUser(full.user, full.course);
}

/**
 * Sends a fresh verification code to an unverified, active account (replacing any earlier code).
 * The per-address cooldown of the self-service resend applies, so a double click sends one mail.
 */
export async function resendVerificationByAdmin(
  ctx: ConfiguredCtx,
  id: string,
): Promise<{ message: string; user: PublicUser }> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(USERS_MSG.notFound);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new NotFound(USERS_MSG.notFound);
  if (user.emailVerifiedAt) throw new Conflict(EMAIL_STATE_MSG.alreadyVerified);
  if (!user.isActive) throw new Conflict(EMAIL_STATE_MSG.inactive);
  const c = await hit(ctx.db, cooldownLimit(user.email));
  if (c.count > 1) throw new TooManyRequests(OTP_MSG.cooldown(c.retryAfter), c.retryAfter);
  await ctx.db.transaction(async (tx) => {
    await sendVerificationCode({ db: tx, config: ctx.config }, user);
    await audit(tx, actor, {
      action: "user.resend_verification",
      entityType: "user",
      entityId: id,
      after: { email: user.email },
    });
  });
  return { message: EMAIL_STATE_MSG.codeSent(user.email), user: await publicUser(ctx.db, id) };
}

/**
 * Marks the address verified now and burns any live code (it can no longer be used). Marking an
 * already verified address changes nothing and answers the same (idempotent, not audited twice).
 */
export async function markEmailVerifiedByAdmin(
  ctx: Ctx,
  id: string,
): Promise<{ message: string; user: PublicUser }> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(USERS_MSG.notFound);
  const email = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!before) throw new NotFound(USERS_MSG.notFound);
    if (before.emailVerifiedAt) return before.email;
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
    await consumeCodesOf(tx, before.email, "verify_email");
    await audit(tx, actor, {
      action: "user.verify_email",
      entityType: "user",
      entityId: id,
      before: { isEmailVerified: false },
      after: { isEmailVerified: true },
    });
    return before.email;
  });
  return { message: EMAIL_STATE_MSG.markedVerified(email), user: await publicUser(ctx.db, id) };
}
