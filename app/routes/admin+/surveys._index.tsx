/**
 * /admin/surveys: the survey cards. Reloads on first load, on navigation (loaders) and
 * when the window regains focus (revalidation). Delete asks 'Delete this survey?' and says how
 * many responses go with it; without JavaScript the question is a confirmation card (?delete=id).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { screen } from "~/web/screen.server";
import { cohortLabel, SURVEY_MSG, TARGETING_MSG } from "~/models/survey/survey.rules";
import {
  createSurveyFromTemplate,
  deleteSurvey,
  listSurveys,
  type SurveyDto,
} from "~/models/survey/survey.server";
import { surveyNotify } from "~/components/survey/notify";
import { Modal } from "~/components/ui/modal";
import { ErrorAlert } from "~/components/ui/error-alert";
import { IntentButton } from "~/components/ui/intent-button";

export { handle, links } from "~/components/survey/admin-area";

export function loader(args: LoaderFunctionArgs) {
  return screen("admin-or-home", async ({ ctx }) => {
    const surveys = await listSurveys(ctx);
    return json({ surveys });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin-or-home", async ({ request, ctx, failJson }) => {
    const form = await request.formData();
    const intent = form.get("intent");
    failJson((err) => ({ ok: false, message: err.message }));
    if (intent === "template") {
      const s = await createSurveyFromTemplate(ctx);
      return redirect(`/admin/surveys/${s.id}/edit`);
    }
    if (intent === "delete") {
      const r = await deleteSurvey(ctx, String(form.get("id") ?? ""));
      const message = r.responses
        ? `Survey deleted with ${responsesLabel(r.responses)}.`
        : "Survey deleted.";
      return json({ ok: true, message });
    }
    return json({ ok: false, message: "Unknown action" }, { status: 400 });
  })(args);
}

const responsesLabel = (n: number) => `${n} response${n === 1 ? "" : "s"}`;

function deleteNote(n: number) {
  return n ? `${responsesLabel(n)} will be deleted with it.` : "It has no responses yet.";
}

export default function SurveysList() {
  const { surveys } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [confirm, setConfirm] = useState<SurveyDto | null>(null);
  const busy = useNavigation().state === "submitting";
  const { revalidate, state } = useRevalidator();

  // Reload when the browser window regains focus.
  useEffect(() => {
    const onFocus = () => {
      if (state === "idle" && document.visibilityState === "visible") revalidate();
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [revalidate, state]);

  useEffect(() => {
    if (!result) return;
    if (result.ok) surveyNotify.success(result.message);
    else surveyNotify.error(result.message);
    setConfirm(null);
  }, [result]);

  // Without JavaScript, Delete links to ?delete={id}, which shows the same question inline.
  const pending = params.get("delete")
    ? (surveys.find((s) => s.id === params.get("delete")) ?? null)
    : null;

  return (
    <main className="page survey-admin">
      <div className="page-header">
        <h1>Surveys</h1>
        <div className="row">
          <Form method="post">
            <button type="submit" name="intent" value="template" className="btn">
              New from template
            </button>
          </Form>
          <Link to="/admin/surveys/new" className="btn btn-primary">
            + New Survey
          </Link>
        </div>
      </div>

      <ErrorAlert message={result && !result.ok ? result.message : null} />
      {result?.ok ? (
        <p className="visually-hidden" role="status">
          {result.message}
        </p>
      ) : null}

      {pending && !result?.ok ? (
        <div className="card stack" role="alertdialog" aria-labelledby="confirm-delete-title">
          <h2 id="confirm-delete-title">{SURVEY_MSG.deleteConfirm}</h2>
          <p>
            “{pending.title}”: {deleteNote(pending.responseCount ?? 0)}
          </p>
          <Form method="post" action="/admin/surveys?index" className="row">
            <input type="hidden" name="id" value={pending.id} />
            <button type="submit" name="intent" value="delete" className="btn btn-danger">
              Delete
            </button>
            <Link to="/admin/surveys" className="btn">
              Cancel
            </Link>
          </Form>
        </div>
      ) : null}

      {surveys.length === 0 ? (
        <p className="card muted">No surveys yet.</p>
      ) : (
        <ul className="grid-cards survey-cards">
          {surveys.map((s) => (
            <li key={s.id} className="card stack survey-card">
              <div className="row survey-card-head">
                <h2>{s.title}</h2>
                <span className={`badge ${s.status === "active" ? "badge-success" : ""}`}>
                  {s.status === "active" ? "Active" : "Inactive"}
                </span>
                {s.anonymous ? (
                  <span className="badge" title={TARGETING_MSG.anonymousNotice}>
                    Anonymous
                  </span>
                ) : null}
              </div>
              {s.description ? <p className="survey-card-description">{s.description}</p> : null}
              <p className="muted">
                {`Audience: ${s.audience.toUpperCase()} · ${s.questionCount} question${s.questionCount === 1 ? "" : "s"}`}
              </p>
              <p className="muted survey-card-cohort">{`Cohort: ${cohortLabel(s)}`}</p>
              <div className="row survey-card-actions">
                <Link
                  to={`/admin/surveys/${s.id}/responses`}
                  className="btn btn-sm"
                  aria-label={`Responses: ${s.title}`}
                >
                  Responses
                </Link>
                <Link
                  to={`/admin/surveys/${s.id}/progress`}
                  className="btn btn-sm"
                  aria-label={`Progress: ${s.title}`}
                >
                  Progress
                </Link>
                <Link
                  to={`/admin/surveys/${s.id}/outcomes`}
                  className="btn btn-sm"
                  aria-label={`Outcomes: ${s.title}`}
                >
                  Outcomes
                </Link>
                <Link
                  to={`/admin/surveys/${s.id}/edit`}
                  className="btn btn-sm"
                  aria-label={`Edit: ${s.title}`}
                >
                  Edit
                </Link>
                <Link
                  to={`?delete=${s.id}`}
                  className="btn btn-sm btn-danger"
                  aria-label={`Delete: ${s.title}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setConfirm(s);
                  }}
                >
                  Delete
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={SURVEY_MSG.deleteConfirm}
        size="sm"
        footer={
          <Form method="post" action="/admin/surveys?index" className="row">
            <input type="hidden" name="id" value={confirm?.id ?? ""} />
            <button type="button" className="btn" onClick={() => setConfirm(null)}>
              Cancel
            </button>
            <IntentButton intent="delete" className="btn btn-danger" disabled={busy}>
              {busy ? "Deleting…" : "Delete"}
            </IntentButton>
          </Form>
        }
      >
        {confirm ? (
          <p>
            “{confirm.title}”: {deleteNote(confirm.responseCount ?? 0)}
          </p>
        ) : null}
      </Modal>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Surveys — Runway" }];

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
