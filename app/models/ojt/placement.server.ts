/**
 * Placements: create, edit, move through their statuses, list with progress and the at-risk rule.
 * Totals (approved, pending, logged minutes, last entry date) are maintained by hours.server.ts in
 * the same transaction as the entries, so every list here reads a few columns per placement.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { parsedRows, type DbOrTx } from "#db/client";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { PlacementStatus } from "#db/constants";
import {
  auditLog,
  companies,
  courses,
  jobs,
  ojtSignoffTokens,
  placements,
  placementWeeks,
  users,
} from "#db/schema";
import { Conflict, Forbidden, isUniqueViolation, NotFound, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { numeric } from "~/lib/rows";
import { z } from "zod";
import { audit } from "../audit/audit.server";
import { resolveCourse } from "../course/course.server";
import { isCoordinatorOf, ojtScope, staffScope, type OjtScope } from "./access.server";
import { completionFields, mailCompletion } from "./completion.server";
import { assertAgreementCovers } from "./agreements.server";
import { assertChecklistComplete, checklistsOfPlacements } from "./documents.server";
import { evaluationSummaries, revokeEvaluationLinks } from "./evaluation-core.server";
import type { EvaluationSummaryJson } from "./evaluation.schema";
import { nowOf, todayOf, type OjtConfig, type OjtCtx } from "./config";
import {
  addDays,
  AT_RISK_QUIET_DAYS,
  hoursOf,
  OJT_MSG,
  PROJECTION_WEEKS,
  progressOf,
  STATUS_MOVES,
  SUPERVISOR_REMIND_AFTER_DAYS,
  weekStartOf,
  type PlacementInput,
  type PlacementJson,
  type PlacementListQuery,
  type PlacementPatch,
  type StatusChange,
  type WeekJson,
} from "./ojt.schema";
import type { ChecklistItemJson } from "./paperwork.schema";

export type PlacementRow = typeof placements.$inferSelect;
type WeekRow = typeof placementWeeks.$inferSelect;

/** A placement with what its JSON needs of the student, programme and company. */
export interface PlacementView {
  p: PlacementRow;
  firstName: string;
  lastName: string;
  studentEmail: string;
  personalEmail: string | null;
  courseId: string | null;
  courseName: string | null;
  courseCode: string | null;
  companyName: string;
}

const viewColumns = {
  p: placements,
  firstName: users.firstName,
  lastName: users.lastName,
  studentEmail: users.email,
  personalEmail: users.personalEmail,
  courseId: users.courseId,
  courseName: courses.name,
  courseCode: courses.code,
  companyName: companies.name,
};

/** A select from placements joined to its student, their programme (if any) and the host. */
export function withStudentAndHost<T extends PgSelect>(q: T) {
  return q
    .innerJoin(users, eq(users.id, placements.studentId))
    .leftJoin(courses, eq(courses.id, users.courseId))
    .innerJoin(companies, eq(companies.id, placements.companyId));
}

/** The placement views (placement, student, programme if any, host) still to be filtered. */
const selectViews = (db: DbOrTx) =>
  withStudentAndHost(db.select(viewColumns).from(placements).$dynamic());

/** One placement with its student and company, or null (no scope check). */
export async function loadPlacementView(db: DbOrTx, id: string): Promise<PlacementView | null> {
  if (!isUuid(id)) return null;
  const [r] = await selectViews(db).where(eq(placements.id, id));
  return r ?? null;
}

/** True when the scope reaches the placement (its student, the programme's coordinator, admins). */
export function inScope(scope: OjtScope, v: Pick<PlacementView, "p" | "courseId">): boolean {
  if (scope.kind === "all") return true;
  if (scope.kind === "student") return v.p.studentId === scope.actor.id;
  return !!v.courseId && scope.courseIds.includes(v.courseId);
}

/** A placement the caller may read, or 404 (another student's or programme's is not revealed). */
export async function readablePlacement(
  ctx: OjtCtx,
  id: string,
): Promise<{ view: PlacementView; scope: OjtScope }> {
  const scope = await ojtScope(ctx);
  const view = await loadPlacementView(ctx.db, id);
  if (!view || !inScope(scope, view)) throw new NotFound(OJT_MSG.notFound);
  return { view, scope };
}

