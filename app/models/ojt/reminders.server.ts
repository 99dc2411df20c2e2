/**
 * OJT reminders through the outbox, each claimed in the transaction that queues its mail so two
 * instances (or the timer and `runway ojt remind`) never send one twice:
 * - supervisors: a week waiting more than 3 days, at most once per week and 7 days (a fresh link,
 *   the earlier ones stay valid until the week is decided or they expire);
 * - students: deployed, no entry for 7 days — once per quiet spell (`student_reminded_for` holds
 *   the date the silence started from).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { parsedRows, type Db } from "#db/client";
import { users } from "#db/schema";
import type { OjtEvaluationStage } from "#db/constants";
import { startPeriodic } from "~/lib/periodic";
import { idRow } from "~/lib/rows";
import { enqueueMail } from "../mail/mail.server";
import { mailAddressOf } from "../user/user.server";
import { nowOf, todayOf, type OjtConfig } from "./config";
import { runAgreementDigest } from "./agreements.server";
import { issueSignoffLink } from "./hours.server";
import { sendDueEvaluations } from "./evaluation.server";
import {
  STUDENT_REMIND_AFTER_DAYS,
  SUPERVISOR_REMIND_AFTER_DAYS,
  SUPERVISOR_REMIND_EVERY_DAYS,
} from "./ojt.schema";
import { loadPlacementView } from "./placement.server";

export interface ReminderItem {
  kind: "supervisor" | "student" | "evaluation";
  placementId: string;
  to: string;
  weekStart?: string;
  stage?: OjtEvaluationStage;
}

export interface ReminderRun {
  supervisors: number;
  students: number;
  /** Evaluation requests (midterm at the midpoint, final at the required hours) mailed. */
  evaluations: number;
  items: ReminderItem[];
}

const DAY = 86_400_000;

