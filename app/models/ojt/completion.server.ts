/**
 * Completing a placement and what it issues: the gates (approved hours reach the required hours,
 * the supervisor's final evaluation is in), the certificate's verification code, the mail to the
 * student with links to the certificate and the certified daily time record, the facts both PDFs
 * print, and the public verification of a code. ADR 118 gives the reasons.
 */
import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import {
  companies,
  courses,
  placementEntries,
  placementEvaluations,
  placements,
  placementWeeks,
  users,
} from "#db/schema";
import { Conflict, ValidationError } from "~/lib/errors";
import { enqueueMail } from "../mail/mail.server";
import { mailAddressOf } from "../user/user.server";
import { nowOf, type OjtConfig, type OjtCtx } from "./config";
import { COMPLETION_MSG, formatHm, hoursOf, todayIn, type StatusChange } from "./ojt.schema";
import {
  readablePlacement,
  withStudentAndHost,
  type PlacementRow,
  type PlacementView,
} from "./placement.server";

/** Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 80 random bits: 16 characters of base32. */
const CODE_BYTES = 10;
export const CERTIFICATE_CODE_LENGTH = 16;
const CODE_SHAPE = new RegExp(`^[${ALPHABET}]{${CERTIFICATE_CODE_LENGTH}}$`);

/** A new verification code: 80 bits from the CSPRNG written in base32 (5 bits a character). */
export function newCertificateCode(): string {
  const bytes = crypto.randomBytes(CODE_BYTES);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

/** A code as typed (case and the separators people add ignored), or null when it cannot be one. */
export function normaliseCertificateCode(raw: string): string | null {
  if (raw.length > 64) return null;
  const code = raw.replace(/[\s-]/g, "").toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

/** The public address a certificate's QR code and text point to. */
export function certificateUrl(cfg: OjtConfig, code: string): string {
  return `${cfg.publicUrl}/certificates/${code}`;
}

/**
 * The columns a completion sets, after its gates (in the status change's transaction, the row
 * locked): approved hours at least the required hours, and the final evaluation submitted.
 */
export async function completionFields(
  tx: DbOrTx,
  cur: PlacementRow,
  change: StatusChange,
  cfg: OjtConfig,
): Promise<Partial<PlacementRow>> {
  if (typeof change.hiredByHost !== "boolean")
    throw new ValidationError(COMPLETION_MSG.hiredByHost, {
      hiredByHost: [COMPLETION_MSG.hiredByHost],
    });
  if (cur.approvedMinutes < cur.requiredHours * 60) {
    const msg = COMPLETION_MSG.hours(hoursOf(cur.approvedMinutes), cur.requiredHours);
    throw new Conflict(msg, { status: [msg] });
  }
  const [final] = await tx
    .select({ id: placementEvaluations.id })
    .from(placementEvaluations)
    .where(
      and(eq(placementEvaluations.placementId, cur.id), eq(placementEvaluations.stage, "final")),
    );
  if (!final)
    throw new Conflict(COMPLETION_MSG.finalEvaluation, {
      status: [COMPLETION_MSG.finalEvaluation],
    });
  return {
    completedAt: nowOf(cfg),
    hiredByHost: change.hiredByHost,
    certificateCode: newCertificateCode(),
  };
}

/**
 * The student's mail on completion (in the same transaction): links to the two PDFs behind
 * sign-in, and the public verification address. No attachment: the record holds personal data
 * and the outbox keeps message bodies until they are sent (ADR 118).
 */
export async function mailCompletion(tx: DbOrTx, row: PlacementRow, cfg: OjtConfig) {
  const [student] = await tx.select().from(users).where(eq(users.id, row.studentId));
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, row.companyId));
  if (!student || !row.certificateCode) return;
  const base = `${cfg.publicUrl}/api/placements/${row.id}`;
  await enqueueMail(tx, {
    to: mailAddressOf(student),
    subject: "Your OJT is complete: your certificate and daily time record",
    text: [
      `Hello ${student.firstName},`,
      "",
      `Your on-the-job training at ${company?.name ?? "your host company"} is complete: ${hoursOf(row.approvedMinutes)} hours approved.`,
      "",
      "Download them after signing in to Runway:",
      `Completion certificate (PDF): ${base}/certificate.pdf`,
      `Certified daily time record (PDF): ${base}/dtr.pdf`,
      `Both are also on ${cfg.publicUrl}/ojt.`,
      "",
      `Anyone can check the certificate at ${certificateUrl(cfg, row.certificateCode)} (verification code ${row.certificateCode}).`,
      "",
      `— ${cfg.collegeName}`,
    ].join("\n"),
    template: "ojt_completed",
  });
}

export interface CertificateFacts {
  code: string;
  url: string;
  studentName: string;
  studentNumber: string | null;
  programme: string;
  host: string;
  startDate: string;
  /** The day of completion on the college's clock. */
  completedOn: string;
  approvedHours: number;
  requiredHours: number;
  coordinator: string | null;
  collegeName: string;
}

