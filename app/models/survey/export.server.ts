/**
 * CSV export of a survey's responses, shared byte for byte by GET /api/surveys/{id}/responses/export
 * and the registrar CLI (`runway surveys export`). One row per response, one column per question
 * (archived ones too, so old answers stay readable), RFC 4180 quoting by csv-stringify, a UTF-8 BOM
 * so spreadsheet programs show accents, and formula-looking cells neutralised. Streamed with keyset
 * pagination, so memory stays flat whatever the number of responses.
 */
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { NotFound } from "../errors";
import { allQuestions, isUuid, type RoleFilter } from "./survey.server";
import { SURVEY_MSG } from "./survey.schema";

export const BOM = "\uFEFF";
export const EXPORT_BATCH = 2000;
const FIXED_COLUMNS = ["Respondent", "Email", "Role", "Course", "Submitted At"];

/**
 * Cells starting with = + - @ tab or CR are read as formulas by spreadsheet programs (CSV
 * injection); a leading apostrophe makes them plain text (OWASP's advice).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => String(v)).join("; ");
  return String(value);
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

interface Row {
  id: string;
  cursor: string;
  role: string;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  course: string | null;
  answers: Record<string, unknown> | string | null;
}

async function rowsOf<T>(db: Db, q: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
}

/**
 * The export as chunks of text; the first chunk starts with the BOM and holds the header row.
 * Responses come oldest first, in batches ordered by (created_at, id), each batch fetched after
 * the previous one's last key: no OFFSET, no cursor held open, flat memory.
 */
export async function* responsesCsv(
  db: Db,
  surveyId: string,
  opts: { role?: RoleFilter; batchSize?: number } = {},
): AsyncGenerator<string> {
  if (!isUuid(surveyId)) throw new NotFound(SURVEY_MSG.notFound);
  const [survey] = await rowsOf<{ id: string }>(
    db,
    sql`select id from surveys where id = ${surveyId}`,
  );
  if (!survey) throw new NotFound(SURVEY_MSG.notFound);
  const questions = await allQuestions(db, surveyId);
  const header = [
    ...FIXED_COLUMNS,
    ...questions.map((q) => (q.archivedAt ? `${q.text} (removed)` : q.text)),
  ];
  yield BOM + csvRows([header]);

  const batch = opts.batchSize ?? EXPORT_BATCH;
  const roleCond = opts.role ? sql`and r.role = ${opts.role}` : sql``;
  let after: { cursor: string; id: string } | null = null;
  for (;;) {
    const keyCond: ReturnType<typeof sql> = after
      ? sql`and (r.created_at, r.id) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const rows: Row[] = await rowsOf<Row>(
      db,
      sql`select r.id, r.role, r.created_at,
                 to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
                 u.first_name, u.last_name, u.email, c.name as course,
                 (select jsonb_object_agg(a.question_id, a.value) from survey_answers a where a.response_id = r.id) as answers
          from survey_responses r
          left join users u on u.id = r.user_id
          left join courses c on c.id = u.course_id
          where r.survey_id = ${surveyId} ${roleCond} ${keyCond}
          order by r.created_at, r.id
          limit ${batch}`,
    );
    if (!rows.length) return;
    const out: string[][] = [];
    for (const r of rows) {
      const answers = (typeof r.answers === "string" ? JSON.parse(r.answers) : r.answers) ?? {};
      const name = `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim();
      const submitted =
        r.created_at instanceof Date
          ? r.created_at.toISOString()
          : new Date(r.created_at).toISOString();
      out.push([
        name || r.email || "Anonymous",
        r.email ?? "",
        r.role,
        r.course ?? "",
        submitted,
        ...questions.map((q) => cellOf((answers as Record<string, unknown>)[q.id])),
      ]);
    }
    yield csvRows(out);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { cursor: last.cursor, id: last.id };
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
