/**
 * /ojt/{id}/documents — a placement's required documents: the student uploads PDFs or photos
 * (from a phone: the file input offers the camera), the coordinator marks paper copies received
 * (with the date) or waives one with a reason. For the student, their programme's coordinators
 * and admins; anyone else gets a 404, as in /api. Plain forms: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { todayOf } from "~/models/ojt/config";
import {
  listDocuments,
  markReceived,
  uploadDocument,
  waiveDocument,
} from "~/models/ojt/documents.server";
import { fileOf, readDocumentForm } from "~/models/ojt/ojt-files.server";
import {
  DOCUMENT_ACCEPT,
  PAPERWORK_MSG,
  receivedSchema,
  waiveSchema,
  type ChecklistState,
} from "~/models/ojt/paperwork.schema";
import { getPlacement } from "~/models/ojt/placement.server";
import { redirectWithFlash } from "~/web/auth.server";
import { placementNotFound, screenCtx } from "~/web/ojt.server";
import { screen } from "~/web/screen.server";
import { formatCalendarDate, formatDateTime } from "~/lib/datetime";

export const meta: MetaFunction = () => [{ title: "OJT documents · Runway" }];

const STATE_LABELS: Record<ChecklistState, string> = {
  missing: "Missing",
  uploaded: "Uploaded",
  received: "Received on paper",
  waived: "Waived",
};
const STATE_TONES: Record<ChecklistState, string> = {
  missing: "badge-danger",
  uploaded: "badge-success",
  received: "badge-success",
  waived: "badge-warning",
};

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "user",
    async ({ params, user }) => {
      const ctx = await screenCtx(user);
      const [placement, docs] = await Promise.all([
        getPlacement(ctx, params.id ?? ""),
        listDocuments(ctx, params.id ?? ""),
      ]);
      return json({
        placement: {
          id: placement.id,
          student: placement.student.name,
          company: placement.company.name,
          status: placement.status,
        },
        ...docs,
        staff: user.role === "admin" || user.role === "coordinator",
        today: todayOf(ctx.ojt),
        timeZone: ctx.ojt.timeZone,
      });
    },
    { onDomainError: placementNotFound },
  )(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("user", async ({ request, params, user, failJson }) => {
    const ctx = await screenCtx(user);
    const id = params.id ?? "";
    const back = `/ojt/${id}/documents`;
    let kind = "";
    failJson((err) => ({ kind, message: err.message }));
    const isUpload = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
    const form = isUpload ? await readDocumentForm(request) : await request.formData();
    kind = String(form.get("kind") ?? "").trim();
    const intent = String(form.get("intent") ?? "");
    if (intent === "upload") {
      await uploadDocument(ctx, id, kind, fileOf(form));
      return redirectWithFlash(back, { kind: "success", message: "Document uploaded" });
    }
    if (intent === "received") {
      const parsed = receivedSchema.safeParse({ receivedOn: form.get("receivedOn") });
      if (!parsed.success)
        return json({ kind, message: PAPERWORK_MSG.receivedOn }, { status: 400 });
      await markReceived(ctx, id, kind, parsed.data.receivedOn);
      return redirectWithFlash(back, { kind: "success", message: "Marked received on paper" });
    }
    if (intent === "waive") {
      const parsed = waiveSchema.safeParse({ reason: form.get("reason") ?? "" });
      if (!parsed.success) return json({ kind, message: PAPERWORK_MSG.reason }, { status: 400 });
      await waiveDocument(ctx, id, kind, parsed.data.reason);
      return redirectWithFlash(back, { kind: "success", message: "Document waived" });
    }
    return json({ kind, message: "Unknown action" }, { status: 400 });
  })(args);
}

export default function OjtDocuments() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const open = data.placement.status === "planned" || data.placement.status === "deployed";
  return (
    <main className="page">
      <div className="page-header">
        <h1>OJT documents</h1>
        <Link className="btn" to={data.staff ? `/admin/ojt/${data.placement.id}` : "/ojt"}>
          Back to the placement
        </Link>
      </div>
      <p className="muted">
        {data.placement.student} at {data.placement.company}. PDF files or photos (JPEG, PNG) of at
        most 10 MB; only you, your coordinators and administrators can open them.
      </p>
      <ul className="stack" aria-label="Required documents">
        {data.checklist.map((item) => (
          <li key={item.kind} className="card stack">
            <div className="row">
              <strong>{item.label}</strong>
              <span className={`badge ${STATE_TONES[item.state]}`}>{STATE_LABELS[item.state]}</span>
            </div>
            {failed?.kind === item.kind ? (
              <p className="field-error" role="alert">
                {failed.message}
              </p>
            ) : null}
            {open ? (
              <Form method="post" encType="multipart/form-data" className="row">
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="kind" value={item.kind} />
                <label className="visually-hidden" htmlFor={`file-${item.kind}`}>
                  File for {item.label}
                </label>
                <input
                  id={`file-${item.kind}`}
                  type="file"
                  name="file"
                  accept={DOCUMENT_ACCEPT}
                  required
                />
                <button type="submit" className="btn btn-sm" disabled={busy}>
                  Upload {item.label}
                </button>
              </Form>
            ) : null}
            {open && data.staff ? (
              <div className="row">
                <Form method="post" className="row">
                  <input type="hidden" name="intent" value="received" />
                  <input type="hidden" name="kind" value={item.kind} />
                  <label htmlFor={`received-${item.kind}`}>Paper copy received on</label>
                  <input
                    id={`received-${item.kind}`}
                    type="date"
                    name="receivedOn"
                    max={data.today}
                    defaultValue={data.today}
                    required
                  />
                  <button type="submit" className="btn btn-sm" disabled={busy}>
                    Mark {item.label} received
                  </button>
                </Form>
                <Form method="post" className="row">
                  <input type="hidden" name="intent" value="waive" />
                  <input type="hidden" name="kind" value={item.kind} />
                  <label htmlFor={`reason-${item.kind}`}>Waiver reason</label>
                  <input id={`reason-${item.kind}`} name="reason" maxLength={1000} required />
                  <button type="submit" className="btn btn-sm" disabled={busy}>
                    Waive {item.label}
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>History</h2>
      {data.documents.length ? (
        <ul className="stack" aria-label="Document history">
          {data.documents.map((d) => (
            <li key={d.id}>
              {data.checklist.find((c) => c.kind === d.kind)?.label ?? d.kind}:{" "}
              {STATE_LABELS[d.state]}
              {d.url ? (
                <>
                  {" "}
                  — <a href={d.url}>{d.fileName}</a>
                </>
              ) : null}
              {d.receivedOn ? ` on ${formatCalendarDate(d.receivedOn)}` : ""}
              {d.reason ? ` (${d.reason})` : ""}
              {d.recordedBy ? ` · ${d.recordedBy}` : ""} ·{" "}
              {formatDateTime(d.createdAt, data.timeZone)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing yet.</p>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
