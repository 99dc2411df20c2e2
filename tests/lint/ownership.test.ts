/**
 * One owner per table: only the module that owns a table inserts, updates, deletes, truncates or
 * copies into it. This scans the source of the app, the CLI, the scripts and the course seed (not the
 * tests) for raw SQL writes and drizzle write calls, maps every write to its table (the tables come
 * from db/schema) and fails when a file outside the table's owner writes it.
 *
 * Not scanned, on purpose: db/migrations (the schema's own history) and db/copy.ts (`runway db copy`
 * moves every table's rows wholesale into an empty database, naming tables only at run time). The
 * AeroJob migrator writes through each owner's legacy.server.ts, so it is scanned like any module.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const SCANNED = ["app", "cli", "scripts", "db/seed"];

/**
 * Table → the modules allowed to write it: a folder (ending in "/") or one file. Most tables have
 * one owner folder; where several modules of one area write a table today, each is listed.
 */
const OWNERS: Record<string, string[]> = {
  // jobs and what hangs off a job
  jobs: ["app/models/job/"],
  job_interactions: ["app/models/job/"],
  saved_jobs: ["app/models/job/"],
  job_reports: ["app/models/job/report.server.ts"],
  admin_digests: ["app/models/job/admin-digest.server.ts"],
  search_events: ["app/models/search/"],
  search_lexemes: ["app/models/job/"], // filled by triggers on jobs (db/migrations); no module writes it
  job_alerts: ["app/models/alert/"],
  // people and their sign-in
  users: ["app/models/user/"],
  sessions: ["app/models/auth/session.server.ts"],
  verification_codes: ["app/models/auth/"],
  password_tokens: ["app/models/auth/"],
  // employers
  companies: ["app/models/company/"],
  // auth/single-use.server.ts consumes an invitation link the way it consumes a password link
  employer_invitations: ["app/models/employer/", "app/models/auth/single-use.server.ts"],
  employer_join_requests: ["app/models/employer/join.server.ts"],
  decline_templates: ["app/models/employer/decline-templates.server.ts"],
  // surveys
  surveys: ["app/models/survey/"],
  survey_questions: ["app/models/survey/"],
  survey_responses: ["app/models/survey/"],
  survey_answers: ["app/models/survey/"],
  survey_respondents: ["app/models/survey/"],
  survey_invitations: ["app/models/survey/"],
  survey_invite_batches: ["app/models/survey/"],
  // courses: the fixed programme list is seeded from db/ (the bottom layer cannot call a model)
  courses: ["app/models/course/", "db/seed/courses.ts"],
  // uploads: file.server.ts stores them; a profile, company or account that drops its image
  // deletes the row it held
  files: ["app/models/file/"],
  // on-the-job training
  coordinator_courses: ["app/models/ojt/access.server.ts"],
  placements: [
    "app/models/ojt/placement.server.ts",
    "app/models/ojt/hours.server.ts",
    "app/models/ojt/reminders.server.ts",
  ],
  placement_weeks: [
    "app/models/ojt/hours.server.ts",
    "app/models/ojt/signoff.server.ts",
    "app/models/ojt/reminders.server.ts",
  ],
  placement_entries: ["app/models/ojt/hours.server.ts"],
  ojt_signoff_tokens: [
    "app/models/ojt/signoff.server.ts",
    "app/models/ojt/hours.server.ts",
    "app/models/ojt/placement.server.ts",
  ],
  company_agreements: ["app/models/ojt/agreements.server.ts"],
  ojt_files: ["app/models/ojt/ojt-files.server.ts", "app/models/ojt/agreements.server.ts"],
  ojt_checklists: ["app/models/ojt/documents.server.ts"],
  placement_documents: ["app/models/ojt/documents.server.ts"],
  ojt_rubrics: ["app/models/ojt/evaluation.server.ts"],
  placement_evaluations: ["app/models/ojt/evaluation.server.ts"],
  placement_evaluation_requests: ["app/models/ojt/evaluation.server.ts"],
  host_reviews: ["app/models/ojt/evaluation.server.ts"],
  ojt_evaluation_tokens: [
    "app/models/ojt/evaluation.server.ts",
    "app/models/ojt/evaluation-core.server.ts",
  ],
  // operations
  audit_log: ["app/models/audit/"],
  mail_outbox: ["app/models/mail/"],
  mail_settings: ["app/models/mail/"],
  rate_limits: ["app/lib/rate-limit.server.ts"],
  backoffs: ["app/lib/rate-limit.server.ts"],
  idempotency_keys: ["app/web/idempotency.server.ts"],
  secret_fingerprints: ["app/lib/secret-fingerprint.server.ts"],
};

/**
 * Writers outside a table's owner that stay, each for its reason. Every entry must still write the
 * table (a stale entry fails), so the list can only shrink.
 */
const EXCEPTIONS: Array<[file: string, table: string]> = [
  // The demo seed loads fixtures with back-dated timestamps that no product door may write.
  ["cli/demo-seed.ts", "companies"],
  ["cli/demo-seed.ts", "jobs"],
  ["cli/demo-seed.ts", "surveys"],
  ["cli/demo-seed.ts", "survey_questions"],
  ["cli/demo-seed.ts", "survey_responses"],
  ["cli/demo-seed.ts", "survey_answers"],
  // The request recorder back-dates its seeded people so every list has one order between runs.
  ["scripts/record-requests.ts", "users"],
];

