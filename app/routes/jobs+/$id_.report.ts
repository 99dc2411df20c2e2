/**
 * /jobs/{id}/report: the job page's 'Report this posting' form posts here (no
 * JavaScript needed). Signed-in users only; the answer is a redirect back to the job page with a
 * notice. GET (e.g. after signing in from the guest link) opens the job page at the form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { REPORT_MSG } from "~/models/job/report.rules";
import { reportJob } from "~/models/job/report.server";
import { reportInputSchema } from "~/web/forms.server";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { isUuid } from "~/lib/ids";

const jobPath = (id: string) => (isUuid(id) ? `/jobs/${id}` : "/jobs");

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`${jobPath(params.id ?? "")}#report`);
}

export function action(args: ActionFunctionArgs) {
  return screen(
    "user",
    async ({ request, params, ctx }) => {
      const id = params.id ?? "";
      const form = await request.formData();
      const parsed = reportInputSchema.safeParse({
        reason: form.get("reason") ?? undefined,
        details: form.get("details") ?? undefined,
      });
      if (!parsed.success)
        return redirectWithFlash(`${jobPath(id)}#report`, {
          kind: "error",
          message: parsed.error.issues[0]?.message ?? REPORT_MSG.reason,
        });
      await reportJob(ctx, id, parsed.data);
      return redirectWithFlash(jobPath(id), { kind: "success", message: REPORT_MSG.thanks });
    },
    {
      // A refusal (unknown job, already reported, too many reports) goes back with its notice.
      onDomainError: (e, { params }) =>
        redirectWithFlash(e.status === 404 ? "/jobs" : jobPath(params.id ?? ""), {
          kind: "error",
          message: e.message,
        }),
    },
  )(args);
}
