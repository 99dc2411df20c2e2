/**
 * The HTTP layer's defences against the built server: the cross-site request guard,
 * /api content types, body limits, bad input as a 4xx without internals, and the security headers.
 */
import http from "node:http";
import path from "node:path";
import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { createUser } from "../factories";
import { forEachDb, rows } from "../setup/db";
import { useServer } from "../setup/http";

const FOREIGN = "http://127.0.0.1:1"; // same site as the test server, another port: another origin

async function publicUrl(): Promise<string> {
  const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
  return (build.entry.module.loadEnv() as { PUBLIC_URL: string }).PUBLIC_URL;
}

/** A raw request, so the test controls Content-Length, chunking and what happens to the socket. */
function raw(
  url: string,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string | number>;
    chunkedMb?: number;
    body?: string;
  },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; sentBytes: number }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: opts.path,
      method: opts.method ?? "POST",
      headers: opts.headers,
      agent: false,
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBytes: sent }),
      );
    });
    req.on("error", reject);
    if (opts.chunkedMb) {
      const chunk = Buffer.alloc(64 * 1024, "a");
      const write = () => {
        while (sent < opts.chunkedMb! * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", write);
        }
        req.end();
      };
      req.on("error", () => {});
      write();
    } else if (opts.body !== undefined) {
      req.end(opts.body);
    } else if (!opts.headers?.["content-length"]) {
      req.end();
    } else {
      req.flushHeaders(); // a promised body that never comes: the answer must not wait for it
    }
  });
}

const noInternals = (text: string) => {
  expect(text).not.toMatch(/\bat [^\n]*\.(js|ts|mjs):\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|Failed query|select |"stack"/i);
};

