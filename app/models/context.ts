import type { Db } from "#db/client";
import type { Role } from "#db/constants";
import { Forbidden } from "~/lib/errors";

/** Who is acting: a signed-in user, or null for guests, the CLI acts as `system`. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  /** Employers: the one company the account acts for (issue 18); null or absent for everyone else. */
  companyId?: string | null;
}
export interface Ctx {
  db: Db;
  actor: Actor | null;
}

/** The actor of a signed-in user row, or null for a guest: the one way every door builds it. */
export function actorOf(user: Actor | null | undefined): Actor | null {
  return user
    ? { id: user.id, role: user.role, email: user.email, companyId: user.companyId ?? null }
    : null;
}

/** A context whose actor is known to be signed in. */
export interface SignedInCtx extends Ctx {
  actor: Actor;
}

/** A model context for a door: its database and who acts (signed in when a user is given). */
export function ctxOf(db: Db, user: Actor): SignedInCtx;
export function ctxOf(db: Db, user: Actor | null | undefined): Ctx;
export function ctxOf(db: Db, user: Actor | null | undefined): Ctx {
  return { db, actor: actorOf(user) };
}

/** The acting administrator, or 403: the one check every admin-only model function starts with. */
export function requireAdmin(ctx: Ctx, message = "You do not have permission to do this"): Actor {
  if (ctx.actor?.role !== "admin") throw new Forbidden(message);
  return ctx.actor;
}

/** The acting employer and its company, or 403 (issue 18). */
export function requireEmployer(
  ctx: Ctx,
  message = "You do not have permission to do this",
): Actor & { companyId: string } {
  if (ctx.actor?.role !== "employer" || !ctx.actor.companyId) throw new Forbidden(message);
  return ctx.actor as Actor & { companyId: string };
}
