/**
 * CSV export of a survey's responses, shared byte for byte by GET /api/surveys/{id}/responses/export
 * and the registrar CLI (`runway surveys export`). One row per response, one column per question
 * (archived ones too, so old answers stay readable), RFC 4180 quoting by csv-stringify, a UTF-8 BOM
 * so spreadsheet programs show accents, and formula-looking cells neutralised. Streamed with keyset
 * pagination, so memory stays flat whatever the number of responses.
 */
import { stringify } from "csv-stringify/sync";
import { eq, sql, type SQL } from "drizzle-orm";
import { surveys } from "#db/schema";
import { z } from "zod";
import { type Db, isPglite, parsedRows, yieldToOthers } from "#db/client";
import { NotFound } from "~/lib/errors";
import { neutralise, neutralisePrefixSql } from "~/lib/csv";
import { isUuid } from "~/lib/ids";
import { numeric } from "~/lib/rows";
import { allQuestions, type RoleFilter } from "./survey.server";
import { SURVEY_MSG } from "./survey.schema";

export const BOM = "\uFEFF";
/** Responses per batch (one query, one chunk of about 1.5 MB for 8 questions). */
export const EXPORT_BATCH = 5000;
/**
 * Responses per batch on PGlite. Each batch is one query on the server's own thread, during which
 * nothing else runs — not even /healthz: kept to a slice of well under a second (5000 took 1–3 s),
 * with other requests' queries let in between slices (yieldToOthers).
 */
export const PGLITE_EXPORT_BATCH = 500;
/**
 * Batches computed at once on PostgreSQL, each on its own pool connection (ADR 106). PGlite runs
 * one query at a time on the server's thread, so it computes one batch at a time.
 */
export const EXPORT_PARALLEL = 3;
const FIXED_COLUMNS = ["Respondent", "Email", "Role", "Course", "Submitted At"];
/**
 * An anonymous survey's fixed columns (ADR 100): no name, no e-mail; the cohort copied onto the
 * response at submit, and only the day it was sent.
 */
export const ANONYMOUS_COLUMNS = ["Role", "Course", "Graduation Year", "Submitted At"];

/** Every CSV writer's one rule against formula injection (app/lib/csv.ts). */
export { neutralise };

/** One CSV chunk of rows: RFC 4180 (CRLF, quotes doubled), every cell neutralised. */
export function csvRows(rows: string[][]): string {
  return stringify(
    rows.map((r) => r.map(neutralise)),
    { record_delimiter: "\r\n", quoted_match: /[\r\n]/ },
  );
}

