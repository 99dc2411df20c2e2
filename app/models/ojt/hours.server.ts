/**
 * The hours log and its weekly sign-off: entries with every rule of the log (inside the period, not
 * in the future by the college's clock, time out after time in, 16 hours a day, no overlap, minutes
 * computed here), weeks submitted to the supervisor by a mailed link, returned or approved by them,
 * reopened by a coordinator. Approved weeks are locked here and by a trigger in the database.
 */
import { and, asc, eq, gte, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "#db/client";
import type { OjtWeekState } from "#db/constants";
import { ojtSignoffTokens, placementEntries, placements, placementWeeks, users } from "#db/schema";
import { Conflict, Forbidden, NotFound, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import type { Actor } from "../context";
import { enqueueMail } from "../mail/mail.server";
import { mailSupervisorLink, mintSupervisorLink, studentNameOf } from "./supervisor-link.server";
import { mailAddressOf } from "../user/user.server";
import { nowOf, todayOf, type OjtConfig, type OjtCtx } from "./config";
import {
  addDays,
  DAY_MAX_MINUTES,
  formatHm,
  hoursOf,
  isIsoDate,
  isMonday,
  OJT_MSG,
  SIGNOFF_TTL_DAYS,
  weekStartOf,
  type EntryInput,
  type EntryJson,
  type PlacementJson,
  type WeekJson,
} from "./ojt.schema";
import {
  loadPlacementView,
  manageablePlacement,
  placementsJson,
  readablePlacement,
  weekJson,
  type PlacementRow,
  type PlacementView,
} from "./placement.server";
import { formatCalendarDate } from "~/lib/datetime";

type EntryRow = typeof placementEntries.$inferSelect;
type WeekRow = typeof placementWeeks.$inferSelect;

/** States in which the student may change the week's entries. */
const EDITABLE: readonly OjtWeekState[] = ["open", "returned"];

export function entryJson(e: EntryRow, weekState: OjtWeekState | null | undefined): EntryJson {
  return {
    id: e.id,
    date: e.workDate,
    timeIn: formatHm(e.startMinute),
    timeOut: formatHm(e.endMinute),
    breakMinutes: e.breakMinutes,
    minutes: e.minutes,
    tasks: e.tasks,
    aircraftType: e.aircraftType,
    registration: e.registration,
    ataChapter: e.ataChapter,
    involvement: e.involvement,
    locked: !!weekState && !EDITABLE.includes(weekState),
  };
}

/** Refuses a week the student may not change: waiting for the supervisor, or approved (locked). */
function assertEditable(state: OjtWeekState | undefined) {
  if (state === "approved") throw new Conflict(OJT_MSG.locked);
  if (state === "submitted") throw new Conflict(OJT_MSG.waiting);
}

/** The student's own placement (only they log hours), locked for this transaction. */
async function ownPlacementForUpdate(ctx: OjtCtx, tx: Tx, placementId: string) {
  // Inside the transaction (PGlite has one connection: a query outside it would wait forever).
  const { view, scope } = await readablePlacement({ ...ctx, db: tx as Db }, placementId);
  if (scope.kind !== "student")
    throw new Forbidden("Only the student of the placement logs its hours");
  const [p] = await tx
    .select()
    .from(placements)
    .where(eq(placements.id, placementId))
    .for("update");
  return { p, view, actor: scope.actor };
}

/** The condition that picks one week's row. */
const weekIs = (placementId: string, weekStart: string) =>
  and(eq(placementWeeks.placementId, placementId), eq(placementWeeks.weekStart, weekStart));

/** The week row, locked (undefined while the week has none). */
async function selectWeekForUpdate(
  tx: Tx,
  placementId: string,
  weekStart: string,
): Promise<WeekRow | undefined> {
  const [w] = await tx
    .select()
    .from(placementWeeks)
    .where(weekIs(placementId, weekStart))
    .for("update");
  return w;
}

/** Ensures the week row exists and returns it, locked. */
async function weekForUpdate(tx: Tx, placementId: string, weekStart: string): Promise<WeekRow> {
  await tx.insert(placementWeeks).values({ placementId, weekStart }).onConflictDoNothing();
  return (await selectWeekForUpdate(tx, placementId, weekStart))!;
}

/**
 * Locks the placement, then its week (the order every writer of hours takes, so two cannot
 * deadlock), and returns the week row or undefined.
 */
async function lockPlacementWeek(tx: Tx, placementId: string, weekStart: string) {
  await tx
    .select({ id: placements.id })
    .from(placements)
    .where(eq(placements.id, placementId))
    .for("update");
  return selectWeekForUpdate(tx, placementId, weekStart);
}

/** Recomputes a week's minutes and the placement's totals (cheap: index ranges, ≤ ~100 weeks). */
export async function refreshTotals(
  tx: DbOrTx,
  placementId: string,
  weekStarts: string[],
): Promise<void> {
  for (const ws of new Set(weekStarts)) {
    await tx.execute(sql`update placement_weeks w set minutes = coalesce((
        select sum(e.minutes) from placement_entries e
        where e.placement_id = w.placement_id and e.work_date between ${ws}::date and ${addDays(ws, 6)}::date), 0),
        updated_at = now()
      where w.placement_id = ${placementId}::uuid and w.week_start = ${ws}::date`);
  }
  await tx.execute(sql`update placements p set
      approved_minutes = coalesce(s.a, 0), pending_minutes = coalesce(s.s, 0), logged_minutes = coalesce(s.l, 0),
      last_entry_date = (select max(e.work_date) from placement_entries e where e.placement_id = p.id),
      updated_at = now()
    from (select sum(minutes) filter (where state = 'approved') as a,
                 sum(minutes) filter (where state = 'submitted') as s,
                 sum(minutes) as l
          from placement_weeks where placement_id = ${placementId}::uuid) s
    where p.id = ${placementId}::uuid`);
}

/** Every rule of one entry against its placement and the other entries of its day. */
async function checkEntry(
  tx: Tx,
  cfg: OjtConfig,
  p: PlacementRow,
  input: EntryInput,
  selfId: string | null,
) {
  if (p.status !== "deployed") throw new Conflict(OJT_MSG.notDeployed);
  if (input.date < p.startDate || input.date > p.expectedEndDate)
    throw new ValidationError(OJT_MSG.dateOutside, { date: [OJT_MSG.dateOutside] });
  if (input.date > todayOf(cfg))
    throw new ValidationError(OJT_MSG.dateFuture, { date: [OJT_MSG.dateFuture] });
  const sameDay = await tx
    .select()
    .from(placementEntries)
    .where(
      and(
        eq(placementEntries.placementId, p.id),
        eq(placementEntries.workDate, input.date),
        selfId ? ne(placementEntries.id, selfId) : undefined,
      ),
    );
  const minutes = input.timeOut - input.timeIn - input.breakMinutes;
  if (sameDay.some((e) => e.startMinute < input.timeOut && input.timeIn < e.endMinute))
    throw new ValidationError(OJT_MSG.overlap, { timeIn: [OJT_MSG.overlap] });
  const dayTotal = sameDay.reduce((s, e) => s + e.minutes, 0) + minutes;
  if (dayTotal > DAY_MAX_MINUTES)
    throw new ValidationError(OJT_MSG.dayMax, { timeOut: [OJT_MSG.dayMax] });
  return minutes;
}

function entryValues(input: EntryInput, minutes: number) {
  return {
    workDate: input.date,
    weekStart: weekStartOf(input.date),
    startMinute: input.timeIn,
    endMinute: input.timeOut,
    breakMinutes: input.breakMinutes,
    minutes,
    tasks: input.tasks,
    aircraftType: input.aircraftType ?? null,
    registration: input.registration ?? null,
    ataChapter: input.ataChapter ?? null,
    involvement: input.involvement ?? null,
  };
}

/** POST /api/placements/{id}/hours: the student logs one entry while deployed. */
export async function addEntry(
  ctx: OjtCtx,
  placementId: string,
  input: EntryInput,
): Promise<EntryJson> {
  return ctx.db.transaction(async (tx) => {
    const { p } = await ownPlacementForUpdate(ctx, tx, placementId);
    const minutes = await checkEntry(tx, ctx.ojt, p, input, null);
    const week = await weekForUpdate(tx, p.id, weekStartOf(input.date));
    assertEditable(week.state);
    const [row] = await tx
      .insert(placementEntries)
      .values({ placementId: p.id, ...entryValues(input, minutes) })
      .returning();
    await refreshTotals(tx, p.id, [week.weekStart]);
    return entryJson(row, week.state);
  });
}

async function ownEntry(tx: Tx, placementId: string, entryId: string): Promise<EntryRow> {
  if (!isUuid(entryId)) throw new NotFound(OJT_MSG.entryNotFound);
  const [e] = await tx
    .select()
    .from(placementEntries)
    .where(and(eq(placementEntries.id, entryId), eq(placementEntries.placementId, placementId)));
  if (!e) throw new NotFound(OJT_MSG.entryNotFound);
  return e;
}

async function weekState(tx: DbOrTx, placementId: string, weekStart: string) {
  const [w] = await tx
    .select({ state: placementWeeks.state })
    .from(placementWeeks)
    .where(weekIs(placementId, weekStart));
  return w?.state;
}

/** PUT /api/placements/{id}/hours/{entryId}: only while its week (and the new date's) is open or returned. */
export async function updateEntry(
  ctx: OjtCtx,
  placementId: string,
  entryId: string,
  input: EntryInput,
): Promise<EntryJson> {
  return ctx.db.transaction(async (tx) => {
    const { p } = await ownPlacementForUpdate(ctx, tx, placementId);
    const old = await ownEntry(tx, p.id, entryId);
    assertEditable(await weekState(tx, p.id, old.weekStart));
    const minutes = await checkEntry(tx, ctx.ojt, p, input, old.id);
    const week = await weekForUpdate(tx, p.id, weekStartOf(input.date));
    assertEditable(week.state);
    const [row] = await tx
      .update(placementEntries)
      .set({ ...entryValues(input, minutes), updatedAt: nowOf(ctx.ojt) })
      .where(eq(placementEntries.id, old.id))
      .returning();
    await refreshTotals(tx, p.id, [old.weekStart, week.weekStart]);
    await dropEmptyWeek(tx, p.id, old.weekStart);
    return entryJson(row, week.state);
  });
}

/** DELETE /api/placements/{id}/hours/{entryId}. */
export async function deleteEntry(
  ctx: OjtCtx,
  placementId: string,
  entryId: string,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const { p } = await ownPlacementForUpdate(ctx, tx, placementId);
    const old = await ownEntry(tx, p.id, entryId);
    assertEditable(await weekState(tx, p.id, old.weekStart));
    await tx.delete(placementEntries).where(eq(placementEntries.id, old.id));
    await refreshTotals(tx, p.id, [old.weekStart]);
    await dropEmptyWeek(tx, p.id, old.weekStart);
    return { id: old.id };
  });
}

