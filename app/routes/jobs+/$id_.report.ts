/**
 * /jobs/{id}/report: the job page's 'Report this posting' form posts here (no
 * JavaScript needed). Signed-in users only; the answer is a redirect back to the job page with a
 * notice. GET (e.g. after signing in from the guest link) opens the job page at the form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { domainError } from "~/lib/screen-errors.server";
import { ctxOf } from "~/models/context";
import { REPORT_MSG } from "~/models/job/report.rules";
import { reportJob } from "~/models/job/report.server";
import { reportInputSchema } from "~/web/forms.server";
import { redirectWithFlash, requireUser } from "~/web/auth.server";
import { isUuid } from "~/lib/ids";

const jobPath = (id: string) => (isUuid(id) ? `/jobs/${id}` : "/jobs");

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`${jobPath(params.id ?? "")}#report`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
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
  try {
    await reportJob(ctxOf(await getDb(), user), id, parsed.data);
  } catch (e) {
    const err = domainError(e); // anything else is the error boundary's
    return redirectWithFlash(err.status === 404 ? "/jobs" : jobPath(id), {
      kind: "error",
      message: err.message,
    });
  }
  return redirectWithFlash(jobPath(id), { kind: "success", message: REPORT_MSG.thanks });
}
