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

export const meta: MetaFunction = () => [{ title: "Host agreement · Runway" }];

/** Rows of signatories offered by the form (empty rows are ignored). */
const SIGNATORY_ROWS = 4;

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
        <label htmlFor="moa-signed">Signed on</label>
        <input
          id="moa-signed"
          type="date"
          name="signedAt"
          defaultValue={moa.signedAt ?? ""}
          required
        />
        <label htmlFor="moa-valid">Valid until</label>
        <input
          id="moa-valid"
          type="date"
          name="validUntil"
          defaultValue={moa.validUntil ?? ""}
          required
        />
        <label className="row">
          <input type="checkbox" name="notarized" defaultChecked={moa.notarized} /> Notarized
        </label>
        <fieldset className="stack">
          <legend>Signatories</legend>
          {rows.map((s, i) => (
            <div className="row" key={i}>
              <label htmlFor={`sig-name-${i}`}>Name</label>
              <input
                id={`sig-name-${i}`}
                name={`signatoryName${i}`}
                defaultValue={s?.name ?? ""}
                maxLength={200}
              />
              <label htmlFor={`sig-pos-${i}`}>Position</label>
              <input
                id={`sig-pos-${i}`}
                name={`signatoryPosition${i}`}
                defaultValue={s?.position ?? ""}
                maxLength={200}
              />
            </div>
          ))}
        </fieldset>
        <label htmlFor="moa-file">Signed agreement (PDF, at most 10 MB)</label>
        <input id="moa-file" type="file" name="file" accept="application/pdf" />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save agreement
          </button>
        </div>
      </Form>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
