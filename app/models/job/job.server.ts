/**
 * Jobs: the one place that decides who sees which job, how the board searches, and how admins
 * change jobs. Screens, /api, the public feeds and the benchmark all call these functions.
 *
 * Search (ADR 020): PostgreSQL full-text search on the trigger-maintained `jobs.search_vector`
 * ('simple' configuration over runway_unaccent, weights A title, B company and categories,
 * C short description, D description), every word a prefix (`word:*`), AND-ed, ranked with
 * ts_rank_cd, newest first without a term. To stay fast at a million jobs the public search picks
 * its plan itself instead of trusting the planner's guess about how common a prefix is:
 * it walks the newest visible jobs (a bounded scan of the date index) and, from what it finds,
 * either answers from that scan (broad searches: at most `maxResults` newest matches, reported as
 * capped) or asks the GIN indexes for every match (narrow searches: exact, fully ranked).
 */
import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { type Db, type DbOrTx, rowsOf } from "#db/client";
import type { JobStatus, JobType } from "#db/constants";
import { companies, jobInteractions, jobs, savedJobs } from "#db/schema";
import { audit, diff } from "../audit/audit.server";
import { containsFolded, containsPattern, folded } from "../search/match.server";
import { type Actor, type Ctx, requireAdmin } from "../context";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import {
  ADMIN_SORTS,
  type AdminSort,
  JOB_MSG,
  applyTargetOf,
  type ApplyTarget,
  isListed,
  isPubliclyVisible,
  pastDeadline,
  searchWords,
  toggledStatus,
  type CompanySummary,
  type JobCreateInput,
  type JobUpdateInput,
} from "./job.schema";
import { jobFields, PLAIN_INPUT_KEYS } from "./columns.server";
import { isUuid } from "~/lib/ids";
import { recordApproval, type ReviewConfig } from "../employer/review.server";
import {
  deleteJobRow,
  insertJob,
  lockJob,
  writeJob,
  type StoredJob,
  type JobPatch,
  type NewJob,
} from "./write.server";

// ─── Visibility: the single rule ────────────────────────────────────────────────────────────────

/** Admins see every job; everyone else (students, alumni, guests, API clients) only approved active ones. */
export function seesAllJobs(actor: Pick<Actor, "role"> | null | undefined): boolean {
  return actor?.role === "admin";
}

/**
 * SQL form of isPubliclyVisible for a `jobs` row aliased `j` (implies the partial indexes' predicate).
 * `hidden_reason` covers both a job hidden by reports and every job of a blocked company (blocking
 * sets it on the company's jobs), so no door needs a join to keep them out.
 */
const PUBLIC_SQL = sql.raw(
  `j.is_approved and j.status = 'active' and j.hidden_reason is null and (j.application_deadline is null or j.application_deadline > now())`,
);

export { isPubliclyVisible };
export { allowanceOf } from "./columns.server";
/** For loaders: the board's query parser without importing job.rules into the browser bundle. */
export { parseJobListQuery } from "./job.rules";

