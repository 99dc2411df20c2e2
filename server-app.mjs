/**
 * The express app around the Remix build, shared by server.mjs and the HTTP tests (which run it
 * in-process against their own database).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));
// The adapter's request builder is not re-exported by its index; the version is pinned in package.json.
const { createRemixRequest } = createRequire(import.meta.url)("@remix-run/express/dist/server.js");

export function createApp(build, env) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  // Request ids, draining, /healthz /readyz /metrics, admission, 503 on outage (app/lib/ops.server.ts).
  const ops = build.entry.module.createOps(build, env);
  const log = build.entry.module.log;
  app.locals.ops = ops;
  app.use(ops.middleware);
  app.use(compression());
  app.use("/build", express.static(path.join(root, "public", "build"), { immutable: true, maxAge: "1y" }));
  app.get("/widget.js", (req, res, next) => {
    res.set("Access-Control-Allow-Origin", "*");
    res.set("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });
  app.use(express.static(path.join(root, "public"), { maxAge: "5m", index: false }));
  app.use((req, _res, next) => {
    // The only trusted source of the client address (see app/lib/request.server.ts).
    req.headers["x-runway-remote-addr"] = req.socket.remoteAddress ?? "unknown";
    next();
  });
  if (env.LOG_REQUESTS) {
    app.use((req, res, next) => {
      const t = performance.now();
      res.on("finish", () =>
        log.info("http", `${req.method} ${req.originalUrl} ${res.statusCode} ${(performance.now() - t).toFixed(1)}ms`),
      );
      next();
    });
  }
  const handle = createRequestHandler(build, env.NODE_ENV === "production" ? "production" : "development");
  app.all("*", async (req, res, next) => {
    try {
      await ops.remix(
        req,
        res,
        () => handle(createRemixRequest(req, res), {}),
        (response) => send(res, response),
      );
    } catch (error) {
      next(error);
    }
  });
  // Last resort: never a stack trace in an answer.
  app.use((error, _req, res, _next) => {
    log.error("express", error);
    if (res.headersSent) return res.destroy();
    res.status(500).type("text/plain").send("Something went wrong. Please try again.");
  });
  return app;
}

/**
 * Like @remix-run/express's sender, but it waits for the socket to drain: a streamed answer (the
 * survey CSV export) then holds flat memory however slowly the client reads, and stops reading its
 * source when the client goes away.
 */
async function send(res, response) {
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

/** Resolves when the socket can take more, or is gone; leaves no listener behind. */
function drainOrClose(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