async function coordinatorName(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [c] = await db
    .select({ f: users.firstName, l: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return c ? `${c.f} ${c.l}`.trim() : null;
}

async function studentNumber(db: DbOrTx, id: string): Promise<string | null> {
  const [s] = await db.select({ n: users.studentId }).from(users).where(eq(users.id, id));
  return s?.n ?? null;
}

function factsOf(
  v: PlacementView,
  cfg: OjtConfig,
  coordinator: string | null,
  number: string | null,
) {
  const p = v.p;
  return {
    code: p.certificateCode!,
    url: certificateUrl(cfg, p.certificateCode!),
    studentName: `${v.firstName} ${v.lastName}`.trim(),
    studentNumber: number,
    programme: v.courseName ?? v.courseCode ?? "",
    host: v.companyName,
    startDate: p.startDate,
    completedOn: todayIn(cfg.timeZone, p.completedAt ?? nowOf(cfg)),
    approvedHours: hoursOf(p.approvedMinutes),
    requiredHours: p.requiredHours,
    coordinator,
    collegeName: cfg.collegeName,
  };
}

/** The certificate's facts for the student, their coordinators and admins; 409 before completion. */
export async function certificateFacts(ctx: OjtCtx, id: string): Promise<CertificateFacts> {
  const { view } = await readablePlacement(ctx, id);
  if (view.p.status !== "completed" || !view.p.certificateCode)
    throw new Conflict(COMPLETION_MSG.notCompleted);
  return factsOf(
    view,
    ctx.ojt,
    await coordinatorName(ctx.db, view.p.coordinatorId),
    await studentNumber(ctx.db, view.p.studentId),
  );
}

export interface DtrDay {
  date: string;
  timeIn: string;
  timeOut: string;
  breakMinutes: number;
  hours: number;
  tasks: string;
}

export interface DtrWeek {
  weekStart: string;
  state: string;
  hours: number;
  decidedBy: string | null;
  decidedAt: Date | null;
}

export interface DtrFacts {
  studentName: string;
  studentNumber: string | null;
  programme: string;
  host: string;
  supervisor: string;
  startDate: string;
  endDate: string;
  status: string;
  requiredHours: number;
  approvedHours: number;
  coordinator: string | null;
  collegeName: string;
  timeZone: string;
  days: DtrDay[];
  weeks: DtrWeek[];
  certificateCode: string | null;
}

/** The whole daily time record of a placement (every entry by date, every week's decision). */
export async function dtrFacts(ctx: OjtCtx, id: string): Promise<DtrFacts> {
  const { view } = await readablePlacement(ctx, id);
  const p = view.p;
  const entries = await ctx.db
    .select()
    .from(placementEntries)
    .where(eq(placementEntries.placementId, p.id))
    .orderBy(asc(placementEntries.workDate), asc(placementEntries.startMinute));
  const weeks = await ctx.db
    .select()
    .from(placementWeeks)
    .where(eq(placementWeeks.placementId, p.id))
    .orderBy(asc(placementWeeks.weekStart));
  return {
    studentName: `${view.firstName} ${view.lastName}`.trim(),
    studentNumber: await studentNumber(ctx.db, p.studentId),
    programme: view.courseName ?? view.courseCode ?? "",
    host: view.companyName,
    supervisor: [p.supervisorName, p.supervisorPosition].filter(Boolean).join(", "),
    startDate: p.startDate,
    endDate: p.completedAt ? todayIn(ctx.ojt.timeZone, p.completedAt) : p.expectedEndDate,
    status: p.status,
    requiredHours: p.requiredHours,
    approvedHours: hoursOf(p.approvedMinutes),
    coordinator: await coordinatorName(ctx.db, p.coordinatorId),
    collegeName: ctx.ojt.collegeName,
    timeZone: ctx.ojt.timeZone,
    days: entries.map((e) => ({
      date: e.workDate,
      timeIn: formatHm(e.startMinute),
      timeOut: formatHm(e.endMinute),
      breakMinutes: e.breakMinutes,
      hours: hoursOf(e.minutes),
      tasks: e.tasks,
    })),
    weeks: weeks.map((w) => ({
      weekStart: w.weekStart,
      state: w.state,
      hours: hoursOf(w.minutes),
      decidedBy: w.decidedByName,
      decidedAt: w.decidedAt,
    })),
    certificateCode: p.status === "completed" ? p.certificateCode : null,
  };
}

/** What the public page shows of a certificate: nothing more. */
/**
 * The certificate of a code, or null. The shape is checked first (no query for what cannot be a
 * code); then one lookup by the unique index — the same work for a known and an unknown code.
 */
export async function verifyCertificate(db: DbOrTx, cfg: OjtConfig, raw: string) {
  const code = normaliseCertificateCode(raw);
  if (!code) return null;
  const [r] = await withStudentAndHost(
    db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        courseName: courses.name,
        companyName: companies.name,
        approvedMinutes: placements.approvedMinutes,
        completedAt: placements.completedAt,
        status: placements.status,
      })
      .from(placements)
      .$dynamic(),
  ).where(eq(placements.certificateCode, code));
  if (!r || r.status !== "completed" || !r.completedAt) return null;
  return {
    code,
    studentName: `${r.firstName} ${r.lastName}`.trim(),
    programme: r.courseName ?? "",
    host: r.companyName,
    approvedHours: hoursOf(r.approvedMinutes),
    completedOn: todayIn(cfg.timeZone, r.completedAt),
  };
}
