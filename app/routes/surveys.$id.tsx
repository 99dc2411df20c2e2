/**
 * /surveys/{id}: answer one survey. Signed-in users only; a survey not meant for the
 * user's role is 'not found'. Admins see a read-only preview. The action also serves the survey
 * dialogs (they post here with a fetcher).
 */
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { requireCollegeUser } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";
import { answersFromForm, SURVEY_MSG, TARGETING_MSG } from "~/models/survey/survey.rules";
import { getSurveyForAnswering, submitResponse } from "~/models/survey/survey.server";
import { recordInviteOpened } from "~/models/survey/invitations.server";
import { SubmissionFailed, SurveyAnswerForm } from "~/components/survey/survey-answer-form";
import { notify } from "~/components/ui/notify";
import surveyStyles from "~/styles/surveys.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { ErrorReference, UNAVAILABLE_TEXT } from "~/components/ui/error-reference";
import { domainReply, rethrowNotFound } from "~/lib/screen-errors.server";
import { actorOf } from "~/models/context";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCollegeUser(request);
  // A mailed link (?invite=…, kept through sign-in by redirectTo) records its opening; it signs no one in.
  const invite = new URL(request.url).searchParams.get("invite");
  if (invite) await recordInviteOpened(await getDb(), params.id ?? "", user.id, invite);
  try {
    const { survey, state } = await getSurveyForAnswering(
      { db: await getDb(), actor: actorOf(user) },
      params.id ?? "",
    );
    return json({ survey, state });
  } catch (e) {
    rethrowNotFound(e, SURVEY_MSG.notFound);
  }
}

export type SubmitResult =
  { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireCollegeUser(request);
  const ctx = { db: await getDb(), actor: actorOf(user) };
  try {
    const { survey } = await getSurveyForAnswering(ctx, params.id ?? "");
    const payload = answersFromForm(await request.formData(), survey.questions);
    await submitResponse(ctx, survey.id, payload);
    return json<SubmitResult>({ ok: true, message: SURVEY_MSG.thanks });
  } catch (e) {
    return domainReply<SubmitResult>(e, (err) => ({
      ok: false,
      message: err.message,
      errors: err.fields,
    }));
  }
}

export default function AnswerSurvey() {
  const { survey, state } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (!result) return;
    if (result.ok) notify.success(SURVEY_MSG.thanks);
    else notify.error(SURVEY_MSG.submissionFailed);
  }, [result]);
  const done = result?.ok || state === "answered";
  return (
    <main className="page page-narrow survey-page">
      <header className="stack survey-head">
        <h1>{survey.title}</h1>
        {survey.description ? <p className="survey-description">{survey.description}</p> : null}
        {survey.anonymous ? (
          // Respondents read the mode before answering (docs/privacy.md).
          <p className="alert alert-info survey-anonymous-notice" role="note">
            {TARGETING_MSG.respondentNotice}
          </p>
        ) : null}
      </header>
      {done ? (
        <div className="card stack" role="status">
          <p className="alert alert-success">
            {result?.ok ? SURVEY_MSG.thanks : SURVEY_MSG.alreadyAnswered}
          </p>
          <p>
            <Link to="/" className="btn">
              Back to home
            </Link>
          </p>
        </div>
      ) : (
        <section className="card" aria-label="Questions">
          {state === "preview" ? (
            <p className="alert alert-info">Preview: administrators do not answer surveys.</p>
          ) : null}
          {result && !result.ok ? <SubmissionFailed message={result.message} /> : null}
          <SurveyAnswerForm
            questions={survey.questions}
            Form={Form}
            busy={busy}
            disabled={state === "preview"}
            serverErrors={result && !result.ok ? result.errors : null}
          />
        </section>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.survey.title} — Runway` : "Survey — Runway" },
  { name: "description", content: "A tracer survey of the college for its students and alumni." },
];

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary defaultStatusHandler={({ status }) => <SurveyError status={status} />} />
  );
}

function SurveyError({ status }: { status: number }) {
  const notFound = status === 404;
  return (
    <main className="page page-narrow">
      <h1>{notFound ? "Survey not available" : "Unexpected Application Error!"}</h1>
      <p>
        {notFound
          ? "This survey does not exist, is closed, or is not meant for you."
          : status === 503
            ? UNAVAILABLE_TEXT
            : "Something went wrong. Please try again."}
      </p>
      <ErrorReference />
      <Link to="/">Go to the home page</Link>
    </main>
  );
}
