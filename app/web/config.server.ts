/**
 * The doors' side of configuration: they read the environment and hand the models what they need
 * (models never call env()).
 */
import type { Db } from "#db/client";
import { getDb } from "~/lib/db.server";
import { env, type Env } from "~/lib/env.server";
import { authConfigFrom, type AuthConfig, type AuthCtx } from "~/models/auth/config";
import { ctxOf, type Actor, type Ctx } from "~/models/context";
import { ojtConfigFrom, type OjtConfig, type OjtCtx } from "~/models/ojt/config";

let cached: { from: Env; config: AuthConfig } | undefined;

/** The account configuration of this server (rebuilt only when the parsed environment changes). */
export function authConfig(): AuthConfig {
  const e = env();
  if (cached?.from !== e) cached = { from: e, config: authConfigFrom(e) };
  return cached.config;
}

/** The database and the account configuration, for the account functions. */
export async function authCtx(db?: Db): Promise<AuthCtx> {
  return { db: db ?? (await getDb()), config: authConfig() };
}

/** A model context with the account configuration added. */
export function configured<C extends Ctx>(ctx: C): C & { config: AuthConfig } {
  return { ...ctx, config: authConfig() };
}

/** Employer posting: the per-employer limits the job models enforce. */
export function employerLimits(): { maxPending: number; maxDaily: number } {
  const e = env();
  return { maxPending: e.EMPLOYER_MAX_PENDING, maxDaily: e.EMPLOYER_MAX_DAILY };
}

/** What the job review's e-mails need (the public links). */
export function reviewConfig(): { publicUrl: string } {
  return { publicUrl: env().PUBLIC_URL };
}

/** OJT: the college's clock, the public origin of the supervisors' links. */
export function ojtConfig(): OjtConfig {
  return ojtConfigFrom(env());
}

/** A model context for the OJT functions: the database, who acts, the OJT configuration. */
export function ojtCtx(db: Db, user: Actor | null | undefined): OjtCtx {
  return { ...ctxOf(db, user), ojt: ojtConfig() };
}
