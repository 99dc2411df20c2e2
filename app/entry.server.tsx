import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";

import { prepareErrorDocument, reportServerError } from "~/lib/error-page.server";
import { log } from "~/lib/log.server";

export { init, shutdown, loadEnv, describeDatabase } from "~/lib/runtime.server";
export { createHttpSecurity } from "~/lib/security/server.server";
export { createOps, log } from "~/lib/ops.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext = {},
) {
  // Set by the server's security layer, which also sends the matching Content-Security-Policy.
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  const bot = isbot(request.headers.get("user-agent") ?? "");
  responseStatusCode = prepareErrorDocument(responseStatusCode, responseHeaders, remixContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
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
  if (error instanceof Error && /^(Method Not Allowed|No route matches)/.test(error.message))
    return;
  reportServerError(error);
}