/** A placement the caller may manage (coordinator of its programme, admin), or 404/403. */
export async function manageablePlacement(ctx: OjtCtx, id: string) {
  const r = await readablePlacement(ctx, id);
  if (r.scope.kind === "student") throw new Forbidden("You do not have permission to do this");
  return { view: r.view, scope: r.scope };
}

/** The first Monday of the projection window and the current week's Monday. */
export function projectionWindow(today: string): { from: string; to: string } {
  const monday = weekStartOf(today);
  return { from: addDays(monday, -7 * PROJECTION_WEEKS), to: monday };
}

/** Approved minutes of the projection window per placement. */
async function recentApproved(
  db: DbOrTx,
  ids: string[],
  today: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const { from, to } = projectionWindow(today);
  const rows = await db
    .select({
      id: placementWeeks.placementId,
      m: sql<number>`coalesce(sum(${placementWeeks.minutes}), 0)::int`,
    })
    .from(placementWeeks)
    .where(
      and(
        inArray(placementWeeks.placementId, ids),
        eq(placementWeeks.state, "approved"),
        sql`${placementWeeks.weekStart} >= ${from}::date and ${placementWeeks.weekStart} < ${to}::date`,
      ),
    )
    .groupBy(placementWeeks.placementId);
  for (const r of rows) out.set(r.id, Number(r.m));
  return out;
}

export function weekJson(w: WeekRow): WeekJson {
  return {
    weekStart: w.weekStart,
    state: w.state,
    hours: hoursOf(w.minutes),
    submittedAt: w.submittedAt?.toISOString() ?? null,
    decidedAt: w.decidedAt?.toISOString() ?? null,
    decidedBy: w.decidedByName ?? null,
    comment: w.comment ?? null,
  };
}

function placementJson(
  v: PlacementView,
  recent: number,
  today: string,
  weeks: WeekRow[],
  checklist: ChecklistItemJson[],
  evaluations: EvaluationSummaryJson[],
): PlacementJson {
  const p = v.p;
  const progress = progressOf({
    status: p.status,
    startDate: p.startDate,
    expectedEndDate: p.expectedEndDate,
    requiredMinutes: p.requiredHours * 60,
    approvedMinutes: p.approvedMinutes,
    recentApprovedMinutes: recent,
    lastEntryDate: p.lastEntryDate,
    today,
  });
  return {
    id: p.id,
    student: {
      id: p.studentId,
      name: `${v.firstName} ${v.lastName}`.trim(),
      email: v.studentEmail,
      course: v.courseName,
    },
    company: { id: p.companyId, name: v.companyName },
    supervisor: {
      name: p.supervisorName,
      position: p.supervisorPosition,
      email: p.supervisorEmail,
      phone: p.supervisorPhone,
    },
    coordinatorId: p.coordinatorId,
    jobId: p.jobId,
    status: p.status,
    statusReason: p.statusReason,
    startDate: p.startDate,
    expectedEndDate: p.expectedEndDate,
    requiredHours: p.requiredHours,
    approvedHours: hoursOf(p.approvedMinutes),
    pendingHours: hoursOf(p.pendingMinutes),
    loggedHours: hoursOf(p.loggedMinutes),
    lastEntryDate: p.lastEntryDate,
    projectedFinish: progress.projectedFinish,
    atRisk: progress.atRisk,
    weeks: weeks.map(weekJson),
    hiredByHost: p.hiredByHost,
    certificateCode: p.certificateCode,
    checklist,
    evaluations,
  };
}

/** The JSON of loaded placements (weeks newest first), in the given order. */
export async function placementsJson(
  db: DbOrTx,
  cfg: OjtConfig,
  views: PlacementView[],
  opts: { weeks?: boolean } = {},
): Promise<PlacementJson[]> {
  const ids = views.map((v) => v.p.id);
  const today = todayOf(cfg);
  const recent = await recentApproved(db, ids, today);
  const weeks = new Map<string, WeekRow[]>();
  if (opts.weeks !== false && ids.length) {
    const rows = await db
      .select()
      .from(placementWeeks)
      .where(inArray(placementWeeks.placementId, ids))
      .orderBy(desc(placementWeeks.weekStart));
    for (const w of rows) {
      if (!weeks.has(w.placementId)) weeks.set(w.placementId, []);
      weeks.get(w.placementId)!.push(w);
    }
  }
  const checklists = await checklistsOfPlacements(db, views);
  const evaluations = await evaluationSummaries(db, ids);
  return views.map((v) =>
    placementJson(
      v,
      recent.get(v.p.id) ?? 0,
      today,
      weeks.get(v.p.id) ?? [],
      checklists.get(v.p.id) ?? [],
      evaluations.get(v.p.id) ?? [],
    ),
  );
}

