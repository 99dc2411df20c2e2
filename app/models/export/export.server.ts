/**
 * "Leave with your data any day": everything the college owns, as CSV and JSON, with a
 * README of the columns. Secrets never leave: no password hashes, sessions, API tokens, codes or
 * reset links (and so not the mail outbox, which holds them). Tables are read in keyset pages and
 * streamed to disk, so the export runs in constant memory whatever the size of the board.
 */
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { stringify } from "csv-stringify";
import { and, asc, eq, getTableColumns, gt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Db, parsedRows } from "#db/client";
import { neutralise, neutralisePrefixSql } from "~/lib/csv";
import { numeric } from "~/lib/rows";
import { INSTITUTES } from "#db/constants";
import {
  auditLog,
  companies,
  courses,
  files,
  jobs,
  surveyAnswers,
  surveyQuestions,
  surveyResponses,
  surveys,
  users,
} from "#db/schema";
import { JOB_EXPORT_FIELDS } from "../job/columns.server";

type Row = Record<string, unknown>;

interface Column {
  name: string;
  doc: string;
}

interface TableExport {
  file: string;
  title: string;
  doc: string;
  columns: Column[];
  /** One page of rows after the given row (null: the first page), in key order. */
  page(db: Db, after: Row | null, limit: number): Promise<Row[]>;
  /**
   * The same page written by the database (ADR 093): its CSV records and its JSON objects as two
   * strings, so that no row is parsed or reshaped here. Tables without it go through page().
   */
  shaped?: ShapedTable;
}

/** A table whose CSV and JSON the database writes: one expression per column, in column order. */
interface ShapedTable {
  /** FROM … (with the alias t for the keyed table), without WHERE. */
  from: SQL;
  /** The key, a uuid column of t. */
  key: string;
  cells: { kind: "text" | "int" | "bool" | "time"; expr: SQL }[];
}

const PAGE = 2000;

/** A column of the export: the database column it reads (null: computed by `map`) and its doc. */
type Fields = Record<string, readonly [AnyPgColumn | null, string]>;

/**
 * The exported columns in order, each with its README line: a line alone exports the column of
 * that name of the keyed table; a pair names the column it reads (a joined table's, or null for
 * one computed by `map`).
 */
type FieldDocs = Record<string, string | Fields[string]>;

/** The kind of a shaped cell for each database column type an exported column has. */
const CELL_KIND: Record<string, ShapedTable["cells"][number]["kind"]> = {
  PgUUID: "text",
  PgText: "text",
  PgInteger: "int",
  PgBoolean: "bool",
  PgTimestamp: "time",
};

/** The shaped cells of `fields`, in order: each column under its table's alias (a uuid as text). */
function shapedCells(fields: Fields, alias: Map<PgTable, string>): ShapedTable["cells"] {
  return Object.values(fields).map(([column]) => {
    const kind = column && CELL_KIND[column.columnType];
    const table = column && alias.get(column.table);
    if (!column || !kind || !table) throw new Error("a shaped table exports plain columns only");
    const name = `${table}.${column.name}`;
    return { kind, expr: sql.raw(column.columnType === "PgUUID" ? `${name}::text` : name) };
  });
}

/** The columns named in `docs`, in order, with their README lines. */
const described = (docs: Record<string, string>): Column[] =>
  Object.entries(docs).map(([name, doc]) => ({ name, doc }));

/** `docs` with each line alone resolved to the column of that name of `table`. */
function fieldsOf(table: PgTable, docs: FieldDocs): Fields {
  const own: Record<string, AnyPgColumn | undefined> = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(docs).map(([name, doc]) => {
      if (typeof doc !== "string") return [name, doc];
      const column = own[name];
      if (!column) throw new Error(`the export names ${name}, not a column of its table`);
      return [name, [column, doc]];
    }),
  );
}

/**
 * A table read in keyset pages on its `id` column: `fields` name the exported columns in order
 * (the README and the CSV header come from them), `join` adds the one left join their pairs read,
 * `map` computes the columns without a database column.
 */
