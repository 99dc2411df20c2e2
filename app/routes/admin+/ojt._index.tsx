/**
 * /admin/ojt — placements for coordinators (their programmes) and admins (all): counters on top,
 * then the placements table (DataTable over TanStack; paging and every filter on the server, in
 * the URL, so it works without JavaScript).
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { createColumnHelper } from "@tanstack/react-table";
import { DataTable, readTableState } from "~/components/data-table/data-table";
import { StatusBadge, STATUS_LABELS, hoursText } from "~/components/ojt/ojt-parts";
import { listCourses } from "~/models/course/course.server";
import { coordinatorCourseList } from "~/models/ojt/access.server";
import type { PlacementJson } from "~/models/ojt/ojt.schema";
import { listPlacements, placementCounters } from "~/models/ojt/placement.server";
import { placementListQuery, screenCtx } from "~/web/ojt.server";
import { screen } from "~/web/screen.server";
import { PLACEMENT_STATUSES } from "#db/constants";
import styles from "~/styles/ojt.css";
import { PlainField } from "~/components/ui/plain-field";
import { formatCalendarDate } from "~/lib/datetime";
import { PageHeader } from "~/components/layout/page-header";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "OJT placements · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("ojt-staff", async ({ request, user: me }) => {
    const ctx = await screenCtx(me);
    const params = new URL(request.url).searchParams;
    const table = readTableState(params, { size: 25 });
    const q = placementListQuery(params);
    const query = { ...q, page: table.page, limit: table.size };
    const [page, counters, courses] = await Promise.all([
      listPlacements(ctx, query, { weeks: false }),
      placementCounters(ctx),
      me.role === "admin"
        ? listCourses(ctx.db).then((cs) =>
            cs.map((c) => ({ id: c.id, code: c.code, name: c.name })),
          )
        : coordinatorCourseList(ctx.db, me.id),
    ]);
    return json({
      rows: page.items.map(rowOf),
      total: page.total,
      table: { ...table, page: page.page },
      counters,
      courses,
      isAdmin: me.role === "admin",
      filters: {
        course: q.course ?? "",
        status: q.status ?? "",
        company: q.company ?? "",
        q: q.q ?? "",
        atRisk: !!q.atRisk,
        weeksPending: !!q.weeksPending,
      },
    });
  })(args);
}

function rowOf(p: PlacementJson) {
  return {
    id: p.id,
    student: p.student.name,
    email: p.student.email,
    course: p.student.course,
    company: p.company.name,
    status: p.status,
    startDate: p.startDate,
    expectedEndDate: p.expectedEndDate,
    requiredHours: p.requiredHours,
    approvedHours: p.approvedHours,
    pendingHours: p.pendingHours,
    atRisk: p.atRisk,
  };
}
type Row = ReturnType<typeof rowOf>;

const col = createColumnHelper<Row>();
const columns = [
  col.accessor("student", {
    header: "Student",
    cell: (c) => (
      <span>
        <Link to={`/admin/ojt/${c.row.original.id}`}>{c.getValue()}</Link>
        <span className="muted ojt-logbook-line">{c.row.original.course ?? "—"}</span>
      </span>
    ),
  }),
  col.accessor("company", { header: "Company" }),
  col.accessor("status", {
    header: "Status",
    cell: (c) => (
      <>
        <StatusBadge status={c.getValue()} />
        {c.row.original.atRisk ? (
          <>
            {" "}
            <span className="badge badge-danger">At risk</span>
          </>
        ) : null}
      </>
    ),
  }),
  col.accessor("approvedHours", {
    header: "Hours",
    cell: (c) =>
      `${hoursText(c.getValue())} of ${c.row.original.requiredHours} h` +
      (c.row.original.pendingHours ? ` (+${hoursText(c.row.original.pendingHours)} pending)` : ""),
  }),
  col.accessor("expectedEndDate", {
    header: "Period",
    cell: (c) =>
      `${formatCalendarDate(c.row.original.startDate)} – ${formatCalendarDate(c.getValue())}`,
  }),
];

export default function OjtPlacements() {
  const data = useLoaderData<typeof loader>();
  const f = data.filters;
  const c = data.counters;
  return (
    <main className="page ojt-page">
      <PageHeader title="OJT placements">
        {data.isAdmin ? (
          <Link to="/admin/ojt/rubric" className="btn btn-ghost btn-sm">
            Evaluation rubric
          </Link>
        ) : null}
        <Link to="/admin/ojt/new" className="btn btn-primary">
          New placement
        </Link>
      </PageHeader>
      <ul className="ojt-counters" aria-label="Counters">
        <li>
          <strong>{c.deployed}</strong> Deployed
        </li>
        <li>
          <strong>{c.atRisk}</strong> <Link to="/admin/ojt?atRisk=true">At risk</Link>
        </li>
        <li>
          <strong>{c.weeksWaiting}</strong>{" "}
          <Link to="/admin/ojt?weeksPending=true">Weeks waiting for supervisors</Link>
        </li>
        <li>
          <strong>{c.weeksWaitingOver3Days}</strong> Weeks waiting over 3 days
        </li>
      </ul>
      <form method="get" className="ojt-filters" aria-label="Filters">
        <PlainField id="f-q" label="Student">
          {(ctrl) => <input {...ctrl} name="q" defaultValue={f.q} type="search" />}
        </PlainField>
        <PlainField id="f-course" label="Programme">
          {(ctrl) => (
            <select {...ctrl} name="course" defaultValue={f.course}>
              <option value="">All programmes</option>
              {data.courses.map((co) => (
                <option key={co.id} value={co.code}>
                  {co.code} — {co.name}
                </option>
              ))}
            </select>
          )}
        </PlainField>
        <PlainField id="f-status" label="Status">
          {(ctrl) => (
            <select {...ctrl} name="status" defaultValue={f.status}>
              <option value="">All statuses</option>
              {PLACEMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          )}
        </PlainField>
        <PlainField id="f-company" label="Company">
          {(ctrl) => <input {...ctrl} name="company" defaultValue={f.company} />}
        </PlainField>
        <label className="checkbox">
          <input type="checkbox" name="atRisk" value="true" defaultChecked={f.atRisk} /> At risk
        </label>
        <label className="checkbox">
          <input type="checkbox" name="weeksPending" value="true" defaultChecked={f.weeksPending} />{" "}
          Weeks pending
        </label>
        <button type="submit" className="btn">
          Filter
        </button>
      </form>
      <DataTable
        data={data.rows}
        columns={columns}
        state={data.table}
        total={data.total}
        empty="No placements match."
        caption="OJT placements"
        rowKey={(r) => r.id}
      />
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
