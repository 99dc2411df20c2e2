/**
 * /ojt/{id}/dtr?month=YYYY-MM — the daily time record of one month for print: every entry with its
 * times and hours, and per week who approved it and when (on the college's clock). For the student,
 * their programme's coordinators and admins; anyone else gets a 404, as in /api.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TableHead, WEEK_STATE_LABELS, hoursText } from "~/components/ojt/ojt-parts";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { todayOf } from "~/models/ojt/config";
import { dailyTimeRecord } from "~/models/ojt/hours.server";
import { screen } from "~/web/screen.server";
import { addDays, placementNotFound, screenCtx, weekStartOf } from "~/web/ojt.server";
import styles from "~/styles/ojt.css";
import { formatCalendarDate, formatDateTime, formatMonth } from "~/lib/datetime";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `Daily time record ${data.dtr.month} · ${data.dtr.placement.student.name} · Runway`
      : "Daily time record · Runway",
  },
];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "user",
    async ({ request, params, user }) => {
      const ctx = await screenCtx(user);
      const asked = new URL(request.url).searchParams.get("month") ?? "";
      const month = MONTH.test(asked) ? asked : todayOf(ctx.ojt).slice(0, 7);
      const dtr = await dailyTimeRecord(ctx, params.id ?? "", month);
      const [y, m] = month.split("-").map(Number);
      const prev = `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, "0")}`;
      const next = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, "0")}`;
      // Each week's decision beside its days: the DTR is signed per week.
      const weekOf = new Map(dtr.weeks.map((w) => [w.weekStart, w]));
      const rows = dtr.entries.map((e) => ({
        ...e,
        week: weekOf.get(weekStartOf(e.date)) ?? null,
      }));
      return json({
        dtr,
        rows,
        prev,
        next,
        weekEnds: Object.fromEntries(dtr.weeks.map((w) => [w.weekStart, addDays(w.weekStart, 6)])),
        timeZone: ctx.ojt.timeZone,
      });
    },
    { onDomainError: placementNotFound },
  )(args);
}

export default function DailyTimeRecord() {
  const { dtr, rows, prev, next, weekEnds, timeZone } = useLoaderData<typeof loader>();
  const p = dtr.placement;
  return (
    <main className="page dtr-page">
      <nav className="no-print ojt-week-nav" aria-label="Months">
        <a className="btn btn-ghost btn-sm" href={`?month=${prev}`}>
          ‹ {formatMonth(prev)}
        </a>
        <a className="btn btn-ghost btn-sm" href={`?month=${next}`}>
          {formatMonth(next)} ›
        </a>
      </nav>
      <h1>Daily time record — {formatMonth(dtr.month)}</h1>
      <p>
        <strong>{p.student.name}</strong> · {p.student.course ?? "—"}
        <br />
        Host training establishment: {p.company.name} · Supervisor: {p.supervisor.name}
        {p.supervisor.position ? `, ${p.supervisor.position}` : ""}
        <br />
        Period: {formatCalendarDate(p.startDate)} – {formatCalendarDate(p.expectedEndDate)} ·
        Required {p.requiredHours} h · Approved to date {hoursText(p.approvedHours)}
      </p>
      <table className="table-cards">
        <TableHead
          caption="Entries of the month"
          columns={["Date", "In", "Out", "Break", "Hours", "Tasks", "Week"]}
        />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7}>No entries this month.</td>
            </tr>
          ) : (
            rows.map((e) => (
              <tr key={e.id}>
                <td data-label="Date">{formatCalendarDate(e.date, true)}</td>
                <td data-label="In">{e.timeIn}</td>
                <td data-label="Out">{e.timeOut}</td>
                <td data-label="Break">{e.breakMinutes} min</td>
                <td data-label="Hours">{hoursText(e.minutes / 60)}</td>
                <td data-label="Tasks" className="ojt-tasks">
                  {e.tasks}
                </td>
                <td data-label="Week">{e.week ? WEEK_STATE_LABELS[e.week.state] : "Open"}</td>
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Month total (approved)
            </th>
            <td colSpan={3}>
              {hoursText(dtr.totalMinutes / 60)} ({hoursText(dtr.approvedMinutes / 60)} approved)
            </td>
          </tr>
        </tfoot>
      </table>
      <h2>Sign-off</h2>
      <table data-testid="dtr-weeks" className="table-cards">
        <TableHead
          caption="Weeks and their sign-off"
          columns={["Week", "State", "Hours", "Approved by", "When"]}
        />
        <tbody>
          {dtr.weeks.length === 0 ? (
            <tr>
              <td colSpan={5}>No weeks this month.</td>
            </tr>
          ) : (
            dtr.weeks.map((w) => (
              <tr key={w.weekStart}>
                <td data-label="Week">
                  {formatCalendarDate(w.weekStart)} – {formatCalendarDate(weekEnds[w.weekStart])}
                </td>
                <td data-label="State">{WEEK_STATE_LABELS[w.state]}</td>
                <td data-label="Hours">{hoursText(w.hours)}</td>
                <td data-label="Approved by">
                  {w.state === "approved"
                    ? `${w.decidedBy ?? ""}${w.decidedByEmail ? ` <${w.decidedByEmail}>` : ""}`
                    : "—"}
                </td>
                <td data-label="When">
                  {w.state === "approved" && w.decidedAt
                    ? formatDateTime(w.decidedAt, timeZone)
                    : "—"}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div className="dtr-signatures">
        <p>Student</p>
        <p>OJT coordinator</p>
      </div>
      <p className="no-print">
        <button type="button" className="btn" onClick={() => window.print()}>
          Print
        </button>
      </p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
