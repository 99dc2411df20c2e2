/**
 * /admin/jobs/decline-templates (admin): the reasons offered in the approval queue's Decline dialog
 * (ADR 104). Add, edit, move up/down and delete, each a plain form (no JavaScript
 * needed), each change audited; notices come back as flashes.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_MSG,
  TEMPLATE_TITLE_MAX,
  createDeclineTemplate,
  declineTemplateSchema,
  deleteDeclineTemplate,
  listDeclineTemplates,
  moveDeclineTemplate,
  updateDeclineTemplate,
} from "~/models/employer/decline-templates.server";
import { TextField, TextareaField } from "~/components/forms/fields";
import { FormActions } from "~/components/forms/actions";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";
import { IntentButton } from "~/components/ui/intent-button";

export const meta: MetaFunction = () => [{ title: "Decline templates · Runway" }];

const HERE = "/admin/jobs/decline-templates";

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ ctx }) => {
    return json({ templates: await listDeclineTemplates(ctx) });
  })(args);
}

type Reply = { error: string; id: string | null };

export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, ctx, failTo }) => {
    const form = await request.formData();
    const intent = String(form.get("intent") ?? "");
    const id = String(form.get("id") ?? "");
    failTo(HERE);
    if (intent === "create" || intent === "update") {
      const parsed = declineTemplateSchema.safeParse({
        title: String(form.get("title") ?? ""),
        body: String(form.get("body") ?? ""),
      });
      if (!parsed.success)
        return json<Reply>(
          {
            error: parsed.error.issues[0]?.message ?? "Invalid template",
            id: intent === "update" ? id : null,
          },
          { status: 400 },
        );
      if (intent === "create") await createDeclineTemplate(ctx, parsed.data);
      else await updateDeclineTemplate(ctx, id, parsed.data);
      return redirectWithFlash(HERE, {
        kind: "success",
        message: intent === "create" ? TEMPLATE_MSG.created : TEMPLATE_MSG.updated,
      });
    }
    if (intent === "up" || intent === "down") {
      await moveDeclineTemplate(ctx, id, intent);
      return redirectWithFlash(HERE, { kind: "success", message: TEMPLATE_MSG.moved });
    }
    if (intent === "delete") {
      await deleteDeclineTemplate(ctx, id);
      return redirectWithFlash(HERE, { kind: "success", message: TEMPLATE_MSG.deleted });
    }
    return redirectWithFlash(HERE, { kind: "error", message: "Unknown action" });
  })(args);
}

/** A template's title and text; `id` names each field's control (the page has several forms). */
function TemplateFields({
  id,
  template,
}: {
  id: (field: "title" | "body") => string;
  template?: { title: string; body: string };
}) {
  return (
    <>
      <TextField
        meta={{ id: id("title"), name: "title", initialValue: template?.title }}
        label="Title"
        maxLength={TEMPLATE_TITLE_MAX}
        required
        counter={false}
      />
      <TextareaField
        meta={{ id: id("body"), name: "body", initialValue: template?.body }}
        label="Text"
        rows={3}
        maxLength={TEMPLATE_BODY_MAX}
        required
        counter={false}
      />
    </>
  );
}

export default function DeclineTemplates() {
  const { templates } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  return (
    <main className="page">
      <PageHeader title="Decline templates" as="header">
        <Link to="/admin/jobs?view=queue" className="btn">
          Back to the approval queue
        </Link>
      </PageHeader>
      <p className="muted">
        The reasons offered when declining a job. The chosen text is e-mailed to the employer, so
        write it to them.
      </p>
      <ol className="stack" style={{ listStyle: "none", padding: 0 }}>
        {templates.map((t, i) => (
          <li key={t.id} className="card stack">
            <Form method="post" className="stack" aria-label={`Template: ${t.title}`}>
              <input type="hidden" name="id" value={t.id} />
              <ErrorAlert message={reply?.error && reply.id === t.id ? reply.error : null} />
              <TemplateFields id={(field) => `${field}-${t.id}`} template={t} />
              <div className="row">
                <IntentButton intent="update" className="btn btn-primary">
                  Save
                </IntentButton>
                <IntentButton intent="up" className="btn" disabled={i === 0} formNoValidate>
                  Move up
                </IntentButton>
                <IntentButton
                  intent="down"
                  className="btn"
                  disabled={i === templates.length - 1}
                  formNoValidate
                >
                  Move down
                </IntentButton>
                <IntentButton intent="delete" className="btn btn-danger" formNoValidate>
                  Delete
                </IntentButton>
              </div>
            </Form>
          </li>
        ))}
      </ol>
      <section className="card stack" aria-labelledby="add-template">
        <h2 id="add-template">Add a template</h2>
        <Form method="post" className="stack">
          <ErrorAlert message={reply?.error && !reply.id ? reply.error : null} />
          <TemplateFields id={(field) => `new-${field}`} />
          <input type="hidden" name="intent" value="create" />
          <FormActions label="Add template" />
        </Form>
      </section>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
