import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { documentFile } from "~/models/ojt/documents.server";
import { fileResponse } from "~/models/ojt/ojt-files.server";

/** GET /api/placements/{id}/documents/{documentId}: the uploaded file, as an attachment. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const f = await documentFile(
      ojtCtx(await getDb(), me),
      params.id ?? "",
      params.documentId ?? "",
    );
    return fileResponse(f);
  });

export const action = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