/** A week that was never submitted and has no entry left is not kept. */
async function dropEmptyWeek(tx: Tx, placementId: string, weekStart: string) {
  await tx.execute(sql`delete from placement_weeks w
    where w.placement_id = ${placementId}::uuid and w.week_start = ${weekStart}::date
      and w.state = 'open' and w.submitted_at is null
      and not exists (select 1 from placement_entries e where e.placement_id = w.placement_id and e.week_start = w.week_start)`);
}

export interface WeekEntries {
  weekStart: string;
  weekEnd: string;
  week: WeekJson;
  entries: EntryJson[];
}

function emptyWeek(weekStart: string): WeekJson {
  return {
    weekStart,
    state: "open",
    hours: 0,
    submittedAt: null,
    decidedAt: null,
    decidedBy: null,
    comment: null,
  };
}

function parseWeek(weekStart: string | null | undefined, cfg: OjtConfig): string {
  if (weekStart == null || weekStart === "") return weekStartOf(todayOf(cfg));
  if (!isMonday(weekStart))
    throw new ValidationError(OJT_MSG.weekStart, { week: [OJT_MSG.weekStart] });
  return weekStart;
}

/** GET /api/placements/{id}/hours?week=YYYY-MM-DD (this week when absent): the week and its entries. */
export async function listEntries(
  ctx: OjtCtx,
  placementId: string,
  week?: string | null,
): Promise<WeekEntries> {
  const { view } = await readablePlacement(ctx, placementId);
  const ws = parseWeek(week, ctx.ojt);
  return weekEntries(ctx.db, view.p.id, ws);
}

