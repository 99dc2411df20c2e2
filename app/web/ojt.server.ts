/**
 * The OJT screens' side of configuration and parsing: the college's clock and links for the OJT
 * models, and the zod schemas the screens' actions use (a `.server` module, so the browser build
 * of /ojt and /admin/ojt never carries zod).
 */
import type { Db } from "#db/client";
import { redirect } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env, type Env } from "~/lib/env.server";
import { actorOf, type Actor } from "~/models/context";
import { requireUser } from "./auth.server";
import { ojtConfigFrom, type OjtConfig, type OjtCtx } from "~/models/ojt/config";

export {
  decisionSchema,
  entryInputSchema,
  placementInputSchema,
  placementListQuery,
  placementPatchSchema,
  reopenSchema,
  STATUS_MOVES,
  statusChangeSchema,
  addDays,
  ATA_CHAPTERS,
  OJT_MSG,
  weekStartOf,
} from "~/models/ojt/ojt.schema";

let cached: { from: Env; config: OjtConfig } | undefined;

/** The OJT configuration of this server (rebuilt only when the parsed environment changes). */
export function ojtConfig(): OjtConfig {
  const e = env();
  if (cached?.from !== e) cached = { from: e, config: ojtConfigFrom(e) };
  return cached.config;
}

/** A web door's OJT context: never `system` (that is the CLI's and the timer's). */
export async function ojtCtx(user: Actor, db?: Db): Promise<OjtCtx> {
  return { db: db ?? (await getDb()), actor: actorOf(user), ojt: ojtConfig() };
}

/** Zod issues or a model's field errors as `{ field: [message] }` for the forms kit. */
export function issuesOf(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of error.issues) {
    const k = i.path.map(String).join(".") || "form";
    (out[k] ??= []).push(i.message);
  }
  return out;
}

/**
 * A coordinator's or admin's OJT context, or a redirect: guests to /login, students to their own
 * /ojt, everyone else to their dashboard. The models narrow a coordinator to their programmes.
 */
export async function requireOjtStaff(request: Request) {
  const me = await requireUser(request);
  if (me.role === "student") throw redirect("/ojt");
  if (me.role !== "admin" && me.role !== "coordinator")
    throw redirect(me.role === "employer" ? "/employer" : "/dashboard");
  return { me, ctx: await ojtCtx(me) };
}

/** A job posting's id from what a coordinator pastes: the id itself or a /jobs/{id} link. */
export function jobIdFrom(v: FormDataEntryValue | null): string | null {
  const s = typeof v === "string" ? v.trim() : "";
  if (!s) return null;
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(s);
  return m ? m[1].toLowerCase() : s;
}
