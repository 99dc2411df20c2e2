/**
 * The OJT screens' guards and parsing: the model context of a signed-in user, and the zod schemas the screens' actions use (a `.server` module, so the browser build
 * of /ojt and /admin/ojt never carries zod).
 */
import type { Db } from "#db/client";
import { json, redirect } from "@remix-run/node";
import type { DomainError } from "~/lib/errors";
import { getDb } from "~/lib/db.server";
import { uuidIn } from "~/lib/ids";
import type { Actor } from "~/models/context";
import type { SessionUser } from "~/models/auth/session.server";
import type { OjtCtx } from "~/models/ojt/config";
import { requireUser } from "./auth.server";
import { ojtCtx } from "./config.server";
import { OJT_MSG } from "~/models/ojt/ojt.schema";

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

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A week named in an address or a form (`week`): the text when written YYYY-MM-DD, else null. */
export const weekOf = (week: string | null) => (week && DATE_SHAPE.test(week) ? week : null);

/** A web door's OJT context (config.server's `ojtCtx` on this server's database); never `system`. */
export async function screenCtx(user: Actor, db?: Db): Promise<OjtCtx> {
  return ojtCtx(db ?? (await getDb()), user);
}

/**
 * A placement screen's answer to a refusal (`screen`'s `onDomainError`): another student's or
 * programme's placement (403) is not revealed — it is the same 404 as one that does not exist.
 */
export function placementNotFound(e: DomainError): undefined {
  if (e.status === 403 || e.status === 404)
    throw json({ message: OJT_MSG.notFound }, { status: 404 });
  return undefined;
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
 * A coordinator or admin, or a redirect: guests to /login, students to their own /ojt, everyone
 * else to their dashboard (the `ojt-staff` guard of `screen`). The models narrow a coordinator to
 * their programmes.
 */
export async function requireOjtStaff(request: Request): Promise<SessionUser> {
  const me = await requireUser(request);
  if (me.role === "student") throw redirect("/ojt");
  if (me.role !== "admin" && me.role !== "coordinator")
    throw redirect(me.role === "employer" ? "/employer" : "/dashboard");
  return me;
}

/** A job posting's id from what a coordinator pastes: the id itself or a /jobs/{id} link. */
export function jobIdFrom(v: FormDataEntryValue | null): string | null {
  const s = typeof v === "string" ? v.trim() : "";
  if (!s) return null;
  return uuidIn(s) ?? s;
}
