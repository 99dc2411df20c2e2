/**
 * /alerts — 'My alerts': a student's or alumnus's saved searches, each mailed as a
 * digest when new jobs match. Lists, edits (?edit={id}, a URL so it works without JavaScript),
 * pauses/resumes and deletes; the board's 'Save this search' form posts here (intent=create).
 */
import type { MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AlertForm } from "~/components/alerts/alert-form";
import { JOB_TYPE_LABELS, relativeTime } from "~/lib/format";
import { domainInit } from "~/lib/screen-errors.server";
import {
  ALERT_MSG,
  ALERTS_PER_USER_MAX,
  FREQUENCY_LABELS,
  describeAlert,
} from "~/models/alert/alert.rules";
import { createAlert, deleteAlert, listAlerts, updateAlert } from "~/models/alert/alert.server";
import { redirectWithFlash, safeRedirect } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { alertInputSchema, alertPatchSchema, parseWithZod } from "~/web/forms.server";
import { PageHeader } from "~/components/layout/page-header";

/** Students and alumni only: admins go back to their dashboard. */
export function loader(args: LoaderFunctionArgs) {
  return screen("member", async ({ ctx }) =>
    json({ alerts: await listAlerts(ctx), now: Date.now() }),
  )(args);
}

const fail = (to: string, message: string) => redirectWithFlash(to, { kind: "error", message });

export function action(args: ActionFunctionArgs) {
  return screen("member", async ({ request, ctx, failTo, onDomainError }) => {
    const form = await request.formData();
    const intent = form.get("intent");
    const id = String(form.get("id") ?? "");

    if (intent === "create") {
      // From the board: back to the same search, with the outcome as a notice.
      const back = safeRedirect(form.get("back"), "/jobs");
      const submission = parseWithZod(form, { schema: alertInputSchema });
      if (submission.status !== "success") {
        const first = Object.values(submission.error ?? {}).flat()[0];
        return fail(back, first ?? ALERT_MSG.nameRequired);
      }
      failTo(back);
      const a = await createAlert(ctx, submission.value);
      return redirectWithFlash(back, {
        kind: "success",
        message: a.frequency === "off" ? ALERT_MSG.createdPaused : ALERT_MSG.created,
      });
    }

    if (intent === "update") {
      const submission = parseWithZod(form, { schema: alertInputSchema });
      if (submission.status !== "success")
        return json({ id, result: submission.reply() }, { status: 400 });
      onDomainError((err) =>
        json(
          {
            id,
            result: submission.reply({ formErrors: [err.message], fieldErrors: err.fields ?? {} }),
          },
          domainInit(err),
        ),
      );
      await updateAlert(ctx, id, submission.value);
      return redirectWithFlash("/alerts", { kind: "success", message: ALERT_MSG.updated });
    }

    failTo("/alerts");
    if (intent === "frequency") {
      const patch = alertPatchSchema.safeParse({ frequency: form.get("frequency") });
      if (!patch.success) return fail("/alerts", ALERT_MSG.frequency);
      const a = await updateAlert(ctx, id, patch.data);
      return redirectWithFlash("/alerts", {
        kind: "success",
        message: a.frequency === "off" ? ALERT_MSG.paused : ALERT_MSG.resumed,
      });
    }
    if (intent === "delete") {
      await deleteAlert(ctx, id);
      return redirectWithFlash("/alerts", { kind: "success", message: ALERT_MSG.deleted });
    }
    return fail("/alerts", "Unknown action.");
  })(args);
}

export default function MyAlerts() {
  const { alerts, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  // A failed save stays in edit mode even though the form posted to /alerts.
  const editing =
    (actionData && "result" in actionData ? actionData.id : null) ?? params.get("edit");
  return (
    <main className="page page-narrow">
      <PageHeader title="My alerts" as="header">
        <Link to="/jobs" className="btn btn-ghost btn-sm">
          Search jobs
        </Link>
      </PageHeader>
      <p className="muted">
        Save a search on the job board and we e-mail you when new jobs match it — daily or weekly,
        only when there is something new. You can keep up to {ALERTS_PER_USER_MAX} alerts.
      </p>
      <p className="muted">
        Never pay to apply for a job. <Link to="/stay-safe">Stay safe: how to spot a fake job</Link>
      </p>
      {alerts.length === 0 ? (
        <p className="card">
          You have no job alerts yet. <Link to="/jobs">Search the job board</Link> and choose “Save
          this search”.
        </p>
      ) : (
        <ul className="stack alert-list" aria-label="Your job alerts">
          {alerts.map((a) => (
            <li key={a.id} className="card stack">
              {editing === a.id ? (
                <>
                  <h2 className="alert-name">Edit “{a.name}”</h2>
                  <AlertForm
                    alert={a}
                    lastResult={
                      actionData && "result" in actionData && actionData.id === a.id
                        ? actionData.result
                        : undefined
                    }
                  />
                </>
              ) : (
                <>
                  <div className="page-header">
                    <h2 className="alert-name">{a.name}</h2>
                    <span className={`badge ${a.frequency === "off" ? "" : "badge-success"}`}>
                      {FREQUENCY_LABELS[a.frequency]}
                    </span>
                  </div>
                  <p>
                    Jobs matching{" "}
                    {describeAlert({
                      ...a,
                      jobType: a.jobType ? JOB_TYPE_LABELS[a.jobType] : null,
                    })}
                    .{" "}
                    <span className="muted">
                      {a.lastSentAt
                        ? `Last e-mail ${relativeTime(a.lastSentAt, new Date(now))}.`
                        : "No e-mail yet."}
                    </span>
                  </p>
                  <div className="row-actions">
                    <Link to={a.searchUrl} className="btn btn-sm">
                      See matches<span className="visually-hidden"> for {a.name}</span>
                    </Link>
                    <Link to={`/alerts?edit=${a.id}`} className="btn btn-sm" preventScrollReset>
                      Edit<span className="visually-hidden"> {a.name}</span>
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="intent" value="frequency" />
                      <input type="hidden" name="id" value={a.id} />
                      <input
                        type="hidden"
                        name="frequency"
                        value={a.frequency === "off" ? "weekly" : "off"}
                      />
                      <button type="submit" className="btn btn-sm">
                        {a.frequency === "off" ? "Resume (weekly)" : "Pause"}
                        <span className="visually-hidden"> {a.name}</span>
                      </button>
                    </Form>
                    <Form
                      method="post"
                      onSubmit={(e) => {
                        if (!window.confirm(`Delete the alert “${a.name}”?`)) e.preventDefault();
                      }}
                    >
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" className="btn btn-sm btn-danger">
                        Delete<span className="visually-hidden"> {a.name}</span>
                      </button>
                    </Form>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "My alerts · Runway" }];

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
