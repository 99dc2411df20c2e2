import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseVariantWidth } from "~/lib/image-src";
import { getFile, imageVariant } from "~/models/file/file.server";
import { screen } from "~/web/screen.server";

/**
 * GET /files/{id}: stored images are immutable (a new upload gets a new id), so cache for a year.
 * `?w=N` answers the image N pixels wide (one of IMAGE_WIDTHS; another value is a 400).
 */
export function loader(args: LoaderFunctionArgs) {
  return screen("none", async ({ params, request, ctx }) => {
    const width = parseVariantWidth(new URL(request.url).searchParams.get("w"));
    if (Number.isNaN(width))
      return new Response("Unsupported image width", {
        status: 400,
        headers: { "Content-Type": "text/plain" },
      });
    const f = await getFile(ctx.db, params.id ?? "");
    if (!f)
      return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    const etag = width === null ? `"${f.sha256}"` : `"${f.sha256}-w${width}"`;
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
    const bytes = width === null ? f.bytes : await imageVariant(f, width);
    return new Response(new Uint8Array(bytes), {
      headers: {
        ...headers,
        ...(width === null ? {} : { "Content-Type": "image/webp" }),
        "Content-Length": String(bytes.length),
      },
    });
  })(args);
}