/** A week's row and entries (no scope check: callers have done it). */
export async function weekEntries(
  db: DbOrTx,
  placementId: string,
  weekStart: string,
): Promise<WeekEntries> {
  const [w] = await db.select().from(placementWeeks).where(weekIs(placementId, weekStart));
  const rows = await db
    .select()
    .from(placementEntries)
    .where(
      and(
        eq(placementEntries.placementId, placementId),
        gte(placementEntries.workDate, weekStart),
        lte(placementEntries.workDate, addDays(weekStart, 6)),
      ),
    )
    .orderBy(asc(placementEntries.workDate), asc(placementEntries.startMinute));
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    week: w ? weekJson(w) : emptyWeek(weekStart),
    entries: rows.map((e) => entryJson(e, w?.state)),
  };
}

/** The last entry's times (the phone form prefills them), or null. */
export async function lastEntryTimes(
  ctx: OjtCtx,
  placementId: string,
): Promise<{ timeIn: string; timeOut: string; breakMinutes: number } | null> {
  const { view } = await readablePlacement(ctx, placementId);
  const [e] = await ctx.db
    .select()
    .from(placementEntries)
    .where(eq(placementEntries.placementId, view.p.id))
    .orderBy(sql`${placementEntries.workDate} desc`, sql`${placementEntries.startMinute} desc`)
    .limit(1);
  if (!e) return null;
  return {
    timeIn: formatHm(e.startMinute),
    timeOut: formatHm(e.endMinute),
    breakMinutes: e.breakMinutes,
  };
}

