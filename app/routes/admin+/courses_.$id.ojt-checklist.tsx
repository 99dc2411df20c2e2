/**
 * /admin/courses/{id}/ojt-checklist — the documents a programme's students must hand in before
 * deployment, one per line (the default list until an admin saves one). Works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import { screenCtx } from "~/web/ojt.server";
import { getChecklist, putChecklist } from "~/models/ojt/documents.server";
import { PAPERWORK_MSG } from "~/models/ojt/paperwork.schema";
import { PageHeader } from "~/components/layout/page-header";
import { FormActions } from "~/components/forms/actions";
import { TextareaField } from "~/components/forms/fields";

export const meta: MetaFunction = () => [{ title: "OJT checklist · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ params, user, onDomainError }) => {
    onDomainError((e) => {
      if (e.status === 404) throw new Response("Programme not found", { status: 404 });
    });
    return json(await getChecklist(await screenCtx(user), params.id ?? ""));
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, params, user, failJson }) => {
    const ctx = await screenCtx(user);
    const form = await request.formData();
    const current = await getChecklist(ctx, params.id ?? "");
    const labels = String(form.get("items") ?? "")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (!labels.length) return json({ message: PAPERWORK_MSG.checklistItems }, { status: 400 });
    // A label kept from the current list keeps its kind (so records of it still count).
    const items = labels.map((label) => ({
      label,
      kind: current.items.find((i) => i.label.toLowerCase() === label.toLowerCase())?.kind,
    }));
    failJson((err) => ({ message: err.message }));
    const saved = await putChecklist(ctx, current.courseId, items);
    return redirectWithFlash(`/admin/courses/${saved.courseId}/ojt-checklist`, {
      kind: "success",
      message: `${saved.course.code}: ${saved.items.length} required document(s) saved`,
    });
  })(args);
}

export default function OjtChecklist() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className="page">
      <PageHeader title={<>OJT checklist · {data.course.code}</>}>
        <Link className="btn" to="/admin/courses">
          Programmes
        </Link>
      </PageHeader>
      <p className="muted">
        {data.course.name}: the documents each student must hand in before deployment — uploaded,
        received on paper or waived. {data.isDefault ? "This programme uses the default list." : ""}
      </p>
      <Form method="post" className="card stack">
        <TextareaField
          meta={{
            id: "checklist-items",
            name: "items",
            initialValue: data.items.map((i) => i.label).join("\n"),
            errors: failed ? [failed.message] : undefined,
          }}
          label="Required documents (one per line)"
          rows={10}
        />
        <FormActions label="Save checklist" busy={busy} />
      </Form>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