describe("HTTP security layer", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    // Without the PGlite admission gate (as on PostgreSQL in production) a route may answer before
    // the body has arrived; with it, the body is read in full before the route runs.
    const ungated = useServer(t, { mail: false, env: { PGLITE_MAX_CONCURRENT: 0 } });
    let own: string;
    beforeAll(async () => {
      own = await publicUrl();
    });

    const adminCookie = async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return {
        user,
        cookie: await app.cookie(user.email, password),
        token: await app.token(user.email, password),
      };
    };
    const newUser = () => ({
      userType: "student",
      firstName: "Forged",
      lastName: "Admin",
      email: `forged.${Math.random().toString(36).slice(2, 8)}@example.edu`,
      password: "secret-pass-mango",
      studentId: `2024-${Math.random().toString(36).slice(2, 8)}`,
      course: "BS in Aeronautical Engineering",
      yearLevel: "4th Year",
    });
    const countUsers = async () =>
      Number((await rows<{ n: number }>(t, sql`select count(*)::int as n from users`))[0].n);

    describe("cross-site request forgery", () => {
      it("refuses text/plain JSON to /api/admin/users from another origin, whatever the cookie", async () => {
        const { cookie } = await adminCookie();
        const before = await countUsers();
        for (const headers of <Record<string, string>[]>[
          { Origin: FOREIGN },
          { Origin: "null" },
          { "Sec-Fetch-Site": "same-site" },
          { "Sec-Fetch-Site": "cross-site" },
        ]) {
          const r = await app.fetch("/api/admin/users", {
            method: "POST",
            headers: { "Content-Type": "text/plain", Cookie: cookie, ...headers },
            body: JSON.stringify(newUser()),
          });
          expect(r.status, JSON.stringify(headers)).toBe(403);
          expect((await r.json()).message).toMatch(/outside Runway/);
        }
        // Even with an allowed origin, the text/plain body a form can send is refused.
        const plain = await app.fetch("/api/admin/users", {
          method: "POST",
          headers: { "Content-Type": "text/plain", Cookie: cookie, Origin: own },
          body: JSON.stringify(newUser()),
        });
        expect(plain.status).toBe(415);
        expect(await countUsers()).toBe(before);
        const ok = await app.api("/api/admin/users", {
          cookie,
          body: newUser(),
          headers: { Origin: own },
        });
        expect(ok.status).toBe(201);
        expect(await countUsers()).toBe(before + 1);
      });

      it("refuses a screen action and a ?_data= POST from another origin; the same from Runway works", async () => {
        const { cookie } = await adminCookie();
        const { user: student } = await createUser(t.db, { role: "student" });
        const form = new URLSearchParams({
          intent: "toggle",
          id: student.id,
          confirm: "yes",
          isActive: "false",
        });
        const send = (p: string, origin: string | null, site?: string) =>
          app.fetch(p, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Cookie: cookie,
              ...(origin ? { Origin: origin } : {}),
              ...(site ? { "Sec-Fetch-Site": site } : {}),
            },
            body: form,
          });
        const page = await send("/admin/users", FOREIGN);
        expect(page.status).toBe(403);
        expect(page.headers.get("content-type")).toMatch(/text\/html/);
        const data = await send("/admin/users?_data=routes%2Fadmin%2B%2Fusers", null, "same-site");
        expect(data.status).toBe(403);
        expect((await data.json()).message).toMatch(/outside Runway/);
        const active = async () =>
          (await t.db.select().from(users).where(eq(users.id, student.id)))[0].isActive;
        expect(await active()).toBe(true);
        const mine = await send("/admin/users", own, "same-origin");
        expect(mine.status).toBe(302);
        expect(await active()).toBe(false);
      });

      it("refuses login CSRF: no session is started from a foreign form", async () => {
        const { user, password } = await createUser(t.db, { role: "student" });
        const r = await app.fetch("/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: FOREIGN },
          body: new URLSearchParams({ email: user.email, password }),
        });
        expect(r.status).toBe(403);
        expect(r.headers.getSetCookie().some((c) => c.startsWith("runway_session="))).toBe(false);
        const api = await app.fetch("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-site" },
          body: JSON.stringify({ email: user.email, password }),
        });
        expect(api.status).toBe(403);
      });

      it("keeps bearer-token calls usable from anywhere and clients without browser headers", async () => {
        const { token } = await adminCookie();
        const r = await app.api("/api/admin/users", {
          token,
          body: newUser(),
          headers: { Origin: FOREIGN },
        });
        expect(r.status).toBe(201);
        const noHeaders = await app.api("/api/admin/users", { token, body: newUser() });
        expect(noHeaders.status).toBe(201);
      });
    });

    describe("/api content types", () => {
      it("answers 415 {message} to form and text bodies, accepts JSON and an empty body", async () => {
        const { user, password } = await createUser(t.db);
        for (const type of [
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
        ]) {
          const r = await app.fetch("/api/auth/login", {
            method: "POST",
            headers: { "Content-Type": type },
            body: JSON.stringify({ email: user.email, password }),
          });
          expect(r.status, type).toBe(415);
          expect((await r.json()).message).toMatch(/application\/json/);
        }
        const token = await app.token(user.email, password);
        const logout = await app.fetch("/api/auth/logout", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(logout.status).toBe(200);
        const upload = await app.fetch("/api/profile/picture", {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: "{}",
        });
        expect(upload.status).toBe(415);
      });
    });

    describe("body limits", () => {
      it("refuses a Content-Length over the cap before reading, with Connection: close", async () => {
        const r = await raw(app.url, {
          path: "/login",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "content-length": 600 * 1024 * 1024,
          },
        });
        expect(r.status).toBe(413);
        expect(r.headers.connection).toBe("close");
        const api = await raw(app.url, {
          path: "/api/auth/login",
          headers: { "content-type": "application/json", "content-length": 2 * 1024 * 1024 },
        });
        expect(api.status).toBe(413);
        expect(JSON.parse(api.body)).toEqual({ message: "Request body is too large" });
      });

      it("counts chunked bodies: 413 long before the client has sent them", async () => {
        for (const [p, type] of [
          ["/login", "application/x-www-form-urlencoded"],
          ["/api/auth/login", "application/json"],
          ["/login?_data=routes%2F_auth%2B%2Flogin", "application/x-www-form-urlencoded"],
        ]) {
          const r = await raw(app.url, {
            path: p,
            headers: { "content-type": type },
            chunkedMb: 64,
          });
          expect(r.status, p).toBe(413);
          expect(r.headers.connection).toBe("close");
          expect(r.sentBytes).toBeLessThan(64 * 1024 * 1024);
        }
      });

      it("gives uploads their own cap, counted on a chunked multipart body", async () => {
        const { user, password } = await createUser(t.db);
        const token = await app.token(user.email, password);
        const r = await raw(app.url, {
          path: "/api/profile/picture",
          headers: {
            "content-type": "multipart/form-data; boundary=x",
            authorization: `Bearer ${token}`,
          },
          chunkedMb: 32,
        });
        expect(r.status).toBe(413);
        expect(JSON.parse(r.body)).toEqual({ message: "The image is larger than 2 MB." });
        expect(r.headers.connection).toBe("close");
      });

      it("closes a connection whose body was left unread, so the next request is not reset", async () => {
        const big = JSON.stringify({ title: "x".repeat(200_000) });
        for (let i = 0; i < 3; i++) {
          const r = await ungated.fetch("/api/jobs", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: big,
          });
          expect(r.status).toBe(401);
          expect(r.headers.get("connection")).toBe("close");
          await r.text();
          const next = await ungated.fetch("/api/jobs", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: "{}",
          });
          expect(next.status).toBe(401);
          await next.text();
        }
      });

      it("still takes a form just under the limit", async () => {
        const { user, password } = await createUser(t.db);
        const form = new URLSearchParams({
          email: user.email,
          password,
          pad: "x".repeat(900 * 1024),
        });
        const r = await app.fetch("/login", { method: "POST", body: form });
        expect(r.status).toBe(302);
      });
    });

    describe("bad input is a 4xx without internals", () => {
      it.each([
        ["/jobs/feed.xml?location=%00", 400],
        ["/jobs?q=%00", 400],
        ["/jobs?q=%E0%A4%A", 400],
        ["/api/jobs/%ZZ", 400],
        ["/api/jobs?q=%00", 400],
        ["/jobs?_data=routes%2Fnope", 404],
        ["/api/jobs?_data=nope", 404],
      ])("GET %s → %i", async (p, status) => {
        const r = await app.fetch(p);
        expect(r.status).toBe(status);
        const text = await r.text();
        noInternals(text);
        if (p.startsWith("/api") || p.includes("_data"))
          expect(JSON.parse(text).message).toBeTruthy();
      });

      it("answers TRACE and PROPFIND with 405", async () => {
        for (const method of ["TRACE", "PROPFIND"]) {
          for (const p of ["/jobs", "/api/jobs"]) {
            const r = await raw(app.url, { method, path: p });
            expect(r.status, `${method} ${p}`).toBe(405);
            noInternals(r.body);
          }
        }
      });

      it("refuses NUL in form fields and JSON strings with 400", async () => {
        const form = await app.fetch("/login?_data=routes%2F_auth%2B%2Flogin", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "email=x%00%40example.edu&password=secret12",
        });
        expect(form.status).toBe(400);
        expect((await form.json()).message).toMatch(/NUL/);
        const json = await app.api("/api/auth/login", {
          body: '{"email":"x\\u0000@example.edu","password":"secret12"}',
        });
        expect(json.status).toBe(400);
        noInternals(JSON.stringify(json.body));
      });
    });

    describe("security headers", () => {
      it("sends a nonce CSP whose nonce every script of the page carries", async () => {
        const r = await app.fetch("/");
        const csp = r.headers.get("content-security-policy") ?? "";
        const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
        expect(nonce).toBeTruthy();
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        const html = await r.text();
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        expect(scripts.length).toBeGreaterThan(0);
        for (const s of scripts)
          if (!/type="application\/ld\+json"/.test(s)) expect(s).toContain(`nonce="${nonce}"`);
        const again = await app.fetch("/");
        expect(again.headers.get("content-security-policy")).not.toBe(csp);
        expect(r.headers.get("cross-origin-opener-policy")).toBe("same-origin");
        expect(r.headers.get("permissions-policy")).toMatch(
          /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/,
        );
        expect(r.headers.get("x-content-type-options")).toBe("nosniff");
        expect(r.headers.get("strict-transport-security")).toBeNull();
      });

      it("nosniff on /api, private no-store on signed-in pages and their data, no-referrer on reset", async () => {
        expect((await app.fetch("/api/jobs")).headers.get("x-content-type-options")).toBe(
          "nosniff",
        );
        const { cookie } = await adminCookie();
        const page = await app.fetch("/dashboard", { headers: { Cookie: cookie } });
        expect(page.status).toBe(200);
        expect(page.headers.get("cache-control")).toBe("private, no-store");
        const data = await app.fetch("/jobs?_data=routes%2Fjobs%2B%2F_index", {
          headers: { Cookie: cookie },
        });
        expect(data.headers.get("cache-control")).toBe("private, no-store");
        const anonymous = await app.fetch("/jobs");
        expect(anonymous.headers.get("cache-control") ?? "").not.toContain("private");
        const reset = await app.fetch("/reset-password?token=abc");
        expect(reset.headers.get("referrer-policy")).toBe("no-referrer");
      });
    });
  });
});

describe("HSTS in production with an https PUBLIC_URL", () => {
  let server: Server;
  let url = "";
  beforeAll(async () => {
    const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
    const env = {
      ...build.entry.module.loadEnv(),
      NODE_ENV: "production",
      PUBLIC_URL: "https://runway.example.edu",
    };
    const { createApp } = await import(pathToFileURL(path.resolve("server-app.mjs")).href);
    server = createApp(build, env).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends Strict-Transport-Security for a year with subdomains", async () => {
    const r = await fetch(`${url}/favicon.svg`);
    expect(r.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});