/**
 * A new sign-off link for a submitted week and its mail to the placement's supervisor. Only the
 * token's hash is stored; the link is bound to the week and to this supervisor address.
 */
export async function issueSignoffLink(
  tx: DbOrTx,
  cfg: OjtConfig,
  view: PlacementView,
  weekStart: string,
  kind: "request" | "resend" | "reminder",
): Promise<void> {
  const link = mintSupervisorLink(cfg, view, SIGNOFF_TTL_DAYS);
  await tx.insert(ojtSignoffTokens).values({ ...link.row, weekStart });
  const { entries } = await weekEntries(tx, view.p.id, weekStart);
  const student = studentNameOf(view);
  const total = hoursOf(entries.reduce((s, e) => s + e.minutes, 0));
  const lines = entries.map(
    (e) =>
      `  ${formatCalendarDate(e.date, true)}  ${e.timeIn}–${e.timeOut}  ${hoursOf(e.minutes)} h  ${e.tasks.split("\n")[0].slice(0, 80)}`,
  );
  const first =
    kind === "reminder"
      ? `Reminder: the OJT hours of ${student} for the week of ${formatCalendarDate(weekStart)} are still waiting for your sign-off.`
      : `${student} (${view.courseName ?? "student"}, ${cfg.collegeName}) asks you to sign their OJT hours at ${view.companyName} for the week of ${formatCalendarDate(weekStart)} to ${formatCalendarDate(addDays(weekStart, 6))}.`;
  await mailSupervisorLink(tx, cfg, view, link, {
    subject:
      kind === "reminder"
        ? `Reminder: OJT hours of ${student} waiting for your sign-off`
        : `Please sign the OJT hours of ${student} (week of ${formatCalendarDate(weekStart)})`,
    body: [first, "", ...lines, `  Total: ${total} h`],
    action: "Approve the week or return it with a comment — no account or sign-in is needed:",
    template: `ojt_signoff_${kind}`,
    notice: "Sign-off link",
  });
}

