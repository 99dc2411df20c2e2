/**
 * The registrar's bulk import of students and alumni from CSV. The CLI (`runway users
 * import`) is a thin adapter over `importUsers`; every row passes the same `userRecordSchema` as the
 * admin's Create User screen, so the CSV and the web app accept and refuse exactly the same people.
 *
 * Shape of a run: read and validate every row (streamed through csv-parse), check e-mails and
 * student IDs against the database in bulk, then — unless the mode says otherwise — write everything
 * in ONE transaction with batched statements. A crash or kill before COMMIT leaves nothing behind.
 */
import os from "node:os";
import { Transform, type Readable } from "node:stream";
import { parse } from "csv-parse";
import { and, isNotNull, sql, type SQL } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { type Role } from "#db/constants";
import { users } from "#db/schema";
import { audit } from "~/models/audit/audit.server";
import { hashPassword } from "~/models/auth/password.server";
import { hashToken, randomToken } from "~/models/auth/tokens.server";
import { insertInviteTokens } from "~/models/auth/password-reset.server";
import type {} from "~/models/context";
import { resolveCourse } from "~/models/course/course.server";
import { Conflict, ValidationError, isUniqueViolation } from "~/lib/errors";
import { enqueueMany, type MailMessage } from "~/models/mail/mail.server";
import { userRecordSchema } from "./user.schema";
import type { ConfiguredCtx } from "../auth/config";
import { newPasswordProblem } from "../auth/password-policy.server";
import { EMAIL_TAKEN, STUDENT_ID_TAKEN, type PersonColumns, type User } from "./user.server";
import { mailboxOf } from "./email";
import { INVITE_TOKEN_TTL_DAYS } from "~/models/auth/limits";

