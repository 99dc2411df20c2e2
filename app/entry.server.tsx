import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";

import { prepareErrorDocument, reportServerError } from "~/lib/error-page.server";
import { log } from "~/lib/log.server";

export { init, shutdown, loadEnv, describeDatabase } from "~/lib/runtime.server";
export { createOps, log } from "~/lib/ops.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  responseStatusCode = prepareErrorDocument(responseStatusCode, responseHeaders, remixContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />,
      {
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("X-Content-Type-Options", "nosniff");
          responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
          responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
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
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Logs only unexpected server errors: aborted requests and the 4xx answers Remix produces for
 * bad methods or unknown routes are not faults, and must not fill the log with stacks.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const status = (error as { status?: number } | null)?.status;
  if (typeof status === "number" && status < 500) return;
  if (error instanceof Error && /^(Method Not Allowed|No route matches)/.test(error.message)) return;
  reportServerError(error);
}
