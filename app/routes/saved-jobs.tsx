/**
 * /saved-jobs — 'Saved jobs': a student's or alumnus's bookmarks, newest first, each
 * marked open, closed or removed. The bookmark buttons on cards and job pages post here
 * (intent=save|unsave): without JavaScript the answer is a redirect back with a notice; with it
 * (mode=fetch) a small JSON answer for the button.
 */
import type { MetaFunction } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { MyJobList } from "~/components/jobs/my-job-list";
import { domainInit } from "~/lib/screen-errors.server";
import { listSavedJobs, SAVED_MSG, saveJob, unsaveJob } from "~/models/job/saved.server";
import { redirectWithFlash, safeRedirect } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { PageHeader } from "~/components/layout/page-header";

/** Students and alumni only: admins go back to their dashboard. */
export function loader(args: LoaderFunctionArgs) {
  return screen("member", async ({ ctx }) =>
    json({ lines: await listSavedJobs(ctx), now: Date.now() }),
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("member", async ({ request, ctx, onDomainError }) => {
    const form = await request.formData();
    const jobId = String(form.get("jobId") ?? "");
    const save = form.get("intent") === "save";
    const back = safeRedirect(form.get("back"), "/saved-jobs");
    const fetch = form.get("mode") === "fetch";
    onDomainError((err) =>
      fetch
        ? json({ saved: !save, message: err.message }, domainInit(err))
        : redirectWithFlash(back, { kind: "error", message: err.message }),
    );
    if (save) await saveJob(ctx, jobId);
    else await unsaveJob(ctx, jobId);
    if (fetch) return json({ saved: save, message: save ? SAVED_MSG.saved : SAVED_MSG.removed });
    return redirectWithFlash(back, {
      kind: "success",
      message: save ? SAVED_MSG.saved : SAVED_MSG.removed,
    });
  })(args);
}

export const links = stylesheet(jobsCss);

export const meta: MetaFunction = () => [{ title: "Saved jobs · Runway" }];

export default function SavedJobs() {
  const { lines, now } = useLoaderData<typeof loader>();
  return (
    <main className="page page-narrow">
      <PageHeader title="Saved jobs">
        <Link to="/applications" className="btn btn-ghost">
          My applications
        </Link>
      </PageHeader>
      {lines.length === 0 ? (
        <p className="muted">
          No saved jobs yet. Use “Save job” on the <Link to="/jobs">job board</Link> to keep a job
          here.
        </p>
      ) : (
        <MyJobList
          lines={lines}
          now={now}
          verb="saved"
          action={(l) =>
            l.jobId ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="jobId" value={l.jobId} />
                <input type="hidden" name="intent" value="unsave" />
                <input type="hidden" name="back" value="/saved-jobs" />
                <button type="submit" className="btn btn-ghost btn-sm">
                  Remove<span className="visually-hidden"> {l.title}</span>
                </button>
              </Form>
            ) : null
          }
        />
      )}
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
