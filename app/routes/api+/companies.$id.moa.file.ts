import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { agreementFile, uploadAgreementFile } from "~/models/ojt/agreements.server";
import { fileOf, fileResponse, readDocumentForm } from "~/models/ojt/ojt-files.server";

/** GET /api/companies/{id}/moa/file (coordinators, admins): the signed PDF, as an attachment. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    return fileResponse(await agreementFile(ojtCtx(await getDb(), me), params.id ?? ""));
  });

/** POST /api/companies/{id}/moa/file (multipart `file`): the signed agreement, a PDF ≤ 10 MB. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const me = await requireApiRole(request, "user");
    const ctx = ojtCtx(await getDb(), me);
    const file = fileOf(await readDocumentForm(request));
    return uploadAgreementFile(ctx, params.id ?? "", file);
  });