/** GET /api/placements/{id}: one placement with its weeks. */
export async function getPlacement(ctx: OjtCtx, id: string): Promise<PlacementJson> {
  const { view } = await readablePlacement(ctx, id);
  const [json] = await placementsJson(ctx.db, ctx.ojt, [view]);
  return json;
}

/** The signed-in student's placements, the current (planned or deployed) one first. */
export async function myPlacements(ctx: OjtCtx): Promise<PlacementJson[]> {
  const scope = await ojtScope(ctx);
  if (scope.kind !== "student") throw new Forbidden("You do not have permission to do this");
  const views = await selectViews(ctx.db)
    .where(eq(placements.studentId, scope.actor.id))
    .orderBy(
      sql`case when ${placements.status} in ('planned', 'deployed') then 0 else 1 end`,
      desc(placements.createdAt),
    );
  return placementsJson(ctx.db, ctx.ojt, views);
}

/** The student's current (planned or deployed) placement, or null. */
export async function currentPlacement(ctx: OjtCtx): Promise<PlacementJson | null> {
  const all = await myPlacements(ctx);
  return all.find((p) => p.status === "planned" || p.status === "deployed") ?? null;
}

/**
 * The at-risk rule in SQL (the same as `progressOf`): deployed, required hours not reached, and
 * either no entry for AT_RISK_QUIET_DAYS days or the projection past the expected end. `p` is the
 * placements alias. The projection window's sum is a correlated subquery (≤ 4 rows by the weeks'
 * primary key), evaluated only for placements the cheaper conditions have not already decided.
 */
function atRiskSql(today: string): SQL {
  const { from, to } = projectionWindow(today);
  return sql`(p.status = 'deployed' and p.approved_minutes < p.required_hours * 60 and (
    coalesce(p.last_entry_date, p.start_date) <= ${today}::date - ${AT_RISK_QUIET_DAYS}::int
    or ceil((p.required_hours * 60 - p.approved_minutes) * ${PROJECTION_WEEKS * 7}::numeric
        / nullif((select sum(w.minutes) from placement_weeks w
                  where w.placement_id = p.id and w.state = 'approved'
                    and w.week_start >= ${from}::date and w.week_start < ${to}::date), 0))
      > (p.expected_end_date - ${today}::date)))`;
}

