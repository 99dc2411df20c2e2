/**
 * The Add / Edit company form. A Remix <Form> posting multipart, so it works without
 * JavaScript (the logo file travels with the form); with JavaScript the logo is uploaded as soon as
 * it is chosen (POST /upload/logo, toasts 'Logo uploaded' / 'Failed to upload logo') and only its
 * URL is sent with the form.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import {
  COMPANY_LIMITS,
  companyInputSchema,
  COMPANY_MSG,
  type CompanyRecord,
} from "~/models/company/company.schema";
import { DescriptionField, PhoneField, TextField } from "~/components/forms/fields";
import { Field } from "~/components/ui/field";
import { notify } from "~/components/ui/notify";
import { checkImageFile, IMAGE_ACCEPT } from "~/models/file/image-rules";
import { ErrorAlert } from "~/components/ui/error-alert";

export const LOGO_ACCEPT = IMAGE_ACCEPT;

export function CompanyForm({
  company,
  lastResult,
  formError,
  onCancel,
  cancelHref,
  idempotencyKey,
}: {
  company: CompanyRecord | null;
  lastResult?: SubmissionResult<string[]> | null;
  formError?: string | null;
  onCancel?: () => void;
  cancelHref: string;
  /** A fresh key per rendered Add form, so a resubmission does not add the company twice. */
  idempotencyKey?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [logoUrl, setLogoUrl] = useState<string | null>(company?.logoUrl ?? null);
  const [uploading, setUploading] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const logoId = useId();
  const [form, fields] = useForm({
    id: `company-form-${company?.id ?? "new"}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: company?.name ?? "",
      location: company?.location ?? "",
      website: company?.website ?? "",
      email: company?.email ?? "",
      phone: company?.phone ?? "",
      description: company?.description ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyInputSchema }),
  });

  async function upload(file: File) {
    setUploading(true);
    setLogoError(null);
    const body = new FormData();
    body.append("logo", file);
    try {
      const res = await fetch("/upload/logo", { method: "POST", body, credentials: "same-origin" });
      const data = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok || !data.url) throw new Error(data.message || COMPANY_MSG.uploadFailed);
      setLogoUrl(data.url);
      notify.success(COMPANY_MSG.uploaded);
      // The file is uploaded; only its URL goes with the form.
      if (fileRef.current) fileRef.current.value = "";
    } catch (e) {
      notify.error(COMPANY_MSG.uploadFailed);
      setLogoError(e instanceof Error ? e.message : COMPANY_MSG.uploadFailed);
      if (fileRef.current) fileRef.current.value = "";
    } finally {
      setUploading(false);
    }
  }

  const serverLogoError = (lastResult?.error?.logo ?? null) as string[] | null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="stack company-form"
    >
      <input type="hidden" name="intent" value="save" />
      {company ? <input type="hidden" name="id" value={company.id} /> : null}
      {!company && idempotencyKey ? (
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      ) : null}
      <input type="hidden" name="logoUrl" value={logoUrl ?? ""} />
      <ErrorAlert message={formError} />
      <TextField
        meta={fields.name}
        label="Company name"
        autoComplete="organization"
        maxLength={COMPANY_LIMITS.name}
      />
      <div className="company-form-grid">
        <TextField meta={fields.location} label="Location" maxLength={COMPANY_LIMITS.location} />
        <TextField
          meta={fields.website}
          label="Website"
          hint="For example https://example.com"
          inputMode="url"
          autoComplete="url"
          maxLength={COMPANY_LIMITS.website}
        />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <PhoneField meta={fields.phone} maxLength={COMPANY_LIMITS.phone} />
      </div>
      <DescriptionField meta={fields.description} maxLength={COMPANY_LIMITS.description} />
      <div className="company-logo-field">
        <div className="company-logo-preview" aria-hidden={logoUrl ? undefined : true}>
          {logoUrl ? (
            <img src={logoUrl} alt="Current logo" />
          ) : (
            <span className="company-logo-placeholder">No logo</span>
          )}
        </div>
        <Field
          id={logoId}
          label="Logo"
          error={logoError ?? serverLogoError}
          hint="PNG, JPEG, WebP or GIF, at most 2 MB and 4096×4096 pixels."
        >
          {(p) => (
            <input
              {...p}
              ref={fileRef}
              type="file"
              name="logo"
              accept={LOGO_ACCEPT}
              disabled={uploading}
              onChange={(e) => {
                const f = e.currentTarget.files?.[0];
                if (!f) return;
                // The server's type and size rule, checked before a large file travels for seconds.
                const refusal = checkImageFile(f);
                if (refusal) {
                  e.currentTarget.value = "";
                  notify.error(COMPANY_MSG.uploadFailed);
                  setLogoError(refusal);
                  return;
                }
                void upload(f);
              }}
            />
          )}
        </Field>
        {logoUrl ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setLogoUrl(null)}>
            Remove logo
          </button>
        ) : null}
        {uploading ? (
          <p className="muted" role="status">
            Uploading logo…
          </p>
        ) : null}
      </div>
      <div className="row company-form-actions form-actions-sticky">
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <a className="btn btn-ghost" href={cancelHref}>
            Cancel
          </a>
        )}
        <button type="submit" className="btn btn-primary" disabled={uploading || saving}>
          {saving ? "Saving…" : company ? "Save changes" : "Add Company"}
        </button>
      </div>
    </Form>
  );
}
