/**
 * The employer screens' form schemas and conform's parse, kept in a `.server` module so
 * the browser bundle of /employers and /employer/team never carries zod (see forms.server.ts);
 * and the save of an own job that the job screens share.
 */
import type { Ctx } from "~/models/context";
import type { JobUpdateInput } from "~/models/job/job.schema";
import { employerUpdateJob } from "~/models/employer/jobs.server";
import { redirectWithFlash } from "./auth.server";
import { employerLimits } from "./config.server";

export { parseWithZod } from "@conform-to/zod/v4";
export { employerFormSchema, invitationSchema } from "~/models/employer/employer.schema";

/**
 * Changes one of the company's own jobs (`employerUpdateJob`, with the configured limits) and goes
 * back to /employer with the success notice `message` gives for what happened.
 */
export async function updateOwnJob(
  ctx: Ctx,
  id: string,
  input: JobUpdateInput,
  message: (r: { submitted: boolean }) => string,
) {
  const r = await employerUpdateJob(ctx, id, input, employerLimits());
  return redirectWithFlash("/employer", { kind: "success", message: message(r) });
}