/** `survey-{id}-{YYYY-MM-DD}.csv`, the date in UTC. */
export function exportFileName(
  survey: { id: string } | { _id: string },
  now: Date = new Date(),
): string {
  const id = "id" in survey ? survey.id : survey._id;
  return `survey-${id}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The CSV text of one cell, written by the database so that no row is parsed or reshaped in
 * JavaScript: `x` is a text expression (null: empty); the result is `neutralise(x)` quoted as
 * csvRows quotes it — in double quotes, quotes doubled, when the cell holds a quote, a comma, a CR
 * or an LF (the apostrophe neutralise adds never changes that); an empty cell stays empty. `x` is
 * repeated, so it should be a column, not a computation. Answers' cells are written by the same
 * rule in SQL when they are stored (runway_answer_csv_cell, migration 0015).
 */
const csvCell = (x: SQL) => {
  const apostrophe = neutralisePrefixSql(x);
  // strpos, not a regular expression: it needs no conversion to wide characters.
  const needsQuotes = sql`strpos(${x}, '"') + strpos(${x}, ',') + strpos(${x}, E'\\n') + strpos(${x}, E'\\r') > 0`;
  return sql`case when ${needsQuotes} then '"' || ${apostrophe} || replace(${x}, '"', '""') || '"'
    else coalesce(${apostrophe} || ${x}, '') end`;
};

/** What JavaScript's String.prototype.trim() removes (white space and line terminators). */
const JS_SPACE =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const batchRow = z.object({ n: numeric, csv: z.string().nullable() });
type Batch = z.infer<typeof batchRow>;

/** A response's key in the export's order: created_at (to the microsecond) and id. */
const keyRow = z.object({ cursor: z.string(), id: z.string() });
type Key = z.infer<typeof keyRow>;

/**
 * The export as chunks of text; the first chunk starts with the BOM and holds the header row.
 * Responses come oldest first, ordered by (created_at, id), in batches cut at every `batchSize`-th
 * key (one index-ordered pass finds the cuts): no OFFSET, no cursor held open, flat memory. Each
 * answer's cell is already written (survey_answers.csv_cell, ADR 106), so the database only joins
 * a response's cells into its CSV line and a batch arrives as one string (ADR 092): JavaScript
 * does no work per row. On PostgreSQL `parallel` batches are computed at once, each on its own pool
 * connection, and yielded in order: the next batches are ready while this one is sent.
 */
export async function* responsesCsv(
  db: Db,
  surveyId: string,
  opts: {
    role?: RoleFilter;
    batchSize?: number;
    parallel?: number;
    /** The limit a range is first read with (default twice the batch); tests lower it. */
    cap?: number;
  } = {},
): AsyncGenerator<string> {
  if (!isUuid(surveyId)) throw new NotFound(SURVEY_MSG.notFound);
  const [survey] = await db
    .select({ id: surveys.id, anonymous: surveys.anonymous })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  if (!survey) throw new NotFound(SURVEY_MSG.notFound);
  const questions = await allQuestions(db, surveyId);
  const header = [
    ...(survey.anonymous ? ANONYMOUS_COLUMNS : FIXED_COLUMNS),
    ...questions.map((q) => (q.archivedAt ? `${q.text} (removed)` : q.text)),
  ];
  yield BOM + csvRows([header]);

  const pglite = isPglite(db);
  const batch = Math.max(
    1,
    Math.floor(opts.batchSize ?? (pglite ? PGLITE_EXPORT_BATCH : EXPORT_BATCH)),
  );
  const parallel = Math.max(1, Math.floor(opts.parallel ?? (pglite ? 1 : EXPORT_PARALLEL)));
  const roleCond = opts.role ? sql`and r.role = ${opts.role}` : sql``;
  // Respondent, Email, Role, Course, Submitted At (ISO 8601, milliseconds, as Date#toISOString).
  const fixed = sql`coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''), ${JS_SPACE}), ''),
                             nullif(u.email, ''), 'Anonymous') as respondent,
                    u.email, r.role, c.name as course,
                    to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as submitted`;
  const fixedNames = ["respondent", "email", "role", "course", "submitted"];
  // Anonymous: Role, Course (copied at submit), Graduation Year, Submitted At (the day only); the
  // users table is not even joined.
  const anonymousFixed = sql`r.role, c.name as course, r.graduation_year::text as graduation_year,
                    to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD') as submitted`;
  const anonymousNames = ["role", "course", "graduation_year", "submitted"];
  const names = survey.anonymous ? anonymousNames : fixedNames;
  const joins = survey.anonymous
    ? sql`left join courses c on c.id = r.course_id`
    : sql`left join users u on u.id = r.user_id
            left join courses c on c.id = u.course_id`;
  // The fixed cells are quoted here; the answers' cells come written, one per question in column
  // order (removed questions too), empty when the response has no answer to it.
  const cells = [
    ...names.map((n) => csvCell(sql.raw(`f.${n}`))),
    ...questions.map((q) => sql.raw(`coalesce(f.answers ->> '${q.id}', '')`)),
  ];

  // The cuts: every batch-th response's key, in one pass over the survey's responses in order. On
  // PGlite that pass would hold the server's thread for the whole survey at once: there the cuts
  // are found one slice at a time (each an index range of `batch` keys), others let in between.
  const cutCursor = sql`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const cuts: Key[] = [];
  if (pglite) {
    for (let last: Key | undefined; ;) {
      const after = last
        ? sql`and (r.created_at, r.id) > (${last.cursor}::timestamptz, ${last.id}::uuid)`
        : sql``;
      const [cut] = await parsedRows(
        db,
        keyRow,
        sql`select ${cutCursor} as cursor, r.id from survey_responses r
            where r.survey_id = ${surveyId} ${roleCond} ${after}
            order by r.created_at, r.id offset ${batch - 1} limit 1`,
      );
      if (!cut) break;
      cuts.push(cut);
      last = cut;
      await yieldToOthers();
    }
  } else {
    cuts.push(
      ...(await parsedRows(
        db,
        keyRow,
        sql`select cursor, id
            from (select ${cutCursor} as cursor, r.id, row_number() over (order by r.created_at, r.id) as rn
                  from survey_responses r where r.survey_id = ${surveyId} ${roleCond}) s
            where rn % ${batch} = 0 order by rn`,
      )),
    );
  }
  // Batch i holds the keys in (cuts[i-1], cuts[i]]; the last one is open-ended, so a response
  // submitted since the cuts were found is still exported.
  const ranges = [null, ...cuts].map((from, i) => ({ from, to: cuts[i] ?? null }));
  type Range = { from: Key | null; to: Key | null };
  const read = ({ from, to }: Range, limit: number | null) => {
    const after = from
      ? sql`and (r.created_at, r.id) > (${from.cursor}::timestamptz, ${from.id}::uuid)`
      : sql``;
    const upTo = to
      ? sql`and (r.created_at, r.id) <= (${to.cursor}::timestamptz, ${to.id}::uuid)`
      : sql``;
    const limited = limit === null ? sql`` : sql`order by r.created_at, r.id limit ${limit}`;
    // f, the batch's responses with their fixed columns and their answers' cells as one JSON
    // object (materialized, so each value is computed once); then the lines, joined in order.
    return parsedRows(
      db,
      batchRow,
      sql`with f as materialized (
            select r.id, r.created_at, ${survey.anonymous ? anonymousFixed : fixed},
                   (select jsonb_object_agg(a.question_id, a.csv_cell) from survey_answers a where a.response_id = r.id) as answers
            from survey_responses r
            ${joins}
            where r.survey_id = ${surveyId} ${roleCond} ${after} ${upTo}
            ${limited}
          )
          select count(*)::int as n,
                 string_agg(${sql.join(cells, sql` || ',' || `)} || E'\\r\\n', '' order by f.created_at, f.id) as csv
          from f`,
    );
  };
  // A range held `batch` responses when the cuts were found. It is read with a limit of twice that,
  // which makes the planner look each user up by key instead of hashing the whole users table
  // (~15 % less time a batch); a range that has outgrown it since (responses submitted meanwhile,
  // in the open last range) is read again without one, so nothing is ever cut off.
  const cap = Math.max(1, Math.floor(opts.cap ?? 2 * batch));
  const run = async (range: Range) => {
    const rows = await read(range, cap);
    return rows[0] && rows[0].n >= cap ? read(range, null) : rows;
  };

  const inFlight: Promise<Batch[]>[] = [];
  let next = 0;
  const launch = () => {
    const p = run(ranges[next++]!);
    // Awaited in order below; if the reader stops first, a late failure must not go unhandled.
    p.catch(() => {});
    inFlight.push(p);
  };
  while (next < ranges.length && inFlight.length < parallel) launch();
  while (inFlight.length) {
    const [page] = await inFlight.shift()!;
    if (pglite) await yieldToOthers();
    if (next < ranges.length) launch();
    if (page?.n) yield page.csv ?? "";
  }
}

/**
 * A web stream of the export, pull-driven (the next batch is read only when the client takes
 * more). The header chunk is produced before the stream is returned, so a missing survey is still
 * an ordinary 404 rather than a broken download.
 */
export async function csvStream(
  chunks: AsyncGenerator<string>,
): Promise<ReadableStream<Uint8Array>> {
  const enc = new TextEncoder();
  const first = await chunks.next();
  let pending: string | null = first.done ? null : first.value;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (pending !== null) {
          controller.enqueue(enc.encode(pending));
          pending = null;
          return;
        }
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(enc.encode(value));
      } catch (e) {
        controller.error(e);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
