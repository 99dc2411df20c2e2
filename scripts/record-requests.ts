/**
 * Records a fixed set of HTTP requests against the built app, for a before/after comparison of a
 * change that must not alter behaviour.
 *
 *   npm run build && npm run record:requests -- --out /tmp/before
 *   # … change the code …
 *   npm run build && npm run record:requests -- --out /tmp/after
 *   diff -r /tmp/before /tmp/after
 *
 * It boots the real server (build/index.js + server-app.mjs) in-process on a fresh PGlite data
 * directory in a temporary folder, seeds a deterministic data set through the test factories and
 * the /api, sends every request of the list below (screens as full HTML documents, the /api,
 * feeds, SEO files, some writes with valid and invalid bodies) and writes one file per request
 * plus index.txt. Only URLs are used, never route files. Volatile parts are normalised: uuids
 * (named by entity, or <id-N> in order of first appearance over the whole run), timestamps and
 * dates near today, session cookies, bearer tokens, nonces, asset hashes, ETags, Date headers and
 * request ids. Two runs on the same code and the same day give identical output.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";

const args = process.argv.slice(2);
const outArg = args[args.indexOf("--out") + 1];
if (!args.includes("--out") || !outArg) {
  console.error("usage: npx tsx scripts/record-requests.ts --out <dir>");
  process.exit(2);
}
const OUT = path.resolve(outArg);
const root = path.resolve(".");

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-record-"));
process.env.DATA_DIR = tmp;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "record-secret-record-secret-record-0123";
process.env.COLLEGE_EMAIL_DOMAIN = "example.edu";
process.env.EVENT_LOOP_MAX_DELAY = "0";
delete process.env.DATABASE_URL;

const PASSWORD = "correct-horse-42";
const started = Date.now();

// ---------------------------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------------------------

const names = new Map<string, string>();
let anon = 0;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function label(id: string, name: string) {
  names.set(id.toLowerCase(), `<${name}>`);
}
const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const today = new Date();
const dayMs = 86_400_000;
const secrets: [string, string][] = [];

// Human-readable dates of the days around today, formatted once (formatting per response would
// block the event loop the server shares with this script).
const humanDateTags = new Map<string, string>();
for (let d = -120; d <= 120; d++) {
  const x = new Date(today.getTime() + d * dayMs);
  const tag = d === 0 ? "<today>" : `<today${d > 0 ? "+" : ""}${d}>`;
  for (const opts of [
    { month: "short", day: "numeric", year: "numeric" },
    { month: "long", day: "numeric", year: "numeric" },
    { day: "numeric", month: "short", year: "numeric" },
    { day: "numeric", month: "long", year: "numeric" },
    { weekday: "short", month: "short", day: "numeric" },
    { weekday: "long", month: "long", day: "numeric" },
  ] as Intl.DateTimeFormatOptions[])
    for (const locale of ["en-US", "en-GB"]) {
      const f = new Intl.DateTimeFormat(locale, { ...opts, timeZone: "Asia/Manila" }).format(x);
      if (!humanDateTags.has(f)) humanDateTags.set(f, tag);
    }
}
const humanDates = new RegExp(
  [...humanDateTags.keys()]
    .sort((p, q) => q.length - p.length)
    .map((k) => `\\b${k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`)
    .join("|"),
  "g",
);

function normalise(text: string): string {
  let s = text;
  for (const [value, name] of secrets) s = s.split(value).join(name);
  s = s.replace(UUID, (m) => {
    const k = m.toLowerCase();
    let n = names.get(k);
    if (!n) {
      n = `<id-${++anon}>`;
      names.set(k, n);
    }
    return n;
  });
  // Full timestamps within two days of the run: written by the run itself.
  s = s.replace(
    /\b(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-]\d\d:?\d\d)?\b/g,
    (m) => {
      const t = Date.parse(m.includes("T") ? m : m.replace(" ", "T"));
      return Number.isFinite(t) && Math.abs(t - started) < 2 * dayMs ? "<now>" : m;
    },
  );
  // Plain dates within 400 days of today: relative to today.
  s = s.replace(/\b(\d{4})-(\d\d)-(\d\d)\b/g, (m) => {
    const t = Date.parse(`${m}T00:00:00Z`);
    if (!Number.isFinite(t)) return m;
    const diff = Math.round((t - Date.parse(`${ymd(today)}T00:00:00Z`)) / dayMs);
    if (Math.abs(diff) > 400) return m;
    return diff === 0 ? "<today>" : `<today${diff > 0 ? "+" : ""}${diff}>`;
  });
  // Human dates of the days around today ("Nov 26, 2026", "26 November 2026", …).
  s = s.replace(humanDates, (m) => humanDateTags.get(m)!);
  // A time of day next to a date near today.
  s = s.replace(/(<today[^>]*>,? )\d{1,2}:\d\d(\s?[AP]M)?/g, "$1<time>");
  s = s
    .replace(/\bnonce="[^"]*"/g, 'nonce="<nonce>"')
    .replace(/'nonce-[^']*'/g, "'nonce-<nonce>'")
    .replace(/(\/build\/[^"'\s)]*?-)[A-Z0-9]{8}(\.(?:js|css|map))/g, "$1<hash>$2")
    .replace(/(\/build\/[^"'\s)]*?)\?v=[\w-]+/g, "$1?v=<hash>")
    .replace(/"version":"[0-9a-f]{8}"/g, '"version":"<hash>"')
    .replace(/\b(Bearer )[\w.-]{20,}/g, "$1<token>")
    .replace(/"token":"[^"]+"/g, '"token":"<token>"')
    .replace(/\/supervise\/[\w-]{20,}/g, "/supervise/<token>")
    .replace(/\b\d{13}\b/g, (m) => (Math.abs(Number(m) - started) < 2 * dayMs ? "<epoch-ms>" : m));
  return s;
}

// ---------------------------------------------------------------------------------------------
// Server, database and data set
// ---------------------------------------------------------------------------------------------

interface Req {
  method: string;
  url: string;
  as: string;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

async function main() {
  const file = path.join(root, "build", "index.js");
  if (!fs.existsSync(file)) throw new Error("build/index.js is missing: run `npm run build` first");
  const build = await import(pathToFileURL(file).href);
  const { getDbHandle } = await import("../app/lib/db.server");
  const handle = await getDbHandle();
  const db = handle.db;

  const f = await import("../tests/factories/index");
  const { createEmployer } = await import("../tests/factories/employer-jobs");
  const { completeChecklist, realClockCfg, recordMoa } =
    await import("../tests/factories/ojt-docs");
  const { setCoordinatorCourses } = await import("../app/models/ojt/access.server");
  const { addDays, todayIn, weekStartOf } = await import("../app/models/ojt/ojt.schema");
  const { eq } = await import("drizzle-orm");
  const { users } = await import("../db/schema");

  const at = (iso: string) => new Date(`${iso}T02:00:00Z`);
  // Companies.
  const skyward = await f.createCompany(db, {
    name: "Skyward Aero Services",
    location: "Pasay City",
    email: "hr@skyward.example.com",
    description: "Line and base maintenance for regional carriers.",
  });
  const pal = await f.createCompany(db, { name: "Philippine Airlines Technical Center" });
  const cebu = await f.createCompany(db, { name: "Cebu Flight Academy", location: "Cebu City" });
  label(skyward.id, "company:skyward");
  label(pal.id, "company:pal");
  label(cebu.id, "company:cebu");
  await recordMoa(db, realClockCfg, pal.id);

  // Jobs: approved, pending, closed, declined-ish.
  const jobSpecs = [
    ["a320", "A320 Line Maintenance Technician", skyward.id, "full-time", "active", true],
    ["intern", "Aircraft Maintenance Intern", pal.id, "internship", "active", true],
    ["dispatcher", "Flight Dispatcher Trainee", cebu.id, "full-time", "active", true],
    ["avionics", "Avionics Technician", skyward.id, "part-time", "active", true],
    ["pending", "Hangar Planner", skyward.id, "full-time", "active", false],
    ["closed", "Stores Clerk", pal.id, "full-time", "closed", true],
  ] as const;
  const jobIds: Record<string, string> = {};
  let day = 1;
  for (const [key, title, companyId, jobType, status, isApproved] of jobSpecs) {
    const j = await f.createJob(db, {
      title,
      companyId,
      jobType: jobType as never,
      status: status as never,
      isApproved,
      location: key === "dispatcher" ? "Cebu City" : "Manila",
      categories: key === "dispatcher" ? ["Operations"] : ["Maintenance"],
      shortDescription: `${title} at our hangar.`,
      createdAt: at(`2025-0${Math.min(day, 9)}-1${day}`),
    });
    day++;
    jobIds[key] = j.id;
    label(j.id, `job:${key}`);
  }

  // People.
  let personNo = 0;
  const person = async (
    key: string,
    o: Parameters<typeof f.createUser>[1] & { email: string; firstName: string; lastName: string },
  ) => {
    const { user } = await f.createUser(db, {
      studentId: o.role === "admin" || o.role === "coordinator" ? null : `S-${key}`,
      // Distinct creation times keep lists sorted by them in one order.
      createdAt: new Date(Date.parse("2025-01-05T02:00:00Z") + ++personNo * 60_000),
      ...o,
    });
    label(user.id, `user:${key}`);
    return user;
  };
  await person("admin", {
    role: "admin",
    email: "admin@example.edu",
    firstName: "Ada",
    lastName: "Admin",
  });
  const student = await person("student", {
    role: "student",
    email: "student@example.edu",
    firstName: "Juan",
    lastName: "Dela Cruz",
    courseCode: "BSAMT",
  });
  const student2 = await person("student2", {
    role: "student",
    email: "student2@example.edu",
    firstName: "Maria",
    lastName: "Santos",
    courseCode: "BSAE",
  });
  await person("alumni", {
    role: "alumni",
    email: "alumni@example.edu",
    firstName: "Jose",
    lastName: "Reyes",
    courseCode: "BSAMT",
  });
  await person("inactive", {
    role: "student",
    email: "inactive@example.edu",
    firstName: "Ina",
    lastName: "Active",
    isActive: false,
  });
  const coordinator = await person("coordinator", {
    role: "coordinator",
    email: "coordinator@example.edu",
    firstName: "Carla",
    lastName: "Coordinator",
    courseCode: null,
  });
  await setCoordinatorCourses(db, coordinator.id, [await f.courseId(db, "BSAMT")]);
  const emp = await createEmployer(db, {
    companyId: skyward.id,
    email: "hr@skyward.example.com",
    firstName: "Erin",
    employerVerified: true,
    domainVerified: true,
  });
  await db
    .update(users)
    .set({ lastName: "Employer", createdAt: at("2025-01-06") })
    .where(eq(users.id, emp.user.id));
  label(emp.user.id, "user:employer");

  // Survey.
  const { survey, questions } = await f.createSurvey(db, {
    title: "Graduate Tracer 2025",
    description: "Where are you now?",
    audience: "all",
    questions: [
      { text: "Employed?", type: "multiple_choice", required: true, options: ["Yes", "No"] },
      { text: "Current job title", type: "short_text" },
      { text: "Rate your training", type: "rating", scaleMax: 5 },
    ],
  });
  label(survey.id, "survey:tracer");
  questions.forEach((q, i) => label(q.id, `question:${i + 1}`));
  const { survey: draft } = await f.createSurvey(db, { title: "Draft Survey", status: "draft" });
  label(draft.id, "survey:draft");

  // Server.
  const { createApp, createServer } = await import(
    pathToFileURL(path.join(root, "server-app.mjs")).href
  );
  const env = build.entry.module.loadEnv();
  const app = createApp(build, env);
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app, env).listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  secrets.push([base, "http://<host>"]);

  const tokens: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const emails: Record<string, string> = {
    admin: "admin@example.edu",
    student: "student@example.edu",
    student2: "student2@example.edu",
    alumni: "alumni@example.edu",
    coordinator: "coordinator@example.edu",
    employer: "hr@skyward.example.com",
  };
  for (const [role, email] of Object.entries(emails)) {
    const r = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = (await r.json()) as { token?: string };
    if (!body.token) throw new Error(`login of ${email} failed: ${r.status}`);
    tokens[role] = body.token;
    const c = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: PASSWORD }),
    });
    const set = c.headers.getSetCookie().find((x) => /^(__Host-)?runway_session=/.test(x));
    if (!set) throw new Error(`form login of ${email} failed: ${c.status}`);
    cookies[role] = set.split(";")[0];
    secrets.push([body.token, `<token:${role}>`]);
    secrets.push([cookies[role].split("=").slice(1).join("="), `<session:${role}>`]);
  }

  const api = async (method: string, url: string, as: string, json?: unknown) => {
    const r = await fetch(base + url, {
      method,
      headers: {
        Accept: "application/json",
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...(tokens[as] ? { Authorization: `Bearer ${tokens[as]}` } : {}),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`seed ${method} ${url}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };

  // Seeding through the /api: saved jobs, a report, survey responses, an OJT placement with hours.
  await api("PUT", `/api/saved-jobs/${jobIds.a320}`, "student");
  await api("PUT", `/api/saved-jobs/${jobIds.intern}`, "alumni");
  await api("POST", `/api/jobs/${jobIds.avionics}/reports`, "student", {
    reason: "misleading",
    details: "The salary in the post differs from the interview.",
  });
  const answers = (employed: string, title: string, rate: number) => ({
    answers: [
      { questionId: questions[0].id, type: "multiple_choice", label: "Employed?", value: employed },
      { questionId: questions[1].id, type: "short_text", label: "Current job title", value: title },
      { questionId: questions[2].id, type: "rating", label: "Rate your training", value: rate },
    ],
  });
  await api(
    "POST",
    `/api/surveys/${survey.id}/responses`,
    "alumni",
    answers("Yes", "B1 Engineer", 4),
  );
  await api("POST", `/api/surveys/${survey.id}/responses`, "student2", answers("No", "", 3));

  const todayM = todayIn("Asia/Manila");
  const lastMonday = addDays(weekStartOf(todayM), -7);
  const placement = await api("POST", "/api/placements", "coordinator", {
    studentId: student.id,
    companyId: pal.id,
    supervisor: {
      name: "Rosa Dela Cruz",
      position: "Line Maintenance Lead",
      email: "r.delacruz@pal-mro.example.com",
      phone: "0917 000 0000",
    },
    startDate: addDays(todayM, -40),
    expectedEndDate: addDays(todayM, 80),
    requiredHours: 486,
  });
  label(placement.id, "placement");
  await completeChecklist(db, realClockCfg, placement.id);
  await api("POST", `/api/placements/${placement.id}/status`, "coordinator", {
    status: "deployed",
  });
  const hourEntry = (date: string, timeIn = "08:00", timeOut = "17:00") => ({
    date,
    timeIn,
    timeOut,
    breakMinutes: 60,
    tasks: "Borescope inspection of engine 2",
  });
  for (let d = 0; d < 3; d++)
    await api(
      "POST",
      `/api/placements/${placement.id}/hours`,
      "student",
      hourEntry(addDays(lastMonday, d)),
    );
  const courseRows = await handle.rows<{ id: string; code: string }>(
    (await import("drizzle-orm")).sql`select id, code from courses order by code`,
  );
  for (const c of courseRows) label(c.id, `course:${c.code}`);
  const bsamt = courseRows.find((c) => c.code === "BSAMT")!.id;

  // ---------------------------------------------------------------------------------------------
  // The requests
  // ---------------------------------------------------------------------------------------------
  const list: Req[] = [];
  const get = (url: string, ...as: string[]) => {
    for (const a of as.length ? as : ["anon"]) list.push({ method: "GET", url, as: a });
  };
  const J = jobIds;
  const P = placement.id;
  const S = survey.id;
  const everyone = ["anon", "student", "alumni", "employer", "admin", "coordinator"];
  const staff = ["anon", "student", "admin", "coordinator"];

  // Public and shared screens.
  for (const u of ["/", "/jobs", "/stay-safe", "/dashboard", "/profile", "/saved-jobs"])
    get(u, ...everyone);
  for (const u of [
    "/jobs?q=technician",
    "/jobs?q=a320",
    "/jobs?type=internship",
    "/jobs?jobType=full-time",
    "/jobs?location=Cebu",
    "/jobs?category=Maintenance",
    "/jobs?sort=oldest",
    "/jobs?page=2",
    "/jobs?page=-1",
    `/jobs/${J.a320}`,
    `/jobs/${J.pending}`,
    `/jobs/${J.closed}`,
    "/jobs/00000000-0000-0000-0000-000000000000",
    "/jobs/not-a-uuid",
    `/companies/${skyward.id}`,
    "/companies/not-a-uuid",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/reset-password?token=bogus",
    "/verify-otp",
    "/employers",
    "/alerts/unsubscribe",
    "/alerts/unsubscribe?token=bogus",
    "/surveys/unsubscribe?token=bogus",
    "/certificates/NOPE-0000",
    "/supervise/not-a-real-token",
    "/files/00000000-0000-0000-0000-000000000000",
    "/no-such-page",
    "/widget",
    "/widget?limit=3",
    "/jobs/feed.json",
    "/jobs/feed.json?limit=2",
    "/jobs/feed.xml",
    "/sitemap.xml",
    "/robots.txt",
    "/manifest.webmanifest",
  ])
    get(u);
  get(`/jobs/${J.a320}`, "student", "admin", "employer");
  get(`/jobs/${J.pending}`, "admin", "employer");
  get("/applications", "anon", "student", "alumni");
  get("/alerts", "anon", "student", "alumni");
  get(`/surveys/${S}`, "anon", "student", "alumni", "student2");
  get(`/surveys/${S}/responses`, "alumni", "admin");
  get("/ojt", "anon", "student", "coordinator", "admin");
  get(`/ojt/${P}/documents`, "anon", "student", "coordinator", "student2");
  get(`/ojt/${P}/dtr`, "student", "coordinator");
  // Employer screens.
  for (const u of [
    "/employer",
    "/employer/company",
    "/employer/team",
    "/employer/waiting",
    "/employer/jobs/new",
    `/employer/jobs/${J.a320}/edit`,
  ])
    get(u, "anon", "student", "employer");
  // Admin screens.
  for (const u of [
    "/admin/users",
    "/admin/users?q=santos",
    "/admin/users?role=student&page=1",
    "/admin/create-user",
    "/admin/jobs",
    "/admin/jobs?status=pending",
    "/admin/jobs/decline-templates",
    "/admin/companies",
    `/admin/companies/${pal.id}/moa`,
    "/admin/companies/join-requests",
    "/admin/courses",
    `/admin/courses/${bsamt}/ojt-checklist`,
    "/admin/reports",
    "/admin/surveys",
    "/admin/surveys/new",
    `/admin/surveys/${S}/edit`,
    `/admin/surveys/${S}/responses`,
    `/admin/surveys/${S}/progress`,
    `/admin/surveys/${S}/outcomes`,
    "/admin/ojt",
    "/admin/ojt?status=deployed",
    "/admin/ojt/new",
    `/admin/ojt/${P}`,
    "/admin/ojt/rubric",
  ])
    get(u, ...staff);

  // The /api.
  for (const u of [
    "/api/jobs",
    "/api/jobs?limit=2",
    "/api/jobs?page=2&limit=2",
    "/api/jobs?limit=500",
    "/api/jobs?q=technician",
    "/api/jobs?jobType=internship",
    "/api/jobs?jobType=spaceship",
    "/api/jobs?location=Cebu",
    "/api/jobs?category=Maintenance",
    "/api/jobs?includeCompany=true",
    "/api/jobs?approvedOnly=false",
    "/api/jobs?status=closed",
    "/api/jobs?sort=title",
    `/api/jobs/${J.a320}`,
    `/api/jobs/${J.pending}`,
    "/api/jobs/not-a-uuid",
    "/api/jobs/categories",
    "/api/public/jobs",
    "/api/public/jobs?limit=1",
    "/api/companies",
    "/api/companies?q=sky",
    `/api/companies/${skyward.id}`,
    `/api/companies/${pal.id}/moa`,
    "/api/auth/me",
    "/api/profile/me",
    "/api/saved-jobs",
    "/api/applications",
    "/api/alerts",
    "/api/student/stats",
    "/api/surveys",
    `/api/surveys/${S}`,
    `/api/surveys/${draft.id}`,
    "/api/surveys/active/eligible",
    `/api/surveys/${S}/responses`,
    `/api/surveys/${S}/responses/export`,
    `/api/surveys/${S}/progress`,
    `/api/surveys/${S}/outcomes`,
    "/api/admin/users",
    "/api/admin/users?role=student",
    "/api/admin/users?q=reyes&page=1&limit=1",
    "/api/admin/users?sort=email",
    `/api/admin/users/${student.id}`,
    "/api/admin/stats",
    "/api/admin/reports",
    "/api/admin/decline-templates",
    "/api/employers/invitations",
    "/api/employers/join-requests",
    "/api/employers/join-requests/mine",
    "/api/placements",
    "/api/placements?status=deployed&limit=5",
    `/api/placements/${P}`,
    `/api/placements/${P}/documents`,
    `/api/placements/${P}/hours`,
    `/api/placements/${P}/evaluations`,
    "/api/placements/not-a-uuid",
    "/api/ojt/report",
    "/api/ojt/rubric",
    `/api/courses/${bsamt}/ojt-checklist`,
    "/api/no-such-endpoint",
  ])
    for (const a of ["anon", "student", "employer", "admin", "coordinator"])
      list.push({ method: "GET", url: u, as: a, headers: { Accept: "application/json" } });

  // Writes: invalid first (validation answers), then a few valid ones.
  const w = (method: string, url: string, as: string, json: unknown) =>
    list.push({ method, url, as, json });
  w("POST", "/api/auth/login", "anon", {});
  w("POST", "/api/auth/login", "anon", { email: "student@example.edu", password: "wrong" });
  w("POST", "/api/auth/login", "anon", { email: "not-an-email", password: "x" });
  w("POST", "/api/auth/register", "anon", { email: "x" });
  w("POST", "/api/auth/forgot-password", "anon", { email: "nobody@example.edu" });
  w("POST", "/api/jobs", "anon", { title: "No" });
  w("POST", "/api/jobs", "student", { title: "No" });
  w("POST", "/api/jobs", "admin", {});
  w("POST", "/api/jobs", "admin", { title: "x", companyId: "not-a-uuid", jobType: "gig" });
  w("POST", "/api/jobs", "employer", { title: "" });
  w("PATCH", `/api/jobs/${J.a320}`, "admin", { jobType: "gig" });
  w("PATCH", `/api/jobs/${J.a320}`, "student", { title: "Hacked" });
  w("PATCH", `/api/jobs/${J.dispatcher}`, "admin", { title: "Flight Dispatcher (Trainee)" });
  w("POST", `/api/jobs/${J.a320}/reports`, "student", { reason: "spam" });
  w("POST", `/api/jobs/${J.a320}/reports`, "anon", { reason: "scam" });
  w("POST", `/api/jobs/${J.a320}/reports`, "student2", { reason: "scam", details: "Fee asked." });
  w("PUT", `/api/saved-jobs/${J.dispatcher}`, "student", undefined);
  w("PUT", "/api/saved-jobs/not-a-uuid", "student", undefined);
  w("DELETE", `/api/saved-jobs/${J.a320}`, "student", undefined);
  w("POST", "/api/companies", "admin", { name: "" });
  w("POST", "/api/companies", "admin", { name: "Northwind Aviation", location: "Clark" });
  w("PATCH", `/api/companies/${cebu.id}`, "admin", { website: "not a url" });
  w("POST", "/api/admin/users", "admin", { email: "bad", role: "pilot" });
  w("POST", "/api/admin/users", "admin", {
    email: "new.student@example.edu",
    role: "student",
    firstName: "Nina",
    lastName: "New",
    courseCode: "BSAE",
    yearLevel: "1st Year",
    studentId: "S-new",
  });
  w("PATCH", `/api/admin/users/${student2.id}`, "admin", { role: "wizard" });
  w("POST", "/api/surveys", "admin", { title: "" });
  w("POST", `/api/surveys/${S}/responses`, "student", { answers: [] });
  w("POST", `/api/surveys/${S}/responses`, "student", {
    answers: [
      { questionId: questions[0].id, type: "multiple_choice", label: "Employed?", value: "Maybe" },
    ],
  });
  w("POST", `/api/placements/${P}/hours`, "student", hourEntry(addDays(todayM, 1)));
  w("POST", `/api/placements/${P}/hours`, "student", hourEntry(lastMonday, "16:00", "18:00"));
  w("POST", `/api/placements/${P}/hours`, "student", hourEntry(addDays(lastMonday, 3)));
  w("POST", `/api/placements/${P}/status`, "coordinator", { status: "flying" });
  w("POST", `/api/placements/${P}/status`, "student", { status: "completed" });
  w("POST", "/api/placements", "coordinator", { studentId: student2.id });
  w("PATCH", "/api/profile/me", "student", { phone: "x".repeat(200) });
  w("PATCH", "/api/profile/me", "student", { phone: "0917 123 4567" });
  w("POST", "/api/alerts", "student", { q: "" });
  w("POST", "/api/alerts", "student", { q: "avionics", frequency: "weekly" });
  w("POST", "/api/admin/decline-templates", "admin", { title: "" });
  w("POST", `/api/jobs/${J.pending}/decline`, "admin", { reason: "" });
  w("POST", "/api/employers/register", "anon", { email: "bad" });
  w("POST", "/api/employers/join-requests", "student", {});
  w("PUT", "/api/jobs/categories", "admin", {});
  // After the writes: the lists again.
  get("/api/jobs", "admin");
  get("/api/saved-jobs", "student");
  get("/api/admin/reports", "admin");
  get("/api/companies", "admin");
  get("/jobs", "anon");
  // Form posts with invalid input to screens.
  const form = (url: string, as: string, fields: Record<string, string>) =>
    list.push({ method: "POST", url, as, form: fields });
  form("/login", "anon", { email: "", password: "" });
  form("/login", "anon", { email: "student@example.edu", password: "wrong" });
  form("/register", "anon", { email: "bad", password: "short" });
  form("/forgot-password", "anon", { email: "not-an-email" });
  form("/reset-password", "anon", { token: "bogus", password: "x" });
  form("/verify-otp", "anon", { code: "12" });
  form("/employers", "anon", { email: "bad" });
  form("/profile", "student", { intent: "profile", phone: "x".repeat(200) });
  form("/admin/create-user", "admin", { email: "bad", role: "pilot" });
  form("/admin/surveys/new", "admin", { title: "" });
  form("/employer/jobs/new", "employer", { title: "" });
  form("/admin/ojt/new", "coordinator", { studentId: "" });
  form(`/jobs/${J.a320}/report`, "student", { reason: "spam" });
  form("/alerts", "student", { q: "" });
  form(`/surveys/${S}`, "student", {});
  form("/supervise/not-a-real-token", "anon", { intent: "approve" });

  // ---------------------------------------------------------------------------------------------
  // Send and write
  // ---------------------------------------------------------------------------------------------
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const index: string[] = [];
  const used = new Set<string>();
  const keepHeaders = [
    "content-type",
    "cache-control",
    "location",
    "retry-after",
    "content-disposition",
    "vary",
    "x-robots-tag",
    "allow",
    "www-authenticate",
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
    "access-control-allow-origin",
  ];
  for (const r of list) {
    const headers: Record<string, string> = { ...(r.headers ?? {}) };
    let body: string | URLSearchParams | undefined;
    if (r.form) {
      body = new URLSearchParams(r.form);
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    } else if (r.json !== undefined) {
      body = JSON.stringify(r.json);
      headers["Content-Type"] = "application/json";
      headers.Accept = "application/json";
    } else if (r.url.startsWith("/api/")) headers.Accept = "application/json";
    if (r.as !== "anon") {
      if (r.url.startsWith("/api/")) headers.Authorization = `Bearer ${tokens[r.as]}`;
      else headers.Cookie = cookies[r.as];
    }
    let res: Response;
    try {
      res = await fetch(base + r.url, {
        method: r.method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(Number(process.env.RECORD_TIMEOUT_MS ?? 60_000)),
      });
    } catch (e) {
      // A refused or reset connection is an answer too.
      res = new Response(
        `<no response: ${(e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name}>`,
        {
          status: 599,
          headers: { "content-type": "text/plain" },
        },
      );
    }
    let buf: Buffer;
    try {
      buf = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      buf = Buffer.from(`<body cut: ${(e as Error).name}>`);
    }
    const type = res.headers.get("content-type") ?? "";
    let text: string;
    if (/json|text|xml|javascript|html/.test(type) || buf.length === 0) {
      text = buf.toString("utf8");
      if (/json/.test(type)) {
        try {
          text = JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          /* keep the raw text */
        }
      } else if (/html|xml/.test(type)) text = text.replace(/>\s*</g, ">\n<");
    } else
      text = `<binary ${buf.length} bytes, sha256 ${createHash("sha256").update(buf).digest("hex")}>`;

    const head = [`${r.method} ${r.url}`, `as: ${r.as}`];
    if (r.json !== undefined) head.push(`json: ${JSON.stringify(r.json)}`);
    if (r.form) head.push(`form: ${new URLSearchParams(r.form).toString()}`);
    head.push("", `status: ${res.status}`);
    for (const h of keepHeaders) {
      const v = res.headers.get(h);
      if (v !== null) head.push(`${h}: ${v}`);
    }
    if (res.headers.has("etag")) head.push("etag: <etag>");
    for (const c of res.headers.getSetCookie())
      head.push(
        `set-cookie: ${c.replace(/^([^=]+)=[^;]*/, (_, n) => `${n}=<value>`).replace(/Expires=[^;]+/i, "Expires=<date>")}`,
      );
    const content = normalise(`${head.join("\n")}\n\n${text}\n`);

    let slug = `${r.method}-${normalise(r.url)}`
      .replace(/<([^>]+)>/g, "$1")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/_+$/, "")
      .slice(0, 120);
    slug = `${slug}--${r.as}`;
    let name = slug;
    for (let i = 2; used.has(name); i++) name = `${slug}-${i}`;
    used.add(name);
    fs.writeFileSync(path.join(OUT, `${name}.txt`), content);
    index.push(`${res.status}\t${name}.txt\t${normalise(`${r.method} ${r.url}`)} (${r.as})`);
  }
  fs.writeFileSync(path.join(OUT, "index.txt"), index.join("\n") + "\n");

  await new Promise<void>((r) => server.close(() => r()));
  server.closeAllConnections?.();
  await handle.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(
    `recorded ${list.length} requests into ${OUT} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
