/**
 * /employer/company (employers only): the company profile the job pages show — description,
 * location, phone, contact e-mail and logo (stored through the same safe image pipeline as the
 * admins' uploads: checked, re-encoded, size- and pixel-limited). The name and the website are the
 * career office's: the trust signal compares the website's domain with the employer's e-mail, so
 * an employer cannot change them (ADR 104). A plain multipart form: works without JS.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import {
  getOwnCompany,
  requireProfileEditor,
  updateOwnCompany,
} from "~/models/company/company.server";
import { COMPANY_LIMITS, COMPANY_MSG, companyPatchSchema } from "~/models/company/company.schema";
import { storeImage } from "~/models/file/file.server";
import { LOGO_MAX_BYTES } from "~/lib/uploads";
import { formErrors } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { DescriptionField, TextField } from "~/components/forms/fields";
import { textDefaults } from "~/components/forms/defaults";
import { FormActions } from "~/components/forms/actions";
import { PlainField } from "~/components/ui/plain-field";

export const meta: MetaFunction = () => [{ title: "Company profile · Runway" }];

const PROFILE_TEXT = {
  fixed: "Contact the career office to change the name or website.",
  saved: "Company profile saved",
} as const;

export function loader(args: LoaderFunctionArgs) {
  return screen("employer", async ({ ctx }) => {
    const c = await getOwnCompany(ctx);
    return json({
      company: {
        name: c.name,
        website: c.website,
        ...textDefaults(c, ["location", "email", "phone", "description"]),
        logoUrl: c.logoUrl,
      },
    });
  })(args);
}

type Reply = { result: SubmissionResult<string[]> };

const profileSchema = companyPatchSchema.pick({
  location: true,
  email: true,
  phone: true,
  description: true,
});

export function action(args: ActionFunctionArgs) {
  return screen("employer", async ({ request, user, ctx, failJson }) => {
    const form = await request.formData();
    // Raw strings: an emptied field is "" (cleared), as the schema expects.
    const submission = parseWithZod(form, { schema: profileSchema, disableAutoCoercion: true });
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return json<Reply>(
        { result: submission.reply({ formErrors: [first ?? COMPANY_MSG.saveFailed] }) },
        { status: 400 },
      );
    }
    failJson((err) => ({ result: submission.reply(formErrors(err, "message")) }));
    const patch: Parameters<typeof updateOwnCompany>[1] = { ...submission.value };
    // Refused before the logo is stored: a file of someone who may not edit is never kept.
    await requireProfileEditor(ctx);
    const file = form.get("logo");
    if (file instanceof Blob && file.size > 0)
      patch.logoUrl = (await storeImage(ctx.db, file, { kind: "logo", actorId: user.id })).url;
    else if (form.get("removeLogo") === "on") patch.logoUrl = null;
    await updateOwnCompany(ctx, patch);
    return redirectWithFlash("/employer/company", { kind: "success", message: PROFILE_TEXT.saved });
  })(args);
}

/** The one-line fields, in the form's order. */
const LINES = [
  { name: "location", label: "Location", type: "text" },
  { name: "email", label: "Contact e-mail", type: "email" },
  { name: "phone", label: "Phone", type: "tel" },
] as const;

export default function CompanyProfile() {
  const { company } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const [form, fields] = useForm({
    // The fields' ids follow: company-location, company-email, company-phone, company-description.
    id: "company",
    lastResult: reply?.result,
    // A field the company never filled in (null) starts empty.
    defaultValue: company,
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
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="card stack"
      >
        {form.errors?.length ? (
          <p className="alert alert-error" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        {LINES.map((l) => (
          <TextField
            key={l.name}
            meta={fields[l.name]}
            label={l.label}
            counter={false}
            type={l.type}
            maxLength={COMPANY_LIMITS[l.name]}
          />
        ))}
        <DescriptionField
          meta={fields.description}
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
        <FormActions label="Save profile" />
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