function scopeSql(scope: OjtScope): SQL {
  if (scope.kind === "all") return sql`true`;
  if (scope.kind === "student") return sql`p.student_id = ${scope.actor.id}::uuid`;
  if (!scope.courseIds.length) return sql`false`;
  return sql`u.course_id in (${sql.join(
    scope.courseIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** A case-blind "contains" LIKE pattern (the wildcards typed are literal). */
function likeOf(s: string): string {
  return `%${s.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

async function filterSql(ctx: OjtCtx, scope: OjtScope, q: PlacementListQuery, today: string) {
  const where: SQL[] = [scopeSql(scope)];
  if (q.course) {
    const c = await resolveCourse(ctx.db, q.course);
    where.push(c ? sql`u.course_id = ${c.id}::uuid` : sql`false`);
  }
  if (q.status) where.push(sql`p.status = ${q.status}`);
  const company: string | null | undefined = q.company;
  if (company) {
    if (isUuid(company)) where.push(sql`p.company_id = ${company}::uuid`);
    else where.push(sql`lower(c.name) like ${likeOf(company)}`);
  }
  if (q.q) {
    const like = likeOf(q.q);
    where.push(
      sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(u.email) like ${like})`,
    );
  }
  if (q.atRisk) where.push(atRiskSql(today));
  if (q.weeksPending)
    where.push(
      sql`exists (select 1 from placement_weeks pw where pw.placement_id = p.id and pw.state = 'submitted')`,
    );
  return sql.join(where, sql` and `);
}

export interface PlacementPage {
  items: PlacementJson[];
  total: number;
  page: number;
  limit: number;
}

/**
 * GET /api/placements for coordinators (their programmes) and admins (all); students get their
 * own. Newest first; `weeks` are included (pass `{ weeks: false }` for lighter screens).
 */
export async function listPlacements(
  ctx: OjtCtx,
  q: PlacementListQuery,
  opts: { weeks?: boolean } = {},
): Promise<PlacementPage> {
  const scope = await ojtScope(ctx);
  const today = todayOf(ctx.ojt);
  const page = Math.max(1, q.page ?? 1);
  const limit = Math.max(1, Math.min(q.limit ?? 20, 1000));
  const where = await filterSql(ctx, scope, q, today);
  // The student and company are joined only when a filter reads them (every placement has exactly
  // one of each): joined, the planner hashes all users to page through the placements.
  const company = q.company ?? "";
  const joined =
    (scope.kind !== "all" && scope.kind !== "student") ||
    !!q.course ||
    !!q.q ||
    (!!company && !isUuid(company));
  const from = joined
    ? sql`from placements p
    join users u on u.id = p.student_id
    join companies c on c.id = p.company_id
    where ${where}`
    : sql`from placements p where ${where}`;
  // The page and the total in one pass (the filter runs once); a page past the end counts apart.
  const idRows = await parsedRows(
    ctx.db,
    z.object({ id: z.string(), n: numeric }),
    sql`select p.id, count(*) over ()::int as n ${from} order by p.created_at desc, p.id desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [{ n }] = idRows.length
    ? idRows
    : await parsedRows(ctx.db, z.object({ n: numeric }), sql`select count(*)::int as n ${from}`);
  const ids = idRows.map((r) => r.id);
  const views = ids.length ? await selectViews(ctx.db).where(inArray(placements.id, ids)) : [];
  const byId = new Map(views.map((v) => [v.p.id, v]));
  const ordered = ids.map((id) => byId.get(id)!).filter(Boolean);
  return {
    items: await placementsJson(ctx.db, ctx.ojt, ordered, opts),
    total: n,
    page,
    limit,
  };
}

export interface OjtCounters {
  deployed: number;
  atRisk: number;
  /** Weeks submitted and waiting for their supervisor. */
  weeksWaiting: number;
  /** Of those, waiting more than SUPERVISOR_REMIND_AFTER_DAYS days. */
  weeksWaitingOver3Days: number;
}

/** The counters on top of /admin/ojt and the dashboard card, within the caller's programmes. */
export async function placementCounters(ctx: OjtCtx): Promise<OjtCounters> {
  const scope = await staffScope(ctx);
  const today = todayOf(ctx.ojt);
  const scoped = scopeSql(scope);
  const [a] = await parsedRows(
    ctx.db,
    z.object({ deployed: numeric, atRisk: numeric }),
    sql`select count(*)::int as deployed,
        count(*) filter (where ${atRiskSql(today)})::int as "atRisk"
      from placements p join users u on u.id = p.student_id
      where p.status = 'deployed' and ${scoped}`,
  );
  const cutoff = new Date(nowOf(ctx.ojt).getTime() - SUPERVISOR_REMIND_AFTER_DAYS * 86_400_000);
  const [w] = await parsedRows(
    ctx.db,
    z.object({ waiting: numeric, old: numeric }),
    sql`select count(*)::int as waiting,
        count(*) filter (where w.submitted_at < ${cutoff.toISOString()}::timestamptz)::int as old
      from placement_weeks w join placements p on p.id = w.placement_id
      join users u on u.id = p.student_id
      where w.state = 'submitted' and ${scoped}`,
  );
  // Counts without a group by: always one row each.
  return { ...a, weeksWaiting: w.waiting, weeksWaitingOver3Days: w.old };
}

interface StudentRow {
  id: string;
  role: string;
  email: string;
  personalEmail: string | null;
  courseId: string | null;
  requiredOjtHours: number | null;
}

async function loadStudent(db: DbOrTx, id: string): Promise<StudentRow | null> {
  if (!isUuid(id)) return null;
  const [r] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      personalEmail: users.personalEmail,
      courseId: users.courseId,
      requiredOjtHours: courses.requiredOjtHours,
    })
    .from(users)
    .leftJoin(courses, eq(courses.id, users.courseId))
    .where(eq(users.id, id));
  return r ?? null;
}

function refuseSelfSupervisor(student: StudentRow, email: string) {
  const own = [student.email, student.personalEmail].filter(Boolean).map((e) => e!.toLowerCase());
  if (own.includes(email.toLowerCase()))
    throw new ValidationError(OJT_MSG.supervisorSelf, {
      "supervisor.email": [OJT_MSG.supervisorSelf],
    });
}

async function checkCompany(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw new ValidationError(OJT_MSG.company, { companyId: [OJT_MSG.company] });
  const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!c) throw new ValidationError(OJT_MSG.company, { companyId: [OJT_MSG.company] });
}

