/**
 * The admin dashboard: welcome, theme, stat cards (each a link to the list it counts), three charts
 * (the role chart adds up to Total Users), quick actions.
 */
import { Link } from "@remix-run/react";
import { COURSES } from "#db/constants";
import type { AdminStats } from "~/models/stats/stats.server";
import { NEW_USERS_DAYS } from "~/models/stats/stats.rules";
import type { OjtCounters } from "~/models/ojt/placement.server";
import { BarChartCard, ChartsNoScript } from "../charts/bar-chart";
import { QuickLinks } from "./quick-links";
import { StatCards } from "./stat-cards";
import { ThemeSelector } from "./theme-selector";

const codeOf = new Map(COURSES.map((c) => [c.name, c.code]));

const QUICK_ACTIONS = [
  { to: "/admin/jobs", label: "Manage Jobs" },
  { to: "/admin/companies", label: "Manage Companies" },
  { to: "/admin/users", label: "Manage Users" },
  { to: "/admin/surveys", label: "Manage Surveys" },
  { to: "/admin/ojt", label: "OJT Placements" },
];

export function AdminDashboard({
  firstName,
  stats,
  failed,
  ojt,
  collegeShortName,
}: {
  firstName: string | null;
  stats: AdminStats;
  failed: boolean;
  /** The OJT counters (null when they could not be loaded). */
  ojt: OjtCounters | null;
  collegeShortName: string;
}) {
  return (
    <main className="page dashboard">
      <div className="page-header">
        <div>
          <h1>Welcome, {firstName?.trim() || "Admin"}</h1>
          <p className="muted">Here is what is happening on Runway.</p>
        </div>
        <ThemeSelector collegeShortName={collegeShortName} />
      </div>
      <StatCards
        failed={failed}
        items={[
          { label: "Total Jobs", value: stats.totalJobs, to: "/admin/jobs" },
          { label: "Pending Approval", value: stats.pendingApproval, to: "/admin/jobs?view=queue" },
          { label: "Reported Jobs", value: stats.reportedJobs, to: "/admin/reports" },
          { label: "Total Users", value: stats.totalUsers, to: "/admin/users" },
          {
            label: `New Users (${NEW_USERS_DAYS}d)`,
            value: stats.newUsers,
            to: `/admin/users?joined=${NEW_USERS_DAYS}`,
          },
        ]}
      />
      <section className="card ojt-card" aria-labelledby="ojt-card-title">
        <h2 id="ojt-card-title">OJT</h2>
        {ojt ? (
          <p>
            {ojt.deployed} deployed · {ojt.atRisk} at risk · {ojt.weeksWaiting} weeks waiting for
            supervisors ({ojt.weeksWaitingOver3Days} over 3 days)
          </p>
        ) : (
          <p className="muted">The OJT counters could not be loaded.</p>
        )}
        <Link to="/admin/ojt">Open OJT placements</Link>
      </section>
      <ChartsNoScript />
      <div className="chart-grid">
        <BarChartCard
          title="Total Users by Role"
          labelHeader="Role"
          valueHeader="Users"
          data={[
            { label: "Students", value: stats.roleCounts.students },
            { label: "Alumni", value: stats.roleCounts.alumni },
            { label: "Admins", value: stats.roleCounts.admins },
            { label: "Employers", value: stats.roleCounts.employers },
            { label: "Coordinators", value: stats.roleCounts.coordinators },
          ]}
        />
        <BarChartCard
          title="Most Searched Jobs"
          labelHeader="Search term"
          valueHeader="Searches"
          emptyText="No searches yet."
          data={stats.topSearches.map((s) => ({ label: s.term, value: s.total, title: s.term }))}
        />
        <div className="chart-wide">
          <BarChartCard
            title="Students per Course"
            orientation="bars"
            labelHeader="Course"
            valueHeader="Students"
            emptyText="No students yet."
            data={stats.studentsByCourse.map((c) => ({
              label: codeOf.get(c.course) ?? c.course,
              value: c.total,
              title: c.course,
            }))}
          />
        </div>
      </div>
      <QuickLinks id="quick-actions" title="Quick actions" links={QUICK_ACTIONS} />
    </main>
  );
}
