/** The account configuration the doors would hand the models, built from the test environment. */
import type { Db, DbOrTx } from "../../db/client";
import { env } from "../../app/lib/env.server";
import { authConfigFrom, type AuthConfig, type AuthCtx } from "../../app/models/auth/config";

export const authConfig = (): AuthConfig => authConfigFrom(env());
export function authCtx(db: Db): AuthCtx;
export function authCtx(db: DbOrTx): AuthCtx<DbOrTx>;
export function authCtx(db: DbOrTx): AuthCtx<DbOrTx> {
  return { db, config: authConfig() };
}
export const configured = <C extends object>(ctx: C): C & { config: AuthConfig } => ({
  ...ctx,
  config: authConfig(),
});