function keyed(t: {
  file: string;
  title: string;
  doc: string;
  from: PgTable;
  fields: FieldDocs;
  join?: readonly [PgTable, SQL];
  map?: (row: Row) => Row;
  /** The database writes the page: `fields` read `from`, each table under its alias. */
  shaped?: { from: SQL; key: string; alias: [PgTable, string][] };
}): TableExport {
  const fields = fieldsOf(t.from, t.fields);
  const { id } = getTableColumns(t.from);
  const entries = Object.entries(fields);
  const selected = Object.fromEntries(
    entries.flatMap(([name, [column]]) => (column ? [[name, column]] : [])),
  ) as Record<string, AnyPgColumn>;
  return {
    file: t.file,
    title: t.title,
    doc: t.doc,
    columns: entries.map(([name, [, doc]]) => ({ name, doc })),
    shaped: t.shaped && {
      from: t.shaped.from,
      key: t.shaped.key,
      cells: shapedCells(fields, new Map(t.shaped.alias)),
    },
    page: async (db, after, limit) => {
      const q = db.select(selected).from(t.from).$dynamic();
      const rows: Row[] = await (t.join ? q.leftJoin(t.join[0], t.join[1]) : q)
        .where(after ? gt(id, after.id) : undefined)
        .orderBy(asc(id))
        .limit(limit);
      return t.map ? rows.map(t.map) : rows;
    },
  };
}