const JOB_MSG = "Choose a job posting that exists";
async function checkJob(db: DbOrTx, id: string | null | undefined) {
  if (!id) return;
  const ok =
    isUuid(id) && (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id))).length > 0;
  if (!ok) throw new ValidationError(JOB_MSG, { jobId: [JOB_MSG] });
}

async function checkCoordinator(db: DbOrTx, id: string, courseId: string | null) {
  if (!(await isCoordinatorOf(db, id, courseId)))
    throw new ValidationError(OJT_MSG.coordinator, { coordinatorId: [OJT_MSG.coordinator] });
}

/** The fields an audit entry records about a placement. */
function auditView(p: PlacementRow) {
  return {
    studentId: p.studentId,
    companyId: p.companyId,
    coordinatorId: p.coordinatorId,
    jobId: p.jobId,
    supervisorName: p.supervisorName,
    supervisorPosition: p.supervisorPosition,
    supervisorEmail: p.supervisorEmail,
    supervisorPhone: p.supervisorPhone,
    startDate: p.startDate,
    expectedEndDate: p.expectedEndDate,
    requiredHours: p.requiredHours,
    status: p.status,
    statusReason: p.statusReason,
  };
}

/** POST /api/placements: a coordinator (for a student of their programmes) or an admin. */
export async function createPlacement(ctx: OjtCtx, input: PlacementInput): Promise<PlacementJson> {
  const scope = await staffScope(ctx);
  const student = await loadStudent(ctx.db, input.studentId);
  if (!student) throw new ValidationError(OJT_MSG.student, { studentId: [OJT_MSG.student] });
  if (student.role !== "student")
    throw new ValidationError(OJT_MSG.notStudent, { studentId: [OJT_MSG.notStudent] });
  if (
    scope.kind === "courses" &&
    (!student.courseId || !scope.courseIds.includes(student.courseId))
  )
    throw new Forbidden(OJT_MSG.outOfScope);
  await checkCompany(ctx.db, input.companyId);
  await assertAgreementCovers(ctx.db, input.companyId, input.expectedEndDate);
  await checkJob(ctx.db, input.jobId);
  refuseSelfSupervisor(student, input.supervisor.email);
  const requiredHours = input.requiredHours ?? student.requiredOjtHours;
  if (!requiredHours)
    throw new ValidationError(OJT_MSG.requiredHoursMissing, {
      requiredHours: [OJT_MSG.requiredHoursMissing],
    });
  let coordinatorId: string | null = input.coordinatorId || null;
  if (coordinatorId) await checkCoordinator(ctx.db, coordinatorId, student.courseId);
  else if (scope.kind === "courses") coordinatorId = scope.actor.id;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(placements)
        .values({
          studentId: student.id,
          companyId: input.companyId,
          coordinatorId,
          jobId: input.jobId || null,
          supervisorName: input.supervisor.name,
          supervisorPosition: input.supervisor.position ?? null,
          supervisorEmail: input.supervisor.email,
          supervisorPhone: input.supervisor.phone ?? null,
          startDate: input.startDate,
          expectedEndDate: input.expectedEndDate,
          requiredHours,
          status: "planned",
          statusChangedAt: nowOf(ctx.ojt),
          createdBy: scope.actor?.id ?? null,
        })
        .returning();
      await audit(tx, scope.actor, {
        action: "placement.create",
        entityType: "placement",
        entityId: row.id,
        before: null,
        after: auditView(row),
      });
      const view = (await loadPlacementView(tx, row.id))!;
      return (await placementsJson(tx, ctx.ojt, [view]))[0];
    });
  } catch (e) {
    if (isUniqueViolation(e, "placements_student_open_key"))
      throw new Conflict(OJT_MSG.openPlacement, { studentId: [OJT_MSG.openPlacement] });
    throw e;
  }
}

