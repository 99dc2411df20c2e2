/**
 * Dashboard statistics, computed by aggregate SQL in the database — never by
 * loading rows — so they stay fast with tens of thousands of users. Shapes are exactly those of docs/api.md.
 */
import { count, eq, isNull, sql } from "drizzle-orm";
import type { Role } from "#db/constants";
import type { Db } from "#db/client";
import { companies, courses, jobInteractions, jobReports, jobs, users } from "#db/schema";
import { NEW_USERS_DAYS } from "./stats.rules";
import { approvalQueueCount } from "../employer/queue.server";
import { createdWithinDays } from "../user/admin.server";
import { countPublicJobs } from "../job/job.server";
import { topSearches } from "../search/search.server";

/** The admin dashboard lists at most this many courses, and counts users new in this many days. */
export const TOP_COURSES_MAX = 15;
export { NEW_USERS_DAYS };

export const TOP_SEARCHES_MAX = 10;
export const UNKNOWN_COURSE = "Unknown";

export interface AdminStats {
  totalJobs: number;
  totalCompanies: number;
  /** Every account; the sum of roleCounts. */
  totalUsers: number;
  /** The approval queue's count (approvalQueueCount): jobs hidden by reports are in reportedJobs. */
  pendingApproval: number;
  /** Jobs with open reports: the reports queue (/admin/reports). */
  reportedJobs: number;
  newUsers: number;
  roleCounts: RoleCounts;
  topSearches: Array<{ term: string; total: number }>;
  studentsByCourse: Array<{ course: string; total: number }>;
}

/** Accounts by role: every role, so the chart adds up to Total Users. */
export interface RoleCounts {
  students: number;
  alumni: number;
  admins: number;
  employers: number;
  coordinators: number;
}
const ROLE_KEY: Record<Role, keyof RoleCounts> = {
  student: "students",
  alumni: "alumni",
  admin: "admins",
  employer: "employers",
  coordinator: "coordinators",
};
const noRoles = (): RoleCounts => ({
  students: 0,
  alumni: 0,
  admins: 0,
  employers: 0,
  coordinators: 0,
});

export interface StudentStats {
  availableJobs: number;
  jobsViewed: number;
  applications: number;
  companies: number;
}

/** When loading statistics fails, every value is zero. */
export const EMPTY_ADMIN_STATS: AdminStats = {
  totalJobs: 0,
  totalCompanies: 0,
  totalUsers: 0,
  pendingApproval: 0,
  reportedJobs: 0,
  newUsers: 0,
  roleCounts: noRoles(),
  topSearches: [],
  studentsByCourse: [],
};
export const EMPTY_STUDENT_STATS: StudentStats = {
  availableJobs: 0,
  jobsViewed: 0,
  applications: 0,
  companies: 0,
};

const n = (expr: ReturnType<typeof sql>) => expr.mapWith(Number);

/**
 * The admin dashboard numbers: users (all statuses) by role and joined in the last 30 days, jobs,
 * the approval queue's count (the queue's own function), jobs with open reports, companies, the 10 most searched terms (a term counts once per
 * person per day, as search_events stores it) and students per course (top 15, 'Unknown' for none).
 */
export async function adminStats(db: Db): Promise<AdminStats> {
  // One scan of users grouped by (role, course) yields every user figure (a few dozen rows).
  const [groups, courseNames, [j], [c], top, pending, [reported]] = await Promise.all([
    db
      .select({
        role: users.role,
        courseId: users.courseId,
        total: count(),
        fresh: n(sql`count(*) filter (where ${createdWithinDays(NEW_USERS_DAYS)})`),
      })
      .from(users)
      .groupBy(users.role, users.courseId),
    db.select({ id: courses.id, name: courses.name }).from(courses),
    db.select({ total: count() }).from(jobs),
    db.select({ total: count() }).from(companies),
    topSearches(db, { limit: TOP_SEARCHES_MAX }),
    approvalQueueCount(db),
    db
      .select({ n: n(sql`count(distinct ${jobReports.jobId})`) })
      .from(jobReports)
      .where(isNull(jobReports.resolvedAt)),
  ]);
  const nameOf = new Map(courseNames.map((x) => [x.id, x.name]));
  const roleCounts = noRoles();
  const perCourse = new Map<string, number>();
  let totalUsers = 0;
  let newUsers = 0;
  for (const g of groups) {
    totalUsers += g.total;
    newUsers += g.fresh;
    roleCounts[ROLE_KEY[g.role as Role]] += g.total;
    if (g.role === "student") {
      const name = (g.courseId && nameOf.get(g.courseId)) || UNKNOWN_COURSE;
      perCourse.set(name, (perCourse.get(name) ?? 0) + g.total);
    }
  }
  const studentsByCourse = [...perCourse]
    .map(([course, total]) => ({ course, total }))
    .sort((a, b) => b.total - a.total || (a.course < b.course ? -1 : a.course > b.course ? 1 : 0))
    .slice(0, TOP_COURSES_MAX);
  return {
    totalJobs: j.total,
    totalCompanies: c.total,
    totalUsers,
    pendingApproval: pending,
    reportedJobs: reported.n,
    newUsers,
    roleCounts,
    topSearches: top.map((t) => ({ term: t.term, total: t.total })),
    studentsByCourse,
  };
}

/**
 * A student's or alumnus's numbers: approved active jobs, companies, and the distinct jobs this user
 * opened and clicked Apply Now on (rows recorded by the jobs area in job_interactions).
 */
export async function studentStats(db: Db, userId: string): Promise<StudentStats> {
  const [[avail], [comp], [mine]] = await Promise.all([
    countPublicJobs(db).then((n) => [{ n }]),
    db.select({ n: count() }).from(companies),
    db
      .select({
        viewed: n(
          sql`count(distinct ${jobInteractions.jobId}) filter (where ${jobInteractions.kind} = 'view')`,
        ),
        applied: n(
          sql`count(distinct ${jobInteractions.jobId}) filter (where ${jobInteractions.kind} = 'apply')`,
        ),
      })
      .from(jobInteractions)
      .where(eq(jobInteractions.userId, userId)),
  ]);
  return {
    availableJobs: avail.n,
    jobsViewed: mine.viewed,
    applications: mine.applied,
    companies: comp.n,
  };
}
