/**
 * /admin/reports: the reports queue — reported jobs, hidden ones first, then most
 * reporters, oldest first — each with its reports and two plain forms: Dismiss (the reports were
 * wrong; a job hidden by them is shown again) and Uphold (remove the posting from the board).
 * Works without JavaScript: the actions answer with a redirect and a notice.
 */
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { REPORT_RESOLUTIONS, type ReportResolution } from "#db/constants";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { DateTime } from "~/components/ui/date-time";
import { DataTable } from "~/components/data-table/data-table";
import { createColumnHelper } from "@tanstack/react-table";
import {
  REPORT_MSG,
  REPORT_REASON_LABELS,
  REPORT_STATUSES,
  type ReportStatus,
} from "~/models/job/report.rules";
import { listReportedJobs, resolveReports } from "~/models/job/report.server";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { PageHeader } from "~/components/layout/page-header";

export const meta: MetaFunction = () => [{ title: "Reports · Runway" }];

const readStatus = (v: string | null): ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(v ?? "") ? (v as ReportStatus) : "open";

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ request, ctx }) => {
    const status = readStatus(new URL(request.url).searchParams.get("status"));
    const jobs = await listReportedJobs(ctx, status);
    return json({ jobs, status });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, ctx, failTo }) => {
    const form = await request.formData();
    const jobId = String(form.get("jobId") ?? "");
    const resolution = String(form.get("resolution") ?? "");
    const back = `/admin/reports?status=${readStatus(String(form.get("status") ?? ""))}`;
    if (!(REPORT_RESOLUTIONS as readonly string[]).includes(resolution))
      return redirectWithFlash(back, { kind: "error", message: REPORT_MSG.resolution });
    failTo(back);
    await resolveReports(ctx, jobId, resolution as ReportResolution);
    return redirectWithFlash(back, {
      kind: "success",
      message: resolution === "dismissed" ? REPORT_MSG.dismissed : REPORT_MSG.upheld,
    });
  })(args);
}

/** What upholding does (resolveReports), asked before it happens. */
const CONFIRM_UPHOLD = {
  title: "Remove this posting?",
  message: (title: string) =>
    `Upholding the reports takes “${title}” off the board: it is unapproved and deactivated, and its open reports are closed. It returns only if it is edited and approved again.`,
  confirm: "Uphold and remove",
};

const STATUS_LABELS: Record<ReportStatus, string> = {
  open: "Open",
  resolved: "Resolved",
  all: "All",
};

const col = createColumnHelper<SerializeFrom<typeof loader>["jobs"][number]["reports"][number]>();
const reportColumns = [
  col.accessor("reason", { header: "Reason", cell: (c) => REPORT_REASON_LABELS[c.getValue()] }),
  col.accessor("details", {
    header: "Details",
    cell: (c) => <span style={{ whiteSpace: "pre-wrap" }}>{c.getValue() ?? "—"}</span>,
  }),
  col.accessor("createdAt", {
    header: "Reported",
    cell: (c) => <DateTime iso={c.getValue()} />,
  }),
  col.accessor("reporter", {
    header: "By",
    cell: ({ getValue }) => {
      const who = getValue();
      return (
        <>
          {who.name} ({who.email}, {who.role})
        </>
      );
    },
  }),
  col.accessor("resolution", { header: "Resolution", cell: (c) => c.getValue() ?? "open" }),
];

export default function AdminReports() {
  const { jobs, status } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <PageHeader title="Reports" as="header" />
      <nav aria-label="Report status" className="row">
        {REPORT_STATUSES.map((s) => (
          <Link
            key={s}
            to={`/admin/reports?status=${s}`}
            className={`btn btn-sm ${s === status ? "btn-primary" : "btn-ghost"}`}
            aria-current={s === status ? "page" : undefined}
          >
            {STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      {jobs.length === 0 ? (
        <p className="card muted">
          {status === "open" ? "No open reports. Nothing to review." : "No reports."}
        </p>
      ) : (
        <div className="stack">
          {jobs.map((g) => {
            const open = g.reports.some((r) => r.resolution === null);
            const headingId = `report-${g.jobId}`;
            return (
              <article key={g.jobId} className="card stack" aria-labelledby={headingId}>
                <header>
                  <h2 id={headingId}>
                    <Link to={`/jobs/${g.jobId}`}>{g.title}</Link>
                  </h2>
                  <p className="muted">
                    {g.companyName} · {g.reporters} {g.reporters === 1 ? "reporter" : "reporters"}
                    {g.hiddenReason === "reports" ? (
                      <>
                        {" "}
                        <span className="badge badge-danger">Hidden after reports</span>
                      </>
                    ) : g.hiddenReason === "blocked" ? (
                      <>
                        {" "}
                        <span className="badge badge-warning">Company blocked</span>
                      </>
                    ) : null}
                    {!g.isApproved || g.status !== "active" ? (
                      <>
                        {" "}
                        <span className="badge">Not on the board</span>
                      </>
                    ) : null}
                  </p>
                  <p>
                    {Object.entries(g.reasons)
                      .map(
                        ([k, n]) =>
                          `${REPORT_REASON_LABELS[k as keyof typeof REPORT_REASON_LABELS]} × ${n}`,
                      )
                      .join(" · ")}
                  </p>
                </header>
                <DataTable
                  data={g.reports}
                  columns={reportColumns}
                  caption={`Reports of ${g.title}`}
                  empty="No reports."
                  rowKey={(r) => r.id}
                />
                {open ? (
                  <div className="row">
                    <Form method="post">
                      <input type="hidden" name="jobId" value={g.jobId} />
                      <input type="hidden" name="status" value={status} />
                      <input type="hidden" name="resolution" value="dismissed" />
                      <button type="submit" className="btn btn-sm">
                        Dismiss
                        <span className="visually-hidden"> the reports of {g.title}</span>
                      </button>
                    </Form>
                    <ConfirmAction
                      label="Uphold (Remove posting)"
                      ariaLabel={`Uphold (Remove posting): ${g.title}`}
                      title={CONFIRM_UPHOLD.title}
                      message={CONFIRM_UPHOLD.message(g.title)}
                      confirmLabel={CONFIRM_UPHOLD.confirm}
                      fields={{ jobId: g.jobId, status, resolution: "upheld" }}
                    />
                  </div>
                ) : null}
              </article>
            );
          })}
        </div>
      )}
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