const TABLES: TableExport[] = [
  keyed({
    file: "users",
    title: "Users",
    doc: "Every account (students, alumni, administrators). No password hash, session or token.",
    from: users,
    fields: {
      id: "user id (uuid)",
      email: "e-mail, lower case",
      personalEmail: "verified personal e-mail (students and alumni), empty if none",
      role: "student, alumni or admin",
      firstName: "first name",
      lastName: "last name",
      studentId: "student ID (students and alumni)",
      courseCode: [courses.code, "course short code (see courses)"],
      courseName: [courses.name, "course name"],
      yearLevel: "1st Year … 4th Year, Graduate",
      graduationYear: "alumni: year graduated; students: expected year; empty if unknown",
      phone: "phone / contact number",
      address: "address",
      bio: "bio",
      avatarFileId: "profile photo: a file in files/ (id)",
      isActive: "true when the account may sign in",
      emailVerifiedAt: "when the e-mail was verified (ISO 8601), empty if never",
      lastLoginAt: "last sign-in (ISO 8601)",
      createdAt: "created (ISO 8601)",
      updatedAt: "last changed (ISO 8601)",
    },
    join: [courses, eq(courses.id, users.courseId)],
    shaped: {
      from: sql`users t left join courses c on c.id = t.course_id`,
      key: "id",
      alias: [
        [users, "t"],
        [courses, "c"],
      ],
    },
  }),
  keyed({
    file: "courses",
    title: "Courses",
    doc: "The programmes, grouped by institute.",
    from: courses,
    fields: {
      id: "course id (uuid)",
      code: "short code (used by `runway users import`)",
      name: "programme name",
      institute: "institute id",
      instituteName: [null, "institute name"],
      position: "order on the register form",
    },
    map: (c) => ({
      ...c,
      instituteName: INSTITUTES.find((i) => i.id === c.institute)?.name ?? c.institute,
    }),
  }),
  keyed({
    file: "companies",
    title: "Companies",
    doc: "Employers that post jobs.",
    from: companies,
    fields: {
      id: "company id (uuid)",
      name: "name",
      location: "location",
      website: "website",
      email: "contact e-mail",
      phone: "phone",
      description: "description",
      logoFileId: "logo: a file in files/ (id)",
      createdAt: "created (ISO 8601)",
      updatedAt: "last changed (ISO 8601)",
    },
  }),
  keyed({
    file: "jobs",
    title: "Jobs",
    doc: "Job and internship posts, approved or not.",
    from: jobs,
    fields: {
      id: "job id (uuid)",
      title: "title",
      companyId: "company id",
      companyName: [companies.name, "company name"],
      jobType: "internship, ojt, part-time, full-time or contract",
      location: "location",
      categories: "categories (CSV: separated by “; ”; JSON: a list)",
      shortDescription: "short description",
      description: "description",
      status: "active, inactive, closed or draft",
      isApproved: "true when approved by an administrator",
      applicationDeadline: "applications close at this instant (ISO 8601), empty if none",
      // The job's fields that the column table exports (app/models/job/columns.server.ts).
      ...JOB_EXPORT_FIELDS,
      createdBy: "id of the user who created it",
      createdAt: "posted (ISO 8601)",
      updatedAt: "last changed (ISO 8601)",
    },
    join: [companies, eq(companies.id, jobs.companyId)],
  }),
  keyed({
    file: "surveys",
    title: "Surveys",
    doc: "Surveys for students and alumni.",
    from: surveys,
    fields: {
      id: "survey id (uuid)",
      title: "title",
      description: "description",
      audience: "all, students or alumni",
      status: "draft or active",
      courseIds: "programmes targeted: course ids (CSV: “; ”; JSON: a list); empty = every one",
      graduationYears: "graduation years targeted (CSV: “; ”; JSON: a list); empty = every one",
      anonymous: "true when answers are not linked to people (docs/privacy.md)",
      remindEveryDays: "remind non-responders every N days; empty = no schedule",
      remindMax: "at most this many reminders",
      createdBy: "id of the administrator who created it",
      createdAt: "created (ISO 8601)",
      updatedAt: "last changed (ISO 8601)",
    },
  }),
  keyed({
    file: "survey_questions",
    title: "Survey questions",
    doc: "Questions of every survey, including questions removed after they had answers (archivedAt set).",
    from: surveyQuestions,
    fields: {
      id: "question id (uuid)",
      surveyId: "survey id",
      position: "order in the survey, from 0",
      text: "question text",
      type: "short_text, long_text, multiple_choice, checkbox or rating",
      required: "true when an answer is required",
      options: "choices for multiple_choice and checkbox (CSV: “; ”; JSON: a list)",
      scaleMax: "highest rating for rating questions",
      archivedAt: "when the question was removed from the survey (ISO 8601), empty if current",
      createdAt: "created (ISO 8601)",
    },
  }),
  keyed({
    file: "survey_responses",
    title: "Survey responses",
    doc: "One row per submitted response (one per user per survey).",
    from: surveyResponses,
    fields: {
      id: "response id (uuid)",
      surveyId: "survey id",
      userId: "respondent's user id (empty if the user was deleted)",
      userEmail: [users.email, "respondent's e-mail at export time"],
      role: "respondent's role when answering",
      courseId: "respondent's programme when answering (course id)",
      graduationYear: "respondent's graduation year when answering",
      createdAt: "submitted (ISO 8601; the day only, midnight UTC, for an anonymous survey)",
    },
    join: [users, eq(users.id, surveyResponses.userId)],
  }),
  {
    file: "survey_answers",
    title: "Survey answers",
    doc: "The answers of every response: one row per answered question.",
    columns: described({
      responseId: "response id (see survey_responses)",
      surveyId: "survey id",
      questionId: "question id (see survey_questions)",
      question: "question text",
      value: "the answer: text, a rating number, or chosen options (CSV: “; ”; JSON: a list)",
    }),
    page: (db, after, limit) =>
      db
        .select({
          responseId: surveyAnswers.responseId,
          surveyId: surveyQuestions.surveyId,
          questionId: surveyAnswers.questionId,
          question: surveyQuestions.text,
          value: surveyAnswers.value,
        })
        .from(surveyAnswers)
        .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyAnswers.questionId))
        .where(
          after
            ? or(
                gt(surveyAnswers.responseId, String(after.responseId)),
                and(
                  eq(surveyAnswers.responseId, String(after.responseId)),
                  gt(surveyAnswers.questionId, String(after.questionId)),
                ),
              )
            : undefined,
        )
        .orderBy(asc(surveyAnswers.responseId), asc(surveyAnswers.questionId))
        .limit(limit),
  },
  keyed({
    file: "audit_log",
    title: "Audit log",
    doc: "Who changed what and when (administrator and CLI actions).",
    from: auditLog,
    fields: {
      id: "entry number",
      actorId: "acting user's id (empty for the CLI / system)",
      actorEmail: "acting user's e-mail, or “system”",
      action: "what was done, e.g. user.deactivate",
      entityType: "kind of thing changed",
      entityId: "id of the thing changed",
      before: "changed fields before (JSON)",
      after: "changed fields after (JSON)",
      createdAt: "when (ISO 8601)",
    },
  }),
  keyed({
    file: "files",
    title: "Files",
    doc: "Uploaded images (company logos, profile photos); the bytes are in the files/ folder as <id>.<ext>.",
    from: files,
    fields: {
      id: "file id (uuid)",
      kind: "logo or avatar",
      contentType: "MIME type",
      path: [null, "the file in this export"],
      size: "bytes",
      width: "pixels",
      height: "pixels",
      sha256: "SHA-256 of the bytes",
      createdAt: "uploaded (ISO 8601)",
    },
    map: (f) => ({ ...f, path: `files/${String(f.id)}.${extensionOf(String(f.contentType))}` }),
  }),
];

function extensionOf(contentType: string): string {
  return (
    { "image/webp": "webp", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" }[
      contentType
    ] ?? "bin"
  );
}

/**
 * A value as CSV text: dates in ISO 8601, lists joined by “; ”, objects as JSON, empty for null;
 * text neutralised (a formula-looking cell gets an apostrophe: employers write company names, job
 * titles and descriptions). The JSON files keep the exact text.
 */
