/**
 * Licences and certificates of jobs: the values the board's licence filter suggests.
 * The filter itself is `licenceMatch` in job.server.ts, shared by every door through JobFilters.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client";
import { publicJobSql, sortCategories } from "./job.server";

/** How many of the newest public jobs the suggestions come from (bounded on any board). */
export const LICENCE_SUGGESTION_SCAN = 2_000;
/** At most this many suggestions. */
export const LICENCE_SUGGESTIONS_MAX = 200;

/**
 * The board's two lists of choices in one statement (one walk of the newest public jobs, one round
 * trip): the categories as `listCategories` gives them to a guest, and the distinct licences of the
 * newest public jobs, one spelling per case-blind value, sorted case-insensitively (the datalist).
 */
export async function listBoardChoices(
  db: Db,
): Promise<{ categories: string[]; licences: string[] }> {
  const rows = await rowsOf<{ k: "c" | "l"; v: string }>(
    db,
    sql`with s as materialized (
          select j.categories, j.licences from jobs j where ${publicJobSql()}
          order by j.created_at desc nulls last, j.id desc nulls last limit ${LICENCE_SUGGESTION_SCAN})
        select k, v from (
          select 'c' as k, c as v, 0::bigint as n from (select distinct c from s, unnest(s.categories) as c) x
          union all
          select 'l', l, row_number() over (order by lower(l)) from (
            select min(l) as l from s, unnest(s.licences) as l
            group by lower(l) order by lower(l) limit ${LICENCE_SUGGESTIONS_MAX}) y
        ) z order by k, n`,
  );
  return {
    categories: sortCategories(rows.filter((r) => r.k === "c").map((r) => r.v)),
    licences: rows.filter((r) => r.k === "l").map((r) => r.v),
  };
}
