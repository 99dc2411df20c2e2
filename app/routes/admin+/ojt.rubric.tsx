/**
 * /admin/ojt/rubric — admins edit the criteria supervisors rate interns on (1–5 each). Saving makes
 * a new rubric version: evaluations already submitted keep the version they answered; links
 * opened from then on show the new one. One criterion per line (a plain form).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { screen } from "~/web/screen.server";
import { RUBRIC_CRITERIA_MAX, rubricInputSchema } from "~/models/ojt/evaluation.schema";
import { getRubric, updateRubric } from "~/models/ojt/evaluation.server";
import { redirectWithFlash } from "~/web/auth.server";
import { screenCtx } from "~/web/ojt.server";
import styles from "~/styles/ojt.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { formatDateTime } from "~/lib/datetime";
import { ErrorAlert } from "~/components/ui/error-alert";

export const links = stylesheet(styles);
export const meta: MetaFunction = () => [{ title: "Evaluation rubric · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ user }) => {
    const ctx = await screenCtx(user);
    return json({ rubric: await getRubric(ctx), timeZone: ctx.ojt.timeZone });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, user, failJson }) => {
    const ctx = await screenCtx(user);
    const form = await request.formData();
    const text = String(form.get("criteria") ?? "");
    const current = await getRubric(ctx);
    // A label kept as it was keeps its key; a new label gets one made from it.
    const keyOf = new Map(current.criteria.map((c) => [c.label, c.key]));
    const labels = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const parsed = rubricInputSchema.safeParse({
      criteria: labels.map((label) => ({ key: keyOf.get(label), label })),
    });
    if (!parsed.success)
      return json({ error: parsed.error.issues[0]?.message ?? "Check the criteria", text }, 400);
    failJson((err) => ({ error: err.message, text }));
    const r = await updateRubric(ctx, parsed.data);
    return redirectWithFlash("/admin/ojt/rubric", {
      kind: "success",
      message: `Rubric saved as version ${r.version}`,
    });
  })(args);
}

export default function RubricScreen() {
  const { rubric, timeZone } = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  return (
    <main className="page page-narrow ojt-page">
      <p>
        <Link to="/admin/ojt">← OJT placements</Link>
      </p>
      <h1>Evaluation rubric</h1>
      <p className="muted">
        Version {rubric.version}, saved {formatDateTime(rubric.createdAt, timeZone)}. Host
        supervisors rate each criterion from 1 to 5 in the midterm and final evaluations. Saving
        makes a new version; evaluations already submitted keep theirs.
      </p>
      <Form method="post" className="card stack">
        <ErrorAlert message={a?.error} id="rubric-error" />
        <label htmlFor="criteria">Criteria, one per line (at most {RUBRIC_CRITERIA_MAX})</label>
        <textarea
          id="criteria"
          name="criteria"
          rows={Math.max(8, rubric.criteria.length + 2)}
          defaultValue={a?.text ?? rubric.criteria.map((c) => c.label).join("\n")}
          aria-describedby={a?.error ? "rubric-error" : undefined}
        />
        <button type="submit" className="btn btn-primary">
          Save as a new version
        </button>
      </Form>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