/**
 * PUT /api/placements/{id}: the coordinator or an admin edits the period, host, supervisor or
 * required hours. A new supervisor address revokes every live sign-off link (they were the old
 * supervisor's); dates may not leave logged entries outside the period.
 */
export async function updatePlacement(
  ctx: OjtCtx,
  id: string,
  patch: PlacementPatch,
): Promise<PlacementJson> {
  const { view, scope } = await manageablePlacement(ctx, id);
  const before = view.p;
  const student = (await loadStudent(ctx.db, before.studentId))!;
  const next = {
    companyId: patch.companyId ?? before.companyId,
    supervisorName: patch.supervisor?.name ?? before.supervisorName,
    supervisorPosition:
      patch.supervisor && "position" in patch.supervisor
        ? (patch.supervisor.position ?? null)
        : before.supervisorPosition,
    supervisorEmail: patch.supervisor?.email ?? before.supervisorEmail,
    supervisorPhone:
      patch.supervisor && "phone" in patch.supervisor
        ? (patch.supervisor.phone ?? null)
        : before.supervisorPhone,
    startDate: patch.startDate ?? before.startDate,
    expectedEndDate: patch.expectedEndDate ?? before.expectedEndDate,
    requiredHours: patch.requiredHours ?? before.requiredHours,
    jobId: patch.jobId === undefined ? before.jobId : patch.jobId || null,
    coordinatorId:
      patch.coordinatorId === undefined ? before.coordinatorId : patch.coordinatorId || null,
  };
  if (next.expectedEndDate < next.startDate)
    throw new ValidationError(OJT_MSG.endBeforeStart, {
      expectedEndDate: [OJT_MSG.endBeforeStart],
    });
  if (next.companyId !== before.companyId) await checkCompany(ctx.db, next.companyId);
  // An open placement keeps a host agreement valid through its (new) expected end date.
  if (
    (before.status === "planned" || before.status === "deployed") &&
    (next.companyId !== before.companyId || next.expectedEndDate !== before.expectedEndDate)
  )
    await assertAgreementCovers(ctx.db, next.companyId, next.expectedEndDate);
  if (next.jobId !== before.jobId) await checkJob(ctx.db, next.jobId);
  if (next.coordinatorId && next.coordinatorId !== before.coordinatorId)
    await checkCoordinator(ctx.db, next.coordinatorId, student.courseId);
  refuseSelfSupervisor(student, next.supervisorEmail);
  const emailChanged = next.supervisorEmail !== before.supervisorEmail;
  return ctx.db.transaction(async (tx) => {
    if (next.startDate !== before.startDate || next.expectedEndDate !== before.expectedEndDate) {
      const [range] = await parsedRows(
        tx,
        z.object({ lo: z.string().nullable(), hi: z.string().nullable() }),
        sql`select min(work_date)::text as lo, max(work_date)::text as hi
          from placement_entries where placement_id = ${id}::uuid`,
      );
      if (range.lo && (range.lo < next.startDate || (range.hi ?? "") > next.expectedEndDate)) {
        const msg = "Logged hours would fall outside the new period";
        throw new ValidationError(msg, { startDate: [msg] });
      }
    }
    const [row] = await tx
      .update(placements)
      .set({ ...next, updatedAt: nowOf(ctx.ojt) })
      .where(eq(placements.id, id))
      .returning();
    if (emailChanged) {
      await tx
        .update(ojtSignoffTokens)
        .set({ revokedAt: nowOf(ctx.ojt) })
        .where(
          and(
            eq(ojtSignoffTokens.placementId, id),
            isNull(ojtSignoffTokens.spentAt),
            isNull(ojtSignoffTokens.revokedAt),
          ),
        );
      await revokeEvaluationLinks(tx, id, nowOf(ctx.ojt));
    }
    const b: Record<string, unknown> = auditView(before);
    const a: Record<string, unknown> = auditView(row);
    const changed = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
    if (changed.length)
      await audit(tx, scope.actor, {
        action: emailChanged ? "placement.supervisor_email" : "placement.update",
        entityType: "placement",
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, b[k]])),
        after: Object.fromEntries(changed.map((k) => [k, a[k]])),
      });
    const v = (await loadPlacementView(tx, id))!;
    return (await placementsJson(tx, ctx.ojt, [v]))[0];
  });
}

