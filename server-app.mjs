/**
 * The express app around the Remix build, shared by server.mjs and the HTTP tests (which run it
 * in-process against their own database).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const root = path.dirname(fileURLToPath(import.meta.url));

export function createApp(build, env) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
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
        console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${(performance.now() - t).toFixed(1)}ms`),
      );
      next();
    });
  }
  app.all("*", createRequestHandler({ build, mode: env.NODE_ENV === "production" ? "production" : "development" }));
  return app;
}
