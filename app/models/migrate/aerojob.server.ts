/**
 * `runway migrate aerojob` (ADR 115): brings the college's AeroJob data (users, profiles,
 * companies, jobs, saved jobs, surveys, responses, search logs) into Runway. This module reads and
 * maps; every table is written by its owner (models/user|company|job|survey|search|file). One
 * transaction per collection batch, rows keyed by their AeroJob `_id`, so a crash leaves whole
 * batches and the next run finishes the job; a dry run does all of it inside one transaction that
 * is rolled back, so it prints the very report a real run would.
 */
import fs from "node:fs";
import path from "node:path";
import type { Db, Tx } from "#db/client";
import {
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  JOB_STATUSES,
  JOB_TYPES,
  QUESTION_TYPES,
  YEAR_LEVELS,
  type JobStatus,
  type JobType,
  type QuestionType,
  type Role,
  type SurveyAudience,
  type SurveyStatus,
} from "#db/constants";
import { DomainError, ValidationError } from "~/lib/errors";
import { bcryptCost } from "../auth/password.server";
import { sendLegacyResets } from "../auth/password-reset.server";
import type { AuthConfig } from "../auth/config";
import { listCourses } from "../course/course.server";
import {
  companiesMatchingLegacy,
  insertLegacyCompanies,
  legacyCompanyIndex,
  setLegacyLogo,
  updateLegacyCompany,
  type LegacyCompanyValues,
} from "../company/legacy.server";
import { storeImage } from "../file/file.server";
import {
  addLegacySavedJobs,
  insertLegacyJobs,
  jobsMatchingLegacy,
  updateLegacyJob,
  type LegacyJobValues,
} from "../job/legacy.server";
import { addLegacySearches } from "../search/legacy.server";
import { analyticsTerm } from "../search/search.schema";
import {
  insertLegacyResponses,
  legacySurveyIndex,
  upsertLegacySurvey,
  type LegacyQuestionValues,
  type LegacyResponseValues,
} from "../survey/legacy.server";
import { isPlainEmail, normalizeEmail } from "../user/email";
import {
  insertLegacyUsers,
  legacyUserIndex,
  setLegacyAvatar,
  updateLegacyUser,
  usersMatchingLegacy,
  type LegacyUserValues,
} from "../user/legacy.server";
import { mailboxKey } from "./aerojob-address";
import {
  AEROJOB_COLLECTIONS,
  bool,
  createdOf,
  date,
  folded,
  num,
  oid,
  readAerojobDir,
  strings,
  text,
  type AerojobSource,
  type Doc,
} from "./aerojob-read.server";

export interface CollectionCounts {
  read: number;
  created: number;
  updated: number;
  skipped: number;
  merged: number;
}

export interface SkippedRecord {
  collection: string;
  /** The AeroJob `_id` the reason is about (null when the whole collection is missing). */
  id: string | null;
  reason: string;
}

/** The report, exactly as `--json` prints it (ADR 115 explains each list). */
export interface MigrateReport {
  collections: Record<string, CollectionCounts>;
  admins: string[];
  needsReset: string[];
  unknownCourses: string[];
  skipped: SkippedRecord[];
}

export interface MigrateResult {
  report: MigrateReport;
  /** Collections with no file: also in `skipped`. */
  missing: string[];
  /** Reset mails queued by this run (--send-resets, never in a dry run). */
  resetsQueued: string[];
  dryRun: boolean;
  durationMs: number;
}

export interface MigrateProgress {
  collection: string;
  done: number;
  total: number;
}

export interface MigrateOptions {
  from: string;
  uploads?: string | null;
  dryRun?: boolean;
  jobsApproved?: boolean;
  sendResets?: boolean;
  /** Documents per transaction (default 500). */
  batchSize?: number;
  /** The college's mail domain: its `+tags` reach the same mailbox, so they merge like Gmail's. */
  collegeEmailDomain?: string;
  config: AuthConfig;
  onProgress?: (p: MigrateProgress) => void;
  /** Called after each committed batch (the crash test and the progress bar). */
  onBatch?: (p: MigrateProgress) => void;
}

class DryRunRollback extends Error {}

const emptyCounts = (): CollectionCounts => ({
  read: 0,
  created: 0,
  updated: 0,
  skipped: 0,
  merged: 0,
});

const chunks = <T>(list: T[], n: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
};

const maxDate = (...ds: Array<Date | null>) =>
  ds.reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);

