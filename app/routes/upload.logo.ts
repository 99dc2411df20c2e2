/**
 * POST /upload/logo (admin): multipart field `logo` → `{url}` (relative to this host, as the spec's client expects
 * clients to prefix it). At this path without /api, as the spec's upload client calls it; the same
 * handler also answers at /api/upload/logo.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { uploadLogo } from "~/models/company/company.server";
import { readUpload } from "~/models/file/file.server";
import { ctxOf } from "~/models/context";

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const user = await requireApiRole(request, ["admin"]);
    const upload = await readUpload(request, "logo");
    const stored = await uploadLogo(ctxOf(await getDb(), user), upload);
    return json(request, stored, { status: 201, headers: { Location: stored.url } });
  });
