/**
 * /employer/company (employers only): the company profile the job pages show — description,
 * location, phone, contact e-mail and logo (stored through the same safe image pipeline as the
 * admins' uploads: checked, re-encoded, size- and pixel-limited). The name and the website are the
 * career office's: the trust signal compares the website's domain with the employer's e-mail, so
 * an employer cannot change them (ADR 104). A plain multipart form: works without JS.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithFlash, requireEmployer } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import {
  getOwnCompany,
  requireProfileEditor,
  updateOwnCompany,
} from "~/models/company/company.server";
import { COMPANY_LIMITS, COMPANY_MSG, companyPatchSchema } from "~/models/company/company.schema";
import { storeImage } from "~/models/file/file.server";
import { LOGO_MAX_BYTES } from "~/lib/uploads";
import { knownError } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { TextareaField, TextField } from "~/components/forms/fields";
import { PlainField } from "~/components/ui/plain-field";

export const meta: MetaFunction = () => [{ title: "Company profile · Runway" }];

const PROFILE_TEXT = {
  fixed: "Contact the career office to change the name or website.",
  saved: "Company profile saved",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const me = await requireEmployer(request);
  const c = await getOwnCompany(ctxOf(await getDb(), me));
  return json({
    company: {
      name: c.name,
      website: c.website,
      location: c.location ?? "",
      email: c.email ?? "",
      phone: c.phone ?? "",
      description: c.description ?? "",
      logoUrl: c.logoUrl,
    },
  });
}

type Reply = { error: string; fields: Record<string, string[]> };

const profileSchema = companyPatchSchema.pick({
  location: true,
  email: true,
  phone: true,
  description: true,
});

export async function action({ request }: ActionFunctionArgs) {
  const me = await requireEmployer(request);
  const ctx = ctxOf(await getDb(), me);
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? "");
  const parsed = profileSchema.safeParse({
    location: text("location"),
    email: text("email"),
    phone: text("phone"),
    description: text("description"),
  });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[String(i.path[0])] ??= []).push(i.message);
    return json<Reply>(
      { error: parsed.error.issues[0]?.message ?? COMPANY_MSG.saveFailed, fields },
      { status: 400 },
    );
  }
  const patch: Parameters<typeof updateOwnCompany>[1] = { ...parsed.data };
  try {
    // Refused before the logo is stored: a file of someone who may not edit is never kept.
    await requireProfileEditor(ctx);
    const file = form.get("logo");
    if (file instanceof Blob && file.size > 0)
      patch.logoUrl = (await storeImage(ctx.db, file, { kind: "logo", actorId: me.id })).url;
    else if (form.get("removeLogo") === "on") patch.logoUrl = null;
    await updateOwnCompany(ctx, patch);
  } catch (e) {
    const err = knownError(e, "employer/company");
    if (!err) throw e;
    return json<Reply>({ error: err.message, fields: {} }, { status: err.status });
  }
  return redirectWithFlash("/employer/company", { kind: "success", message: PROFILE_TEXT.saved });
}

export default function CompanyProfile() {
  const { company } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const f = reply?.fields ?? {};
  const field = (name: "location" | "email" | "phone" | "description") => ({
    id: `company-${name}`,
    name,
    errors: f[name],
    initialValue: company[name],
  });
  return (
    <main className="page">
      <header className="page-header">
        <h1>Company profile</h1>
        <Link to="/employer" className="btn">
          Back to your jobs
        </Link>
      </header>
      <section className="card stack" aria-labelledby="fixed-fields">
        <h2 id="fixed-fields">{company.name}</h2>
        <p>
          Website:{" "}
          {company.website ? (
            <a href={company.website} rel="noopener noreferrer">
              {company.website}
            </a>
          ) : (
            "none"
          )}
        </p>
        <p className="muted">{PROFILE_TEXT.fixed}</p>
      </section>
      <Form method="post" encType="multipart/form-data" className="card stack">
        {reply?.error ? (
          <p className="alert alert-error" role="alert">
            {reply.error}
          </p>
        ) : null}
        <TextField
          meta={field("location")}
          label="Location"
          counter={false}
          maxLength={COMPANY_LIMITS.location}
        />
        <TextField
          meta={field("email")}
          label="Contact e-mail"
          counter={false}
          type="email"
          maxLength={COMPANY_LIMITS.email}
        />
        <TextField
          meta={field("phone")}
          label="Phone"
          counter={false}
          type="tel"
          maxLength={COMPANY_LIMITS.phone}
        />
        <TextareaField
          meta={field("description")}
          label="Description"
          counter={false}
          rows={5}
          maxLength={COMPANY_LIMITS.description}
        />
        <PlainField
          id="company-logo"
          label="Logo"

          hint={<>PNG, JPEG, WebP or GIF, at most {Math.round(LOGO_MAX_BYTES / 1024 / 1024)} MB.</>}
          before={
            company.logoUrl ? (
              <img src={company.logoUrl} alt="Current logo" width={96} height={96} />
            ) : null
          }
          after={
            company.logoUrl ? (
              <label className="checkbox-field">
                <input type="checkbox" name="removeLogo" /> Remove the logo
              </label>
            ) : null
          }
        >
          {(ctrl) => (
            <input
              {...ctrl}
              name="logo"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
            />
          )}
        </PlainField>
        <div className="row">
          <button type="submit" className="btn btn-primary">
            Save profile
          </button>
        </div>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
