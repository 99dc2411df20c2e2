/**
 * /employer/jobs/{id}/edit (employers only, own company's jobs; any other id is a 404): the shared
 * job form. A change of content sends the job back to review (it leaves the board until an admin
 * approves it again); a change of status alone does not (ADR 104).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JobForm, jobFormValues, type JobFormValues } from "~/components/jobs/job-form";
import { screen } from "~/web/screen.server";
import { JOB_TOAST, jobFormSchema } from "~/models/job/job.schema";
import { listCategories } from "~/models/job/job.server";
import { EMPLOYER_JOB_MSG, findEmployerJob, reviewStatusOf } from "~/models/employer/jobs.server";
import { updateOwnJob } from "~/web/employer-forms.server";
import { formErrors } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";

export const links = stylesheet(jobsCss);
export const meta: MetaFunction = () => [{ title: "Edit job · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("employer", async ({ params, ctx }) => {
    const [job, categories] = await Promise.all([
      findEmployerJob(ctx, params.id ?? ""),
      listCategories(ctx),
    ]);
    if (!job) throw new Response("Job not found", { status: 404 });
    const values: JobFormValues = { ...jobFormValues(job), isApproved: false };
    return json({
      values,
      reviewStatus: reviewStatusOf(job),
      declineReason: job.declineReason,
      categories,
    });
  })(args);
}

type Reply = { result: SubmissionResult<string[]> };

export function action(args: ActionFunctionArgs) {
  return screen("employer", async ({ request, params, ctx, failJson }) => {
    const form = await request.formData();
    const submission = parseWithZod(form, { schema: jobFormSchema });
    if (submission.status !== "success")
      return json<Reply>({ result: submission.reply() }, { status: 400 });
    failJson((err) => ({ result: submission.reply(formErrors(err, "fields-or-message")) }));
    return updateOwnJob(ctx, params.id ?? "", submission.value, ({ submitted }) =>
      submitted ? EMPLOYER_JOB_MSG.submitted : JOB_TOAST.updated,
    );
  })(args);
}

export default function EditEmployerJob() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const id = data.values.id!;
  return (
    <main className="page">
      <header className="page-header">
        <h1>Edit job</h1>
      </header>
      {data.reviewStatus === "declined" && data.declineReason ? (
        <div className="alert alert-error" role="status">
          <p>
            <strong>Not approved.</strong> The career office’s reason:
          </p>
          <p className="decline-reason">{data.declineReason}</p>
          <p>Change the job and submit it again.</p>
        </div>
      ) : null}
      {data.reviewStatus === "approved" ? (
        <p className="alert" role="note">
          This job is live. Changing its content sends it back to review: it leaves the board until
          the career office approves it again. Changing only the status does not.
        </p>
      ) : null}
      <section className="card">
        <JobForm
          employer
          values={data.values}
          companies={[]}
          categories={data.categories}
          lastResult={reply?.result}
          back="/employer"
          action={`/employer/jobs/${id}/edit`}
        />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