function staffOrOwner(scopeKind: string, actor: Actor | null, p: PlacementRow) {
  if (scopeKind === "student" && actor?.id !== p.studentId) throw new NotFound(OJT_MSG.notFound);
}

/**
 * POST /api/placements/{id}/weeks/{weekStart}/submit: the student sends a started week with entries
 * to the supervisor (open or returned weeks); one e-mail with a fresh link.
 */
export async function submitWeek(
  ctx: OjtCtx,
  placementId: string,
  weekStart: string,
): Promise<WeekJson> {
  const { view, scope } = await readablePlacement(ctx, placementId);
  if (scope.kind !== "student") throw new Forbidden("Only the student submits their weeks");
  const ws = parseWeek(weekStart, ctx.ojt);
  if (ws > todayOf(ctx.ojt))
    throw new ValidationError(OJT_MSG.weekFuture, { week: [OJT_MSG.weekFuture] });
  return ctx.db.transaction(async (tx) => {
    const w = await lockPlacementWeek(tx, view.p.id, ws);
    if (!w || w.minutes <= 0)
      throw new ValidationError(OJT_MSG.weekEmpty, { week: [OJT_MSG.weekEmpty] });
    assertEditable(w.state);
    const now = nowOf(ctx.ojt);
    const [row] = await tx
      .update(placementWeeks)
      .set({
        state: "submitted",
        submittedAt: now,
        decidedAt: null,
        decidedByName: null,
        decidedByEmail: null,
        comment: null,
        supervisorRemindedAt: null,
        updatedAt: now,
      })
      .where(weekIs(view.p.id, ws))
      .returning();
    await refreshTotals(tx, view.p.id, []);
    const fresh = (await loadPlacementView(tx, view.p.id))!;
    await issueSignoffLink(tx, ctx.ojt, fresh, ws, "request");
    await audit(tx, scope.actor, {
      action: "ojt_week.submit",
      entityType: "placement",
      entityId: view.p.id,
      before: { weekStart: ws, state: w.state },
      after: { weekStart: ws, state: "submitted", supervisorEmail: fresh.p.supervisorEmail },
    });
    return weekJson(row);
  });
}

/** POST …/weeks/{weekStart}/resend: a new link for a week still waiting (student or coordinator). */
export async function resendWeek(
  ctx: OjtCtx,
  placementId: string,
  weekStart: string,
): Promise<WeekJson> {
  const { view, scope } = await readablePlacement(ctx, placementId);
  staffOrOwner(scope.kind, scope.actor, view.p);
  const ws = parseWeek(weekStart, ctx.ojt);
  return ctx.db.transaction(async (tx) => {
    const w = await lockPlacementWeek(tx, view.p.id, ws);
    if (!w || w.state !== "submitted") throw new Conflict(OJT_MSG.weekNotSubmitted);
    await issueSignoffLink(tx, ctx.ojt, view, ws, "resend");
    await audit(tx, scope.actor, {
      action: "ojt_week.resend",
      entityType: "placement",
      entityId: view.p.id,
      before: null,
      after: { weekStart: ws, supervisorEmail: view.p.supervisorEmail },
    });
    return weekJson(w);
  });
}

/**
 * POST …/weeks/{weekStart}/reopen {reason}: a coordinator (or admin) sends a submitted or approved
 * week back to the student with the reason: its entries unlock, every live link stops working, and
 * the week goes through sign-off again when the student resubmits. Audited.
 */
