import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { listDocuments, uploadDocument } from "~/models/ojt/documents.server";
import { fileOf, readDocumentForm } from "~/models/ojt/ojt-files.server";

/** GET /api/placements/{id}/documents: the checklist and every document record (student, coordinators, admins). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    return listDocuments(ojtCtx(await getDb(), me), params.id ?? "");
  });

/** POST /api/placements/{id}/documents (multipart `kind`, `file`): a PDF or a JPEG/PNG photo ≤ 10 MB. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const me = await requireApiRole(request, "user");
    const ctx = ojtCtx(await getDb(), me);
    const form = await readDocumentForm(request);
    const result = await uploadDocument(
      ctx,
      params.id ?? "",
      String(form.get("kind") ?? "").trim(),
      fileOf(form),
    );
    return json(request, result, { status: 201 });
  });
