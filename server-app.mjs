/**
 * The express app around the Remix build, shared by server.mjs and the HTTP tests (which run it
 * in-process against their own database).
 */
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";

const root = path.dirname(fileURLToPath(import.meta.url));

export function createApp(build, env) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // Before anything reads the request line, express's router included (it skips every middleware
  // for a target it cannot parse): absolute-form targets, bad Host → 400, never a 500.
  const requestTarget = build.entry.module.createRequestTarget(env);
  const handleApp = app.handle.bind(app);
  app.handle = (req, res, done) => requestTarget(req, res, () => handleApp(req, res, done));
  // Request ids, draining, /healthz /readyz /metrics, admission, 503 on outage (app/lib/ops.server.ts).
  const ops = build.entry.module.createOps(build, env);
  const log = build.entry.module.log;
  app.locals.ops = ops;
  app.use(ops.middleware);
  // Security headers, request guard and counted bodies (app/lib/security/server.server.ts).
  const security = build.entry.module.createHttpSecurity(build, env);
  app.use(security.headers);
  app.use(security.guard);
  app.use(compression());
  // Browser assets: the precompressed copies `npm run build` writes (brotli first, then gzip), so
  // compression() above leaves them alone; the plain file for a client that accepts neither.
  app.use(
    "/build",
    expressStaticGzip(path.join(root, "public", "build"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  app.get("/widget.js", (req, res, next) => {
    res.set("Access-Control-Allow-Origin", "*");
    res.set("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });
  // The service worker: scope / from its own path, and always checked for a newer version.
  app.get("/sw.js", (_req, res, next) => {
    res.set("Service-Worker-Allowed", "/");
    res.sendFile(
      path.join(root, "public", "sw.js"),
      { cacheControl: false, headers: { "Cache-Control": "no-cache" } },
      (error) => error && next(),
    );
  });
  // The files in public/ all have a dot in their name (favicon.svg, widget.js, icons/*.png): a
  // path without one (/jobs, /api/jobs) goes straight on instead of costing a failed stat() per
  // request (3 % of a search request's CPU time).
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "5m", index: false });
  app.use((req, res, next) =>
    req.path.slice(req.path.lastIndexOf("/")).includes(".") ? publicFiles(req, res, next) : next(),
  );
  app.use((req, _res, next) => {
    // The only trusted source of the client address (see app/lib/request.server.ts).
    req.headers["x-runway-remote-addr"] = req.socket.remoteAddress ?? "unknown";
    next();
  });
  if (env.LOG_REQUESTS) {
    // Tokens, codes and addresses travel in query strings and some paths: logged redacted.
    const { safeUrl } = build.entry.module;
    app.use((req, res, next) => {
      const t = performance.now();
      res.on("finish", () =>
        log.info(
          "http",
          `${req.method} ${safeUrl(req.originalUrl)} ${res.statusCode} ${(performance.now() - t).toFixed(1)}ms`,
        ),
      );
      next();
    });
  }
  // Remix's route matching, remembered per path (app/lib/route-match-cache.server.ts).
  build.entry.module.cacheRouteMatches();
  // Error details (stacks) only in an explicit development mode; tests and production get none.
  const handle = createRequestHandler(
    security.harden(build),
    env.NODE_ENV === "development" ? "development" : "production",
  );
  app.all("*", async (req, res, next) => {
    try {
      // Built first: it starts reading (and counting) the body, which ops.remix waits for before
      // the request may take a database slot.
      const request = security.remixRequest(req, res);
      await ops.remix(
        req,
        res,
        () => handle(request, security.loadContext(res)),
        (response, blocked) => send(res, response, blocked),
      );
    } catch (error) {
      next(error);
    }
  });
  // Last resort: never a stack trace in an answer.
  app.use((error, _req, res, _next) => {
    // A 413 or 403 already answered by the security layer: nothing left to say.
    if (res.writableEnded) return;
    if (res.headersSent) return res.destroy();
    const status = Number(error?.status ?? error?.statusCode);
    if (status >= 400 && status < 500) {
      log.warn("http", `${status} ${error?.message ?? error}`);
      return res.status(status).type("text/plain").send("Bad request.");
    }
    log.error("express", error);
    res.status(500).type("text/plain").send("Something went wrong. Please try again.");
  });
  return app;
}

/**
 * The HTTP server for `app`, with short limits on slow clients: HTTP_HEADERS_TIMEOUT for the
 * headers, HTTP_REQUEST_TIMEOUT for the whole request (body included); past them Node answers 408
 * and closes the connection. Node's defaults (60 s and 300 s, checked every 30 s) let a few
 * connections that send a byte a second hold on for minutes.
 */
export function createServer(app, env) {
  const headersTimeout = env.HTTP_HEADERS_TIMEOUT * 1000;
  const requestTimeout = Math.max(headersTimeout, env.HTTP_REQUEST_TIMEOUT * 1000);
  return http.createServer(
    {
      headersTimeout,
      requestTimeout,
      // How often Node looks for connections past those limits (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, headersTimeout),
    },
    app,
  );
}

/**
 * Like @remix-run/express's sender, but it waits for the socket to drain: a streamed answer (the
 * survey CSV export) then holds flat memory however slowly the client reads, and stops reading its
 * source when the client goes away. `blocked` is called before each wait for the client (it gives
 * the request's database slot back: a slow reader must not hold one).
 */
async function send(res, response, blocked = () => {}) {
  // The security layer answered first (body over its limit): drop the route's late answer.
  if (res.headersSent) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        blocked();
        await drainOrClose(res);
        if (res.destroyed) {
          await reader.cancel().catch(() => {});
          return;
        }
      }
      if (typeof res.flush === "function") res.flush();
    }
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    res.destroy(error);
  }
}

/** Who waits for each answer's next "drain" (or its close). */
const waiting = new WeakMap();

/**
 * Resolves when the socket can take more, or is gone. One pair of listeners per answer, added on
 * its first wait: the compression middleware hands "drain" listeners to its gzip stream and does
 * not take them off again with `res.off`, so a listener per wait piled up there (Node's
 * MaxListenersExceededWarning on a 45 MB stream).
 */
function drainOrClose(res) {
  let waiters = waiting.get(res);
  if (!waiters) {
    waiters = [];
    waiting.set(res, waiters);
    const wake = () => {
      for (const resolve of waiters.splice(0)) resolve();
    };
    res.on("drain", wake);
    res.on("close", wake);
  }
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}
