import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { deferredReady } from "~/components/ui/deferred";
import { NonceProvider } from "~/lib/nonce";

import { prepareErrorDocument, reportServerError } from "~/lib/error-page.server";
import { log } from "~/lib/log.server";
import {
  documentEtag,
  isShareable,
  leafRouteId,
  revalidate,
  varyOnCookie,
} from "~/lib/page-cache.server";

export { init, quiesce, shutdown, loadEnv, describeDatabase } from "~/web/runtime.server";
export { createHttpSecurity, createRequestTarget } from "~/lib/security/server.server";
export { createOps, log, safeUrl } from "~/lib/ops.server";
export { errorText } from "~/lib/log.server";
export { cacheRouteMatches } from "~/lib/route-match-cache.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext = {},
) {
  await deferredReady(); // loaded at start-up; a page renders its deferred parts whole
  // Set by the server's security layer, which also sends the matching Content-Security-Policy.
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const bot = isbot(request.headers.get("user-agent") ?? "");
  responseStatusCode = prepareErrorDocument(responseStatusCode, responseHeaders, remixContext);
  const routeId = leafRouteId(remixContext.staticHandlerContext.matches);
  varyOnCookie(responseHeaders, routeId);
  // An anonymous job screen is rendered whole, so its ETag can be computed (ADR 090).
  const shareable = isShareable(request, responseStatusCode, responseHeaders, routeId);
  const page = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </NonceProvider>
  );
  if (shareable && responseStatusCode === 200) {
    // Back to the event loop first: on PGlite a request's work is all promises and this render is
    // synchronous, so without this turn a hundred busy connections keep the loop from accepting
    // anyone else (load shedding's bound, tests/integration/load-shedding.test.ts).
    await new Promise((resolve) => setImmediate(resolve));
    const html = wholePage(page);
    if (html !== null) return pageAnswer(request, responseHeaders, nonce, html);
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [bot || shareable ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        if (shareable && responseStatusCode === 200) {
          resolve(renderedPage(request, responseHeaders, nonce, pipe));
          return;
        }
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error("render", error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A shareable page rendered in one synchronous pass (`renderToString`), without the stream's
 * per-chunk encoding and copying: the same HTML as the stream gives once everything is ready,
 * since nothing on these pages waits (deferred components are loaded at start). The one
 * difference in React 18 is the `<!DOCTYPE html>` the stream writes before a root `<html>` and
 * `renderToString` does not: added here. Null when a part of the page did not render here — a
 * Suspense boundary that suspended or failed, which this renderer leaves to the browser
 * (`<!--$!-->`) and does not report — or the render threw, or the page does not start with
 * `<html`: the caller then renders it again through the stream, which waits for such parts, logs
 * their errors and answers 500 as before.
 */
function wholePage(page: React.ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(page);
  } catch {
    return null;
  }
  return html.startsWith("<html") && !html.includes("<!--$!") ? `<!DOCTYPE html>${html}` : null;
}

/** The whole page as a string, with its ETag; a 304 without a body when the client has it. */
async function renderedPage(
  request: Request,
  headers: Headers,
  nonce: string,
  pipe: (w: NodeJS.WritableStream) => unknown,
): Promise<Response> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => sink.on("end", r));
  pipe(sink);
  await done;
  return pageAnswer(request, headers, nonce, Buffer.concat(chunks).toString("utf8"));
}

function pageAnswer(request: Request, headers: Headers, nonce: string, html: string): Response {
  if (revalidate(request, headers, documentEtag(html, nonce))) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { status: 200, headers });
}

/** Data requests (`?_data=`) of the job screens vary on the session cookie too. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  const routeId = new URL(request.url).searchParams.get("_data") ?? undefined;
  varyOnCookie(response.headers, routeId);
  return response;
}

/**
 * Logs only unexpected server errors: aborted requests and the 4xx answers Remix produces for
 * bad methods or unknown routes are not faults, and must not fill the log with stacks.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const status = (error as { status?: number } | null)?.status;
  if (typeof status === "number" && status < 500) return;
  if (error instanceof Error && /^(Method Not Allowed|No route matches)/.test(error.message))
    return;
  reportServerError(error);
}
