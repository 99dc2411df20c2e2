import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { getFile } from "~/models/file/file.server";

/** GET /files/{id}: stored images are immutable (a new upload gets a new id), so cache for a year. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const f = await getFile(await getDb(), params.id ?? "");
  if (!f)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const etag = `"${f.sha256}"`;
  const headers = {
    "Content-Type": f.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "cross-origin",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(f.bytes), {
    headers: { ...headers, "Content-Length": String(f.size) },
  });
}
