/**
 * /employer (employers only): the company's jobs in every state — Pending review, Approved,
 * Declined (with the reason), Closed, Expired — with the views and Apply Now clicks Runway records
 * per job, and the actions Edit, Close / Reopen and Post a job (ADR 104).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { EMPLOYER_JOB_MSG, listEmployerJobs, reviewStatusOf } from "~/models/employer/jobs.server";
import { getOwnCompany } from "~/models/company/company.server";
import { updateOwnJob } from "~/web/employer-forms.server";
import { JOB_TYPE_LABELS, relativeTime } from "~/lib/format";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { ConfirmAction, confirmWording, type ConfirmWording } from "~/components/ui/confirm-action";
import type { JobType } from "#db/constants";
import { IntentButton } from "~/components/ui/intent-button";

export const links = stylesheet(jobsCss);
export const meta: MetaFunction = () => [{ title: "Employer · Runway" }];

const STATUS_TEXT = {
  pending: { label: "Pending review", badge: "badge-warning" },
  approved: { label: "Approved", badge: "badge-success" },
  declined: { label: "Declined", badge: "badge-danger" },
  closed: { label: "Closed", badge: "" },
  expired: { label: "Expired", badge: "" },
} as const;

/** What closing does, asked before it happens. */
const CONFIRM_CLOSE: ConfirmWording = {
  title: "Close this posting?",
  message: (title: string) =>
    `Closing hides “${title}” from students and alumni; you can reopen it (a reopened posting is reviewed again).`,
  confirm: "Close posting",
};

export function loader(args: LoaderFunctionArgs) {
  return screen("employer", async ({ ctx }) => {
    const [company, list] = await Promise.all([
      getOwnCompany(ctx),
      listEmployerJobs(ctx, {}, { offset: 0, limit: 200 }),
    ]);
    const now = Date.now();
    return json({
      company: { name: company.name },
      total: list.total,
      now,
      jobs: list.rows.map((r) => ({
        id: r.id,
        title: r.title,
        jobType: r.jobType,
        status: r.status,
        reviewStatus: reviewStatusOf(r, now),
        declineReason: r.declineReason,
        submittedAt: new Date(r.submittedAt ?? r.createdAt).toISOString(),
        views: Number(r.views),
        applyClicks: Number(r.applyClicks),
      })),
    });
  })(args);
}

/** Close or Reopen one own job (closing needs no review; reopening is submitted for review). */
export function action(args: ActionFunctionArgs) {
  return screen("employer", async ({ request, ctx, onFailure }) => {
    const form = await request.formData();
    const intent = form.get("intent");
    const id = String(form.get("id") ?? "");
    if (intent !== "close" && intent !== "reopen")
      return redirectWithFlash("/employer", { kind: "error", message: "Unknown action" });
    onFailure((err) =>
      redirectWithFlash("/employer", {
        kind: "error",
        message: err?.message ?? "Something went wrong. Please try again.",
      }),
    );
    const close = intent === "close";
    return updateOwnJob(ctx, id, { status: close ? "closed" : "active" }, () =>
      close ? EMPLOYER_JOB_MSG.closed : EMPLOYER_JOB_MSG.reopened,
    );
  })(args);
}

export default function EmployerDashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <header className="page-header">
        <div>
          <h1>Your jobs</h1>
          <p className="muted">{data.company.name}</p>
        </div>
        <div className="row">
          <Link to="/employer/company" className="btn">
            Company profile
          </Link>
          <Link to="/employer/jobs/new" className="btn btn-primary">
            Post a job
          </Link>
        </div>
      </header>
      <p className="muted">
        New and edited jobs are reviewed by the career office before students and alumni can see
        them. You receive the decision by e-mail.
      </p>
      {data.jobs.length === 0 ? (
        <p className="card">No jobs yet. Post your first opening with “Post a job”.</p>
      ) : (
        <div className="table-scroll table-cards">
          <table className="table">
            <caption className="visually-hidden">Your company’s jobs</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Status</th>
                <th scope="col">Views</th>
                <th scope="col">Apply clicks</th>
                <th scope="col">Submitted</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.jobs.map((j) => {
                const s = STATUS_TEXT[j.reviewStatus];
                return (
                  <tr key={j.id}>
                    <td data-label="Job">
                      {j.reviewStatus === "approved" ? (
                        <Link to={`/jobs/${j.id}`}>{j.title}</Link>
                      ) : (
                        j.title
                      )}
                      <br />
                      <span className="muted">{JOB_TYPE_LABELS[j.jobType as JobType]}</span>
                    </td>
                    <td data-label="Status">
                      <span className={`badge ${s.badge}`}>{s.label}</span>
                      {j.reviewStatus === "declined" && j.declineReason ? (
                        <p className="decline-reason">
                          <strong>Reason:</strong> {j.declineReason}
                        </p>
                      ) : null}
                    </td>
                    <td data-label="Views">{j.views}</td>
                    <td data-label="Apply clicks">{j.applyClicks}</td>
                    <td data-label="Submitted">
                      <time dateTime={j.submittedAt}>
                        {relativeTime(j.submittedAt, new Date(data.now))}
                      </time>
                    </td>
                    <td data-label="Actions">
                      <div className="row-actions">
                        <Link
                          className="btn btn-sm"
                          to={`/employer/jobs/${j.id}/edit`}
                          aria-label={`Edit: ${j.title}`}
                        >
                          Edit
                        </Link>
                        {j.status === "closed" || j.status === "inactive" ? (
                          <Form method="post">
                            <input type="hidden" name="id" value={j.id} />
                            <IntentButton
                              intent="reopen"
                              className="btn btn-sm"
                              aria-label={`Reopen: ${j.title}`}
                            >
                              Reopen
                            </IntentButton>
                          </Form>
                        ) : (
                          <ConfirmAction
                            label="Close"
                            ariaLabel={`Close: ${j.title}`}
                            {...confirmWording(CONFIRM_CLOSE, j.title)}
                            fields={{ intent: "close", id: j.id }}
                            tone="secondary"
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
