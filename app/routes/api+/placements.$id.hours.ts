import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { entryInputSchema } from "~/models/ojt/ojt.schema";
import { addEntry, listEntries } from "~/models/ojt/hours.server";

/** GET /api/placements/{id}/hours?week=YYYY-MM-DD (a Monday; this week when absent) → `{weekStart, weekEnd, week, entries}`. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const week = new URL(request.url).searchParams.get("week");
    return listEntries(ojtCtx(await getDb(), me), params.id ?? "", week);
  });

/** POST /api/placements/{id}/hours: the student logs an entry → 201 with it (minutes computed here). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const me = await requireApiRole(request, "user");
    const input = parseBody(entryInputSchema, await readJson(request));
    const entry = await addEntry(ojtCtx(await getDb(), me), params.id ?? "", input);
    return json(request, entry, { status: 201 });
  });
