/**
 * /admin/surveys/{id}/progress (ADR 102): send invitations and reminders (each behind a
 * confirmation that says how many people — the dry run), the batches sent so far with what the
 * outbox has delivered, and the response and knowledge rates overall, by programme and by
 * graduation year (tables, and bar charts loaded lazily after hydration). The page revalidates
 * every 30 seconds while visible and when the window regains focus, so it follows answers and
 * deliveries as they arrive. Works without JavaScript (the confirmation is a link, the send a form).
 */
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { authConfig } from "~/web/config.server";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import { getSurveyForAdmin } from "~/models/survey/survey.server";
import { REMINDER_GAP_MINUTES } from "~/models/survey/invitations.rules";
import { SUPPRESSED_LABEL } from "~/models/survey/outcome-keys";
import {
  getInviteBatches,
  sendInvitations,
  surveyProgress,
  type RateRow,
} from "~/models/survey/invitations.server";
import { BarChartCard, ChartsNoScript } from "~/components/charts/bar-chart";
import { DataTable } from "~/components/data-table/data-table";
import { createColumnHelper } from "@tanstack/react-table";
import { DateTime } from "~/components/ui/date-time";
import { outcomeKeyLabel } from "~/models/survey/outcome-keys";
import chartStyles from "~/styles/people.css";
import { surveyAdminLinks } from "~/components/survey/admin-area";
import { ErrorAlert } from "~/components/ui/error-alert";

export { handle } from "~/components/survey/admin-area";
// The dashboard's stat cards and chart grid after the shared sheets.
export const links = surveyAdminLinks(chartStyles);

const mailConfig = () => {
  const c = authConfig();
  return { publicUrl: c.publicUrl, secret: c.secret, collegeName: c.collegeName };
};

export function loader(args: LoaderFunctionArgs) {
  return screen("admin-or-home", async ({ request, params, ctx, onDomainError }) => {
    onDomainError(() =>
      redirectWithFlash("/admin/surveys", { kind: "error", message: SURVEY_MSG.loadFailed }),
    );
    const { survey } = await getSurveyForAdmin(ctx.db, params.id ?? "");
    const active = survey.status === "active";
    const dry = (reminder: boolean) =>
      active
        ? sendInvitations(ctx, survey.id, { reminder, dryRun: true, config: mailConfig() })
        : Promise.resolve(null);
    const [progress, batches, invitation, reminder] = await Promise.all([
      surveyProgress(ctx, survey.id),
      getInviteBatches(ctx, survey.id),
      dry(false),
      dry(true),
    ]);
    const confirm = new URL(request.url).searchParams.get("confirm");
    return json(
      {
        survey: { id: survey.id, title: survey.title, status: survey.status },
        progress,
        batches,
        would: { invitation: invitation?.queued ?? 0, reminder: reminder?.queued ?? 0 },
        confirm: (confirm === "invitation" || confirm === "reminder" ? confirm : null) as
          "invitation" | "reminder" | null,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin-or-home", async ({ request, params, ctx, failJson }) => {
    const form = await request.formData();
    const intent = form.get("intent");
    if (intent !== "invitation" && intent !== "reminder")
      return json({ ok: false, message: "Unknown action" }, { status: 400 });
    failJson((err) => ({ ok: false, message: err.message }));
    const r = await sendInvitations(ctx, params.id ?? "", {
      reminder: intent === "reminder",
      trigger: "admin",
      config: mailConfig(),
    });
    const what = intent === "reminder" ? "Reminders" : "Invitations";
    throw await redirectWithFlash(`/admin/surveys/${r.surveyId}/progress`, {
      kind: "success",
      message: `${what} queued: ${r.queued} e-mail${r.queued === 1 ? "" : "s"} on their way.`,
    });
  })(args);
}

const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)}%`);
const people = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"}`;

/** Revalidates every `ms` while the page is visible, and whenever the window regains focus. */
function useLiveData(ms: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    };
    const timer = setInterval(tick, ms);
    window.addEventListener("focus", tick);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", tick);
    };
  }, [ms, revalidate, state]);
}

type LabelledRate = RateRow & { label: string };
const rateCol = createColumnHelper<LabelledRate>();
const rateColumns = (header: string) => [
  rateCol.accessor("label", { header }),
  rateCol.accessor("targeted", { header: "Targeted" }),
  rateCol.accessor("invited", { header: "Invited" }),
  rateCol.accessor("answered", { header: "Answered" }),
  rateCol.accessor("responseRate", { header: "Response rate", cell: (c) => pct(c.getValue()) }),
  // A group whose count is suppressed says so once, across the count and its rate.
  rateCol.accessor("known", {
    header: "Status known",
    cell: ({ row: { original: r } }) => (r.knownSuppressed ? SUPPRESSED_LABEL : r.known),
    meta: { colSpan: (r) => (r.knownSuppressed ? 2 : 1) },
  }),
  rateCol.accessor("knowledgeRate", { header: "Knowledge rate", cell: (c) => pct(c.getValue()) }),
];

/** The rates of each programme or year: its name heads the row. */
function RatesTable({
  caption,
  header,
  rows,
}: {
  caption: string;
  header: string;
  rows: LabelledRate[];
}) {
  return (
    <DataTable
      figure
      caption={caption}
      columns={rateColumns(header)}
      data={rows}
      rowKey={(r) => r.label}
      empty="Nobody is targeted yet."
    />
  );
}

