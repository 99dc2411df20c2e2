/**
 * Table-driven sweep: every /api route and a set of screen URLs × hostile inputs
 * (NUL, malformed escapes, overlong strings, out-of-range numbers, wrong JSON types, arrays for
 * scalars). Whatever the answer, it is never a 500 and never shows a stack or SQL text.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJob, createSurvey, createUser } from "../factories";
import { createEmployer } from "../factories/employer-jobs";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

const LONG = "x".repeat(5000);
const PARAMS = [
  "%00",
  "%ZZ",
  "99999999999999999999",
  "-1",
  LONG,
  "1e400",
  "%27%20OR%201%3D1--",
  "..%2F..%2Fetc",
];
const QUERY = [
  "q=%00",
  "licence=%00",
  "q=%E0%A4%A",
  `q=${LONG}`,
  "page=99999999999999999999&limit=-5",
  "page=abc&limit=1e400",
  "page[]=1&limit[]=2&q[]=a&q[]=b",
  "type=%27&location=%5C&category=%22&status=%7B%7D&sort=%3Cscript%3E&from=2026-13-45&year=-99999999999",
];
const SCALARS = [
  "email",
  "password",
  "firstName",
  "lastName",
  "title",
  "name",
  "description",
  "id",
  "page",
  "limit",
];
const BODIES: unknown[] = [
  [],
  "string",
  null,
  Object.fromEntries(SCALARS.map((k) => [k, ["a", "b"]])),
  Object.fromEntries(SCALARS.map((k) => [k, { nested: { deep: 1 } }])),
  Object.fromEntries(SCALARS.map((k) => [k, 1e308])),
  Object.fromEntries(SCALARS.map((k) => [k, LONG.repeat(4)])),
  {
    questions: [{ type: 42, options: "nope" }],
    isActive: "yes",
    salary: -1e20,
    deadline: "31/02/2026",
    userType: 7,
  },
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** /api paths from the route files: `api+/surveys.$id.responses.ts` → `/api/surveys/:id/responses`. */
function apiRoutes(): string[] {
  return fs
    .readdirSync(path.resolve("app/routes/api+"))
    .filter((f) => f !== "$.ts")
    .map(
      (f) =>
        "/api/" +
        f
          .replace(/\.tsx?$/, "")
          .split(".")
          .map((s) => (s.startsWith("$") ? `:${s.slice(1)}` : s))
          .join("/"),
    );
}