function csvValue(v: unknown): string | number | boolean {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v))
    return neutralise(v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join("; "));
  if (typeof v === "object") return JSON.stringify(v);
  return typeof v === "string" ? neutralise(v) : (v as number | boolean);
}

/**
 * A text value as csvValue + csv-stringify write it here (LF records): neutralised, and in double
 * quotes, quotes doubled, when it holds a quote, a comma or an LF — a CR alone is left unquoted, as
 * csv-stringify leaves it; null is empty. `x` is repeated: pass a column.
 */
const csvText = (x: SQL) =>
  sql`case when strpos(${x}, '"') + strpos(${x}, ',') + strpos(${x}, E'\\n') > 0
    then '"' || ${neutralisePrefixSql(x)} || replace(${x}, '"', '""') || '"'
    else coalesce(${neutralisePrefixSql(x)} || ${x}, '') end`;

/** Date#toISOString() of a timestamptz (milliseconds, truncated like a JavaScript Date). */
const isoTime = (x: SQL) => sql`to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A shaped page as the database writes it: parsed once here. */
const shapedPageRow = z.object({
  n: numeric,
  csv: z.string().nullable(),
  json: z.string().nullable(),
  last: z.string().nullable(),
});
type ShapedPage = z.infer<typeof shapedPageRow>;

/**
 * One page of a shaped table after the key `after`: the CSV records (csvValue + csv-stringify: a
 * boolean as 1 or nothing, a time in ISO 8601) and the JSON objects (JSON.stringify of the row,
 * each preceded by ",\n  ") as the database writes them. to_json() escapes text exactly as
 * JSON.stringify does (\b \f \n \r \t, other control characters as \u00xx, quote and backslash).
 */
async function shapedPage(
  db: Db,
  t: TableExport & { shaped: ShapedTable },
  after: string | null,
  limit: number,
): Promise<ShapedPage> {
  const { shaped } = t;
  const cols = shaped.cells.map((c, i) => sql`${c.expr} as ${sql.raw(`c${i}`)}`);
  const csv = shaped.cells.map((c, i) => {
    const x = sql.raw(`p.c${i}`);
    if (c.kind === "bool") return sql`case when ${x} then '1' else '' end`;
    if (c.kind === "time") return csvText(isoTime(x));
    if (c.kind === "int") return sql`coalesce(${x}::text, '')`;
    return csvText(x);
  });
  const json = shaped.cells.map((c, i) => {
    const x = sql.raw(`p.c${i}`);
    const value = c.kind === "time" ? sql`to_json(${isoTime(x)})::text` : sql`to_json(${x})::text`;
    return sql`${`${i ? "," : "{"}${JSON.stringify(t.columns[i].name)}:`} || coalesce(${value}, 'null')`;
  });
  const [page] = await parsedRows(
    db,
    shapedPageRow,
    sql`
    with p as materialized (
      select t.${sql.raw(shaped.key)} as k, ${sql.join(cols, sql`, `)}
      from ${shaped.from}
      ${after ? sql`where t.${sql.raw(shaped.key)} > ${after}::uuid` : sql``}
      order by t.${sql.raw(shaped.key)}
      limit ${limit}
    )
    select count(*)::int as n,
           string_agg(${sql.join(csv, sql` || ',' || `)} || E'\\n', '' order by p.k) as csv,
           string_agg(E',\\n  ' || ${sql.join(json, sql` || `)} || '}', '' order by p.k) as json,
           (select k::text from p order by k desc limit 1) as last
    from p`,
  );
  return page;
}

async function write(stream: fs.WriteStream, chunk: string | Buffer) {
  if (!stream.write(chunk)) await once(stream, "drain");
}

async function close(stream: NodeJS.WritableStream & { close?: unknown }) {
  await new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.end(() => resolve());
  });
}

export interface ExportSummary {
  dir: string;
  tables: { file: string; rows: number }[];
  files: number;
  durationMs: number;
}

/**
 * Writes `<table>.csv` and `<table>.json` for every table above, the uploaded files under files/,
 * and README.md describing every column. Existing export files in `dir` are overwritten.
 */
export async function exportAll(
  db: Db,
  dir: string,
  opts: {
    onTable?: (file: string, rows: number) => void;
    collegeName?: string;
    /** Shape every table's rows in JavaScript (tests compare both writers). */
    shapeInJs?: boolean;
    /** Rows per page (tests cross page edges with a small one). */
    pageSize?: number;
  } = {},
): Promise<ExportSummary> {
  const started = performance.now();
  const pageSize = opts.pageSize ?? PAGE;
  fs.mkdirSync(dir, { recursive: true });
  const summary: ExportSummary = { dir, tables: [], files: 0, durationMs: 0 };
  for (const t of TABLES) {
    const csvFile = fs.createWriteStream(path.join(dir, `${t.file}.csv`));
    const jsonFile = fs.createWriteStream(path.join(dir, `${t.file}.json`));
    await write(jsonFile, "[");
    let rows = 0;
    if (t.shaped && !opts.shapeInJs) {
      await write(csvFile, `${t.columns.map((c) => c.name).join(",")}\n`);
      let after: string | null = null;
      for (;;) {
        const page = await shapedPage(
          db,
          t as TableExport & { shaped: ShapedTable },
          after,
          pageSize,
        );
        if (!page?.n) break;
        await write(csvFile, page.csv ?? "");
        await write(jsonFile, rows ? (page.json ?? "") : (page.json ?? "").slice(1));
        rows += page.n;
        if (page.n < pageSize) break;
        after = page.last;
      }
      await close(csvFile);
    } else {
      const csv = stringify({
        header: true,
        columns: t.columns.map((c) => c.name),
        bom: false,
        record_delimiter: "unix",
      });
      csv.pipe(csvFile);
      let after: Row | null = null;
      for (;;) {
        const page = await t.page(db, after, pageSize);
        for (const r of page) {
          const record = t.columns.map((c) => csvValue(r[c.name]));
          if (!csv.write(record)) await once(csv, "drain");
          const plain = Object.fromEntries(t.columns.map((c) => [c.name, r[c.name] ?? null]));
          await write(jsonFile, `${rows ? "," : ""}\n  ${JSON.stringify(plain)}`);
          rows++;
        }
        if (page.length < pageSize) break;
        after = page[page.length - 1];
      }
      csv.end();
      await once(csvFile, "finish");
    }
    await write(jsonFile, rows ? "\n]\n" : "]\n");
    await close(jsonFile);
    summary.tables.push({ file: t.file, rows });
    opts.onTable?.(t.file, rows);
  }

  // The bytes of uploaded images, one file each (a page at a time: they can be large).
  const filesDir = path.join(dir, "files");
  let lastId: string | null = null;
  for (;;) {
    const page: { id: string; contentType: string; bytes: Buffer }[] = await db
      .select({ id: files.id, contentType: files.contentType, bytes: files.bytes })
      .from(files)
      .where(lastId ? gt(files.id, lastId) : undefined)
      .orderBy(asc(files.id))
      .limit(100);
    if (page.length) fs.mkdirSync(filesDir, { recursive: true });
    for (const f of page) {
      fs.writeFileSync(path.join(filesDir, `${f.id}.${extensionOf(f.contentType)}`), f.bytes);
      summary.files++;
    }
    if (page.length < 100) break;
    lastId = page[page.length - 1].id;
  }

  fs.writeFileSync(path.join(dir, "README.md"), readme(summary, opts.collegeName));
  summary.durationMs = Math.round(performance.now() - started);
  return summary;
}

function readme(summary: ExportSummary, collegeName = "the college"): string {
  const counts = new Map(summary.tables.map((t) => [t.file, t.rows]));
  const parts = [
    `# Runway data export`,
    ``,
    `Everything ${collegeName} keeps in Runway, exported ${new Date().toISOString()} by \`runway export\`.`,
    `Each table is here twice: \`<table>.csv\` (UTF-8, comma-separated, header row, RFC 4180 quoting)`,
    `and \`<table>.json\` (a list of objects with the same fields). Ids are UUIDs and link the tables.`,
    `Times are ISO 8601 in UTC. In the CSV files lists are joined by “; ” and objects are JSON text;`,
    `the JSON files keep lists and objects as they are.`,
    ``,
    `Not exported, on purpose: password hashes, sessions and API tokens, e-mail codes and reset links`,
    `(and therefore the mail outbox), rate-limit counters. These are secrets or short-lived state.`,
    ``,
  ];
  for (const t of TABLES) {
    parts.push(
      `## ${t.title} — \`${t.file}.csv\`, \`${t.file}.json\` (${counts.get(t.file) ?? 0} rows)`,
      ``,
      t.doc,
      ``,
    );
    parts.push(`| Column | Meaning |`, `|---|---|`);
    for (const c of t.columns) parts.push(`| ${c.name} | ${c.doc} |`);
    parts.push(``);
  }
  return parts.join("\n");
}

/** For tests and docs: the exported tables and their columns. */
export const EXPORT_TABLES = TABLES.map((t) => ({
  file: t.file,
  columns: t.columns.map((c) => c.name),
}));
