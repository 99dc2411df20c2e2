/**
 * CSV export of a survey's responses, shared byte for byte by GET /api/surveys/{id}/responses/export
 * and the registrar CLI (`runway surveys export`). One row per response, one column per question
 * (archived ones too, so old answers stay readable), RFC 4180 quoting by csv-stringify, a UTF-8 BOM
 * so spreadsheet programs show accents, and formula-looking cells neutralised. Streamed with keyset
 * pagination, so memory stays flat whatever the number of responses.
 */
import { stringify } from "csv-stringify/sync";
import { sql, type SQL } from "drizzle-orm";
import { type Db, rowsOf } from "#db/client";
import { NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { allQuestions, type RoleFilter } from "./survey.server";
import { SURVEY_MSG } from "./survey.schema";

export const BOM = "\uFEFF";
export const EXPORT_BATCH = 5000;
const FIXED_COLUMNS = ["Respondent", "Email", "Role", "Course", "Submitted At"];
/**
 * An anonymous survey's fixed columns (ADR 100): no name, no e-mail; the cohort copied onto the
 * response at submit, and only the day it was sent.
 */
export const ANONYMOUS_COLUMNS = ["Role", "Course", "Graduation Year", "Submitted At"];

/**
 * Cells starting with = + - @ tab or CR are read as formulas by spreadsheet programs (CSV
 * injection); a leading apostrophe makes them plain text (OWASP's advice).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

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
 * repeated, so it should be a column, not a computation.
 */
const csvCell = (x: SQL) => {
  const apostrophe = sql`case when left(${x}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' else '' end`;
  // strpos, not a regular expression: it needs no conversion to wide characters.
  const needsQuotes = sql`strpos(${x}, '"') + strpos(${x}, ',') + strpos(${x}, E'\\n') + strpos(${x}, E'\\r') > 0`;
  return sql`case when ${needsQuotes} then '"' || ${apostrophe} || replace(${x}, '"', '""') || '"'
    else coalesce(${apostrophe} || ${x}, '') end`;
};

/** JavaScript's String() of one JSON scalar (numbers as written, without trailing zeros). */
const scalarText = (v: SQL, nullText: SQL) => sql`case jsonb_typeof(${v})
    when 'string' then ${v} #>> '{}'
    when 'number' then trim_scale((${v})::numeric)::text
    when 'boolean' then (${v})::text
    when 'null' then ${nullText}
    when 'object' then '[object Object]' end`;

/**
 * An answer's cell as the JavaScript export wrote it (`String(value)`, lists through
 * `map(String).join("; ")`): text as is, list elements joined by "; " (null as "null", a nested
 * list joined by ","), nothing for a missing answer.
 */
const answerText = (v: SQL) => sql`case jsonb_typeof(${v})
    when 'string' then ${v} #>> '{}'
    when 'array' then coalesce((select string_agg(case jsonb_typeof(e)
        when 'array' then coalesce((select string_agg(coalesce(${scalarText(sql`e2`, sql`''`)}, ''), ',' order by j)
                                     from jsonb_array_elements(e) with ordinality y(e2, j)), '')
        else ${scalarText(sql`e`, sql`'null'`)} end, '; ' order by i)
      from jsonb_array_elements(${v}) with ordinality x(e, i)), '')
    else ${scalarText(v, sql`''`)} end`;

/** What JavaScript's String.prototype.trim() removes (white space and line terminators). */
const JS_SPACE =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

interface Batch {
  n: number;
  csv: string | null;
  cursor: string | null;
  id: string | null;
}

/**
 * The export as chunks of text; the first chunk starts with the BOM and holds the header row.
 * Responses come oldest first, in batches ordered by (created_at, id), each batch fetched after
 * the previous one's last key: no OFFSET, no cursor held open, flat memory. The database pivots
 * each response's answers into its columns and writes the CSV lines itself (ADR 092): a batch
 * arrives as one string, so JavaScript does no work per row.
 */
export async function* responsesCsv(
  db: Db,
  surveyId: string,
  opts: { role?: RoleFilter; batchSize?: number } = {},
): AsyncGenerator<string> {
  if (!isUuid(surveyId)) throw new NotFound(SURVEY_MSG.notFound);
  const [survey] = await rowsOf<{ id: string; anonymous: boolean }>(
    db,
    sql`select id, anonymous from surveys where id = ${surveyId}`,
  );
  if (!survey) throw new NotFound(SURVEY_MSG.notFound);
  const questions = await allQuestions(db, surveyId);
  const header = [
    ...(survey.anonymous ? ANONYMOUS_COLUMNS : FIXED_COLUMNS),
    ...questions.map((q) => (q.archivedAt ? `${q.text} (removed)` : q.text)),
  ];
  yield BOM + csvRows([header]);

  const batch = opts.batchSize ?? EXPORT_BATCH;
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
  const fixedCells = names.map((n) => csvCell(sql.raw(`g.${n}`)));
  // One text column per question (x0, x1, …), in column order, removed questions too.
  const answerTexts = questions.map(
    (q, i) => sql`${answerText(sql`f.answers -> ${sql.raw(`'${q.id}'`)}`)} as ${sql.raw(`x${i}`)}`,
  );
  const answerCells = questions.map((_, i) => csvCell(sql.raw(`g.x${i}`)));
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const keyCond: SQL = after
      ? sql`and (r.created_at, r.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
      : sql``;
    // One batch in three steps, each materialized so that every value is computed once: f, the
    // batch's responses with their fixed columns and their answers as one JSON object (an ordered,
    // limited index scan with key look-ups); g, every answer's text; then the CSV lines.
    const [page]: Batch[] = await rowsOf<Batch>(
      db,
      sql`with f as materialized (
            select r.id, r.created_at, ${survey.anonymous ? anonymousFixed : fixed},
                   (select jsonb_object_agg(a.question_id, a.value) from survey_answers a where a.response_id = r.id) as answers
            from survey_responses r
            ${joins}
            where r.survey_id = ${surveyId} ${roleCond} ${keyCond}
            order by r.created_at, r.id
            limit ${batch}
          ), g as materialized (
            select f.id, f.created_at, ${sql.raw(names.map((n) => `f.${n}`).join(", "))}
                   ${answerTexts.length ? sql`, ${sql.join(answerTexts, sql`, `)}` : sql``}
            from f
          )
          select count(*)::int as n,
                 string_agg(${sql.join([...fixedCells, ...answerCells], sql` || ',' || `)} || E'\\r\\n', '' order by g.created_at, g.id) as csv,
                 (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
                    from f order by created_at desc, id desc limit 1) as cursor,
                 (select id from f order by created_at desc, id desc limit 1) as id
          from g`,
    );
    if (!page || !page.n) return;
    yield page.csv ?? "";
    if (page.n < batch) return;
    after = { cursor: page.cursor as string, id: page.id as string };
  }
}

/** The whole export as one string (tests and small surveys). */
export async function responsesCsvString(
  db: Db,
  surveyId: string,
  opts: { role?: RoleFilter } = {},
): Promise<string> {
  let s = "";
  for await (const chunk of responsesCsv(db, surveyId, opts)) s += chunk;
  return s;
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
