/**
 * /supervise/{token} — the host supervisor's weekly sign-off (ADR 114) and, for an evaluation link,
 * the midterm or final performance evaluation (ADR 117). No account and no sign-in: the mailed link
 * is the authority, for that week or stage and that supervisor only. A plain form (works without
 * JavaScript, one column on a phone). A forged, expired, spent or revoked link answers 404 with one
 * message.
 */
import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BadLinkBoundary } from "~/components/ui/bad-link-boundary";
import { SIGNED_LINK_HEADERS } from "~/web/signed-link.server";
import { getDb } from "~/lib/db.server";
import { ojtConfig } from "~/web/config.server";
import { rethrowNotFound } from "~/lib/screen-errors.server";
import { screen } from "~/web/screen.server";
import { decisionSchema, OJT_MSG } from "~/models/ojt/ojt.schema";
import { decideSignoff, signoffView } from "~/models/ojt/signoff.server";
import { evaluationFormView, superviseLinkKind } from "~/models/ojt/evaluation.server";
import { EVAL_MSG } from "~/models/ojt/evaluation.schema";
import { evaluationAction } from "~/web/ojt-evaluation.server";
import { EvaluationForm, LinkSignature } from "~/components/ojt/evaluation-form";
import { logbookLine } from "~/components/ojt/logbook";
import styles from "~/styles/ojt.css";
import { stylesheet } from "~/components/layout/stylesheet";

export const links = stylesheet(styles);

export function loader(args: LoaderFunctionArgs) {
  return screen("none", async ({ params, onDomainError }) => {
    const db = await getDb();
    const token = params.token ?? "";
    const kind = await superviseLinkKind(db, token);
    // Answered, not thrown: after a decision the same document renders the action's thank-you
    // while this loader (run again) finds the link spent.
    onDomainError((e) => {
      if (e.status !== 404) throw e;
      return json(
        { view: null, evaluation: null, kind },
        { status: 404, headers: SIGNED_LINK_HEADERS },
      );
    });
    if (kind === "evaluation") {
      const evaluation = await evaluationFormView(db, ojtConfig(), token);
      return json({ view: null, evaluation, kind }, { headers: SIGNED_LINK_HEADERS });
    }
    const view = await signoffView(db, ojtConfig(), token);
    return json({ view, evaluation: null, kind }, { headers: SIGNED_LINK_HEADERS });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("none", async ({ request, params, onDomainError }) => {
    const token = params.token ?? "";
    if ((await superviseLinkKind(await getDb(), token)) === "evaluation")
      return evaluationAction(request, token, { onDomainError });
    const form = await request.formData();
    const parsed = decisionSchema.safeParse({
      decision: form.get("decision"),
      comment: form.get("comment") ?? undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return json(
        {
          done: null,
          error: issue?.message ?? OJT_MSG.decision,
          comment: String(form.get("comment") ?? ""),
        },
        { status: 400, headers: SIGNED_LINK_HEADERS },
      );
    }
    onDomainError((e) => rethrowNotFound(e, OJT_MSG.tokenInvalid));
    const r = await decideSignoff(await getDb(), ojtConfig(), token, parsed.data);
    return json({ done: r, error: null, comment: "" }, { headers: SIGNED_LINK_HEADERS });
  })(args);
}

const hours = (m: number) => `${Math.round((m / 60) * 100) / 100} h`;

export default function Supervise() {
  const { view, evaluation, kind } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (actionData && "evaluated" in actionData) {
    if (actionData.evaluated)
      return (
        <main className="page page-narrow supervise">
          <h1>Thank you</h1>
          <p className="alert alert-success" role="status">
            Your evaluation of {actionData.evaluated.studentName} has been received.
          </p>
          <p className="muted">This link has now been used; you can close this page.</p>
        </main>
      );
    if (evaluation)
      return (
        <EvaluationForm
          view={evaluation}
          error={actionData.error}
          errorKeys={actionData.errorKeys}
          values={actionData.values}
          busy={busy}
        />
      );
  }
  if (evaluation) return <EvaluationForm view={evaluation} busy={busy} />;
  const result = actionData && "done" in actionData ? actionData : undefined;
  if (!result?.done && !view)
    return (
      <main className="page page-narrow supervise">
        <h1>{kind === "evaluation" ? "OJT evaluation" : "OJT sign-off"}</h1>
        <p className="alert alert-error" role="alert">
          {kind === "evaluation" ? EVAL_MSG.tokenInvalid : OJT_MSG.tokenInvalid}
        </p>
      </main>
    );
  if (result?.done)
    return (
      <main className="page page-narrow supervise">
        <h1>Thank you</h1>
        <p className="alert alert-success" role="status">
          {result.done.state === "approved"
            ? `You approved the OJT hours of ${result.done.studentName} for the week of ${result.done.weekStart}.`
            : `You returned the week of ${result.done.weekStart} to ${result.done.studentName} with your comment.`}
        </p>
        <p className="muted">This link has now been used; you can close this page.</p>
      </main>
    );
  if (!view) return null;
  return (
    <main className="page page-narrow supervise">
      <h1>OJT hours for sign-off</h1>
      <p>
        <strong>{view.studentName}</strong>
        {view.course ? ` · ${view.course}` : ""} · {view.companyName}
        <br />
        Week of {view.weekStart} to {view.weekEnd} · <strong>{view.totalHours} h</strong>
      </p>
      <ol className="stack supervise-entries" aria-label="Entries of the week">
        {view.entries.map((e) => (
          <li key={e.id} className="card">
            <p>
              <strong>{e.date}</strong> · {e.timeIn}–{e.timeOut}
              {e.breakMinutes ? ` (break ${e.breakMinutes} min)` : ""} · {hours(e.minutes)}
            </p>
            <p style={{ whiteSpace: "pre-wrap" }}>{e.tasks}</p>
            {logbookLine(e) ? <p className="muted">{logbookLine(e)}</p> : null}
          </li>
        ))}
      </ol>
      <Form method="post" className="card stack" replace>
        {result?.error ? (
          <p className="alert alert-error" role="alert" id="decision-error">
            {result.error}
          </p>
        ) : null}
        <label htmlFor="comment">Comment (required to return the week)</label>
        <textarea
          id="comment"
          name="comment"
          rows={3}
          maxLength={2000}
          defaultValue={result?.comment ?? ""}
          aria-describedby={result?.error ? "decision-error" : undefined}
        />
        <div className="row">
          <button
            type="submit"
            name="decision"
            value="approve"
            className="btn btn-primary"
            disabled={busy}
          >
            Approve
          </button>
          <button type="submit" name="decision" value="return" className="btn" disabled={busy}>
            Return with a comment
          </button>
        </div>
        <LinkSignature supervisorName={view.supervisorName} expiresAt={view.expiresAt} />
      </Form>
    </main>
  );
}

/** The page holds a live link: never cached, never sent on as a Referer. */
export const headers: HeadersFunction = () => SIGNED_LINK_HEADERS;

export const meta: MetaFunction = () => [
  { title: "OJT sign-off · Runway" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <BadLinkBoundary title="OJT sign-off" message={OJT_MSG.tokenInvalid} />;
}
