/**
 * /surveys/{id}: answer one survey. Signed-in users only; a survey not meant for the
 * user's role is 'not found'. Admins see a read-only preview. The action also serves the survey
 * dialogs (they post here with a fetcher).
 */
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { loader as rootLoader } from "~/root";
import type { OfflineView, SurveyOffline } from "~/lib/offline/survey-offline";

import { formatDateTime } from "~/lib/datetime";

/** What the screen says about the copy kept on the phone (docs/privacy.md). */
export const OFFLINE_MSG = {
  restored: (when: string) => `Restored your answers from this phone, saved ${when}`,
  clear: "Clear saved answers",
  queued: "Saved on this phone. It will be sent when you are back online.",
  refused:
    "Your answers are still saved on this phone. Correct what is asked below and submit again.",
} as const;
import { screen } from "~/web/screen.server";
import { env } from "~/lib/env.server";
import { answersFromForm, SURVEY_MSG, TARGETING_MSG } from "~/models/survey/survey.rules";
import { getSurveyForAnswering, submitResponse } from "~/models/survey/survey.server";
import { recordInviteOpened } from "~/models/survey/invitations.server";
import { SubmissionFailed, SurveyAnswerForm } from "~/components/survey/survey-answer-form";
import { notify } from "~/components/ui/notify";
import surveyStyles from "~/styles/surveys.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { ErrorReference, UNAVAILABLE_TEXT } from "~/components/ui/error-reference";
import { idempotentForm, IDEMPOTENCY_FORM_MSG, newIdempotencyKey } from "~/web/idempotency.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: surveyStyles }];

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "college",
    async ({ request, params, user, ctx }) => {
      // A mailed link (?invite=…, kept through sign-in by redirectTo) records its opening; it signs no one in.
      const invite = new URL(request.url).searchParams.get("invite");
      if (invite) await recordInviteOpened(ctx.db, params.id ?? "", user.id, invite);
      const { survey, state } = await getSurveyForAnswering(ctx, params.id ?? "");
      // The no-JavaScript form's key; with JavaScript the draft on the phone brings its own.
      return json({
        survey,
        state,
        formKey: newIdempotencyKey(),
        timeZone: env().COLLEGE_TIMEZONE,
      });
    },
    { notFound: SURVEY_MSG.notFound },
  )(args);
}

export type SubmitResult =
  { ok: true; message: string } | { ok: false; message: string; errors?: Record<string, string[]> };

/**
 * Submits the answers. The form carries an idempotency key (hidden field, or the `Idempotency-Key`
 * header of a script): a repeated post of the same answers answers as the first one did.
 */
export function action(args: ActionFunctionArgs) {
  return screen("college", async ({ request, params, user, ctx, failJson }) => {
    const form = await request.formData();
    failJson((err): SubmitResult => ({ ok: false, message: err.message, errors: err.fields }));
    return idempotentForm(
      request,
      user.id,
      form,
      (e) =>
        json<SubmitResult>(
          { ok: false, message: IDEMPOTENCY_FORM_MSG[e.status] },
          { status: e.status, headers: e.headers },
        ),
      async () => {
        const { survey } = await getSurveyForAnswering(ctx, params.id ?? "");
        await submitResponse(ctx, survey.id, answersFromForm(form, survey.questions));
        return json<SubmitResult>({ ok: true, message: SURVEY_MSG.thanks });
      },
    );
  })(args);
}

export default function AnswerSurvey() {
  const { survey, state, formKey, timeZone } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const userId = root?.user?.id ?? null;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const device = useRef<SurveyOffline | null>(null);
  const [view, setView] = useState<OfflineView>({});
  // The device side asks for the survey's state again when queued answers left without it.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Remounts an empty form after "Clear saved answers".
  const [formVersion, setFormVersion] = useState(0);
  // A sent survey is thanked once, by the page's own panel below; only a failure is a notice too.
  useEffect(() => {
    if (result && !result.ok) notify.error(SURVEY_MSG.submissionFailed);
  }, [result]);
  const answering = state === "open" && !result?.ok;
  useEffect(() => {
    const form = formRef.current;
    if (!answering || !userId || !form || typeof indexedDB === "undefined") return;
    let gone = false;
    // The device side is its own chunk: the first paint does not wait for it.
    void import("~/lib/offline/survey-offline")
      .then(({ attachSurveyOffline }) => {
        if (gone) return;
        device.current = attachSurveyOffline({
          form,
          userId,
          surveyId: survey.id,
          payloadOf: (f) => answersFromForm(new FormData(f), survey.questions),
          onView: (v) => setView((old) => ({ ...old, ...v })),
          recheck: () => revalidate.current(),
        });
        // Opened by a link inside the app: ask the service worker to keep this screen too.
        navigator.serviceWorker?.controller?.postMessage({
          type: "keep",
          path: `/surveys/${survey.id}`,
        });
      })
      // A chunk that fails to load leaves the plain form, which posts as it does without JavaScript.
      .catch(() => {});
    return () => {
      gone = true;
      device.current?.detach();
      device.current = null;
    };
  }, [answering, userId, survey.id, survey.questions, formVersion]);

  function onValidSubmit(e: React.FormEvent<HTMLFormElement>) {
    const d = device.current;
    // Without the device side (no IndexedDB) the form posts as it does without JavaScript.
    if (!d) return;
    e.preventDefault();
    setView((v) => ({ ...v, refused: null }));
    void d.submit().catch(() => formRef.current?.submit());
  }

  const done = result?.ok || state === "answered" || !!view.done;
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
            {result?.ok || view.done === "sent" ? SURVEY_MSG.thanks : SURVEY_MSG.alreadyAnswered}
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
          {view.queued ? (
            <p className="alert alert-info" role="status">
              {OFFLINE_MSG.queued}
            </p>
          ) : view.restoredAt ? (
            <p className="alert alert-info row survey-restored" role="status">
              <span>{OFFLINE_MSG.restored(formatDateTime(view.restoredAt, timeZone))}</span>
              <button
                type="button"
                className="btn btn-small"
                onClick={() =>
                  void device.current?.clear().then(() => setFormVersion((n) => n + 1))
                }
              >
                {OFFLINE_MSG.clear}
              </button>
            </p>
          ) : null}
          {view.refused ? (
            <>
              <SubmissionFailed message={view.refused.message} />
              <p className="muted">{OFFLINE_MSG.refused}</p>
            </>
          ) : null}
          {result && !result.ok && !view.refused ? (
            <SubmissionFailed message={result.message} />
          ) : null}
          <SurveyAnswerForm
            key={formVersion}
            formRef={formRef}
            questions={survey.questions}
            Form={Form}
            busy={busy}
            disabled={state === "preview"}
            serverErrors={view.refused?.errors ?? (result && !result.ok ? result.errors : null)}
            onValidSubmit={onValidSubmit}
          >
            <input type="hidden" name="idempotencyKey" value={formKey} />
          </SurveyAnswerForm>
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