const sameValue = (a: unknown, b: unknown) => {
  if (a instanceof Date || b instanceof Date)
    return (
      (a instanceof Date ? a.getTime() : (a ?? null)) ===
      (b instanceof Date ? b.getTime() : (b ?? null))
    );
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
};

/** The keys of `next` whose value differs from `before`'s. */
function diff<T extends object>(before: Record<string, unknown>, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(next))
    if (!sameValue(before[k], v)) (out as Record<string, unknown>)[k] = v;
  return out;
}

const AUDIENCES: Record<string, SurveyAudience> = {
  all: "all",
  everyone: "all",
  students: "students",
  student: "students",
  alumni: "alumni",
  alumnus: "alumni",
  alumnae: "alumni",
  alumna: "alumni",
};

const ROLE_OF: Record<string, Exclude<Role, "employer">> = {
  student: "student",
  students: "student",
  alumni: "alumni",
  alumnus: "alumni",
  alumna: "alumni",
  alumnae: "alumni",
  admin: "admin",
};

/** How AeroJob's password field can arrive, and what Runway does with it (ADR 115). */
export type LegacyPassword =
  | { kind: "bcrypt"; hash: string }
  | { kind: "none"; reason: "missing" | "plain-text" | "malformed hash" | "double-hashed" };

/**
 * Classifies AeroJob's stored password. A well-formed bcrypt hash is kept (verified at the first
 * sign-in). Hashes that cannot be bcrypt, text that was never hashed, and the double-hashed
 * candidates get no password: AeroJob's /api/auth/register hashed at cost 10 and the model hashed
 * that again at cost 12, so no typed password can match. Its accounts are recognisable: a cost-12
 * hash on an account that never signed in, never verified its address and never received an OTP
 * (every other way of registering issued one).
 */
export function classifyPassword(d: Doc): LegacyPassword {
  const raw = typeof d.password === "string" ? d.password : "";
  if (!raw) return { kind: "none", reason: "missing" };
  const cost = bcryptCost(raw);
  if (cost === null)
    return { kind: "none", reason: raw.startsWith("$") ? "malformed hash" : "plain-text" };
  const neverUsed =
    !date(d.lastLogin) && !bool(d.isEmailVerified, false) && !d.otpHash && !d.otpExpiresAt;
  if (cost === 12 && neverUsed) return { kind: "none", reason: "double-hashed" };
  return { kind: "bcrypt", hash: raw };
}

