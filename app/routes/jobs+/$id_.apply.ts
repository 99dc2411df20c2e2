import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { redirectWithFlash, safeRedirect } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { JOB_TEXT } from "~/models/job/job.board";
import { applyToJob } from "~/models/job/job.server";
import { Conflict } from "~/lib/errors";

/**
 * POST /jobs/{id}/apply — Apply Now: records an 'apply' for a signed-in user and sends the browser
 * to the job's apply link, a mail to its apply address (`mailto:` with the job title as subject) or
 * the company website, in that order. A job with none of them shows written instructions instead of
 * the button; a post here anyway goes back to its page with the same words as a notice.
 */
export function action(args: ActionFunctionArgs) {
  return screen(
    "public",
    async ({ request, params, ctx }) => {
      // A body that is not a form (a hand-made request) only loses the way back.
      const form = await request.formData().catch(() => new FormData());
      const { job, target } = await applyToJob(ctx, params.id ?? "");
      if (target) return redirect(target.href, 303);
      return redirectWithFlash(safeRedirect(form.get("back"), `/jobs/${job.id}`), {
        kind: "error",
        message: JOB_TEXT.noApplyRoute,
      });
    },
    {
      notFound: "Job not found",
      // Past its deadline: back to the job's page, which says applications are closed.
      onDomainError: (e, { params }) =>
        e instanceof Conflict
          ? redirectWithFlash(`/jobs/${encodeURIComponent(params.id ?? "")}`, {
              kind: "error",
              message: e.message,
            })
          : undefined,
    },
  )(args);
}

/** A GET here (a bookmarked tab) just shows the job. */
export const loader = ({ params }: LoaderFunctionArgs) =>
  redirect(`/jobs/${encodeURIComponent(params.id ?? "")}`);
