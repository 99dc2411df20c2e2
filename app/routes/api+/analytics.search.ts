import { z } from "zod";
import { bearerToken, getApiUser } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { enforce } from "~/lib/rate-limit.server";
import { clientKey, isFirstParty } from "~/lib/request.server";
import { actorKey, analyticsTerm, recordSearch } from "~/models/search/search.server";
import { TERM_MAX } from "~/models/search/search.schema";

const Body = z.object({
  term: z
    .string({ error: "term is required" })
    .trim()
    .min(2, "term must be at least 2 characters")
    .max(TERM_MAX, `term must be at most ${TERM_MAX} characters`),
});

export const { loader, action } = apiRoute({
  /**
   * POST /api/analytics/search {term} → 200 {recorded}: counted once per user (or guest client) per
   * term per day. Guests are keyed by a keyed hash of their address; 60 calls a minute at most.
   */
  POST: async (api) => {
    const db = await getDb();
    const user = await getApiUser(api.request);
    const key = actorKey({ userId: user?.id, ip: clientKey(api.request) }, env().SESSION_SECRET);
    await enforce(db, { key: `search-analytics:${key}`, max: 60, windowSeconds: 60 });
    const { term } = await api.body(Body);
    // Same answer either way; only people on Runway or its allowed clients are counted (docs/security.md, "Search analytics").
    // A bearer token is no ambient credential: a foreign page cannot send it, so its calls count.
    const deliberate = !!bearerToken(api.request) && !!user;
    if (!deliberate && !isFirstParty(api.request))
      return { recorded: false, term: analyticsTerm(term) };
    const r = await recordSearch(db, term, key);
    return { recorded: r.recorded, term: r.term };
  },
});