/** The columns of an import file, in the order the docs and the sample list them. */
export const IMPORT_COLUMNS = [
  "email",
  "firstName",
  "lastName",
  "role",
  "studentId",
  "course",
  "yearLevel",
  "graduationYear",
  "phone",
  "password",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: ImportColumn[] = ["email", "firstName", "lastName", "role"];
/** The extra column of a rejects file; ignored on input so a fixed rejects file can be re-run. */
export const REASON_COLUMN = "reason";
export const IMPORT_ROLES = ["student", "alumni"] as const satisfies readonly Role[];

/** Header names are matched loosely (case, spaces, `_`, `-`) and with the spec's role aliases. */
const HEADER_ALIASES: Record<string, ImportColumn | typeof REASON_COLUMN> = {
  email: "email",
  emailaddress: "email",
  firstname: "firstName",
  lastname: "lastName",
  role: "role",
  usertype: "role",
  type: "role",
  studentid: "studentId",
  course: "course",
  yearlevel: "yearLevel",
  graduationyear: "graduationYear",
  phone: "phone",
  contactnumber: "phone",
  password: "password",
  reason: REASON_COLUMN,
};
const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

export const IMPORT_MSG = {
  courseInvalid: "Please choose a valid course",
  roleHint: " (student or alumni)",
  adminNotImported:
    "This email belongs to an administrator; an import never changes administrators",
  fieldCount: (found: number, expected: number) =>
    `This row has ${found} fields but the header has ${expected}`,
  duplicateEmail: (line: number) =>
    `This email appears more than once in the file (first on line ${line})`,
  duplicateStudentId: (line: number) =>
    `This student ID appears more than once in the file (first on line ${line})`,
  raced:
    "Another user with one of these emails or student IDs was created while the import ran; nothing was written. Run the import again.",
} as const;

export interface ImportModes {
  /** Write the valid rows and list the rejected ones (default: all-or-nothing). */
  partial?: boolean;
  /** Validate and report only. */
  dryRun?: boolean;
  /** Existing users (matched by e-mail) get the listed fields updated instead of being rejected. */
  update?: boolean;
  /** Queue an invitation e-mail for each created user without a password (default true). */
  invite?: boolean;
}

export type ImportProgress =
  | { phase: "read"; rows: number; bytes: number }
  | { phase: "check"; done: number; total: number }
  | { phase: "hash-estimate"; passwords: number; seconds: number; concurrency: number }
  | { phase: "hash"; done: number; total: number }
  | { phase: "write"; done: number; total: number }
  | { phase: "invite"; done: number; total: number };

export interface ImportOptions extends ImportModes {
  domain: string;
  publicUrl: string;
  collegeName: string;
  /** Argon2 hashes in flight at once (they run on libuv's thread pool, off the main thread). */
  hashConcurrency?: number;
  onProgress?: (p: ImportProgress) => void;
}

export interface RejectedRow {
  /** Physical line of the record in the file; the header is line 1. */
  line: number;
  email: string;
  reason: string;
  /** The row as read, keyed by the file's own header (for the rejects file). */
  values: Record<string, string>;
}

export interface ImportReport {
  mode: "all-or-nothing" | "partial" | "dry-run";
  update: boolean;
  /** Data rows read (blank rows are not counted). */
  rows: number;
  /** Rows that passed every check (in a refused all-or-nothing run: what would have been written). */
  valid: number;
  created: number;
  updated: number;
  /** Existing users whose listed fields already matched (--update); nothing to do. */
  skipped: number;
  rejected: RejectedRow[];
  invitesQueued: number;
  /** True when the transaction committed; false in dry runs and refused all-or-nothing runs. */
  written: boolean;
  /** The file's header as read (the rejects file repeats it). */
  header: string[];
  durationMs: number;
}

interface Candidate {
  line: number;
  email: string;
  role: "student" | "alumni";
  firstName: string;
  lastName: string;
  studentId: string | null;
  courseId: string | null;
  yearLevel: string | null;
  graduationYear: number | null;
  phone: string | null;
  password: string | null;
  values: string[];
}

/** An account already there, as the import compares it (its e-mail lowercased). */
type Existing = Pick<User, "id" | PersonColumns>;

/** The columns an --update run compares: all equal, the row is skipped. */
const COMPARED = [
  "role",
  "firstName",
  "lastName",
  "studentId",
  "courseId",
  "yearLevel",
  "graduationYear",
  "phone",
] as const;

/** Rows per write statement (one JSON parameter each). */
const WRITE_BATCH = 5000;

/** Decodes UTF-8 strictly (a Latin-1 export would silently mangle names) and counts bytes. */
function utf8Decoder(onBytes: (n: number) => void) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const notUtf8 = () =>
    new ValidationError(
      "The file is not UTF-8 text. Save it as “CSV UTF-8” and run the import again.",
    );
  const decode = (cb: (e: Error | null, s?: string) => void, chunk?: Buffer) => {
    try {
      cb(null, decoder.decode(chunk, { stream: !!chunk }));
    } catch {
      cb(notUtf8());
    }
  };
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer | string, _enc, cb) {
      if (typeof chunk === "string") return cb(null, chunk);
      onBytes(chunk.length);
      decode(cb, chunk);
    },
    flush: (cb) => decode(cb),
  });
}

const BREAK = /\r\n|\r|\n/g;
function countBreaks(s: string): number {
  if (!s.includes("\n") && !s.includes("\r")) return 0;
  return s.match(BREAK)?.length ?? 0;
}

function cell(values: string[], index: number | undefined): string | undefined {
  return index === undefined ? undefined : values[index];
}