/** The part of an AeroJob upload reference under `uploads/` (absolute URLs on the old host too). */
export function uploadPath(ref: string | null): string | null {
  if (!ref) return null;
  let p = ref.trim();
  try {
    if (/^https?:\/\//i.test(p)) p = new URL(p).pathname;
  } catch {
    return null;
  }
  p = decodeURIComponent(p).replace(/\\/g, "/");
  const i = p.indexOf("uploads/");
  const rel = i >= 0 ? p.slice(i + "uploads/".length) : p.replace(/^\/+/, "");
  const norm = path.posix.normalize(rel);
  if (!norm || norm.startsWith("..") || path.posix.isAbsolute(norm)) return null;
  return norm;
}

interface UserPlan {
  legacyId: string;
  members: string[];
  values: LegacyUserValues;
  password: LegacyPassword;
  photo: string | null;
}

/** Runs the migration and returns its report (throws only on unreadable input or a database fault). */
export async function migrateAerojob(db: Db, opts: MigrateOptions): Promise<MigrateResult> {
  const started = Date.now();
  const source = readAerojobDir(opts.from);
  if (opts.uploads && !fs.existsSync(opts.uploads))
    throw new ValidationError(`Uploads folder not found: ${opts.uploads}`);
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const report: MigrateReport = {
    collections: Object.fromEntries(
      [...AEROJOB_COLLECTIONS, "savedJobs"].map((c) => [c, emptyCounts()]),
    ),
    admins: [],
    needsReset: [],
    unknownCourses: [],
    skipped: [],
  };
  for (const c of source.missing)
    report.skipped.push({
      collection: c,
      id: null,
      reason: `no ${c}.json or ${c}.bson in ${opts.from}: collection skipped`,
    });

  let resetsQueued: string[] = [];
  if (opts.dryRun) {
    try {
      await db.transaction(async (outer) => {
        await run(outer, source, opts, report, batchSize);
        throw new DryRunRollback();
      });
    } catch (e) {
      if (!(e instanceof DryRunRollback)) throw e;
    }
  } else {
    await run(db, source, opts, report, batchSize);
    if (opts.sendResets)
      resetsQueued = (await sendLegacyResets({ db, config: opts.config })).queued;
  }
  report.admins.sort();
  report.needsReset.sort();
  report.unknownCourses.sort();
  return {
    report,
    missing: source.missing,
    resetsQueued,
    dryRun: !!opts.dryRun,
    durationMs: Date.now() - started,
  };
}

async function run(
  root: Db | Tx,
  source: AerojobSource,
  opts: MigrateOptions,
  report: MigrateReport,
  batchSize: number,
) {
  const skip = (collection: string, id: string | null, reason: string, count = true) => {
    report.skipped.push({ collection, id, reason });
    if (count && report.collections[collection]) report.collections[collection].skipped++;
  };
  /** Counts a document as read and returns its `_id`, or reports it and returns null. */
  const readId = (collection: string, d: Doc): string | null => {
    report.collections[collection].read++;
    const id = oid(d._id);
    if (!id) skip(collection, text(d._id), "no valid _id");
    return id;
  };
  /** Writes `list` in transactions of `batchSize`, reporting progress after each. */
  const inBatches = async <T>(
    collection: string,
    list: T[],
    fn: (tx: Tx, part: T[]) => Promise<unknown>,
  ) => {
    let done = 0;
    for (const part of chunks(list, batchSize)) {
      await root.transaction((tx) => fn(tx, part));
      done += part.length;
      const p = { collection, done, total: list.length };
      opts.onProgress?.(p);
      opts.onBatch?.(p);
    }
  };
  const readImage = (collection: string, id: string, ref: string | null, what: string) => {
    const rel = uploadPath(ref);
    if (!ref) return null;
    /** Reports the image as not imported and returns null. */
    const refuse = (why: string) => {
      skip(collection, id, `${what} ${rel ?? ref}${why}; not imported`, false);
      return null;
    };
    const svg = " is an SVG image, which Runway refuses";
    if (!rel) return refuse(": not a path under uploads/");
    if (/\.svg$/i.test(rel)) return refuse(svg);
    if (!opts.uploads) return refuse(": no --uploads folder given");
    const file = path.join(opts.uploads, ...rel.split("/"));
    if (!path.resolve(file).startsWith(path.resolve(opts.uploads))) return null;
    try {
      const buf = fs.readFileSync(file);
      if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(buf.subarray(0, 512).toString("utf8"))) {
        return refuse(svg);
      }
      return { buf, rel };
    } catch {
      return refuse(": file not found in the uploads folder");
    }
  };
  const store = async (
    tx: Tx,
    collection: string,
    id: string,
    img: { buf: Buffer; rel: string },
    kind: "logo" | "avatar",
    what: string,
  ) => {
    try {
      // A savepoint: a refused image must not abort the batch's transaction.
      return await tx.transaction((sp) => storeImage(sp as unknown as Db, img.buf, { kind }));
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      skip(collection, id, `${what} ${img.rel}: ${e.message}; not imported`, false);
      return null;
    }
  };

  // ─── users + profiles ─────────────────────────────────────────────────────────────────────────
  const courses = await listCourses(root as Db);
  const courseOf = (raw: string | null): string | null => {
    if (!raw) return null;
    const l = raw.toLowerCase();
    const c = courses.find((x) => x.code.toLowerCase() === l || x.name.toLowerCase() === l);
    if (!c && !report.unknownCourses.includes(raw)) report.unknownCourses.push(raw);
    return c?.id ?? null;
  };
  const plusTag = new Set(opts.collegeEmailDomain ? [opts.collegeEmailDomain.toLowerCase()] : []);
  const uc = report.collections.users;
  const valid: Array<{ id: string; email: string; raw: string; doc: Doc; active: Date }> = [];
  for (const d of source.docs.users) {
    const id = readId("users", d);
    if (!id) continue;
    const raw = text(d.email);
    const email = raw ? normalizeEmail(raw) : "";
    if (!email) {
      skip("users", id, "no e-mail address");
      continue;
    }
    if (!isPlainEmail(email)) {
      skip("users", id, `invalid e-mail address “${raw}”`);
      continue;
    }
    valid.push({
      id,
      email,
      raw: raw!,
      doc: d,
      active: maxDate(date(d.lastLogin), date(d.updatedAt), createdOf(d))!,
    });
  }
  // One account per mailbox: the most recently active document wins, the others merge into it.
  const groups = new Map<string, typeof valid>();
  for (const v of valid) {
    const k = mailboxKey(v.email, plusTag);
    groups.set(k, [...(groups.get(k) ?? []), v]);
  }
  const aliasOf = new Map<string, string>(); // any AeroJob user id → the winner's id
  const winners: Array<{ win: (typeof valid)[number]; all: typeof valid }> = [];
  for (const all of groups.values()) {
    all.sort((a, b) => b.active.getTime() - a.active.getTime() || (b.id > a.id ? 1 : -1));
    const win = all[0];
    for (const m of all) aliasOf.set(m.id, win.id);
    for (const m of all.slice(1)) {
      uc.merged++;
      report.skipped.push({
        collection: "users",
        id: m.id,
        reason: `merged into ${win.id}: “${m.raw}” and “${win.raw}” are the same mailbox (kept the more recently active ${win.email})`,
      });
    }
    winners.push({ win, all });
  }
  // Profiles: contact number, photo and bio fill what the user left empty; their role is ignored.
  const profilesOf = new Map<string, Doc[]>();
  const pc = report.collections.profiles;
  for (const p of source.docs.profiles) {
    pc.read++;
    const pid = oid(p._id) ?? text(p._id);
    const owner = aliasOf.get(oid(p.user) ?? "");
    if (!owner) {
      skip(
        "profiles",
        pid,
        oid(p.user) ? `its user ${oid(p.user)} was not imported or does not exist` : "no user",
      );
      continue;
    }
    pc.merged++;
    profilesOf.set(owner, [...(profilesOf.get(owner) ?? []), p]);
  }
  const studentIds = new Map<string, string>();
  const plans: UserPlan[] = [];
  for (const { win, all } of winners) {
    const d = win.doc;
    const profs = all.flatMap((m) => profilesOf.get(m.id) ?? []);
    const fromProfiles = (k: string) => profs.map((p) => text(p[k])).find(Boolean) ?? null;
    const fullName = fromProfiles("fullName");
    const [pf, ...pl] = (fullName ?? "").split(/\s+/);
    const firstName = text(d.firstName) ?? (pf || win.email.slice(0, win.email.indexOf("@")));
    const lastName = text(d.lastName) ?? pl.join(" ");
    const role = ROLE_OF[folded(d.userType) ?? ""] ?? "student";
    const password = classifyPassword(d);
    let studentId = text(d.studentId);
    if (studentId) {
      const k = studentId.toLowerCase();
      const holder = studentIds.get(k);
      if (holder) {
        skip(
          "users",
          win.id,
          `student ID ${studentId} is also on ${holder}; imported without it`,
          false,
        );
        studentId = null;
      } else studentIds.set(k, win.id);
    }
    const ylRaw = text(d.yearLevel) ?? fromProfiles("yearLevel");
    const yearLevel = YEAR_LEVELS.find((y) => y.toLowerCase() === ylRaw?.toLowerCase()) ?? null;
    const gy = num(d.graduationYear);
    const graduationYear =
      gy !== null && Number.isInteger(gy) && gy >= GRADUATION_YEAR_MIN && gy <= GRADUATION_YEAR_MAX
        ? gy
        : null;
    const created = all.map((m) => createdOf(m.doc)).reduce((a, b) => (b < a ? b : a));
    plans.push({
      legacyId: win.id,
      members: all.map((m) => m.id),
      password,
      photo: text(d.profilePicture) ?? fromProfiles("avatarUrl"),
      values: {
        legacyId: win.id,
        email: win.email,
        passwordHash: password.kind === "bcrypt" ? password.hash : null,
        passwordLegacy: password.kind === "bcrypt",
        role,
        firstName,
        lastName,
        studentId,
        courseId: courseOf(text(d.course) ?? fromProfiles("course")),
        yearLevel,
        graduationYear,
        phone: text(d.phoneNumber) ?? fromProfiles("contactNumber"),
        address: text(d.address),
        bio: text(d.bio) ?? fromProfiles("bio"),
        isActive: bool(d.isActive, true),
        emailVerifiedAt: bool(d.isEmailVerified, false)
          ? (date(d.updatedAt) ?? createdOf(d))
          : null,
        lastLoginAt: date(d.lastLogin),
        createdAt: created,
      },
    });
  }
  plans.sort((a, b) => (a.legacyId < b.legacyId ? -1 : 1));
  await inBatches("users", plans, async (tx, part) => {
    const existing = await usersMatchingLegacy(tx, {
      legacyIds: part.flatMap((p) => p.members),
      emails: part.map((p) => p.values.email),
      studentIds: part.flatMap((p) => (p.values.studentId ? [p.values.studentId] : [])),
    });
    const fresh: UserPlan[] = [];
    const photos: Array<{ plan: UserPlan; userId: string }> = [];
    for (const p of part) {
      const row = existing.find((r) => r.legacyId && p.members.includes(r.legacyId));
      const clash = existing.find(
        (r) =>
          r !== row &&
          (r.email.toLowerCase() === p.values.email ||
            r.personalEmail?.toLowerCase() === p.values.email),
      );
      if (clash) {
        skip(
          "users",
          p.legacyId,
          `${p.values.email} already belongs to an account made in Runway; not imported`,
        );
        continue;
      }
      const v = { ...p.values };
      if (
        v.studentId &&
        existing.some((r) => r !== row && r.studentId?.toLowerCase() === v.studentId!.toLowerCase())
      ) {
        skip(
          "users",
          p.legacyId,
          `student ID ${v.studentId} already belongs to another Runway account; imported without it`,
          false,
        );
        v.studentId = null;
      }
      let working = p.password.kind === "bcrypt";
      if (row) {
        const patch = diff(
          row as unknown as Record<string, unknown>,
          v,
        ) as Partial<LegacyUserValues>;
        delete patch.createdAt;
        // A password set in Runway (first sign-in's argon2id, or a reset) is never replaced.
        if (row.passwordHash && !row.passwordLegacy) {
          delete patch.passwordHash;
          delete patch.passwordLegacy;
          working = true;
        }
        if (Object.keys(patch).length) {
          await updateLegacyUser(tx, row.id, patch);
          uc.updated++;
        }
        if (p.photo && !row.avatarFileId) photos.push({ plan: p, userId: row.id });
      } else fresh.push({ ...p, values: v });
      if (v.role === "admin") report.admins.push(v.email);
      if (!working && v.isActive) {
        report.needsReset.push(v.email);
        if (!row)
          skip(
            "users",
            p.legacyId,
            `password not usable (${(p.password as { reason: string }).reason}): imported without one; needs a reset`,
            false,
          );
      }
    }
    const made = await insertLegacyUsers(
      tx,
      fresh.map((p) => p.values),
    );
    uc.created += made.length;
    const idOf = new Map(made.map((m) => [m.legacyId, m.id]));
    for (const p of fresh) if (p.photo) photos.push({ plan: p, userId: idOf.get(p.legacyId)! });
    for (const { plan, userId } of photos) {
      const img = readImage("users", plan.legacyId, plan.photo, "photo");
      if (!img) continue;
      const stored = await store(tx, "users", plan.legacyId, img, "avatar", "photo");
      if (stored) await setLegacyAvatar(tx, userId, stored.id);
    }
  });
  const userIndex = await legacyUserIndex(root);
  const userOf = (raw: unknown) => {
    const w = aliasOf.get(oid(raw) ?? "");
    return w ? (userIndex.get(w) ?? null) : null;
  };

  // ─── companies ────────────────────────────────────────────────────────────────────────────────
  const cc = report.collections.companies;
  const companyPlans: Array<{ values: LegacyCompanyValues; logo: string | null }> = [];
  for (const d of source.docs.companies) {
    cc.read++;
    const id = oid(d._id);
    const name = text(d.name);
    if (!id || !name) {
      skip("companies", id ?? text(d._id), id ? "no name" : "no valid _id");
      continue;
    }
    const industry = text(d.industry);
    const description = [text(d.description), industry ? `Industry: ${industry}` : null]
      .filter(Boolean)
      .join("\n\n");
    companyPlans.push({
      logo: text(d.logoUrl),
      values: {
        legacyId: id,
        name,
        location: text(d.location),
        website: text(d.website),
        email: text(d.email)?.toLowerCase() ?? null,
        phone: text(d.phone),
        description: description || null,
        createdAt: createdOf(d),
      },
    });
  }
  await inBatches("companies", companyPlans, async (tx, part) => {
    const existing = await companiesMatchingLegacy(tx, {
      legacyIds: part.map((p) => p.values.legacyId),
      names: part.map((p) => p.values.name),
    });
    const fresh: typeof part = [];
    const logos: Array<{ legacyId: string; id: string; logo: string | null }> = [];
    for (const p of part) {
      const row =
        existing.find((r) => r.legacyId === p.values.legacyId) ??
        existing.find((r) => !r.legacyId && r.name.toLowerCase() === p.values.name.toLowerCase());
      if (row) {
        // Typed in Runway under the same name: adopted (it keeps its id, jobs and logo).
        const patch = diff(row as unknown as Record<string, unknown>, p.values);
        delete patch.createdAt;
        if (Object.keys(patch).length) {
          await updateLegacyCompany(tx, row.id, patch);
          cc.updated++;
        }
        if (!row.logoFileId) logos.push({ legacyId: p.values.legacyId, id: row.id, logo: p.logo });
      } else fresh.push(p);
    }
    const made = await insertLegacyCompanies(
      tx,
      fresh.map((p) => p.values),
    );
    cc.created += made.length;
    const idOf = new Map(made.map((m) => [m.legacyId, m.id]));
    for (const p of fresh)
      logos.push({ legacyId: p.values.legacyId, id: idOf.get(p.values.legacyId)!, logo: p.logo });
    for (const l of logos) {
      const img = readImage("companies", l.legacyId, l.logo, "logo");
      if (!img) continue;
      const stored = await store(tx, "companies", l.legacyId, img, "logo", "logo");
      if (stored) await setLegacyLogo(tx, l.id, stored.id);
    }
  });
  const companyIndex = await legacyCompanyIndex(root);

  // ─── jobs + saved jobs ────────────────────────────────────────────────────────────────────────
  const jc = report.collections.jobs;
  const sc = report.collections.savedJobs;
  const jobPlans: Array<{ values: LegacyJobValues; savedBy: string[] }> = [];
  for (const d of source.docs.jobs) {
    const id = readId("jobs", d);
    if (!id) continue;
    const title = text(d.title);
    if (!title) {
      skip("jobs", id, "no title");
      continue;
    }
    const companyRef = oid(d.company);
    const companyId = companyRef ? companyIndex.get(companyRef) : undefined;
    if (!companyId) {
      skip(
        "jobs",
        id,
        companyRef
          ? `its company ${companyRef} was deleted in AeroJob or not imported`
          : "no company",
      );
      continue;
    }
    const type = folded(d.jobType)
      ?.replace(/^fulltime$/, "full-time")
      .replace(/^parttime$/, "part-time");
    if (!type || !JOB_TYPES.includes(type as JobType)) {
      skip("jobs", id, `unknown job type “${text(d.jobType) ?? ""}”`);
      continue;
    }
    const status = folded(d.status) ?? "active";
    if (!JOB_STATUSES.includes(status as JobStatus)) {
      skip("jobs", id, `unknown status “${text(d.status)}”`);
      continue;
    }
    jobPlans.push({
      savedBy: (Array.isArray(d.savedBy) ? d.savedBy : []).map((x) => String(x)),
      values: {
        legacyId: id,
        title,
        companyId,
        jobType: type as JobType,
        location: text(d.location) ?? (bool(d.isRemote, false) ? "Remote" : null),
        categories: strings(d.categories),
        shortDescription: text(d.shortDescription),
        description: jobDescription(d),
        status: status as JobStatus,
        isApproved: opts.jobsApproved ? bool(d.isApproved, true) : false,
        createdBy: userOf(d.createdBy)?.id ?? null,
        applicationDeadline: date(d.applicationDeadline),
        legacyViews: num(d.views),
        legacyApplications: num(d.applications),
        createdAt: createdOf(d),
      },
    });
  }
  await inBatches("jobs", jobPlans, async (tx, part) => {
    const existing = await jobsMatchingLegacy(
      tx,
      part.map((p) => p.values.legacyId),
    );
    const fresh = part.filter((p) => !existing.some((r) => r.legacyId === p.values.legacyId));
    for (const p of part) {
      const row = existing.find((r) => r.legacyId === p.values.legacyId);
      if (!row) continue;
      const { isApproved: _a, createdAt: _c, createdBy: _b, ...rest } = p.values;
      const patch = diff(row as unknown as Record<string, unknown>, rest);
      if (Object.keys(patch).length) {
        await updateLegacyJob(tx, row.id, patch);
        jc.updated++;
      }
    }
    const made = await insertLegacyJobs(
      tx,
      fresh.map((p) => p.values),
    );
    jc.created += made.length;
    const jobIdOf = new Map([
      ...existing.map((r) => [r.legacyId!, r.id] as const),
      ...made.map((m) => [m.legacyId, m.id] as const),
    ]);
    const saved: Array<{ userId: string; jobId: string; createdAt: Date }> = [];
    for (const p of part) {
      const jobId = jobIdOf.get(p.values.legacyId)!;
      const seen = new Set<string>();
      for (const ref of p.savedBy) {
        sc.read++;
        const u = userOf(ref);
        if (!u) {
          skip(
            "savedJobs",
            p.values.legacyId,
            `saved by ${ref}, who was not imported or does not exist`,
          );
          continue;
        }
        if (seen.has(u.id)) {
          sc.merged++; // two merged accounts had saved the same job
          continue;
        }
        seen.add(u.id);
        saved.push({ userId: u.id, jobId, createdAt: p.values.createdAt });
      }
    }
    sc.created += await addLegacySavedJobs(tx, saved);
  });

  // ─── surveys ──────────────────────────────────────────────────────────────────────────────────
  const svc = report.collections.surveys;
  const surveyPlans: Array<{
    values: Parameters<typeof upsertLegacySurvey>[1];
    questions: LegacyQuestionValues[];
  }> = [];
  for (const d of source.docs.surveys) {
    svc.read++;
    const id = oid(d._id);
    const title = text(d.title);
    if (!id || !title) {
      skip("surveys", id ?? text(d._id), id ? "no title" : "no valid _id");
      continue;
    }
    const aud = folded(d.audience) ?? "all";
    const audience = AUDIENCES[aud];
    if (!audience)
      skip("surveys", id, `unknown audience “${text(d.audience)}”: imported for everyone`, false);
    const st = folded(d.status);
    const status: SurveyStatus = st === "active" ? "active" : "draft";
    const questions: LegacyQuestionValues[] = [];
    (Array.isArray(d.questions) ? (d.questions as Doc[]) : []).forEach((q) => {
      const qid = oid(q?._id);
      const qtext = text(q?.text) ?? text(q?.label);
      if (!qid || !qtext) {
        skip("surveys", id, `a question without ${qid ? "text" : "an _id"} was left out`, false);
        return;
      }
      const t = (folded(q.type) ?? "short_text").replace(/-/g, "_");
      const type = QUESTION_TYPES.includes(t as QuestionType) ? (t as QuestionType) : "short_text";
      if (type !== t)
        skip(
          "surveys",
          id,
          `question ${qid}: unknown type “${text(q.type)}”, imported as short text`,
          false,
        );
      questions.push({
        legacyId: qid,
        text: qtext,
        type,
        required: bool(q.required, false),
        options: strings(q.options),
        position: questions.length,
      });
    });
    surveyPlans.push({
      questions,
      values: {
        legacyId: id,
        title,
        description: text(d.description),
        audience: audience ?? "all",
        status,
        createdBy: userOf(d.createdBy)?.id ?? null,
        createdAt: createdOf(d),
      },
    });
  }
  await inBatches("surveys", surveyPlans, async (tx, part) => {
    for (const p of part) {
      const r = await upsertLegacySurvey(tx, p.values, p.questions);
      if (r === "created") svc.created++;
      if (r === "updated") svc.updated++;
    }
  });
  const surveyIndex = await legacySurveyIndex(root);

  // ─── survey responses ─────────────────────────────────────────────────────────────────────────
  const rc = report.collections.surveyresponses;
  const newest = new Map<string, { doc: Doc; id: string; at: Date; row: LegacyResponseValues }>();
  const older: Array<{ id: string; keptId: string }> = [];
  for (const d of source.docs.surveyresponses) {
    const id = readId("surveyresponses", d);
    if (!id) continue;
    const sref = oid(d.survey) ?? oid(d.surveyId);
    const survey = sref ? surveyIndex.get(sref) : undefined;
    if (!survey) {
      skip(
        "surveyresponses",
        id,
        sref ? `its survey ${sref} does not exist or was not imported` : "no survey",
      );
      continue;
    }
    const uref = oid(d.user) ?? oid(d.userId);
    const user = uref ? userOf(uref) : null;
    if (!user) {
      skip(
        "surveyresponses",
        id,
        uref ? `its user ${uref} does not exist or was not imported` : "no user",
      );
      continue;
    }
    const at = date(d.updatedAt) ?? createdOf(d);
    const key = `${survey.id}|${user.id}`;
    const prev = newest.get(key);
    if (prev && (prev.at > at || (prev.at.getTime() === at.getTime() && prev.id > id))) {
      older.push({ id, keptId: prev.id });
      continue;
    }
    if (prev) older.push({ id: prev.id, keptId: id });
    const answers = new Map<string, string | number | string[]>();
    for (const a of Array.isArray(d.answers) ? (d.answers as Doc[]) : []) {
      const qref = oid(a?.questionId);
      const q = qref ? survey.questions.get(qref) : undefined;
      if (!q) {
        skip(
          "surveyresponses",
          id,
          `answer to question ${qref ?? "(none)"}, which the survey no longer has: ${JSON.stringify(a?.value ?? null)}`,
          false,
        );
        continue;
      }
      const value = answerValue(q.type, a.value);
      if (value !== null) answers.set(q.id, value);
    }
    newest.set(key, {
      doc: d,
      id,
      at,
      row: {
        legacyId: id,
        surveyId: survey.id,
        userId: user.id,
        role: user.role,
        courseId: user.courseId,
        graduationYear: user.graduationYear,
        createdAt: createdOf(d),
        answers: [...answers].map(([questionId, value]) => ({ questionId, value })),
      },
    });
  }
  for (const o of older)
    skip(
      "surveyresponses",
      o.id,
      `an older response of the same person to the same survey; the newest (${o.keptId}) was kept`,
    );
  const responses = [...newest.values()]
    .map((n) => n.row)
    .sort((a, b) => (a.legacyId < b.legacyId ? -1 : 1));
  await inBatches("surveyresponses", responses, async (tx, part) => {
    rc.created += await insertLegacyResponses(tx, part);
  });

  // ─── search logs ──────────────────────────────────────────────────────────────────────────────
  const lc = report.collections.searchlogs;
  const searches: Array<{ term: string; actorKey: string; day: string; createdAt: Date }> = [];
  for (const d of source.docs.searchlogs) {
    lc.read++;
    const id = oid(d._id) ?? text(d._id) ?? "";
    const term = analyticsTerm(d.term);
    if (!term) {
      skip("searchlogs", id, "empty or too short a term");
      continue;
    }
    const u = userOf(d.user);
    const at = createdOf(d);
    searches.push({
      term,
      // A guest of AeroJob has no identity left: each logged search counts once.
      actorKey: u ? `u:${u.id}` : `g:aerojob:${id}`,
      day: at.toISOString().slice(0, 10),
      createdAt: at,
    });
  }
  await inBatches("searchlogs", searches, async (tx, part) => {
    lc.created += await addLegacySearches(tx, part);
  });
}

