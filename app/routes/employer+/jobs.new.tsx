/**
 * /employer/jobs/new (employers only): the shared job form without the company picker or the
 * approval box; the job is submitted for review (ADR 104). Works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JobForm, NEW_JOB } from "~/components/jobs/job-form";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { jobFormSchema } from "~/models/job/job.schema";
import { listCategories } from "~/models/job/job.server";
import { EMPLOYER_JOB_MSG, employerCreateJob } from "~/models/employer/jobs.server";
import { employerLimits } from "~/web/config.server";
import { idempotentForm, newIdempotencyKey } from "~/web/idempotency.server";
import { formErrors } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";

export const links = stylesheet(jobsCss);
export const meta: MetaFunction = () => [{ title: "Post a job · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("employer", async ({ user, ctx }) =>
    json({
      companyId: user.companyId,
      categories: await listCategories(ctx),
      formKey: newIdempotencyKey(),
    }),
  )(args);
}

type Reply = { result: SubmissionResult<string[]> };

export function action(args: ActionFunctionArgs) {
  return screen("employer", async ({ request, user, ctx, failJson }) => {
    const form = await request.formData();
    const submission = parseWithZod(form, { schema: jobFormSchema });
    if (submission.status !== "success")
      return json<Reply>({ result: submission.reply() }, { status: 400 });
    failJson((err) => ({ result: submission.reply(formErrors(err, "fields-or-message")) }));
    return idempotentForm(request, user.id, form, "/employer", async () => {
      await employerCreateJob(ctx, submission.value, employerLimits());
      return redirectWithFlash("/employer", {
        kind: "success",
        message: EMPLOYER_JOB_MSG.submitted,
      });
    });
  })(args);
}

export default function PostJob() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  return (
    <main className="page">
      <header className="page-header">
        <h1>Post a job</h1>
      </header>
      <p className="muted">
        The career office reviews every job before students and alumni can see it; you receive the
        decision by e-mail.
      </p>
      <section className="card">
        <JobForm
          employer
          values={{ ...NEW_JOB, companyId: data.companyId }}
          companies={[]}
          categories={data.categories}
          lastResult={reply?.result}
          back="/employer"
          action="/employer/jobs/new"
          idempotencyKey={data.formKey}
        />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