/** The Remix route id of a screen path, from the `+` area folders of app/routes. */
function routeIdOf(screen: string): string {
  const name = screen
    .slice(1)
    .replace(/:(\w+)/g, "$$$1")
    .replace(/\//g, ".");
  const area = name.split(".")[0];
  const areas = fs.readdirSync(path.resolve("app/routes")).filter((f) => f.endsWith("+"));
  for (const folder of areas) {
    const dir = path.resolve("app/routes", folder);
    const inside = folder.startsWith("_") ? name : name.slice(area.length + 1) || "_index";
    if (!folder.startsWith("_") && folder !== `${area}+`) continue;
    if (fs.readdirSync(dir).some((f) => f.replace(/\.tsx?$/, "") === inside))
      return `routes/${folder}/${inside}`;
  }
  return `routes/${name}`;
}

const SCREENS = [
  "/",
  "/jobs",
  "/jobs/:id",
  "/jobs/:id/apply",
  "/jobs/:id/report",
  "/stay-safe",
  "/jobs/feed.xml",
  "/jobs/feed.json",
  "/sitemap.xml",
  "/files/:id",
  "/dashboard",
  "/profile",
  "/login",
  "/register",
  "/verify-otp",
  "/forgot-password",
  "/reset-password",
  "/widget",
  "/admin/users",
  "/admin/jobs",
  "/admin/companies",
  "/admin/reports",
  "/admin/jobs/decline-templates",
  "/employers",
  "/employer",
  "/employer/jobs/new",
  "/employer/jobs/:id/edit",
  "/employer/company",
  "/employer/team",
  "/employer/waiting",
  "/admin/companies/join-requests",
  "/admin/create-user",
  "/admin/surveys",
  "/admin/surveys/new",
  "/admin/surveys/:id/edit",
  "/admin/surveys/:id/responses",
  "/surveys/:id",
  "/surveys/:id/responses",
];

/**
 * Screens the sweep above missed: alerts and their unsubscribe link, saved jobs,
 * applications, the survey mail's unsubscribe link, a survey's progress and outcomes, the logo
 * upload and sign-out (last: it ends the session it is probed with).
 */
const MORE_SCREENS = [
  "/alerts",
  "/alerts/unsubscribe",
  "/saved-jobs",
  "/applications",
  "/surveys/unsubscribe",
  "/admin/surveys/:id/progress",
  "/admin/surveys/:id/outcomes",
  "/upload/logo",
  "/logout",
];
/** Their own query parameters and form fields, hostile. */
const MORE_QUERY = [
  "alert=%00&token=%00",
  `alert=99999999999999999999&token=${LONG}`,
  "user=..%2F..%2Fetc&token=%27%20OR%201%3D1--",
  "user[]=a&user[]=b&token[]=x&alert[]=y",
  "edit=%00&confirm=%00&role=%00&format=%00",
  "edit=-1&confirm=yes&back=%2F%09%2Fevil.example&redirectTo=%2F%2Fevil.example",
  "q=%E0%A4%A&page=1e400&cohort=%00&year=99999999999999999999",
];
const MORE_FORMS = [
  "alert=%00&token=%00",
  `user=${LONG}&token=${LONG}`,
  "intent=save&jobId=%00&back=%2F%2Fevil.example&mode=fetch",
  "intent=unsave&jobId=99999999999999999999&mode=%00",
  "intent=frequency&id=%00&frequency=%00",
  "intent=pause&id=-1&intent=delete",
  "intent=remind&confirm=%00&role=%00&cohort=%00",
  "intent=invite&message=%00&subject=" + LONG,
];

const expand = (p: string) =>
  p.includes(":") ? PARAMS.map((v) => p.replace(/:[a-zA-Z]+/g, v)) : [p];

describe("hostile-input sweep", () => {
  forEachDb(
    (t) => {
      const app = useServer(t, { mail: false });
      const failures: string[] = [];

      async function probe(label: string, p: string, init: RequestInit) {
        let res: Response;
        try {
          // A hang guard, not a timing assertion: a request that never answers is a fault too.
          res = await app.fetch(p, { ...init, signal: AbortSignal.timeout(20_000) });
        } catch (e) {
          failures.push(`${label}: network error ${(e as Error).message}`);
          return;
        }
        const text = await res.text();
        if (res.status >= 500) failures.push(`${label} → ${res.status} ${text.slice(0, 120)}`);
        // Stack frames, file paths, drizzle's "Failed query" with its params: none may reach a client.
        const leak = text.match(
          /\bat [^\s<"]+ \([^)]*:\d+:\d+\)|node_modules\/|\/work\/|Failed query|\bparams: |"stack":\s*"/i,
        );
        if (leak)
          failures.push(
            `${label} → internals in the answer: …${text.slice(Math.max(0, leak.index! - 60), leak.index! + 100)}`,
          );
      }

      // Every route gets every hostile query and every method × body, anonymous and as an admin;
      // a route with ids in its path gets them with each hostile id in turn, so that every id
      // value meets every method and the bodies spread over the ids. (The full product — every id
      // × every body — is five times the requests for no more code reached: a route reads its path
      // before its body, so a hostile id and a hostile body are refused by different code.)
      it("never answers 500 or shows internals on /api, anonymous or as an admin", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        const token = await app.token(user.email, password);
        const at = (route: string, i: number) => {
          const paths = expand(route);
          return paths[i % paths.length]!;
        };
        for (const route of apiRoutes()) {
          for (const auth of [token, null]) {
            // Signing the sweep's own token out would only shrink what the rest of it reaches.
            if (auth && route === "/api/auth/logout") continue;
            const headers: Record<string, string> = auth ? { Authorization: `Bearer ${auth}` } : {};
            for (const [i, q] of QUERY.entries()) {
              const p = at(route, i);
              await probe(`GET ${p}?${q}`, `${p}?${q}`, { headers });
            }
            for (const [m, method] of METHODS.slice(1).entries()) {
              for (const [b, body] of BODIES.entries()) {
                const p = at(route, m + b);
                await probe(`${method} ${p} ${JSON.stringify(body).slice(0, 40)}`, p, {
                  method,
                  headers: { ...headers, "Content-Type": "application/json" },
                  body: JSON.stringify(body),
                });
              }
            }
          }
        }
        expect(failures).toEqual([]);
      }, 600_000);

      it("never answers 500 or shows internals on screens, their data requests and forms", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        const cookie = await app.cookie(user.email, password);
        for (const screen of SCREENS) {
          for (const p of expand(screen)) {
            for (const c of [cookie, null]) {
              const headers: Record<string, string> = c ? { Cookie: c } : {};
              for (const q of QUERY) {
                await probe(`GET ${p}?${q}`, `${p}?${q}`, { headers });
              }
              await probe(`GET ${p}?_data=root`, `${p}?_data=root`, { headers });
              for (const form of [
                "intent=%00&id=%00",
                `intent=${LONG}&id=${LONG}&email=${LONG}&password=${LONG}`,
                "intent=delete&id=99999999999999999999&confirm=yes",
                "intent=toggle&id=-1&confirm=yes&isActive=maybe",
                "email=a&email=b&password[]=x&title[]=y&page=1e400",
                "id=..%2F..%2Fetc&intent=%E0%A4%A",
              ]) {
                await probe(`POST ${p} ${form.slice(0, 40)}`, p, {
                  method: "POST",
                  headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
                  body: form,
                });
              }
            }
          }
        }
        expect(failures).toEqual([]);
      }, 600_000);

      it("covers alerts, saved jobs, applications, unsubscribe links, survey progress and outcomes, the logo upload and sign-out — signed out and as each role", async () => {
        const admin = await createUser(t.db, { role: "admin" });
        const student = await createUser(t.db, { role: "student" });
        const employer = await createEmployer(t.db);
        const { survey } = await createSurvey(t.db);
        const job = await createJob(t.db);
        const cookies: (string | null)[] = [
          null,
          await app.cookie(admin.user.email, admin.password),
          await app.cookie(student.user.email, student.password),
          await app.cookie(employer.user.email, employer.password),
        ];
        const ids = [...PARAMS, survey.id, job.id];
        for (const screen of MORE_SCREENS) {
          const paths = screen.includes(":") ? ids.map((v) => screen.replace(/:id/, v)) : [screen];
          const routeId = encodeURIComponent(routeIdOf(screen));
          for (const p of paths) {
            for (const c of cookies) {
              const headers: Record<string, string> = c ? { Cookie: c } : {};
              for (const q of [...QUERY, ...MORE_QUERY])
                await probe(`GET ${p}?${q}`, `${p}?${q}`, { headers });
              for (const data of ["root", routeId, `${routeId}%00`, "routes%2F..%2F..%2Fx"])
                await probe(`GET ${p}?_data=${data}`, `${p}?_data=${data}`, { headers });
              for (const form of [
                "intent=%00&id=%00",
                `intent=${LONG}&id=${LONG}&email=${LONG}&password=${LONG}`,
                "email=a&email=b&password[]=x&title[]=y&page=1e400",
                ...MORE_FORMS,
              ]) {
                for (const q of ["", `?_data=${routeId}`, "?alert=%00&token=x"])
                  await probe(`POST ${p}${q} ${form.slice(0, 40)}`, `${p}${q}`, {
                    method: "POST",
                    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
                    body: form,
                  });
              }
              // A multipart body with a file that is no image, and one with no file at all.
              for (const parts of [
                [["logo", new Blob(["<svg onload=alert(1)>"], { type: "image/png" }), "x.png"]],
                [["intent", "%00"]],
              ] as [string, string | Blob, string?][][]) {
                const body = new FormData();
                for (const [k, v, name] of parts)
                  if (typeof v === "string") body.append(k, v);
                  else body.append(k, v, name);
                await probe(`POST ${p} multipart`, p, { method: "POST", headers, body });
              }
            }
          }
        }
        expect(failures).toEqual([]);
      }, 900_000);
    },
    { truncate: false },
  );
});