/** How many jobs students, alumni and guests can see (the dashboard's Available Jobs). */
export async function countPublicJobs(db: Db): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs j where ${PUBLIC_SQL}`,
  );
  return Number(r?.n ?? 0);
}

// ─── The Job: one typed select ──────────────────────────────────────────────────────────────────

const { searchVector: _searchVector, ...STORED } = getTableColumns(jobs);

/** What every read of a job selects: the stored columns and the company fields a job shows. */
const JOB_SELECT = {
  ...STORED,
  companyName: companies.name,
  companyWebsite: companies.website,
  companyLocation: companies.location,
  companyLogoFileId: companies.logoFileId,
};

/** The typed select of jobs with their company (drizzle maps the columns; dates are Dates). */
const selectJobs = (db: DbOrTx) =>
  db.select(JOB_SELECT).from(jobs).innerJoin(companies, eq(companies.id, jobs.companyId));

/** A job with its company, camelCase, dates as Date: what every read of a job returns. */
export type Job = Awaited<ReturnType<typeof selectJobs>>[number];

/**
 * The same columns as `selectJobs`, for raw SQL over `jobs j join companies c` (the ranked search,
 * the employer's counts): each aliased by its Job key, so `parseJob` reads them back.
 */
export const jobSelectSql = (extra?: SQL): SQL => {
  const list = Object.entries(JOB_SELECT)
    .map(([key, col]) => `${col.table === companies ? "c" : "j"}."${col.name}" as "${key}"`)
    .join(", ");
  return extra ? sql`${sql.raw(list)}, ${extra}` : sql.raw(list);
};

/**
 * A raw row of `jobSelectSql` as a Job: every column decoded once, here, by its drizzle column
 * (timestamps to Date, arrays, integers), whatever the driver handed back.
 */
export function parseJob(raw: Record<string, unknown>): Job {
  const out: Record<string, unknown> = {};
  for (const [key, col] of Object.entries(JOB_SELECT)) {
    const v = raw[key];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as Job;
}

/** Runs a raw query whose columns are `jobSelectSql()` and parses its rows. */
export async function jobsOf(db: DbOrTx, query: SQL): Promise<Job[]> {
  return (await rowsOf(db, query)).map(parseJob);
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** Company logo path, relative to the host (`/files/{id}`), or null. */
export const logoPath = (fileId: string | null | undefined) => (fileId ? `/files/${fileId}` : null);

/** The company website as a safe absolute http(s) URL, or null (no `javascript:` links). */
export function safeWebsite(raw: string | null | undefined): string | null {
  const s = raw?.trim();
  if (!s) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}

export function companyOf(row: Job): CompanySummary {
  return {
    _id: row.companyId,
    id: row.companyId,
    name: row.companyName,
    logoUrl: logoPath(row.companyLogoFileId),
    website: row.companyWebsite,
    location: row.companyLocation,
  };
}

/** Where Apply Now goes for a job row: apply link, apply e-mail, company website, or null. */
export const applyTargetOfRow = (row: Job): ApplyTarget | null =>
  applyTargetOf({
    title: row.title,
    applyUrl: row.applyUrl,
    applyEmail: row.applyEmail,
    website: safeWebsite(row.companyWebsite),
  });

/**
 * The /api job object (`_id`, `createdAt`, `updatedAt`, company embedded unless `includeCompany`
 * is false); the fields between the deadline and the dates come from the column table.
 */
export function serializeJob(row: Job, opts: { includeCompany?: boolean } = {}) {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    company: opts.includeCompany === false ? row.companyId : companyOf(row),
    companyId: row.companyId,
    jobType: row.jobType,
    location: row.location,
    categories: row.categories ?? [],
    shortDescription: row.shortDescription,
    description: row.description,
    status: row.status,
    isApproved: row.isApproved,
    /** The same as isApproved, under the name the employers' interface gives it. */
    approved: row.isApproved,
    /** ISO 8601 instant, or null for no deadline. */
    applicationDeadline: row.applicationDeadline?.toISOString() ?? null,
    ...jobFields(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ─── Search ─────────────────────────────────────────────────────────────────────────────────────

export interface JobFilters {
  q?: string | null;
  jobType?: JobType | "" | null;
  location?: string | null;
  category?: string | null;
  /** A required licence or certificate: every word found in one of the job's licences, case- and accent-blind. */
  licence?: string | null;
}

/** Admin-only narrowing (non-admins are always held to approved + active). */
export interface AdminFilters extends JobFilters {
  status?: JobStatus | "all" | null;
  approval?: "approved" | "pending" | "all" | null;
}

export interface Paging {
  offset: number;
  limit: number;
}

/**
 * Tuning of the public search (ADR 020). `scan`: newest public jobs walked on the date index
 * (also the sample that finds the rare words); `maxResults`: most matches a broad search lists;
 * `budget`: most rows the exact (index) path is trusted with.
 */
export interface SearchTuning {
  scan: number;
  maxResults: number;
  budget: number;
}
export const SEARCH_TUNING: SearchTuning = { scan: 1_000, maxResults: 500, budget: 10_000 };

export interface SearchResult {
  rows: Job[];
  /** Number of matches listed (exact unless `capped`). */
  total: number;
  /** True when a broad search listed only the newest matches: there are more than `total`. */
  capped: boolean;
  /** Which path answered (for tests and the benchmark): scan, exact or capped. */
  mode: "scan" | "exact" | "capped";
}

/** Escapes LIKE wildcards so a location filter is a plain substring. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * A search word as a quoted, prefix tsquery operand ('word':*), built in SQL after unaccent: quotes
 * and backslashes are escaped, so no letter that unaccent turns into punctuation (ŉ → 'n) and no
 * lone combining mark can break the tsquery syntax. Words come from searchWords (letters, marks,
 * digits only) and are bound as parameters.
 */
const operand = (word: string) =>
  sql`'''' || replace(replace(nullif(runway_unaccent(${word}), ''), '\\', '\\\\'), '''', '''''') || ''':*'`;
/** Most exact words a prefix is turned into (more: GIN is asked for the prefix itself). */
const EXACT_WORDS_MAX = 64;

/**
 * The exact words that start with `word`, OR-ed, as a tsquery (null when the word is not one
 * lexeme, or when none or more than EXACT_WORDS_MAX words start with it): the same rows as the
 * prefix `'word':*`, found by GIN ten times faster (ADR 122). The words come from search_lexemes,
 * which holds every word of every search document (a superset); its "C" collation makes the range
 * a byte-prefix, as tsquery's prefix match is. Lexemes are quoted for tsquery input (no parsing).
 */
const exactWords = (word: string) =>
  sql`(select case when count(*) between 1 and ${sql.raw(String(EXACT_WORDS_MAX))}
              then string_agg('''' || replace(replace(d.lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery end
       from (select min(v.lexeme) as p, count(*) as k
             from unnest(to_tsvector('simple', runway_unaccent(${word}::text))) v) t
       join search_lexemes d
         on t.k = 1 and d.lexeme >= t.p and d.lexeme < t.p || chr(1114111) and starts_with(d.lexeme, t.p))`;

/** to_tsquery over operands joined with &, with the same 'simple' configuration as the documents. */
const tsq = (text: SQL) => sql`to_tsquery('simple', ${text})`;
// concat_ws skips a word that unaccent emptied (NULL operand) instead of producing '':* (a syntax error).
const allWords = (words: string[]) =>
  tsq(sql`concat_ws(' & ', ${sql.join(words.map(operand), sql`, `)})`);

