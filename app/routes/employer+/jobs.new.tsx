/**
 * /employer/jobs/new (employers only): the shared job form without the company picker or the
 * approval box; the job is submitted for review (ADR 104). Works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { JobForm, NEW_JOB } from "~/components/jobs/job-form";
import { redirectWithFlash, requireEmployer } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { jobFormSchema } from "~/models/job/job.schema";
import { listCategories } from "~/models/job/job.server";
import { EMPLOYER_JOB_MSG, employerCreateJob } from "~/models/employer/jobs.server";
import { employerLimits } from "~/web/config.server";
import { idempotentForm, newIdempotencyKey } from "~/web/idempotency.server";
import { domainReply, formErrors } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import jobsCss from "~/styles/jobs.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: jobsCss }];
export const meta: MetaFunction = () => [{ title: "Post a job · Runway" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireEmployer(request);
  const ctx = ctxOf(await getDb(), me);
  return json({
    companyId: me.companyId,
    categories: await listCategories(ctx),
    formKey: newIdempotencyKey(),
  });
}

type Reply = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireEmployer(request);
  const ctx = ctxOf(await getDb(), me);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: jobFormSchema });
  if (submission.status !== "success")
    return json<Reply>({ result: submission.reply() }, { status: 400 });
  return idempotentForm(request, me.id, form, "/employer", async () => {
    try {
      await employerCreateJob(ctx, submission.value, employerLimits());
    } catch (e) {
      return domainReply<Reply>(e, (err) => ({
        result: submission.reply(formErrors(err, "fields-or-message")),
      }));
    }
    return redirectWithFlash("/employer", { kind: "success", message: EMPLOYER_JOB_MSG.submitted });
  });
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
