import type { Db } from "#db/client";
import type { Role } from "#db/constants";
import { Forbidden } from "~/lib/errors";

/** Who is acting: a signed-in user, or null for guests, the CLI acts as `system`. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  /** Employers: the one company the account acts for; null or absent for everyone else. */
  companyId?: string | null;
}
export interface Ctx {
  db: Db;
  actor: Actor | null;
}

/** A signed-in user row as the doors hold it: an Actor plus, for employers, their membership. */
export type ActorSource = Actor & { companyJoinedAt?: Date | null };

/**
 * The actor of a signed-in user row, or null for a guest: the one way every door builds it. An
 * employer row whose request to join its company is not approved (`companyJoinedAt` null) acts for
 * no company, so every model function behind `requireEmployer` refuses it (ADR 109). Actors built
 * by hand (the CLI, tests) carry no membership field and keep the company they name.
 */
export function actorOf(user: ActorSource | null | undefined): Actor | null {
  if (!user) return null;
  const member = !("companyJoinedAt" in user) || !!user.companyJoinedAt;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    companyId: member ? (user.companyId ?? null) : null,
  };
}

/** A context whose actor is known to be signed in. */
export interface SignedInCtx extends Ctx {
  actor: Actor;
}

/** A model context for a door: its database and who acts (signed in when a user is given). */
export function ctxOf(db: Db, user: ActorSource): SignedInCtx;
export function ctxOf(db: Db, user: ActorSource | null | undefined): Ctx;
export function ctxOf(db: Db, user: ActorSource | null | undefined): Ctx {
  return { db, actor: actorOf(user) };
}

/** The acting administrator, or 403: the one check every admin-only model function starts with. */
export function requireAdmin(ctx: Ctx, message = "You do not have permission to do this"): Actor {
  if (ctx.actor?.role !== "admin") throw new Forbidden(message);
  return ctx.actor;
}

/** The acting employer's company: null for guests, other roles and a pending member (ADR 109). */
export function employerCompanyId(actor: Actor | null): string | null {
  return actor?.role === "employer" ? (actor.companyId ?? null) : null;
}

/**
 * The acting employer and its company, or 403: the one employer check. Screens reach it through
 * the `employer` guard of `screen()`, which sends the others where they belong instead.
 */
export function requireEmployer(
  ctx: Ctx,
  message = "You do not have permission to do this",
): Actor & { companyId: string } {
  const companyId = employerCompanyId(ctx.actor);
  if (!ctx.actor || !companyId) throw new Forbidden(message);
  return { ...ctx.actor, companyId };
}