/** Non-term filters for alias `a` (`j` on the table, `s` on the scan, `n` in job alerts). */
function otherFilters(f: JobFilters, a: "j" | "s" | "n"): SQL[] {
  const out: SQL[] = [];
  const col = (c: string) => sql.raw(`${a}.${c}`);
  if (f.jobType) out.push(sql`${col("job_type")} = ${f.jobType}`);
  const loc = f.location?.trim();
  if (loc) out.push(containsFolded(col("location"), loc));
  const cat = f.category?.trim();
  if (cat) out.push(sql`${col("categories")} @> array[${cat}]::text[]`);
  const lic = f.licence?.trim();
  if (lic) out.push(licenceMatch(col("licences"), licencePatterns(sql`${lic}::text`)));
  return out;
}

/**
 * The LIKE patterns of a licence filter `value` (text expression): one `%word%` per word, folded
 * (lower-cased, unaccented) and with the LIKE wildcards escaped, in SQL like containsPattern.
 */
export const licencePatterns = (value: SQL): SQL =>
  sql`array(select '%' || replace(replace(replace(w, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
            from regexp_split_to_table(lower(runway_unaccent(${value})), '\\s+') as w where w <> '')`;

/**
 * A job's licences (text[] expression `list`) include one that contains every word of the filter
 * (`patterns`, from licencePatterns), case- and accent-blind: "CAAP AMT licence" finds "CAAP AMT
 * licence (Airframe)" and "(Avionics)", "amt" finds both. Checked row by row (the GIN index
 * jobs_licences_idx serves exact-spelling containment only): the public search treats it like the
 * job type — see ADR 105.
 */
export const licenceMatch = (list: SQL, patterns: SQL): SQL =>
  sql`exists (select 1 from unnest(${list}) as lic(v) where ${folded(sql`lic.v`)} like all (${patterns}::text[]))`;

/**
 * The board's match rule as plain conditions on a row aliased `a` that has the jobs columns
 * (search_vector, job_type, location, categories): every word a prefix (AND-ed, accent-blind),
 * the type, the location (accent-blind substring) and the category. The admin list and the job
 * alerts use it as is; `publicSearchSql` states the same conditions inside its planned statement
 * (the tests check both answer alike). Visibility is not part of it (see PUBLIC_SQL).
 */
export function jobMatchConditions(f: JobFilters, a: "j" | "n" = "j"): SQL[] {
  const words = searchWords(f.q);
  const out: SQL[] = [];
  // A scalar subquery: the tsquery is built once (concat_ws is only STABLE, so a bare expression
  // would be rebuilt for every row the condition is checked on).
  if (words.length) out.push(sql`${sql.raw(a)}.search_vector @@ (select ${allWords(words)})`);
  out.push(...otherFilters(f, a));
  return out;
}

/**
 * The board sorted by application deadline (`/jobs?sort=deadline`): the same matches as the board
 * (jobMatchConditions, PUBLIC_SQL), soonest deadline first, jobs without one last, then newest.
 * Exact counts: one statement with a window count.
 */