const batchCol = createColumnHelper<SerializeFrom<typeof loader>["batches"][number]>();
const count = (
  key: "targeted" | "queued" | "sent" | "failed" | "pending" | "expired",
  header: string,
) => batchCol.accessor(key, { header });
const batchColumns = [
  batchCol.accessor("createdAt", { header: "When", cell: (c) => <DateTime iso={c.getValue()} /> }),
  batchCol.accessor("kind", {
    header: "Kind",
    cell: (c) => (c.getValue() === "reminder" ? "Reminder" : "Invitation"),
  }),
  batchCol.accessor("trigger", { header: "Trigger" }),
  batchCol.display({
    id: "by",
    header: "By",
    cell: ({ row: { original: b } }) =>
      b.createdBy?.name ?? (b.trigger === "admin" ? "(deleted)" : "—"),
  }),
  count("targeted", "Targeted"),
  count("queued", "Queued"),
  count("sent", "Sent"),
  count("failed", "Failed"),
  count("pending", "Pending"),
  count("expired", "Expired"),
];

export default function SurveyProgress() {
  const { survey, progress: p, batches, would, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useLiveData(30_000);
  const active = survey.status === "active";
  const byCourse = p.byCourse.map((r) => ({ ...r, label: r.course }));
  const byYear = p.byGraduationYear.map((r) => ({
    ...r,
    label: r.graduationYear === null ? "No year" : String(r.graduationYear),
  }));
  const chart = (rows: LabelledRate[]) =>
    rows.map((r) => ({
      label: r.label.length > 14 ? `${r.label.slice(0, 13)}…` : r.label,
      title: r.label,
      value: r.responseRate === null ? 0 : Math.round(r.responseRate * 1000) / 10,
    }));
  const confirmCount = confirm ? would[confirm] : 0;
  return (
    <main className="page survey-admin survey-progress">
      <ChartsNoScript />
      <div className="page-header">
        <h1>Progress — {survey.title}</h1>
        <div className="row">
          <Link to={`/admin/surveys/${survey.id}/responses`}>Responses</Link>
          <Link to={`/admin/surveys/${survey.id}/edit`}>Edit</Link>
          <Link to="/admin/surveys">All Surveys</Link>
        </div>
      </div>

      <ErrorAlert message={result && !result.ok ? result.message : null} />

      <section className="card stack" aria-labelledby="send-heading">
        <h2 id="send-heading">Invitations and reminders</h2>
        {!active ? (
          <p className="muted">Only an active survey can be sent: publish the survey first.</p>
        ) : confirm ? (
          <Form method="post" className="stack" replace>
            <p role="status">
              {confirmCount === 0
                ? `Nobody to ${confirm === "reminder" ? "remind" : "invite"} right now.`
                : `This will e-mail ${people(confirmCount)}${
                    confirm === "reminder" ? " who have not answered yet" : ""
                  }. Send now?`}
            </p>
            <div className="row">
              {confirmCount > 0 ? (
                <button type="submit" name="intent" value={confirm} className="btn btn-primary">
                  {confirm === "reminder" ? "Send the reminder" : "Send the invitations"}
                </button>
              ) : null}
              <Link to="." className="btn" replace>
                Cancel
              </Link>
            </div>
          </Form>
        ) : (
          <>
            <div className="row">
              <Link to="?confirm=invitation" className="btn btn-primary" replace>
                Send invitations
              </Link>
              <Link to="?confirm=reminder" className="btn" replace>
                Send reminder to non-responders
              </Link>
            </div>
            <p className="muted">
              Invitations go to everyone the survey targets who has not been invited or answered
              yet; reminders to those who have not answered (not to anyone mailed in the last{" "}
              {REMINDER_GAP_MINUTES} minutes). People who unsubscribed from survey e-mails are never
              mailed. Messages leave through the mail queue at the mail server&apos;s pace.
            </p>
          </>
        )}
      </section>

      <section className="stack" aria-labelledby="rates-heading">
        <h2 id="rates-heading">Response rates</h2>
        <dl className="stat-grid">
          {[
            ["Targeted", p.targeted.toLocaleString("en-US")],
            ["Invited", p.invited.toLocaleString("en-US")],
            ["Opened the link", p.opened.toLocaleString("en-US")],
            ["Answered", p.answered.toLocaleString("en-US")],
            ["Response rate", pct(p.responseRate)],
            ["Knowledge rate", pct(p.knowledgeRate)],
          ].map(([label, value]) => (
            <div key={label} className="card stat-card">
              <dt className="stat-label">{label}</dt>
              <dd className="stat-value">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">
          {p.hasEmploymentQuestion
            ? `Knowledge rate: the share of the targeted whose employment status is known (they answered the question with the outcome key “${outcomeKeyLabel("employment_status")}”).`
            : `Knowledge rate: no question of this survey has the outcome key “${outcomeKeyLabel("employment_status")}”, so no employment status is known yet.`}{" "}
          Updated <DateTime iso={p.computedAt} />.
        </p>
        <div className="chart-grid">
          <BarChartCard
            title="Response rate by programme (%)"
            data={chart(byCourse)}
            orientation="bars"
            labelHeader="Programme"
            valueHeader="Response rate (%)"
            emptyText="Nobody is targeted yet."
          />
          <BarChartCard
            title="Response rate by graduation year (%)"
            data={chart(byYear)}
            labelHeader="Graduation year"
            valueHeader="Response rate (%)"
            emptyText="Nobody is targeted yet."
          />
        </div>
        <RatesTable caption="By programme" header="Programme" rows={byCourse} />
        <RatesTable caption="By graduation year" header="Graduation year" rows={byYear} />
      </section>

      <section className="stack" aria-labelledby="batches-heading">
        <h2 id="batches-heading">Batches sent</h2>
        <DataTable
          data={batches}
          columns={batchColumns}
          empty="No invitations sent yet."
          rowKey={(b) => b.id}
        />
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Progress — ${data?.survey.title ?? "Survey"} · Runway` },
];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
