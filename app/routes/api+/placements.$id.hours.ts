import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { entryInputSchema } from "~/models/ojt/ojt.schema";
import { addEntry, listEntries } from "~/models/ojt/hours.server";

export const { loader, action } = apiRoute({
  /** GET /api/placements/{id}/hours?week=YYYY-MM-DD (a Monday; this week when absent) → `{weekStart, weekEnd, week, entries}`. */
  GET: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const week = new URL(api.request.url).searchParams.get("week");
    return listEntries(ctx, api.param("id"), week);
  },
  /** POST /api/placements/{id}/hours: the student logs an entry → 201 with it (minutes computed here). */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const input = await api.body(entryInputSchema);
    return api.reply(await addEntry(ctx, api.param("id"), input), 201);
  },
});