export async function searchPublicJobsByDeadline(
  db: Db,
  f: JobFilters,
  paging: Paging,
): Promise<SearchResult> {
  const raw = await rowsOf(
    db,
    sql`select count(*) over ()::int as total, ${jobSelectSql()}
        from jobs j join companies c on c.id = j.company_id
        where ${and([PUBLIC_SQL, ...jobMatchConditions(f, "j")])}
        order by j.application_deadline asc nulls last, j.created_at desc, j.id desc
        limit ${paging.limit} offset ${paging.offset}`,
  );
  const rows = raw.map(parseJob);
  let total = Number(raw[0]?.total ?? 0);
  if (!rows.length && paging.offset > 0) {
    const [c] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from jobs j where ${and([PUBLIC_SQL, ...jobMatchConditions(f, "j")])}`,
    );
    total = Number(c?.n ?? 0);
  }
  return { rows, total, mode: "exact", capped: false };
}

/** The visibility rule's SQL for a jobs row aliased `j` (approved and active). */
export const publicJobSql = (): SQL => PUBLIC_SQL;

const and = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/**
 * The public search as ONE SQL statement (exported so the benchmark's floor server runs the very
 * same query). Columns: total, mode, then the job columns (null when the page is empty).
 *
 *   win    the newest `scan` public jobs (date index), with per-row flags: `hit` (every filter),
 *          `ih` (the filters an index can serve: the term's words, location, category) and the
 *          rank of hits. Always bounded, whatever the term.
 *   gate   'exact'  — few public jobs, or the indexable filters extrapolate to ≤ `budget` rows:
 *                     ask the GIN/trigram indexes for every match (exact, fully ranked);
 *          'scan'   — the window saw every public job: its hits are the exact answer;
 *          'capped' — a broad search on a big board: the newest ≤ `maxResults` hits, ranked.
 */
export function publicSearchSql(
  f: JobFilters,
  paging: Paging,
  tuning: SearchTuning = SEARCH_TUNING,
): SQL {
  const words = searchWords(f.q);
  const hasTerm = words.length > 0;
  const T = tuning;
  const n = (v: number) => sql.raw(String(Math.max(1, Math.floor(v))));
  const loc = f.location?.trim();
  const cat = f.category?.trim();
  const lic = f.licence?.trim();

  // The window's columns (none beyond id/created_at lets it be an index-only scan).
  const scanCols = [
    "j.id",
    "j.created_at",
    hasTerm ? "j.search_vector as sv" : null,
    f.jobType ? "j.job_type" : null,
    loc ? "j.location" : null,
    cat ? "j.categories" : null,
    lic ? "j.licences" : null,
  ].filter(Boolean);
  // One flag per word (m0, m1…): their AND is the term match, their counts find the rare words.
  const wordFlags = words.map((w, i) => sql`s.sv @@ ${tsq(operand(w))} as ${sql.raw(`m${i}`)}`);
  const termMatch = hasTerm ? sql.raw(words.map((_, i) => `m${i}`).join(" and ")) : null;
  // Filter values reach the conditions through `p` (InitPlan parameters): the planner then uses its
  // default selectivity instead of its guess for this value, which keeps the cost of the branch that
  // does not run low — a high total cost switches on PostgreSQL's JIT, which costs more than the query.
  const locCond = (a: string) =>
    loc ? sql`${folded(sql.raw(`${a}.location`))} like (select loc from p)` : null;
  const catCond = (a: string) =>
    cat ? sql`${sql.raw(a)}.categories @> (select cat from p)` : null;
  const typeCond = (a: string) =>
    f.jobType ? sql`${sql.raw(a)}.job_type = (select typ from p)` : null;
  const licCond = (a: string) =>
    lic ? licenceMatch(sql.raw(`${a}.licences`), sql`(select lic from p)`) : null;
  const params =
    loc || cat || f.jobType || lic
      ? sql`p as (select ${containsPattern(loc ?? "")} as loc, array[${cat ?? ""}]::text[] as cat, ${f.jobType ?? ""}::text as typ, ${licencePatterns(sql`${lic ?? ""}::text`)} as lic),`
      : sql``;
  const indexable = [termMatch, locCond("w"), catCond("w")].filter((x): x is SQL => x !== null);
  const hit = and([
    ...indexable,
    ...[typeCond("w"), licCond("w")].filter((x): x is SQL => x !== null),
  ]);
  const ih = indexable.length ? and(indexable) : sql`false`;
  const order = sql.raw(`created_at desc nulls last, id desc nulls last`);

  // The exact path's term condition: for several words only the rare ones go to GIN (it must
  // collect every posting of a common prefix before intersecting); the full query is then
  // checked with ts_match_vq, which the planner cannot use as an index condition.
  // Each word's GIN condition is its exact words when few start with it (see `exactWords`), else
  // its prefix; the full query is always checked on what the index finds.
  const wordQuery = (w: string, i: number) =>
    sql`coalesce((select ${sql.raw(`x${i}`)} from lx), ${tsq(operand(w))})`;
  let exactTerm = sql`true`;
  let pick = sql``;
  if (hasTerm && words.length === 1)
    exactTerm = sql`j.search_vector @@ (select sel from pick) and ts_match_vq(j.search_vector, (select qall from q))`;
  if (hasTerm && words.length === 1) pick = sql`pick as (select ${wordQuery(words[0], 0)} as sel),`;
  if (words.length > 1) {
    const counts = sql.join(
      words.map((_, i) => sql.raw(`count(*) filter (where m${i})::int as c${i}`)),
      sql`, `,
    );
    // The rare words (in at most a fifth of the window) AND-ed; tsquery text round-trips exactly.
    const rare = sql.join(
      words.map(
        (w, i) =>
          sql`case when ${sql.raw(`c${i}`)} * 5 <= n then '(' || ${wordQuery(w, i)}::text || ')' end`,
      ),
      sql`, `,
    );
    const least = sql.raw(`least(${words.map((_, i) => `c${i}`).join(", ")})`);
    const rarest = sql.join(
      words.map((w, i) => sql`when ${sql.raw(`c${i}`)} then ${wordQuery(w, i)}`),
      sql` `,
    );
    pick = sql`pick as (
        select coalesce(nullif(concat_ws(' & ', ${rare}), '')::tsquery, case ${least} ${rarest} end) as sel
        from (select ${counts}, count(*)::int as n from win) c
      ),`;
    exactTerm = sql`j.search_vector @@ (select sel from pick) and ts_match_vq(j.search_vector, (select qall from q))`;
  }
  const rankW = hasTerm ? sql`ts_rank_cd(w.sv, (select qall from q))` : sql`0::real`;
  const rankJ = hasTerm ? sql`ts_rank_cd(j.search_vector, (select qall from q))` : sql`0::real`;
  const exactWhere = and([
    PUBLIC_SQL,
    exactTerm,
    ...[locCond("j"), catCond("j"), typeCond("j"), licCond("j")].filter(
      (x): x is SQL => x !== null,
    ),
  ]);

  return sql`
    with ${
      hasTerm
        ? sql`q as (select ${allWords(words)} as qall), lx as (select ${sql.join(
            words.map((w, i) => sql`${exactWords(w)} as ${sql.raw(`x${i}`)}`),
            sql`, `,
          )}),`
        : sql``
    }
    ${params}
    est as (
      select coalesce((select case when reltuples < 0 then null else reltuples end
                       from pg_class where oid = to_regclass('jobs_public_created_idx')), 1e15) as n
    ),
    win as materialized (
      select w.id, w.created_at, ${words.length > 1 ? sql.raw(words.map((_, i) => `w.m${i}, `).join("")) : sql``}
             (${ih}) as ih, (${hit}) as hit,
             case when ${hit} then ${rankW} else 0 end as rank
      from (
        select s.*${wordFlags.length ? sql`, ${sql.join(wordFlags, sql`, `)}` : sql``}
        from (select ${sql.raw(scanCols.join(", "))} from jobs j where ${PUBLIC_SQL}
              order by j.${order} limit ${n(T.scan)}) s
        offset 0
      ) w
    ),
    ${pick}
    stats as materialized (
      select count(*)::int as win_n, count(*) filter (where hit)::int as hit_n, count(*) filter (where ih)::int as ih_n from win
    ),
    gate as materialized (
      select case
        when (select n from est) <= ${n(T.budget)} then 'exact'
        when (select win_n from stats) < ${n(T.scan)} then
          case when (select hit_n from stats) > ${n(T.maxResults)} then 'capped' else 'scan' end
        when ${indexable.length ? sql`true` : sql`false`}
             and (select ih_n from stats) * (select n from est) / ${n(T.scan)} <= ${n(T.budget)} then 'exact'
        else 'capped' end as mode
    ),
    chosen as (
      select id, created_at, rank from (
        select id, created_at, rank from win where hit order by ${order} limit ${n(T.maxResults)}
      ) h where (select mode from gate) <> 'exact'
      union all
      ${
        hasTerm
          ? sql`select j.id, j.created_at, ${rankJ} from jobs j where (select mode from gate) = 'exact' and ${exactWhere}`
          : // Without a term the order is the date: a bounded walk keeps the planner's cost (and with
            // it PostgreSQL's JIT, which costs more than the query) out of the way.
            sql`select * from (
                  select j.id, j.created_at, 0::real as rank from jobs j
                  where (select mode from gate) = 'exact' and ${exactWhere}
                  order by j.${order} limit ${n(2 * T.budget)}) x`
      }
    ),
    page as (
      select id, created_at, rank from chosen
      order by rank desc, ${order}
      limit ${paging.limit} offset ${paging.offset}
    )
    select m.total, m.mode, p.*
    from (select (select count(*) from chosen)::int as total, (select mode from gate) as mode) m
    left join (
      select pg.rank as rank_, pg.created_at as sort_created_, pg.id as sort_id_, ${jobSelectSql()}
      from page pg join jobs j on j.id = pg.id join companies c on c.id = j.company_id
    ) p on true
    order by p.rank_ desc, p.sort_created_ desc nulls last, p.sort_id_ desc nulls last`;
}

/** Approved active jobs matching the filters: ranked by relevance with a term, else newest first. */
export async function searchPublicJobs(
  db: Db,
  f: JobFilters,
  paging: Paging,
  tuning: SearchTuning = SEARCH_TUNING,
): Promise<SearchResult> {
  const raw = await rowsOf(db, publicSearchSql(f, paging, tuning));
  const first = raw[0];
  const mode = first?.mode;
  return {
    rows: raw.filter((r) => r.id !== null).map(parseJob),
    total: Number(first?.total ?? 0),
    mode: mode === "scan" || mode === "capped" ? mode : "exact",
    capped: mode === "capped",
  };
}

// The admin table's sort keys live in job.rules.ts: the screen's component needs them too, and a
// *.server module's exports are undefined in the browser (a hydration mismatch, see there).
export { ADMIN_SORTS, type AdminSort };

const SORT_SQL: Record<AdminSort, string> = {
  title: "lower(j.title)",
  company: "lower(c.name)",
  type: "j.job_type",
  location: "lower(j.location)",
  category: "lower(array_to_string(j.categories, ', '))",
  posted: "j.created_at",
  status: "j.status",
  approval: "j.is_approved",
};

/** Every job (admin): exact total, any column sort, the same search and filters. */
export async function searchAllJobs(
  db: Db,
  f: AdminFilters,
  paging: Paging,
  sort?: { by?: AdminSort | string | null; dir?: "asc" | "desc" | null },
): Promise<SearchResult> {
  const words = searchWords(f.q);
  const conds: SQL[] = jobMatchConditions(f, "j");
  const rank = words.length ? sql`ts_rank_cd(j.search_vector, ${allWords(words)})` : sql`0::real`;
  if (f.status && f.status !== "all") conds.push(sql`j.status = ${f.status}`);
  if (f.approval === "approved") conds.push(sql`j.is_approved`);
  if (f.approval === "pending") conds.push(sql`not j.is_approved`);
  const where = and(conds);
  const by =
    sort?.by && (ADMIN_SORTS as readonly string[]).includes(sort.by)
      ? (sort.by as AdminSort)
      : null;
  const dir = sort?.dir === "asc" ? "asc" : "desc";
  const orderBy = by
    ? sql.raw(
        `${SORT_SQL[by]} ${dir} nulls last, j.created_at desc nulls last, j.id desc nulls last`,
      )
    : words.length
      ? sql`${rank} desc, j.created_at desc nulls last, j.id desc nulls last`
      : sql.raw(`j.created_at desc nulls last, j.id desc nulls last`);
  const [rows, count] = await Promise.all([
    jobsOf(
      db,
      sql`select ${jobSelectSql()} from jobs j join companies c on c.id = j.company_id
          where ${where} order by ${orderBy} limit ${paging.limit} offset ${paging.offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from jobs j where ${where}`),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0), capped: false, mode: "exact" };
}

/** The list for whoever asks: admins may narrow by status/approval; everyone else gets public jobs only. */
export async function listJobs(
  ctx: Ctx,
  f: AdminFilters,
  paging: Paging,
  sort?: { by?: string | null; dir?: "asc" | "desc" | null },
): Promise<SearchResult> {
  if (seesAllJobs(ctx.actor)) return searchAllJobs(ctx.db, f, paging, sort);
  return searchPublicJobs(
    ctx.db,
    { q: f.q, jobType: f.jobType, location: f.location, category: f.category, licence: f.licence },
    paging,
  );
}

// ─── One job ────────────────────────────────────────────────────────────────────────────────────

export async function findJob(db: DbOrTx, id: string): Promise<Job | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectJobs(db).where(eq(jobs.id, id));
  return row ?? null;
}

/**
 * One job the actor may see, else NotFound (hidden jobs are indistinguishable from unknown ones).
 * A listed job past its application deadline is still found — its page says applications are
 * closed (`applicationsClosed`) instead of breaking saved links and search results.
 */
export async function getJob(ctx: Ctx, id: string): Promise<Job> {
  const row = await findJob(ctx.db, id);
  if (
    !row ||
    (!seesAllJobs(ctx.actor) &&
      !isListed({
        isApproved: row.isApproved,
        status: row.status,
        hiddenReason: row.hiddenReason,
      }))
  )
    throw new NotFound(JOB_MSG.notFound);
  return row;
}

/** Whether applications to this job are closed by its deadline. */
export const applicationsClosed = (row: Job, now = Date.now()) =>
  pastDeadline(row.applicationDeadline, now);

// ─── Categories and companies for the forms ─────────────────────────────────────────────────────

/**
 * Category names for the filter and the job form, case-insensitively sorted. Taken from the newest
 * 2 000 jobs the actor may see, so the query stays bounded on a huge board (older categories that
 * no recent job uses drop out of the dropdown, which is what a filter should offer anyway).
 */
export async function listCategories(ctx: Ctx): Promise<string[]> {
  const rows = await rowsOf<{ c: string }>(ctx.db, categoriesSql(seesAllJobs(ctx.actor)));
  return sortCategories(rows.map((r) => r.c));
}

// The collators `a.localeCompare(b, "en", { sensitivity: "base" }) || a.localeCompare(b)` would
// build on every comparison (2 % of a board request's CPU time), made once: the same order.
const CASE_BLIND = new Intl.Collator("en", { sensitivity: "base" });
const EXACT = new Intl.Collator();

/** Categories in the order the screens list them (case-blind, then exact). */
export const sortCategories = (list: string[]): string[] =>
  list.sort((a, b) => CASE_BLIND.compare(a, b) || EXACT.compare(a, b));

/** The categories query (exported for the benchmark's floor server). */
export function categoriesSql(all: boolean): SQL {
  return sql`select distinct c from (
      select j.categories from jobs j where ${all ? sql`true` : PUBLIC_SQL}
      order by j.created_at desc nulls last, j.id desc nulls last limit 2000) s,
    unnest(s.categories) as c`;
}

/** Companies (id and name) for the job form's company choice. */
export async function listCompanyChoices(db: Db): Promise<Array<{ id: string; name: string }>> {
  return rowsOf<{ id: string; name: string }>(
    db,
    sql`select id, name from companies order by lower(name), id limit 5000`,
  );
}

// ─── Changes (admin only) ───────────────────────────────────────────────────────────────────────

async function assertCompany(db: DbOrTx, id: string): Promise<void> {
  if (!isUuid(id))
    throw new ValidationError(JOB_MSG.companyUnknown, { company: [JOB_MSG.companyUnknown] });
  const rows = await rowsOf<{ id: string }>(db, sql`select id from companies where id = ${id}`);
  if (!rows.length)
    throw new ValidationError(JOB_MSG.companyUnknown, { company: [JOB_MSG.companyUnknown] });
}

export function toColumns(input: JobUpdateInput): JobPatch {
  const p: JobPatch = {};
  if (input.title !== undefined) p.title = input.title;
  if (input.company !== undefined) p.companyId = input.company;
  if (input.jobType !== undefined) p.jobType = input.jobType;
  if (input.location !== undefined) p.location = input.location;
  if (input.categories !== undefined) p.categories = input.categories;
  if (input.shortDescription !== undefined) p.shortDescription = input.shortDescription;
  if (input.description !== undefined) p.description = input.description;
  if (input.status !== undefined) p.status = input.status;
  if (input.isApproved !== undefined) p.isApproved = input.isApproved;
  if (input.applicationDeadline !== undefined) p.applicationDeadline = input.applicationDeadline;
  // The column table's plain fields: the input's value is the column's.
  const plain: Record<string, unknown> = p;
  for (const k of PLAIN_INPUT_KEYS) if (input[k] !== undefined) plain[k] = input[k];
  if (input.howToApply !== undefined) {
    p.applyUrl = input.howToApply.applyUrl;
    p.applyEmail = input.howToApply.applyEmail;
  }
  // The amount and the period go together (the schema checked them as a pair).
  if (input.salaryAmount !== undefined || input.salaryPeriod !== undefined) {
    p.salaryAmount = input.salaryAmount ?? null;
    p.salaryPeriod = input.salaryPeriod ?? null;
  }
  if (input.salaryCurrency !== undefined) p.salaryCurrency = input.salaryCurrency;
  return p;
}

/** The columns of a new job from the create input (title and company are required there). */
export const toNewJob = (input: JobCreateInput): NewJob => ({
  ...toColumns(input),
  title: input.title,
  companyId: input.company,
});

/** Creates a job (admin). The company must exist. */
export async function createJob(ctx: Ctx, input: JobCreateInput): Promise<Job> {
  const actor = requireAdmin(ctx);
  await assertCompany(ctx.db, input.company);
  return ctx.db.transaction(async (tx) => {
    const id = await insertJob(tx, {
      ...toNewJob(input),
      createdBy: actor.id,
      // A job an admin creates for a blocked company is hidden like the company's others.
      hiddenReason: sql`(select 'blocked' from companies where id = ${input.company} and blocked_at is not null)`,
      hiddenAt: sql`(select now() from companies where id = ${input.company} and blocked_at is not null)`,
    });
    await audit(tx, actor, {
      action: "job.create",
      entityType: "job",
      entityId: id,
      after: { ...input },
    });
    return (await findJob(tx, id))!;
  });
}

/**
 * Partial update (admin): any subset, e.g. only isApproved or only status. Setting isApproved from
 * false to true is an approval whichever door sends it: the review is recorded and the submitting
 * employer is e-mailed, with links built from `review.publicUrl`.
 */
export function updateJob(
  ctx: Ctx,
  id: string,
  input: JobUpdateInput,
  review?: ReviewConfig | null,
): Promise<Job> {
  return changeJob(ctx, id, () => input, review);
}

/**
 * The one admin change of a job: locks the row, computes the input from the locked row, writes
 * it, audits the difference and records an approval, all in one transaction.
 */
async function changeJob(
  ctx: Ctx,
  id: string,
  inputOf: (before: StoredJob) => JobUpdateInput,
  review?: ReviewConfig | null,
): Promise<Job> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(JOB_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    // The diff and the approval decide on the row as locked, not on a read before the lock.
    const before = await lockJob(tx, id);
    if (!before) throw new NotFound(JOB_MSG.notFound);
    const patch = toColumns(inputOf(before));
    if (!Object.keys(patch).length) throw new ValidationError(JOB_MSG.emptyUpdate);
    if (patch.companyId !== undefined) await assertCompany(tx, patch.companyId);
    await writeJob(tx, id, patch);
    await audit(tx, actor, {
      action: "job.update",
      entityType: "job",
      entityId: id,
      ...diff<Record<string, unknown>>(before, patch),
    });
    if (patch.isApproved === true && !before.isApproved)
      await recordApproval(tx, actor, id, review);
    return (await findJob(tx, id))!;
  });
}

/** Approve or remove approval (admin): changes only isApproved. */
export const setJobApproval = (
  ctx: Ctx,
  id: string,
  isApproved: boolean,
  review?: ReviewConfig | null,
) => updateJob(ctx, id, { isApproved }, review);

/** Status toggle (admin): active becomes inactive, anything else becomes active. */
export const toggleJobStatus = (ctx: Ctx, id: string): Promise<Job> =>
  changeJob(ctx, id, (before) => ({ status: toggledStatus(before.status) }));

/** Deletes a job (admin); its view/apply interactions go with it. */
export async function deleteJob(ctx: Ctx, id: string): Promise<{ id: string; title: string }> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(JOB_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    const before = await lockJob(tx, id);
    if (!before) throw new NotFound(JOB_MSG.notFound);
    await removeJob(tx, actor, before);
    return { id, title: before.title };
  });
}

/** Deletes a job row inside a transaction, keeping saved/applied lines' copies; audited (job.delete). */
export async function removeJob(tx: DbOrTx, actor: Actor, before: StoredJob): Promise<void> {
  const id = before.id;
  // Saved and applied lines outlive the job: they keep its title and company (the foreign keys
  // then set their job_id to null), so 'Saved jobs' and 'My applications' show it as removed.
  const copy = {
    jobTitle: before.title,
    companyName: sql<string>`(select name from ${companies} where ${companies.id} = ${before.companyId})`,
  };
  await tx.update(savedJobs).set(copy).where(eq(savedJobs.jobId, id));
  await tx.update(jobInteractions).set(copy).where(eq(jobInteractions.jobId, id));
  await deleteJobRow(tx, id);
  await audit(tx, actor, {
    action: "job.delete",
    entityType: "job",
    entityId: id,
    before: {
      title: before.title,
      companyId: before.companyId,
      status: before.status,
      isApproved: before.isApproved,
    },
  });
}

// ─── Interactions (the student dashboard's real counts) ─────────────────────────────────────────

/** Records that a signed-in user viewed or applied to a job, once per user, job and kind. */
export async function recordJobInteraction(
  db: Db,
  userId: string,
  jobId: string,
  kind: "view" | "apply",
): Promise<void> {
  await db.insert(jobInteractions).values({ userId, jobId, kind }).onConflictDoNothing();
}

/**
 * Apply Now: the job must be visible to the actor; a signed-in user's click is recorded. Returns
 * where to send the browser — the apply link, a mail to the apply address (the job title as its
 * subject), or the company website — or null when the job gives none (its page then shows written
 * instructions instead of the button).
 */
export async function applyToJob(
  ctx: Ctx,
  id: string,
): Promise<{ job: Job; target: ApplyTarget | null }> {
  const job = await getJob(ctx, id);
  if (applicationsClosed(job)) throw new Conflict(JOB_MSG.applicationsClosed);
  if (ctx.actor) await recordJobInteraction(ctx.db, ctx.actor.id, job.id, "apply");
  return { job, target: applyTargetOfRow(job) };
}

/** Opening a job page counts as a view for a signed-in user (never fails the page). */
export async function viewJob(ctx: Ctx, id: string): Promise<Job> {
  const job = await getJob(ctx, id);
  if (ctx.actor) {
    try {
      await recordJobInteraction(ctx.db, ctx.actor.id, job.id, "view");
    } catch (e) {
      log.error("jobs", e, { note: "could not record a view" });
    }
  }
  return job;
}

/** A company's open jobs (the board's visibility rule), newest first: its company page. */
export async function listOpenJobsOfCompany(
  db: Db,
  companyId: string,
  limit: number,
): Promise<Job[]> {
  if (!isUuid(companyId)) return [];
  return jobsOf(
    db,
    sql`select ${jobSelectSql()} from jobs j join companies c on c.id = j.company_id
        where j.company_id = ${companyId} and ${PUBLIC_SQL}
        order by j.created_at desc nulls last, j.id desc nulls last limit ${limit}`,
  );
}

/** Public job pages for the sitemap: newest first, at most `limit` (the sitemap protocol's 50 000). */
export async function listPublicJobUrls(
  db: Db,
  limit = 50_000,
): Promise<Array<{ id: string; updated_at: Date }>> {
  return rowsOf(
    db,
    sql`select j.id, j.updated_at from jobs j where ${PUBLIC_SQL}
        order by j.created_at desc nulls last, j.id desc nulls last limit ${limit}`,
  );
}

// ─── The student dashboard ──────────────────────────────────────────────────────────────────────

/** How many of the newest public jobs the dashboard looks through for matches (bounded on any board). */
export const FOR_COURSE_SCAN = 1_000;

/**
 * The newest jobs a student or alumnus can see that match any of `words` (prefixes, accent-blind, on
 * the search text), among the newest `FOR_COURSE_SCAN` public jobs so the cost never grows with the
 * board; `matched` is false when nothing matched (or no words) and the newest public jobs are given.
 */
export async function newestJobsMatching(
  db: Db,
  words: string[],
  limit = 5,
): Promise<{ matched: boolean; rows: Job[] }> {
  const clean = [...new Set(words.flatMap((w) => searchWords(w)))].slice(0, 12);
  const newest = sql`select j.id from jobs j where ${PUBLIC_SQL}
    order by j.created_at desc nulls last, j.id desc nulls last limit ${FOR_COURSE_SCAN}`;
  const pick = (where: SQL) =>
    jobsOf(
      db,
      sql`select ${jobSelectSql()} from (${newest}) w
          join jobs j on j.id = w.id join companies c on c.id = j.company_id
          where ${where}
          order by j.created_at desc nulls last, j.id desc nulls last limit ${limit}`,
    );
  if (clean.length) {
    // Any word (|), each a prefix operand as the board's search builds them.
    const any = tsq(sql`concat_ws(' | ', ${sql.join(clean.map(operand), sql`, `)})`);
    const rows = await pick(sql`j.search_vector @@ ${any}`);
    if (rows.length) return { matched: true, rows };
  }
  return { matched: false, rows: await pick(sql`true`) };
}

/** A user's own Apply Now clicks, newest first, with whether the job is still open to them. */
export async function recentApplications(
  db: Db,
  userId: string,
  limit = 5,
): Promise<
  Array<{ id: string; title: string; company_name: string; applied_at: Date; open: boolean }>
> {
  if (!isUuid(userId)) return [];
  const rows = await rowsOf<{
    id: string;
    title: string;
    company_name: string;
    applied_at: Date | string;
    open: boolean;
  }>(
    db,
    sql`select j.id, j.title, c.name as company_name, i.created_at as applied_at, (${PUBLIC_SQL}) as open
        from job_interactions i join jobs j on j.id = i.job_id join companies c on c.id = j.company_id
        where i.user_id = ${userId} and i.kind = 'apply'
        order by i.created_at desc, j.id desc limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, applied_at: toDate(r.applied_at) }));
}