/** An answer as Runway stores it for the question's type; null when nothing usable was given. */
function answerValue(type: QuestionType, v: unknown): string | number | string[] | null {
  if (type === "rating") {
    const n = num(v);
    return n === null ? null : n;
  }
  if (type === "checkbox") {
    const list = strings(v);
    return list.length ? list : null;
  }
  if (Array.isArray(v)) return strings(v).join(", ") || null;
  return text(v);
}

/** AeroJob's many job fields, kept readable in Runway's one description. */
function jobDescription(d: Doc): string | null {
  const parts: string[] = [];
  const desc = text(d.description);
  if (desc) parts.push(desc);
  const list = (label: string, v: unknown) => {
    const items = strings(v);
    if (items.length) parts.push(`${label}:\n${items.map((i) => `- ${i}`).join("\n")}`);
  };
  const line = (label: string, v: string | null) => {
    if (v) parts.push(`${label}: ${v}`);
  };
  list("Requirements", d.requirements);
  list("Qualifications", d.qualifications);
  list("Skills", d.skillsRequired);
  list("Benefits", d.benefits);
  line("Department", text(d.department));
  line("Duration", text(d.duration));
  const start = date(d.startDate);
  line("Start date", start ? start.toISOString().slice(0, 10) : null);
  const stipend = (d.stipend ?? null) as Doc | null;
  const amount = stipend && typeof stipend === "object" ? num(stipend.amount) : null;
  if (amount !== null)
    line(
      "Stipend",
      [
        text(stipend!.currency) ?? "PHP",
        amount.toLocaleString("en-US"),
        text(stipend!.period) ? `per ${text(stipend!.period)}` : null,
      ]
        .filter(Boolean)
        .join(" "),
    );
  line(
    "Work arrangement",
    bool(d.isRemote, false) ? "Remote" : bool(d.isHybrid, false) ? "Hybrid" : null,
  );
  line("How to apply", text(d.applicationInstructions));
  line("Apply at", text(d.applicationLink));
  line("Contact", [text(d.contactEmail), text(d.contactPhone)].filter(Boolean).join(", ") || null);
  return parts.length ? parts.join("\n\n") : null;
}
