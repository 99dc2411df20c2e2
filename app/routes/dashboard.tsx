import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { defer } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { redirect } from "@remix-run/node";
import { asksForPersonalEmail, dismissPersonalPrompt } from "~/models/user/personal-email.server";
import {
  adminStats,
  EMPTY_ADMIN_STATS,
  EMPTY_STUDENT_STATS,
  studentStats,
} from "~/models/stats/stats.server";
import { listEligibleSurveys } from "~/models/survey/survey.server";
import { displayName } from "~/models/user/names";
import type { Db } from "#db/client";
import { resolveCourse } from "~/models/course/course.server";
import { courseKeywords } from "~/models/job/course-match";
import { newestJobsMatching, recentApplications } from "~/models/job/job.server";
import { AdminDashboard } from "~/components/dashboard/admin-dashboard";
import { StudentDashboard, type StudentFeed } from "~/components/dashboard/student-dashboard";
import type { EligibleSurvey } from "~/components/dashboard/surveys-button";
import type { loader as rootLoader } from "~/root";
import styles from "~/styles/people.css";
import { log } from "~/lib/log.server";
import { currentPlacement, placementCounters } from "~/models/ojt/placement.server";
import { screenCtx } from "~/web/ojt.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { screen } from "~/web/screen.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/**
 * What a student or alumnus can act on: the newest visible jobs for their course (or the newest jobs
 * when nothing matches) and their own recent Apply Now clicks.
 */
async function studentFeed(db: Db, userId: string, courseId: string | null): Promise<StudentFeed> {
  const course = courseId ? await resolveCourse(db, courseId) : null;
  const [jobs, applied] = await Promise.all([
    newestJobsMatching(db, courseKeywords(course), 5),
    recentApplications(db, userId, 5),
  ]);
  return {
    courseName: jobs.matched ? (course?.name ?? null) : null,
    jobs: jobs.rows.map((j) => ({
      id: j.id,
      title: j.title,
      companyName: j.companyName,
      jobType: j.jobType,
      location: j.location,
      createdAt: new Date(j.createdAt).toISOString(),
    })),
    applied: applied.map((a) => ({
      id: a.id,
      title: a.title,
      companyName: a.company_name,
      appliedAt: a.applied_at.toISOString(),
      open: a.open,
    })),
  };
}

/**
 * A part of the dashboard, or null when it cannot be loaded: the page then says so beside it
 * (statistics show zeros, as the spec asks; the jobs and OJT counters a line) and the rest works.
 */
async function orShownFailure<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (e) {
    log.error("dashboard", e);
    return null;
  }
}

/** /dashboard: the admin dashboard for admins, the student/alumni dashboard otherwise; employers go to /employer. */
export function loader(args: LoaderFunctionArgs) {
  return screen("college", async ({ user, ctx }) => {
    // OJT coordinators have no member dashboard: their page is the placements of their programmes.
    if (user.role === "coordinator") throw redirect("/admin/ojt");
    const { db } = ctx;
    if (user.role === "admin") {
      const [stats, ojt] = await Promise.all([
        orShownFailure(adminStats(db)),
        orShownFailure(screenCtx(user, db).then(placementCounters)),
      ]);
      return defer({
        kind: "admin" as const,
        ojt,
        firstName: user.firstName,
        adminStats: stats ?? EMPTY_ADMIN_STATS,
        studentStats: EMPTY_STUDENT_STATS,
        failed: !stats,
        forYou: null,
        askPersonal: false,
        placement: null,
        now: Date.now(),
        surveys: [] as EligibleSurvey[],
      });
    }
    const [stats, forYou, askPersonal, placement] = await Promise.all([
      orShownFailure(studentStats(db, user.id)),
      orShownFailure(studentFeed(db, user.id, user.courseId)),
      asksForPersonalEmail(ctx),
      // Only students have placements (an alumnus has none to log).
      user.role === "student" ? screenCtx(user, db).then(currentPlacement) : null,
    ]);
    return defer({
      kind: "student" as const,
      ojt: null,
      firstName: user.firstName?.trim() || displayName(user),
      adminStats: EMPTY_ADMIN_STATS,
      studentStats: stats ?? EMPTY_STUDENT_STATS,
      failed: !stats,
      forYou,
      askPersonal,
      // The student's planned or deployed internship: the dashboard links to /ojt while there is one.
      placement: placement
        ? { companyName: placement.company.name, status: placement.status }
        : null,
      now: Date.now(),
      // Deferred: the Surveys button shows 'Loading surveys…' until this resolves, and the spec's
      // 'Failed to load surveys' if it fails.
      surveys: listEligibleSurveys(db, user),
    });
  })(args);
}

/** "Not now" on the alumni prompt to add a personal e-mail: it is not asked again. */
export function action(args: ActionFunctionArgs) {
  return screen("college", async ({ request, ctx }) => {
    const form = await request.formData();
    if (form.get("intent") === "personal-prompt-dismiss") await dismissPersonalPrompt(ctx);
    return redirect("/dashboard");
  })(args);
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (data.kind === "admin")
    return (
      <AdminDashboard
        firstName={data.firstName}
        stats={data.adminStats}
        failed={data.failed}
        ojt={data.ojt}
        collegeShortName={root?.config.collegeShortName ?? "gold"}
      />
    );
  // The rest of the loader's data is the student dashboard's props, as named there.
  const { kind: _kind, ojt: _ojt, adminStats: _admin, studentStats, ...student } = data;
  return <StudentDashboard {...student} stats={studentStats} />;
}

export const meta: MetaFunction = () => [
  { title: "Dashboard · Runway" },
  { name: "description", content: "Your Runway dashboard: jobs for you, saved jobs and surveys." },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
