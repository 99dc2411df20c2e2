import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getUser, redirectWithFlash, safeRedirect } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";
import { JOB_TEXT } from "~/models/job/job.board";
import { applyToJob } from "~/models/job/job.server";
import { rethrowNotFound } from "~/lib/screen-errors.server";
import { Conflict } from "~/lib/errors";
import { actorOf } from "~/models/context";

/**
 * POST /jobs/{id}/apply — Apply Now: records an 'apply' for a signed-in user and sends the browser
 * to the job's apply link, a mail to its apply address (`mailto:` with the job title as subject) or
 * the company website, in that order. A job with none of them shows written instructions instead of
 * the button; a post here anyway goes back to its page with the same words as a notice.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await getUser(request);
  const form = await request.formData().catch(() => new FormData());
  try {
    const { job, target } = await applyToJob(
      { db: await getDb(), actor: actorOf(user) },
      params.id ?? "",
    );
    if (target) return redirect(target.href, 303);
    return redirectWithFlash(safeRedirect(form.get("back"), `/jobs/${job.id}`), {
      kind: "error",
      message: JOB_TEXT.noApplyRoute,
    });
  } catch (e) {
    // Past its deadline: back to the job's page, which says applications are closed.
    if (e instanceof Conflict)
      return redirectWithFlash(`/jobs/${encodeURIComponent(params.id ?? "")}`, {
        kind: "error",
        message: e.message,
      });
    rethrowNotFound(e, "Job not found");
  }
}

/** A GET here (a bookmarked tab) just shows the job. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/jobs/${encodeURIComponent(params.id ?? "")}`);