/** Schema tables as { sql name → drizzle export name }, read from db/schema/*.ts. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  const dir = path.join(ROOT, "db/schema");
  for (const name of fs.readdirSync(dir)) {
    const src = fs.readFileSync(path.join(dir, name), "utf8");
    for (const m of src.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      tables.set(m[2], m[1]);
    }
  }
  return tables;
}

function stripComments(src: string): string {
  // keeps "https://…" (a ':' before the slashes) and the newlines, so nothing else moves
  return src
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

const SQL_WRITES = [
  /\binsert\s+into\s+"?(\w+)"?/gi,
  /\bupdate\s+(?:only\s+)?"?(\w+)"?\s+(?:as\s+\w+\s+|\w+\s+)?set\b/gi,
  /\bdelete\s+from\s+(?:only\s+)?"?(\w+)"?/gi,
  /\btruncate\s+(?:table\s+)?(?:only\s+)?"?(\w+)"?/gi,
  /\bcopy\s+"?(\w+)"?\s*(?:\([^)]*\)\s*)?from\b/gi,
];
const DRIZZLE_WRITES = /\.(?:insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g;

/** The schema tables one source text writes. */
function tablesWritten(src: string, tables: Map<string, string>): Set<string> {
  const byExport = new Map([...tables].map(([table, name]) => [name, table]));
  const code = stripComments(src);
  const found = new Set<string>();
  for (const re of SQL_WRITES) {
    for (const m of code.matchAll(re)) {
      const table = m[1].toLowerCase();
      if (tables.has(table)) found.add(table);
    }
  }
  for (const m of code.matchAll(DRIZZLE_WRITES)) {
    const table = byExport.get(m[1]);
    if (table) found.add(table);
  }
  return found;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "build") sourceFiles(rel, out);
    } else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

function owns(owner: string, file: string): boolean {
  return owner.endsWith("/") ? file.startsWith(owner) : file === owner;
}

/** Every write outside its table's owner, as "file → table". */
function violations(tables: Map<string, string>): string[] {
  const found: string[] = [];
  for (const file of SCANNED.flatMap((dir) => sourceFiles(dir))) {
    const src = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const table of tablesWritten(src, tables)) {
      if (!(OWNERS[table] ?? []).some((owner) => owns(owner, file)))
        found.push(`${file} → ${table}`);
    }
  }
  return found.sort();
}

const TABLES = new Map([
  ["jobs", "jobs"],
  ["mail_outbox", "mailOutbox"],
  ["survey_questions", "surveyQuestions"],
]);

describe("the scanner finds each kind of write", () => {
  const writes: Array<[string, string]> = [
    ["sql`insert into jobs (title) values (${t})`", "jobs"],
    ['sql`INSERT INTO "mail_outbox" (to_email) values (1)`', "mail_outbox"],
    ["sql`update jobs set status = 'closed'`", "jobs"],
    ["sql`update jobs j set status = 'closed'`", "jobs"],
    ["sql`delete from survey_questions where id = ${id}`", "survey_questions"],
    ["sql`truncate jobs`", "jobs"],
    ["sql`truncate table mail_outbox cascade`", "mail_outbox"],
    ["sql`copy jobs (id, title) from stdin`", "jobs"],
    ["await tx.insert(jobs).values(row)", "jobs"],
    ["await ctx.db\n    .update(mailOutbox)\n    .set({ status: 'sent' })", "mail_outbox"],
    ["await db.delete(schema.surveyQuestions).where(x)", "survey_questions"],
  ];
  it.each(writes)("%s writes %s", (src, table) => {
    expect([...tablesWritten(src, TABLES)]).toEqual([table]);
  });

  const reads = [
    "sql`select * from jobs where id = ${id} for update`",
    "sql`insert into x select * from jobs on conflict (id) do update set n = 1`",
    "db.select().from(jobs)",
    "sql`copy (select * from jobs) to stdout`",
    "// we update jobs set aside here\n/* delete from jobs */",
    "jobs.update",
    "db.insert(unknownTable)",
  ];
  it.each(reads)("%s writes nothing it owns", (src) => {
    expect([...tablesWritten(src, TABLES)]).toEqual([]);
  });
});

describe("one owner per table", () => {
  const tables = schemaTables();

  it("names an owner for every table of db/schema, and only those", () => {
    expect(Object.keys(OWNERS).sort()).toEqual([...tables.keys()].sort());
  });

  it("every owner exists", () => {
    const missing = Object.values(OWNERS)
      .flat()
      .filter((owner) => !fs.existsSync(path.join(ROOT, owner)));
    expect(missing).toEqual([]);
  });

  it("no module writes a table it does not own, except the listed exceptions", () => {
    const allowed = new Set(EXCEPTIONS.map(([file, table]) => `${file} → ${table}`));
    expect(violations(tables).filter((v) => !allowed.has(v))).toEqual([]);
  });

  it("every exception still writes its table (the list only shrinks)", () => {
    const current = new Set(violations(tables));
    const done = EXCEPTIONS.map(([file, table]) => `${file} → ${table}`).filter(
      (v) => !current.has(v),
    );
    expect(done, "no longer written: remove these from EXCEPTIONS").toEqual([]);
  });
});