/** Sends (or with dryRun lists) the reminders due now. */
export async function runOjtReminders(
  db: Db,
  cfg: OjtConfig,
  opts: { dryRun?: boolean; stopped?: () => boolean } = {},
): Promise<ReminderRun> {
  const now = nowOf(cfg);
  const today = todayOf(cfg);
  const waitingSince = new Date(now.getTime() - SUPERVISOR_REMIND_AFTER_DAYS * DAY).toISOString();
  const remindedBefore = new Date(now.getTime() - SUPERVISOR_REMIND_EVERY_DAYS * DAY).toISOString();
  const weekDue = sql`w.state = 'submitted' and w.submitted_at < ${waitingSince}::timestamptz
    and (w.supervisor_reminded_at is null or w.supervisor_reminded_at < ${remindedBefore}::timestamptz)
    and p.status in ('deployed', 'completed')`;
  const weeks = await parsedRows(
    db,
    z.object({ placementId: z.string(), weekStart: z.string(), email: z.string() }),
    sql`select w.placement_id as "placementId", w.week_start::text as "weekStart",
        p.supervisor_email as email
      from placement_weeks w join placements p on p.id = w.placement_id
      where ${weekDue} order by w.submitted_at limit 5000`,
  );
  const quietSince = `${today}`;
  const studentDue = sql`p.status = 'deployed'
    and coalesce(p.last_entry_date, p.start_date) <= ${quietSince}::date - ${STUDENT_REMIND_AFTER_DAYS}::int
    and p.student_reminded_for is distinct from coalesce(p.last_entry_date, p.start_date)`;
  const students = await parsedRows(
    db,
    idRow,
    sql`select p.id from placements p where ${studentDue} limit 5000`,
  );
  const out: ReminderRun = { supervisors: 0, students: 0, evaluations: 0, items: [] };
  for (const w of weeks) {
    if (opts.stopped?.()) break;
    if (opts.dryRun) {
      out.items.push({
        kind: "supervisor",
        placementId: w.placementId,
        to: w.email,
        weekStart: w.weekStart,
      });
      out.supervisors++;
      continue;
    }
    const sent = await db.transaction(async (tx) => {
      const claimed = await parsedRows(
        tx,
        idRow,
        sql`update placement_weeks w set supervisor_reminded_at = ${now.toISOString()}::timestamptz
          from placements p
          where p.id = w.placement_id and w.placement_id = ${w.placementId}::uuid
            and w.week_start = ${w.weekStart}::date and ${weekDue}
          returning w.placement_id as id`,
      );
      if (!claimed.length) return false;
      const view = await loadPlacementView(tx, w.placementId);
      if (!view) return false;
      await issueSignoffLink(tx, cfg, view, w.weekStart, "reminder");
      return true;
    });
    if (sent) {
      out.supervisors++;
      out.items.push({
        kind: "supervisor",
        placementId: w.placementId,
        to: w.email,
        weekStart: w.weekStart,
      });
    }
  }
  for (const s of students) {
    if (opts.stopped?.()) break;
    const view = await loadPlacementView(db, s.id);
    if (!view) continue;
    const to = mailAddressOf({
      email: view.studentEmail,
      personalEmail: view.personalEmail,
      mailToPersonal: await mailsToPersonal(db, view.p.studentId),
    });
    if (opts.dryRun) {
      out.students++;
      out.items.push({ kind: "student", placementId: s.id, to });
      continue;
    }
    const sent = await db.transaction(async (tx) => {
      const claimed = await parsedRows(
        tx,
        idRow,
        sql`update placements p set student_reminded_for = coalesce(p.last_entry_date, p.start_date)
          where p.id = ${s.id}::uuid and ${studentDue} returning p.id`,
      );
      if (!claimed.length) return false;
      await enqueueMail(tx, {
        to,
        subject: "Log your OJT hours",
        text: [
          `Hello ${view.firstName},`,
          "",
          `No OJT hours have been logged for your placement at ${view.companyName} for ${STUDENT_REMIND_AFTER_DAYS} days.`,
          "Log the days you worked so your supervisor can sign them each week:",
          `${cfg.publicUrl}/ojt`,
        ].join("\n"),
        template: "ojt_student_reminder",
      });
      return true;
    });
    if (sent) {
      out.students++;
      out.items.push({ kind: "student", placementId: s.id, to });
    }
  }
  const ev = await sendDueEvaluations(db, cfg, opts);
  out.evaluations = ev.sent;
  for (const e of ev.items) out.items.push({ kind: "evaluation", ...e });
  return out;
}

async function mailsToPersonal(db: Db, userId: string): Promise<boolean> {
  const [r] = await db.select({ m: users.mailToPersonal }).from(users).where(eq(users.id, userId));
  return !!r?.m;
}

/** The server's timer: hourly, the first run a few minutes after start (ADR 114). */
export function startOjtReminderWorker(
  getDb: () => Promise<Db>,
  cfg: () => OjtConfig,
  opts: { intervalMs?: number; firstAfterMs?: number; log?: (line: string) => void } = {},
): () => Promise<void> {
  return startPeriodic(
    "ojt-reminders",
    async (stopped) => {
      const r = await runOjtReminders(await getDb(), cfg(), { stopped });
      // The weekly digest of expiring host agreements rides the same timer (once a week each).
      const d = stopped() ? null : await runAgreementDigest(await getDb(), cfg());
      const lines = [
        r.supervisors || r.students || r.evaluations
          ? `queued ${r.supervisors} supervisor and ${r.students} student reminder(s), ${r.evaluations} evaluation request(s)`
          : null,
        d?.agreements
          ? `queued the agreement digest (${d.agreements} agreement(s)) to ${d.recipients} recipient(s)`
          : null,
      ].filter(Boolean);
      return lines.length ? lines.join("; ") : null;
    },
    {
      intervalMs: opts.intervalMs ?? 60 * 60_000,
      firstAfterMs: opts.firstAfterMs ?? 3 * 60_000,
      log: opts.log,
    },
  );
}