/** The header row → column positions; throws a ValidationError naming what is wrong. */
function readHeader(header: string[]): Map<ImportColumn, number> {
  const positions = new Map<ImportColumn, number>();
  const unknown: string[] = [];
  header.forEach((raw, i) => {
    const name = HEADER_ALIASES[normalizeHeader(raw)];
    if (!name) {
      if (raw.trim()) unknown.push(raw.trim());
      return;
    }
    if (name === REASON_COLUMN) return;
    if (positions.has(name))
      throw new ValidationError(`The header row names the column “${name}” twice.`);
    positions.set(name, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !positions.has(c));
  const expected = `Expected a header row with the columns ${IMPORT_COLUMNS.join(", ")} (the last six optional).`;
  if (unknown.length)
    throw new ValidationError(
      `Unknown column${unknown.length > 1 ? "s" : ""} in the header row: ${unknown.join(", ")}. ${expected}`,
    );
  if (missing.length)
    throw new ValidationError(
      `The header row lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}. ${expected}`,
    );
  return positions;
}

/** The reason for a failed schema parse, in the web app's words (all issues of the row, in order). */
function reasonOf(issues: { path: PropertyKey[]; message: string }[]): string {
  const msgs = issues.map((i) => i.message + (i.path[0] === "userType" ? IMPORT_MSG.roleHint : ""));
  return [...new Set(msgs)].join("; ");
}

async function mapLimit<T>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<void>,
  onDone: () => void,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The invitation e-mail: the password-reset page with an 'invite' token, valid for days, not minutes. */
export function invitationMail(o: {
  to: string;
  firstName: string;
  collegeName: string;
  link: string;
}): MailMessage {
  return {
    to: o.to,
    subject: `Your ${o.collegeName} Runway account`,
    template: "invite",
    notice: `invitation link for ${o.to}: ${o.link}`,
    text:
      `Hello ${o.firstName},\n\n` +
      `${o.collegeName} has created a Runway account for you (${o.to}). Runway is the college's ` +
      `job, internship and alumni board.\n\n` +
      `Choose your password here; the link is valid for ${INVITE_TOKEN_TTL_DAYS} days:\n${o.link}\n\n` +
      `If the link has expired, use “Forgot password” on the sign-in page.\n`,
  };
}

export function invitationLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl.replace(/\/$/, "")}/reset-password?token=${token}&email=${encodeURIComponent(email)}`;
}

/**
 * Imports users from a CSV stream. Returns the report; writes nothing when a row is rejected in the
 * default all-or-nothing mode, nor in a dry run. Throws ValidationError for a file it cannot read
 * (no header, unknown columns, broken quoting, not UTF-8) and Conflict when a concurrent writer took
 * an e-mail or student ID between the check and the commit.
 */
export async function importUsers(
  ctx: ConfiguredCtx,
  input: Readable,
  opts: ImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  const { db } = ctx;
  const progress = opts.onProgress ?? (() => {});
  const schema = userRecordSchema(opts.domain, { passwordRequired: false, roles: IMPORT_ROLES });
  const report: ImportReport = {
    mode: opts.dryRun ? "dry-run" : opts.partial ? "partial" : "all-or-nothing",
    update: !!opts.update,
    rows: 0,
    valid: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    rejected: [],
    invitesQueued: 0,
    written: false,
    header: [],
    durationMs: 0,
  };

  // ── 1. Read and validate every row ────────────────────────────────────────────────────────────
  let bytes = 0;
  // `raw` (not `info.lines`) gives the line numbers: csv-parse counts a CRLF inside a quoted field
  // as two lines, which would shift every later line number in a Windows file.
  const parser = parse({ bom: true, raw: true, relax_column_count: true });
  const decoder = utf8Decoder((n) => (bytes += n));
  input.on("error", (e) => decoder.destroy(e));
  decoder.on("error", (e) => parser.destroy(e));
  input.pipe(decoder).pipe(parser);

  let positions: Map<ImportColumn, number> | null = null;
  const candidates: Candidate[] = [];
  const courseCache = new Map<string, Promise<string | null>>();
  const emailLines = new Map<string, number>();
  const studentIdLines = new Map<string, number>();
  let nextLine = 1;
  const reject = (line: number, values: string[], email: string, reason: string) => {
    const byHeader = Object.fromEntries(report.header.map((h, i) => [h, values[i] ?? ""]));
    report.rejected.push({ line, email, reason, values: byHeader });
  };

  try {
    for await (const { record, raw } of parser as AsyncIterable<{
      record: string[];
      raw: string;
    }>) {
      // A record spans one line plus the line breaks inside its quoted fields. csv-parse keeps the
      // record's own delimiter in `raw` (only the "\r" of a CRLF), so one trailing break is dropped.
      const line = nextLine;
      nextLine += 1 + countBreaks(raw.replace(/(\r\n|\r|\n)$/, ""));
      if (!positions) {
        report.header = record.map((h) => h.trim());
        positions = readHeader(record);
        continue;
      }
      if (record.every((v) => v.trim() === "")) continue; // a row of empty cells (spreadsheets add them)
      report.rows++;
      if (report.rows % 5000 === 0) progress({ phase: "read", rows: report.rows, bytes });
      const p = positions;
      const get = (c: ImportColumn) => cell(record, p.get(c));
      const rawEmail = (get("email") ?? "").trim().toLowerCase();
      if (record.length !== report.header.length) {
        reject(line, record, rawEmail, IMPORT_MSG.fieldCount(record.length, report.header.length));
        continue;
      }
      const parsed = schema.safeParse({
        userType: get("role")?.trim().toLowerCase() ?? "",
        firstName: get("firstName"),
        lastName: get("lastName"),
        email: get("email"),
        password: get("password") ?? null,
        studentId: get("studentId") ?? null,
        course: get("course") ?? null,
        yearLevel: get("yearLevel") ?? null,
        graduationYear: get("graduationYear") ?? null,
        phone: get("phone") ?? null,
      });
      if (!parsed.success) {
        reject(line, record, rawEmail, reasonOf(parsed.error.issues));
        continue;
      }
      const u = parsed.data;
      const weak = u.password ? await newPasswordProblem(u.password, ctx.config, u) : null;
      if (weak) {
        reject(line, record, u.email, weak);
        continue;
      }
      let courseId: string | null = null;
      if (u.course) {
        const key = u.course.toLowerCase();
        if (!courseCache.has(key))
          courseCache.set(
            key,
            resolveCourse(db, u.course).then((c) => c?.id ?? null),
          );
        courseId = await courseCache.get(key)!;
        if (!courseId) {
          reject(line, record, u.email, IMPORT_MSG.courseInvalid);
          continue;
        }
      }
      // One mailbox, one account: `ada+1@…` after `ada@…` in one file is the same person twice.
      const firstEmail = emailLines.get(mailboxOf(u.email));
      if (firstEmail !== undefined) {
        reject(line, record, u.email, IMPORT_MSG.duplicateEmail(firstEmail));
        continue;
      }
      const sidKey = u.studentId?.toLowerCase();
      const firstSid = sidKey ? studentIdLines.get(sidKey) : undefined;
      if (firstSid !== undefined) {
        reject(line, record, u.email, IMPORT_MSG.duplicateStudentId(firstSid));
        continue;
      }
      emailLines.set(mailboxOf(u.email), line);
      if (sidKey) studentIdLines.set(sidKey, line);
      candidates.push({
        line,
        email: u.email,
        role: u.userType as "student" | "alumni",
        firstName: u.firstName,
        lastName: u.lastName,
        studentId: u.studentId,
        courseId,
        yearLevel: u.yearLevel,
        graduationYear: u.graduationYear,
        phone: u.phone,
        password: u.password,
        values: record,
      });
    }
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    const err = e as { code?: string; message?: string };
    if (typeof err?.code === "string" && err.code.startsWith("CSV_"))
      throw new ValidationError(`The file is not valid CSV: ${err.message}`);
    throw e;
  } finally {
    // On an early exit (bad header, broken file) release the source too.
    if (!input.readableEnded) input.destroy();
  }
  if (!positions) throw new ValidationError("The file is empty: a header row is required.");
  progress({ phase: "read", rows: report.rows, bytes });

  // ── 2. Check against the database in bulk ─────────────────────────────────────────────────────
  const byEmail = new Map<string, Existing>();
  const takenMailboxes = new Set<string>(); // mailboxes that already have an account

  const byStudentId = new Map<string, string>(); // lower(student id) → lower(email) of its holder
  const existingCols = {
    id: users.id,
    email: sql<string>`lower(${users.email})`,
    role: users.role,
    firstName: users.firstName,
    lastName: users.lastName,
    studentId: users.studentId,
    courseId: users.courseId,
    yearLevel: users.yearLevel,
    graduationYear: users.graduationYear,
    phone: users.phone,
  };
  const emails = candidates.map((c) => c.email);
  const mailboxes = candidates.map((c) => mailboxOf(c.email));
  const studentIds = candidates.flatMap((c) => (c.studentId ? [c.studentId.toLowerCase()] : []));
  const total = emails.length + studentIds.length;
  let checked = 0;
  // The keys go as one JSON parameter per chunk: a 5 000-element IN list of parameters costs the
  // drivers (PGlite especially) more than the lookup itself.
  const inJson = (expr: SQL, keys: string[]) =>
    sql`${expr} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`;
  for (let i = 0; i < emails.length; i += WRITE_BATCH) {
    const chunk = mailboxes.slice(i, i + WRITE_BATCH);
    // By mailbox (the users_mailbox_key index): the exact address is the row to update, any other
    // address of the same mailbox makes the row's address taken.
    const rows = await db
      .select(existingCols)
      .from(users)
      .where(inJson(sql`runway_mailbox(${users.email})`, chunk));
    for (const r of rows) {
      byEmail.set(r.email, r);
      takenMailboxes.add(mailboxOf(r.email));
      if (r.studentId) byStudentId.set(r.studentId.toLowerCase(), r.email);
    }
    progress({ phase: "check", done: (checked += chunk.length), total });
  }
  for (let i = 0; i < studentIds.length; i += WRITE_BATCH) {
    const chunk = studentIds.slice(i, i + WRITE_BATCH);
    const rows = await db
      .select({
        email: sql<string>`lower(${users.email})`,
        sid: sql<string>`lower(${users.studentId})`,
      })
      .from(users)
      .where(and(isNotNull(users.studentId), inJson(sql`lower(${users.studentId})`, chunk)));
    for (const r of rows) byStudentId.set(r.sid, r.email);
    progress({ phase: "check", done: (checked += chunk.length), total });
  }

  const toCreate: Candidate[] = [];
  const toUpdate: { id: string; next: Candidate }[] = [];
  for (const c of candidates) {
    const existing = byEmail.get(c.email);
    const holder = c.studentId ? byStudentId.get(c.studentId.toLowerCase()) : undefined;
    const rejectC = (reason: string) => reject(c.line, c.values, c.email, reason);
    if ((existing && !opts.update) || (!existing && takenMailboxes.has(mailboxOf(c.email)))) {
      rejectC(EMAIL_TAKEN);
      continue;
    }
    if (existing && existing.role === "admin") {
      rejectC(IMPORT_MSG.adminNotImported);
      continue;
    }
    if (holder !== undefined && holder !== c.email) {
      rejectC(STUDENT_ID_TAKEN);
      continue;
    }
    if (!existing) {
      toCreate.push(c);
      continue;
    }
    // --update: only the columns the file lists are applied; the rest keep their stored values.
    const listed = (col: ImportColumn) => positions!.has(col);
    const next: Candidate = {
      ...c,
      studentId: listed("studentId") ? c.studentId : existing.studentId,
      courseId: listed("course") ? c.courseId : existing.courseId,
      yearLevel: listed("yearLevel") ? c.yearLevel : existing.yearLevel,
      graduationYear: listed("graduationYear") ? c.graduationYear : existing.graduationYear,
      phone: listed("phone") ? c.phone : existing.phone,
    };
    if (COMPARED.every((k) => next[k] === existing[k])) report.skipped++;
    else toUpdate.push({ id: existing.id, next });
  }
  report.rejected.sort((a, b) => a.line - b.line);
  report.valid = toCreate.length + toUpdate.length + report.skipped;

  const invite = opts.invite !== false;
  const invitees = invite ? toCreate.filter((c) => !c.password) : [];
  report.created = toCreate.length;
  report.updated = toUpdate.length;
  report.invitesQueued = invitees.length;

  const refused = report.rejected.length > 0 && !opts.partial;
  if (opts.dryRun || refused || toCreate.length + toUpdate.length === 0) {
    if (opts.dryRun) {
      const n = toCreate.filter((c) => c.password).length;
      if (n)
        progress({
          phase: "hash-estimate",
          passwords: n,
          ...(await estimateHashing(n, opts.hashConcurrency)),
        });
    }
    if (refused && !opts.dryRun) {
      report.created = report.updated = report.skipped = report.invitesQueued = 0;
    }
    report.durationMs = Math.round(performance.now() - started);
    return report;
  }

  // ── 3. Hash the passwords given in the file (off the main thread, bounded, before the transaction)
  const hashes = new Map<Candidate, string>();
  const withPassword = toCreate.filter((c) => c.password);
  if (withPassword.length) {
    const est = await estimateHashing(withPassword.length, opts.hashConcurrency);
    progress({ phase: "hash-estimate", passwords: withPassword.length, ...est });
    let done = 0;
    await mapLimit(
      withPassword,
      est.concurrency,
      async (c) => {
        hashes.set(c, await hashPassword(c.password!));
      },
      () => {
        done++;
        if (done % 50 === 0 || done === withPassword.length)
          progress({ phase: "hash", done, total: withPassword.length });
      },
    );
  }

  // ── 4. Write everything in one transaction ────────────────────────────────────────────────────
  // Rows travel as one JSON parameter per chunk (jsonb_to_recordset): the same SQL on PGlite and
  // postgres.js, no 65 535-parameter limit, and far less driver work than a 10-column VALUES list.
  // Ids are made here so that tokens can point at users without reading anything back.
  const now = new Date().toISOString();
  const expiresAt = new Date(Date.now() + INVITE_TOKEN_TTL_DAYS * 864e5).toISOString();
  const ids = new Map<Candidate, string>(toCreate.map((c) => [c, randomUUID()]));
  const totalWrites = toCreate.length + toUpdate.length;
  let written = 0;
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < toCreate.length; i += WRITE_BATCH) {
        const batch = toCreate.slice(i, i + WRITE_BATCH);
        const json = JSON.stringify(
          batch.map((c) => ({
            id: ids.get(c),
            email: c.email,
            password_hash: hashes.get(c) ?? null,
            role: c.role,
            first_name: c.firstName,
            last_name: c.lastName,
            student_id: c.studentId,
            course_id: c.courseId,
            year_level: c.yearLevel,
            graduation_year: c.graduationYear,
            phone: c.phone,
          })),
        );
        await tx.execute(sql`
          insert into users (id, email, password_hash, role, first_name, last_name, student_id, course_id,
            year_level, graduation_year, phone, is_active, email_verified_at)
          select id, email, password_hash, role, first_name, last_name, student_id, course_id,
            year_level, graduation_year, phone, true, ${now}::timestamptz
          from jsonb_to_recordset(${json}::jsonb) as x(id uuid, email text, password_hash text, role text,
            first_name text, last_name text, student_id text, course_id uuid, year_level text,
            graduation_year int, phone text)`);
        progress({ phase: "write", done: (written += batch.length), total: totalWrites });
      }
      for (let i = 0; i < toUpdate.length; i += WRITE_BATCH) {
        const batch = toUpdate.slice(i, i + WRITE_BATCH);
        const json = JSON.stringify(
          batch.map(({ id, next: n }) => ({
            id,
            role: n.role,
            first_name: n.firstName,
            last_name: n.lastName,
            student_id: n.studentId,
            course_id: n.courseId,
            year_level: n.yearLevel,
            graduation_year: n.graduationYear,
            phone: n.phone,
          })),
        );
        await tx.execute(sql`
          update users as u set role = v.role, first_name = v.first_name, last_name = v.last_name,
            student_id = v.student_id, course_id = v.course_id, year_level = v.year_level,
            graduation_year = v.graduation_year, phone = v.phone, updated_at = now()
          from jsonb_to_recordset(${json}::jsonb) as v(id uuid, role text, first_name text, last_name text,
            student_id text, course_id uuid, year_level text, graduation_year int, phone text)
          where u.id = v.id`);
        progress({ phase: "write", done: (written += batch.length), total: totalWrites });
      }
      if (invitees.length) {
        const mails: MailMessage[] = [];
        progress({ phase: "invite", done: 0, total: invitees.length });
        for (let i = 0; i < invitees.length; i += WRITE_BATCH) {
          const batch = invitees.slice(i, i + WRITE_BATCH);
          const tokens = batch.map((c) => {
            const token = randomToken();
            mails.push(
              invitationMail({
                to: c.email,
                firstName: c.firstName,
                collegeName: opts.collegeName,
                link: invitationLink(opts.publicUrl, token, c.email),
              }),
            );
            return { user_id: ids.get(c), token_hash: hashToken(token) };
          });
          await insertInviteTokens(tx, tokens, expiresAt);
        }
        // One JSON parameter per chunk (fast on PGlite); refuses any address that is not plain.
        await enqueueMany(tx, mails);
        progress({ phase: "invite", done: invitees.length, total: invitees.length });
      }
      await audit(tx, ctx.actor, {
        action: "user.import",
        entityType: "user",
        after: {
          mode: report.mode,
          update: report.update,
          rows: report.rows,
          created: report.created,
          updated: report.updated,
          skipped: report.skipped,
          rejected: report.rejected.length,
          invitesQueued: report.invitesQueued,
        },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new Conflict(IMPORT_MSG.raced);
    throw e;
  }
  report.written = true;
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

/** Times one argon2 hash here and extrapolates, so the registrar knows before waiting. */
export async function estimateHashing(n: number, concurrency?: number) {
  const c = Math.max(1, concurrency ?? Math.min(4, os.availableParallelism()));
  const t = performance.now();
  await hashPassword("runway-estimate-password");
  const one = (performance.now() - t) / 1000;
  return { seconds: Math.ceil((n / c) * one), concurrency: c };
}