export async function reopenWeek(
  ctx: OjtCtx,
  placementId: string,
  weekStart: string,
  reason: string,
): Promise<WeekJson> {
  const { view, scope } = await manageablePlacement(ctx, placementId);
  const ws = parseWeek(weekStart, ctx.ojt);
  const why = reason?.trim();
  if (!why) throw new ValidationError(OJT_MSG.reason, { reason: [OJT_MSG.reason] });
  return ctx.db.transaction(async (tx) => {
    const w = await lockPlacementWeek(tx, view.p.id, ws);
    if (!w || (w.state !== "submitted" && w.state !== "approved"))
      throw new Conflict(OJT_MSG.weekNotDecided);
    const now = nowOf(ctx.ojt);
    const [row] = await tx
      .update(placementWeeks)
      .set({ state: "returned", comment: why, reopenedAt: now, updatedAt: now })
      .where(weekIs(view.p.id, ws))
      .returning();
    await tx
      .update(ojtSignoffTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(ojtSignoffTokens.placementId, view.p.id),
          eq(ojtSignoffTokens.weekStart, ws),
          isNull(ojtSignoffTokens.spentAt),
          isNull(ojtSignoffTokens.revokedAt),
        ),
      );
    await refreshTotals(tx, view.p.id, []);
    await audit(tx, scope.actor, {
      action: "ojt_week.reopen",
      entityType: "placement",
      entityId: view.p.id,
      before: {
        weekStart: ws,
        state: w.state,
        decidedAt: w.decidedAt,
        decidedBy: w.decidedByEmail,
      },
      after: { weekStart: ws, state: "returned", reason: why },
    });
    const [student] = await tx.select().from(users).where(eq(users.id, view.p.studentId));
    if (student)
      await enqueueMail(tx, {
        to: mailAddressOf(student),
        subject: `Your OJT week of ${ws} was reopened`,
        text: `Your coordinator reopened your OJT hours for the week of ${ws}:\n\n${why}\n\nCorrect the entries on ${ctx.ojt.publicUrl}/ojt and submit the week again.`,
        template: "ojt_week_reopened",
      });
    return weekJson(row);
  });
}

export interface DailyTimeRecord {
  placement: PlacementJson;
  month: string;
  entries: EntryJson[];
  /** The weeks touching the month, with who decided them and when. */
  weeks: (WeekJson & { decidedByEmail: string | null })[];
  totalMinutes: number;
  approvedMinutes: number;
}

/** A student's daily time record for one month (YYYY-MM): the print view's data. */
export async function dailyTimeRecord(
  ctx: OjtCtx,
  placementId: string,
  month: string,
): Promise<DailyTimeRecord> {
  const { view } = await readablePlacement(ctx, placementId);
  const msg = "Enter the month as YYYY-MM";
  if (!/^\d{4}-\d{2}$/.test(month ?? "") || !isIsoDate(`${month}-01`))
    throw new ValidationError(msg, { month: [msg] });
  const first = `${month}-01`;
  // Day 1 + 31 days always lands in the next month: its first day minus one is this month's last.
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  const rows = await ctx.db
    .select()
    .from(placementEntries)
    .where(
      and(
        eq(placementEntries.placementId, view.p.id),
        gte(placementEntries.workDate, first),
        lte(placementEntries.workDate, last),
      ),
    )
    .orderBy(asc(placementEntries.workDate), asc(placementEntries.startMinute));
  const weeks = await ctx.db
    .select()
    .from(placementWeeks)
    .where(
      and(
        eq(placementWeeks.placementId, view.p.id),
        gte(placementWeeks.weekStart, weekStartOf(first)),
        lte(placementWeeks.weekStart, last),
      ),
    )
    .orderBy(asc(placementWeeks.weekStart));
  const state = new Map(weeks.map((w) => [w.weekStart, w.state]));
  const entries = rows.map((e) => entryJson(e, state.get(e.weekStart)));
  const [placement] = await placementsJson(ctx.db, ctx.ojt, [view], { weeks: false });
  return {
    placement,
    month,
    entries,
    weeks: weeks.map((w) => ({ ...weekJson(w), decidedByEmail: w.decidedByEmail })),
    totalMinutes: rows.reduce((s, e) => s + e.minutes, 0),
    approvedMinutes: rows
      .filter((e) => state.get(e.weekStart) === "approved")
      .reduce((s, e) => s + e.minutes, 0),
  };
}
