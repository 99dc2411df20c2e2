/**
 * /admin/companies/{id}/moa — a host company's memorandum of agreement: signing and valid-until
 * dates, notarized or not, the signatories, and the signed PDF. Coordinators and admins record
 * it; placements at the company need it valid through their expected end date.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getCompany } from "~/models/company/company.server";
import { getAgreement, setAgreement, uploadAgreementFile } from "~/models/ojt/agreements.server";
import { fileOf, readDocumentForm } from "~/models/ojt/ojt-files.server";
import { agreementInputSchema, moaLabel } from "~/models/ojt/paperwork.schema";
import { redirectWithFlash } from "~/web/auth.server";
import { issuesOf, screenCtx } from "~/web/ojt.server";
import { screen } from "~/web/screen.server";
import { formatCalendarDate } from "~/lib/datetime";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";
import { FormActions } from "~/components/forms/actions";
import { TextField, type FieldMeta } from "~/components/forms/fields";

export const meta: MetaFunction = () => [{ title: "Host agreement · Runway" }];

/** Rows of signatories offered by the form (empty rows are ignored). */
const SIGNATORY_ROWS = 4;

/** The agreement's dates, in the form's order (both required). */
const DATES = [
  { id: "moa-signed", name: "signedAt", label: "Signed on" },
  { id: "moa-valid", name: "validUntil", label: "Valid until" },
] as const;

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "ojt-staff",
    async ({ params, user }) => {
      const ctx = await screenCtx(user);
      const company = await getCompany(ctx, params.id ?? "");
      return json({
        company: { id: company.id, name: company.name },
        moa: await getAgreement(ctx, company.id),
      });
    },
    { notFound: "Company not found" },
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("ojt-staff", async ({ request, params, user, failJson }) => {
    failJson((err) => ({ message: err.message, errors: {} as Record<string, string[]> }));
    const ctx = await screenCtx(user);
    const id = params.id ?? "";
    const form = await readDocumentForm(request);
    const signatories = Array.from({ length: SIGNATORY_ROWS }, (_, i) => ({
      name: String(form.get(`signatoryName${i}`) ?? "").trim(),
      position: String(form.get(`signatoryPosition${i}`) ?? "").trim(),
    })).filter((s) => s.name || s.position);
    const parsed = agreementInputSchema.safeParse({
      signedAt: form.get("signedAt"),
      validUntil: form.get("validUntil"),
      notarized: form.get("notarized") === "on",
      signatories,
    });
    if (!parsed.success) {
      const errors = issuesOf(parsed.error);
      return json(
        { message: Object.values(errors)[0]?.[0] ?? "Check the form", errors },
        { status: 400 },
      );
    }
    await setAgreement(ctx, id, parsed.data);
    const file = fileOf(form);
    if (file && file.size > 0) await uploadAgreementFile(ctx, id, file);
    return redirectWithFlash(`/admin/companies/${id}/moa`, {
      kind: "success",
      message: "Host agreement saved",
    });
  })(args);
}

export default function CompanyAgreement() {
  const { company, moa } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const rows = Array.from({ length: SIGNATORY_ROWS }, (_, i) => moa.signatories[i] ?? null);
  const m = (id: string, name: string, initialValue?: string | null): FieldMeta => ({
    id,
    name,
    initialValue,
  });
  return (
    <main className="page">
      <PageHeader title={<>Host agreement · {company.name}</>}>
        <Link className="btn" to="/admin/ojt">
          OJT placements
        </Link>
      </PageHeader>
      <p>
        MOA: <strong>{moaLabel(moa)}</strong>
        {moa.validUntil ? ` (valid until ${formatCalendarDate(moa.validUntil)})` : ""}
        {moa.hasFile ? (
          <>
            {" · "}
            <a href={`/api/companies/${company.id}/moa/file`}>Signed agreement (PDF)</a>
          </>
        ) : null}
      </p>
      <Form method="post" encType="multipart/form-data" className="card stack">
        <ErrorAlert message={failed?.message} />
        {DATES.map((d) => (
          <TextField
            key={d.id}
            meta={m(d.id, d.name, moa[d.name])}
            label={d.label}
            type="date"
            required
          />
        ))}
        <label className="row">
          <input type="checkbox" name="notarized" defaultChecked={moa.notarized} /> Notarized
        </label>
        <fieldset className="stack">
          <legend>Signatories</legend>
          {rows.map((s, i) => (
            <div className="row" key={i}>
              <TextField
                meta={m(`sig-name-${i}`, `signatoryName${i}`, s?.name)}
                label="Name"
                maxLength={200}
              />
              <TextField
                meta={m(`sig-pos-${i}`, `signatoryPosition${i}`, s?.position)}
                label="Position"
                maxLength={200}
              />
            </div>
          ))}
        </fieldset>
        <TextField
          meta={m("moa-file", "file")}
          label="Signed agreement (PDF, at most 10 MB)"
          type="file"
          accept="application/pdf"
        />
        <FormActions label="Save agreement" busy={busy} />
      </Form>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