const REASON_REQUIRED: readonly PlacementStatus[] = ["withdrawn", "terminated"];

/** POST /api/placements/{id}/status: planned → deployed → completed, or withdrawn/terminated with a reason; audited. */
export async function changePlacementStatus(
  ctx: OjtCtx,
  id: string,
  change: StatusChange,
): Promise<PlacementJson> {
  const { scope, view } = await manageablePlacement(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const [cur] = await tx.select().from(placements).where(eq(placements.id, id)).for("update");
    if (!STATUS_MOVES[cur.status].includes(change.status))
      throw new Conflict(OJT_MSG.transition, { status: [OJT_MSG.transition] });
    if (REASON_REQUIRED.includes(change.status) && !change.reason)
      throw new ValidationError(OJT_MSG.reason, { reason: [OJT_MSG.reason] });
    if (change.status === "deployed") {
      // Deploying needs the host's agreement through the expected end and every document.
      await assertAgreementCovers(tx, cur.companyId, cur.expectedEndDate);
      await assertChecklistComplete(tx, { p: cur, courseId: view.courseId });
    }
    const reason = REASON_REQUIRED.includes(change.status)
      ? change.reason!
      : (change.reason ?? null);
    // Completing has gates of its own and sets the certificate's columns (completion.server).
    const completion =
      change.status === "completed" ? await completionFields(tx, cur, change, ctx.ojt) : {};
    let row: PlacementRow;
    try {
      [row] = await tx
        .update(placements)
        .set({
          status: change.status,
          statusReason: reason,
          statusChangedAt: nowOf(ctx.ojt),
          updatedAt: nowOf(ctx.ojt),
          ...completion,
        })
        .where(eq(placements.id, id))
        .returning();
    } catch (e) {
      if (isUniqueViolation(e, "placements_student_open_key"))
        throw new Conflict(OJT_MSG.openPlacement);
      throw e;
    }
    await audit(tx, scope.actor, {
      action: "placement.status",
      entityType: "placement",
      entityId: id,
      before: { status: cur.status, statusReason: cur.statusReason },
      after: {
        status: row.status,
        statusReason: row.statusReason,
        ...(row.status === "completed" ? { hiredByHost: row.hiredByHost } : {}),
      },
    });
    if (row.status === "completed") await mailCompletion(tx, row, ctx.ojt);
    const v = (await loadPlacementView(tx, id))!;
    return (await placementsJson(tx, ctx.ojt, [v]))[0];
  });
}

/** The audit trail of one placement (its status changes, edits, weeks' decisions), newest first. */
export async function placementAudit(ctx: OjtCtx, id: string) {
  await manageablePlacement(ctx, id);
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "placement"), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(500);
  return rows.map(({ action, actorEmail, before, after, createdAt }) => {
    return { action, actorEmail, before, after, createdAt: createdAt.toISOString() };
  });
}

/** Students of the caller's programmes (for the coordinator's "new placement" form). */
export async function placeableStudents(ctx: OjtCtx, q: string | null, limit = 20) {
  const scope = await staffScope(ctx);
  const where: SQL[] = [eq(users.role, "student"), eq(users.isActive, true)];
  if (scope.kind === "courses") {
    if (!scope.courseIds.length) return [];
    where.push(inArray(users.courseId, scope.courseIds));
  }
  if (q?.trim()) {
    const like = likeOf(q.trim());
    where.push(
      sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${like} or lower(${users.email}) like ${like} or lower(coalesce(${users.studentId}, '')) like ${like})`,
    );
  }
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      studentId: users.studentId,
      courseId: users.courseId,
    })
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(Math.min(limit, 100));
}
