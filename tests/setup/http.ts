/**
 * HTTP tests against the built server (build/index.js), run in-process on an ephemeral port with
 * the test file's database injected, so fixtures and assertions can use the same database.
 *
 *   forEachDb((t) => {
 *     const app = useServer(t);            // app.url, app.api(path, init), app.login(email, pw)
 *   });
 */
import fs from "node:fs";
import path from "node:path";
import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../db/client";
import { createSender, startMailWorker } from "../../app/models/mail/mail.server";
import type { TestDb } from "./db";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

const root = path.resolve(".");

let buildPromise: Promise<unknown> | undefined;
function loadBuild() {
  const file = path.join(root, "build", "index.js");
  if (!fs.existsSync(file))
    throw new Error("build/index.js is missing: run `npm run build` first (npm test does).");
  buildPromise ??= import(pathToFileURL(file).href);
  return buildPromise;
}

export interface TestServer {
  url: string;
  smtp: SmtpSink;
  /** fetch relative to the server, JSON helpers, no redirects followed. */
  fetch(p: string, init?: RequestInit): Promise<Response>;
  /** JSON request; returns status, body and headers. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely in assertions
  api<T = any>(
    p: string,
    init?: {
      method?: string;
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      cookie?: string;
    },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** POST /api/auth/login and return the bearer token. */
  token(email: string, password: string): Promise<string>;
  /** Signs in through the /login form and returns the Cookie header value. */
  cookie(email: string, password: string): Promise<string>;
}

/** `env` overrides the parsed configuration for this server only (e.g. METRICS_TOKEN). */
export function useServer(
  t: TestDb,
  opts: { mail?: boolean; env?: Record<string, unknown> } = {},
): TestServer {
  const s = {} as TestServer;
  let server: Server;
  let stopMail: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const smtp = await startSmtpSink();
    s.smtp = smtp;
    const build = (await loadBuild()) as { entry: { module: { loadEnv(): unknown } } };
    const env = build.entry.module.loadEnv() as Record<string, unknown>;
    const { createApp, createServer } = await import(
      pathToFileURL(path.join(root, "server-app.mjs")).href
    );
    const merged = { ...env, ...(opts.env ?? {}) };
    const app = createApp(build, merged);
    await new Promise<void>((resolve) => {
      server = createServer(app, merged).listen(0, "127.0.0.1", () => resolve());
    });
    const port = (server.address() as { port: number }).port;
    s.url = `http://127.0.0.1:${port}`;
    if (opts.mail !== false) {
      stopMail = startMailWorker(
        async () => t.db as Db,
        createSender({ smtpUrl: smtp.url, from: "Runway <no-reply@example.edu>", outboxDir: "" }),
        {
          intervalMs: 200,
        },
      );
    }
  });
  afterAll(async () => {
    await stopMail?.();
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server?.closeAllConnections?.();
    await s.smtp?.close();
  });
  // A failed fetch names its cause (the socket error), which Node's bare "fetch failed" hides.
  s.fetch = (p, init = {}) =>
    fetch(s.url + p, { redirect: "manual", ...init }).catch((e: Error & { cause?: Error }) => {
      const c = e.cause as (Error & { code?: string }) | undefined;
      throw new Error(
        `${e.message} (${init.method ?? "GET"} ${p}): ${c?.code ?? ""} ${c?.message ?? ""}`,
        {
          cause: e,
        },
      );
    });
  s.api = async (p, init = {}) => {
    const headers: Record<string, string> = { Accept: "application/json", ...(init.headers ?? {}) };
    if (init.body !== undefined) headers["Content-Type"] ??= "application/json";
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.cookie) headers.Cookie = init.cookie;
    const res = await s.fetch(p, {
      method: init.method ?? (init.body !== undefined ? "POST" : "GET"),
      headers,
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === "string"
            ? init.body
            : JSON.stringify(init.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as never, headers: res.headers };
  };
  s.token = async (email, password) => {
    const r = await s.api("/api/auth/login", { body: { email, password } });
    if (r.status !== 200 || !r.body?.token)
      throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.token as string;
  };
  s.cookie = async (email, password) => {
    const form = new URLSearchParams({ email, password });
    const res = await s.fetch("/login", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const set = res.headers.getSetCookie().find((c) => /^(__Host-)?runway_session=/.test(c));
    if (!set) throw new Error(`form login failed: ${res.status}`);
    return set.split(";")[0];
  };
  return s;
}

/** A plain form post (a browser without JavaScript): repeated keys for lists, an optional session cookie. */
export function postForm(
  app: TestServer,
  p: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return app.fetch(p, { method: "POST", body, headers });
}
