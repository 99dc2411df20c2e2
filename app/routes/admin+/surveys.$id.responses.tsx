/**
 * /admin/surveys/{id}/responses with a summary and Export CSV (beyond the spec). The role
 * filter is a GET form, so the page, the summary and the export link all follow ?role=.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect } from "react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { cohortLabel, formatAnswer, SURVEY_MSG, TARGETING_MSG } from "~/models/survey/survey.rules";
import { courseNamesById } from "~/models/survey/targeting.server";
import {
  countResponses,
  deleteResponse,
  getSurveyForAdmin,
  listResponses,
  readRoleFilter,
  surveySummary,
} from "~/models/survey/survey.server";
import { surveyNotify } from "~/components/survey/notify";
import { SurveySummary } from "~/components/survey/survey-summary";
import { DateTime } from "~/components/ui/date-time";
import { ErrorAlert } from "~/components/ui/error-alert";
import { IntentButton } from "~/components/ui/intent-button";
import { FieldLabel } from "~/components/ui/field-label";

export { handle, links } from "~/components/survey/admin-area";

const PAGE = 20;

export function loader(args: LoaderFunctionArgs) {
  return screen("admin-or-home", async ({ request, params, ctx, onDomainError }) => {
    const db = ctx.db;
    const url = new URL(request.url);
    const role = readRoleFilter(url.searchParams.get("role"));
    const page = Math.max(
      1,
      Math.min(100_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1),
    );
    onDomainError(() =>
      redirectWithFlash("/admin/surveys", { kind: "error", message: SURVEY_MSG.loadFailed }),
    );
    const { survey, questions } = await getSurveyForAdmin(db, params.id ?? "");
    const [total, responses, summary, courseNames] = await Promise.all([
      countResponses(db, survey.id, role),
      listResponses(db, survey.id, { role, limit: PAGE, offset: (page - 1) * PAGE }),
      surveySummary(db, survey.id, { role }),
      courseNamesById(db),
    ]);
    return json({
      survey,
      // An anonymous response is shown by its cohort (programme, graduation year), copied at submit.
      courseNames: Object.fromEntries(courseNames),
      questions,
      responses,
      summary,
      role: role ?? "",
      page,
      pages: Math.max(1, Math.ceil(total / PAGE)),
      total,
    });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin-or-home", async ({ request, params, ctx, failJson }) => {
    const form = await request.formData();
    if (form.get("intent") !== "delete-response")
      return json({ ok: false, message: "Unknown action" }, { status: 400 });
    failJson((err) => ({ ok: false, message: err.message }));
    await deleteResponse(ctx, params.id ?? "", String(form.get("responseId") ?? ""));
    return json({ ok: true, message: "Response deleted." });
  })(args);
}

export default function SurveyResponses() {
  const { survey, questions, responses, summary, role, page, pages, total, courseNames } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigate = useNavigate();
  const submit = useSubmit();
  useEffect(() => {
    if (!result) return;
    if (result.ok) surveyNotify.success(result.message);
    else surveyNotify.error(result.message);
  }, [result]);
  const exportHref = `/api/surveys/${survey.id}/responses/export${role ? `?role=${role}` : ""}`;
  const pageHref = (p: number) =>
    `?${new URLSearchParams({ ...(role ? { role } : {}), page: String(p) })}`;

  return (
    <main className="page survey-admin survey-responses">
      <div className="page-header">
        <h1>Responses — {survey.title}</h1>
        <div className="row">
          <Link
            to="/admin/surveys"
            className="btn"
            onClick={(e) => {
              if (window.history.length > 1) {
                e.preventDefault();
                navigate(-1);
              }
            }}
          >
            Back
          </Link>
          <Link to={`/admin/surveys/${survey.id}/progress`}>Progress</Link>
          <Link to="/admin/surveys">All Surveys</Link>
        </div>
      </div>
      <p className="muted survey-cohort">
        {`Cohort: ${cohortLabel(survey)}`}
        {survey.anonymous ? (
          <>
            {" "}
            <span className="badge">Anonymous</span>
          </>
        ) : null}
      </p>
      {survey.anonymous ? (
        <p className="alert alert-info survey-anonymous-notice" role="note">
          <strong>{TARGETING_MSG.anonymousNotice}.</strong> Each response shows only the role,
          programme and graduation year copied when it was sent, and the day (not the time). The CSV
          export has no names or e-mails either.
        </p>
      ) : null}

      <div className="row survey-toolbar">
        <Form method="get" className="row" onChange={(e) => submit(e.currentTarget)}>
          <FieldLabel htmlFor="role-filter">Role</FieldLabel>
          <select
            id="role-filter"
            name="role"
            defaultValue={role}
            key={role}
            className="survey-role-select"
          >
            <option value="">All Roles</option>
            <option value="student">Students</option>
            <option value="alumni">Alumni</option>
          </select>
          <noscript>
            <button type="submit" className="btn btn-sm">
              Apply
            </button>
          </noscript>
        </Form>
        <a href={exportHref} className="btn btn-primary" download>
          Export CSV
        </a>
        <Link to={`/admin/surveys/${survey.id}/outcomes`} className="btn">
          Outcomes
        </Link>
      </div>

      <ErrorAlert message={result && !result.ok ? result.message : null} />

      <SurveySummary summary={summary} />

      <section className="stack" aria-labelledby="responses-heading">
        <h2 id="responses-heading">
          Responses <span className="muted">({total})</span>
        </h2>
        {responses.length === 0 ? (
          <p className="card muted">No responses yet.</p>
        ) : (
          <ul className="stack survey-response-list">
            {responses.map((r) => {
              const byQ = new Map(r.answers.map((a) => [a.questionId, a.value]));
              const shown = questions.filter((q) => !q.archivedAt || byQ.has(q.id));
              return (
                <li key={r.id} className="card stack survey-response">
                  <div className="row survey-response-head">
                    {survey.anonymous ? (
                      <strong>
                        Anonymous respondent
                        {[
                          r.courseId ? courseNames[r.courseId] : null,
                          r.graduationYear ? `Class of ${r.graduationYear}` : null,
                        ]
                          .filter(Boolean)
                          .map((t) => ` · ${t}`)
                          .join("")}
                      </strong>
                    ) : (
                      <strong>{r.userId?.name || r.userId?.email || "Anonymous"}</strong>
                    )}
                    <span className="badge">{r.role}</span>
                    <span className="muted">
                      {survey.anonymous ? (
                        // Only the day is stored for an anonymous answer (midnight UTC).
                        <time dateTime={r.createdAt.slice(0, 10)}>{r.createdAt.slice(0, 10)}</time>
                      ) : (
                        <DateTime iso={r.createdAt} />
                      )}
                    </span>
                    <Form
                      method="post"
                      className="survey-response-delete"
                      onSubmit={(e) => {
                        if (!window.confirm("Delete this response?")) e.preventDefault();
                      }}
                    >
                      <input type="hidden" name="responseId" value={r.id} />
                      <IntentButton intent="delete-response" className="btn btn-sm btn-ghost">
                        Delete response
                      </IntentButton>
                    </Form>
                  </div>
                  <dl className="survey-answers">
                    {shown.map((q) => (
                      <div key={q.id} className="survey-answer">
                        <dt>
                          {q.text}
                          {q.required ? (
                            <>
                              <span aria-hidden> *</span>
                              <span className="visually-hidden"> (required)</span>
                            </>
                          ) : null}
                          {q.archivedAt ? <span className="muted"> (removed)</span> : null}
                        </dt>
                        <dd>{formatAnswer(byQ.get(q.id))}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
        {pages > 1 ? (
          <nav className="pager" aria-label="Responses pages">
            <span>
              Page {page} of {pages}
            </span>
            <span className="pager-nav">
              {page > 1 ? (
                <Link to={pageHref(page - 1)} className="btn btn-sm">
                  Previous
                </Link>
              ) : null}
              {page < pages ? (
                <Link to={pageHref(page + 1)} className="btn btn-sm">
                  Next
                </Link>
              ) : null}
            </span>
          </nav>
        ) : null}
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Responses — ${data.survey.title}` : "Responses — Runway" },
];

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
