/**
 * The job model against real databases: the visibility rule, the search (prefix, accents, ranking,
 * filters, paging and every plan the public search can pick), admin sorting, changes and audit,
 * and search analytics.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { JOB_STATUSES } from "../../../db/constants";
import { auditLog, jobInteractions, searchEvents } from "../../../db/schema";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { actingAs, createCompany, createJob } from "../../../tests/factories";
import {
  applyToJob,
  createJob as modelCreateJob,
  deleteJob,
  escapeLike,
  getJob,
  listCategories,
  listJobs,
  searchAllJobs,
  searchPublicJobs,
  setJobApproval,
  toggleJobStatus,
  updateJob,
  viewJob,
  type SearchTuning,
} from "./job.server";
import { jobCreateSchema, jobUpdateSchema, searchWords, toggledStatus } from "./job.schema";
import { actorKey, recordSearch, topSearches } from "../search/search.server";
import { analyticsTerm } from "../search/search.schema";
import { Forbidden, NotFound, ValidationError } from "~/lib/errors";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const page = (limit = 50, offset = 0) => ({ offset, limit });
const titles = (r: { rows: Array<{ title: string }> }) => r.rows.map((x) => x.title);

async function hiddenAndVisible(t: TestDb) {
  const company = await createCompany(t.db, { name: "Hidden Test Air" });
  const visible = await createJob(t.db, { title: "Visible Ramp Agent", companyId: company.id });
  const kinds = [
    ...JOB_STATUSES.map((status) => ({ status, isApproved: false, label: "Pending" })),
    ...JOB_STATUSES.filter((s) => s !== "active").map((status) => ({
      status,
      isApproved: true,
      label: "Approved",
    })),
  ];
  const hidden = [];
  for (const { status, isApproved, label } of kinds)
    hidden.push(
      await createJob(t.db, {
        title: `${label} ${status} Ramp Agent`,
        companyId: company.id,
        status,
        isApproved,
      }),
    );
  return { visible, hidden };
}

describe("job model", () => {
  forEachDb((t) => {
    const admin = () => actingAs(t.db, "admin");
    const student = () => actingAs(t.db, "student");

    describe("visibility", () => {
      it("lists only approved active jobs to guests, students and alumni, whatever they ask", async () => {
        const { visible, hidden } = await hiddenAndVisible(t);
        const s = await student();
        for (const actor of [null, s.actor, { ...s.actor, role: "alumni" as const }]) {
          for (const f of [
            {},
            { status: "draft" as const },
            { status: "all" as const, approval: "pending" as const },
            { q: "ramp" },
          ]) {
            const r = await listJobs({ db: t.db, actor }, f, page());
            expect(r.rows.map((x) => x.id)).toEqual([visible.id]);
          }
          for (const h of hidden)
            await expect(getJob({ db: t.db, actor }, h.id)).rejects.toBeInstanceOf(NotFound);
          await expect(getJob({ db: t.db, actor }, visible.id)).resolves.toMatchObject({
            id: visible.id,
          });
        }
      });

      it("shows admins every job, narrowed only when they ask", async () => {
        const { hidden } = await hiddenAndVisible(t);
        const a = await admin();
        expect((await listJobs(a, {}, page())).total).toBe(hidden.length + 1);
        expect(
          (await listJobs(a, { status: "draft" }, page())).rows.every((r) => r.status === "draft"),
        ).toBe(true);
        expect(
          (await listJobs(a, { approval: "pending" }, page())).rows.every((r) => !r.isApproved),
        ).toBe(true);
        for (const h of hidden) await expect(getJob(a, h.id)).resolves.toMatchObject({ id: h.id });
      });

      it("answers NotFound (not a database error) for malformed and unknown ids", async () => {
        for (const id of [
          "",
          "nope",
          "1; drop table jobs",
          "00000000-0000-0000-0000-000000000000",
          "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
        ])
          await expect(getJob({ db: t.db, actor: null }, id)).rejects.toBeInstanceOf(NotFound);
      });
    });

    describe("search", () => {
      it("matches word prefixes, any case, without accents, across title, company, categories and texts", async () => {
        const c = await createCompany(t.db, { name: "Aeronáutica Filipina" });
        const a = await createJob(t.db, {
          title: "Aeronautical Engineer",
          companyId: c.id,
          categories: ["Engineering"],
        });
        const b = await createJob(t.db, {
          title: "Ramp Agent",
          categories: ["Ground Handling"],
          shortDescription: "Marshalling at the terminal",
        });
        const d = await createJob(t.db, {
          title: "Clerk",
          description: "Keeps técnico records for the hangar",
        });
        const ids = async (q: string) =>
          (await searchPublicJobs(t.db, { q }, page())).rows.map((r) => r.id).sort();
        expect(await ids("aero")).toEqual([a.id].sort());
        expect(await ids("AERONAUT")).toEqual([a.id]);
        expect(await ids("aeronautica")).toEqual([a.id]); // company, accent-free query
        expect(await ids("filip")).toEqual([a.id]);
        expect(await ids("ground hand")).toEqual([b.id]); // category, two prefixes AND-ed
        expect(await ids("marshal")).toEqual([b.id]); // short description
        expect(await ids("tecnico")).toEqual([d.id]); // description, accent in the document
        expect(await ids("técnico hangar")).toEqual([d.id]); // accent in the query
        expect(await ids("aero ramp")).toEqual([]); // AND, not OR
        expect(await ids("zeppelin")).toEqual([]);
      });

      it("ranks title matches above matches in the description, and is newest first without a term", async () => {
        const old = await createJob(t.db, {
          title: "Avionics Technician",
          createdAt: minutesAgo(300),
        });
        const newer = await createJob(t.db, {
          title: "Ramp Agent",
          description: "Some avionics exposure",
          createdAt: minutesAgo(5),
        });
        const mid = await createJob(t.db, { title: "Cabin Crew", createdAt: minutesAgo(60) });
        expect(
          (await searchPublicJobs(t.db, { q: "avionics" }, page())).rows.map((r) => r.id),
        ).toEqual([old.id, newer.id]);
        expect((await searchPublicJobs(t.db, {}, page())).rows.map((r) => r.id)).toEqual([
          newer.id,
          mid.id,
          old.id,
        ]);
      });

      it("treats tsquery syntax and odd input as plain words (never an error)", async () => {
        await createJob(t.db, { title: "Line Maintenance Intern" });
        // Letters that unaccent turns into punctuation (ŉ → 'n), lone combining marks and quotes once broke the tsquery syntax.
        for (const q of [
          "a & b | !c",
          "maint:*A",
          "(line",
          "'",
          "\\",
          "!!!",
          "line <-> maint",
          "ñ",
          "日本語",
          "x".repeat(200),
          "   ",
          "\u0301",
          "a \u0301 b",
          "ŉ",
          "o'brien",
          "ـ",
          "\u200d",
        ]) {
          const r = await searchPublicJobs(t.db, { q }, page());
          expect(Array.isArray(r.rows)).toBe(true);
        }
        expect(titles(await searchPublicJobs(t.db, { q: "line & (maint" }, page()))).toEqual([
          "Line Maintenance Intern",
        ]);
        expect(searchWords("Aero-Space  A320 & x:*")).toEqual(["aero", "space", "a320", "x"]);
      });

      it("filters by location substring (case-insensitive, wildcards literal), category and job type", async () => {
        const a = await createJob(t.db, {
          title: "A",
          location: "Parañaque City",
          categories: ["Avionics"],
          jobType: "ojt",
        });
        const b = await createJob(t.db, {
          title: "B",
          location: "Pasay 100%_Hub",
          categories: ["Maintenance", "Avionics"],
          jobType: "full-time",
        });
        await createJob(t.db, { title: "C", location: null, categories: [], jobType: "contract" });
        const ids = async (f: object) =>
          (await searchPublicJobs(t.db, f, page())).rows.map((r) => r.id).sort();
        expect(await ids({ location: "PARAÑAQUE" })).toEqual([a.id]);
        expect(await ids({ location: "pa" })).toEqual([a.id, b.id].sort());
        expect(await ids({ location: "100%_" })).toEqual([b.id]);
        expect(await ids({ location: "%" })).toEqual([b.id]);
        expect(await ids({ location: "_" })).toEqual([b.id]);
        expect(await ids({ category: "Avionics" })).toEqual([a.id, b.id].sort());
        expect(await ids({ category: "Maintenance", jobType: "full-time" })).toEqual([b.id]);
        expect(await ids({ jobType: "ojt", location: "city" })).toEqual([a.id]);
        expect(escapeLike("a%b_c\\")).toBe("a\\%b\\_c\\\\");
      });

      it("pages with offset and a stable order; the total counts every match", async () => {
        const made = [];
        for (let i = 0; i < 23; i++)
          made.push(await createJob(t.db, { title: `Planner ${i}`, createdAt: minutesAgo(i) }));
        const all = (await searchPublicJobs(t.db, { q: "planner" }, page(100))).rows.map(
          (r) => r.id,
        );
        expect(all).toHaveLength(23);
        const seen = [];
        for (let p = 0; p < 3; p++) {
          const r = await searchPublicJobs(t.db, { q: "planner" }, page(10, p * 10));
          expect(r.total).toBe(23);
          seen.push(...r.rows.map((x) => x.id));
        }
        expect(seen).toEqual(all);
        const beyond = await searchPublicJobs(t.db, { q: "planner" }, page(10, 100));
        expect(beyond.rows).toEqual([]);
        expect(beyond.total).toBe(23);
      });

      it("gives the same answers on every plan it can choose (scan, exact, capped)", async () => {
        // 12 public jobs, newest first: 'alpha' in the 8 newest, 'beta' in 2 of the 4 newest and 'omega' only in old ones.
        for (let i = 0; i < 12; i++) {
          const words = [
            i < 8 ? "Alpha" : "",
            i === 1 || i === 3 ? "Beta" : "",
            i === 10 || i === 11 ? "Omega" : "",
            i === 2 || i === 9 ? "Gamma" : "",
          ];
          await createJob(t.db, {
            title: `${words.filter(Boolean).join(" ")} Job ${i}`.trim(),
            createdAt: minutesAgo(i),
          });
        }
        await createJob(t.db, { title: "Alpha Omega Hidden", isApproved: false });
        await t.db.execute(sql`vacuum analyze jobs`);
        const T: SearchTuning = { scan: 4, maxResults: 3, budget: 5 };
        const run = (q: string, tuning = T) => searchPublicJobs(t.db, { q }, page(), tuning);

        const alpha = await run("alpha"); // all 4 newest match: ~12 estimated > budget → capped at 3
        expect(alpha.mode).toBe("capped");
        expect(alpha.capped).toBe(true);
        expect(titles(alpha)).toEqual(["Alpha Job 0", "Alpha Beta Job 1", "Alpha Gamma Job 2"]);

        const omega = await run("omega"); // none among the 4 newest → exact via the index
        expect(omega.mode).toBe("exact");
        expect(titles(omega).sort()).toEqual(["Omega Job 10", "Omega Job 11"]);
        expect(omega.total).toBe(2);

        const gamma = await run("gamma"); // 1 of 4 newest, estimated 3 ≤ budget → exact, finds the old one too
        expect(gamma.mode).toBe("exact");
        expect(titles(gamma)).toEqual(["Alpha Gamma Job 2", "Gamma Job 9"]);

        const beta = await run("beta"); // 2 of 4 newest, estimated 6 > budget → capped (only the newest are listed)
        expect(beta.mode).toBe("capped");
        expect(titles(beta)).toEqual(["Alpha Beta Job 1", "Alpha Beta Job 3"]);

        const wide = await run("alpha", { ...T, scan: 100, maxResults: 100 }); // scan sees everything → exact answer
        expect(wide.mode).toBe("scan");
        expect(wide.total).toBe(8);

        const multi = await run("alpha omega"); // several words: the exact path searches by the rare one
        expect(multi.mode).toBe("exact");
        expect(multi.rows).toEqual([]);
        const multi2 = await run("job omega");
        expect(titles(multi2).sort()).toEqual(["Omega Job 10", "Omega Job 11"]);

        const none = await searchPublicJobs(t.db, {}, page(2, 1), T); // no term: newest first, capped at 3
        expect(none.mode).toBe("capped");
        expect(titles(none)).toEqual(["Alpha Beta Job 1", "Alpha Gamma Job 2"]);

        // Default tuning on a small board: always exact and complete.
        const full = await searchPublicJobs(t.db, { q: "alpha" }, page());
        expect(full.mode).toBe("exact");
        expect(full.total).toBe(8);
      });
    });

    describe("admin list", () => {
      it("sorts by every column on the server and pages with an exact total", async () => {
        const zed = await createCompany(t.db, { name: "Zed Air" });
        const ace = await createCompany(t.db, { name: "ace Aviation" });
        await createJob(t.db, {
          title: "b job",
          companyId: zed.id,
          jobType: "ojt",
          location: "Cebu",
          categories: ["Zulu"],
          status: "draft",
          isApproved: false,
          createdAt: minutesAgo(1),
        });
        await createJob(t.db, {
          title: "A job",
          companyId: ace.id,
          jobType: "contract",
          location: "baguio",
          categories: ["alpha"],
          status: "active",
          isApproved: true,
          createdAt: minutesAgo(3),
        });
        await createJob(t.db, {
          title: "c job",
          companyId: ace.id,
          jobType: "full-time",
          location: null,
          categories: [],
          status: "inactive",
          isApproved: true,
          createdAt: minutesAgo(2),
        });
        const order = async (by: string, dir: "asc" | "desc") =>
          titles(await searchAllJobs(t.db, {}, page(), { by, dir }));
        expect(await order("title", "asc")).toEqual(["A job", "b job", "c job"]);
        expect(await order("title", "desc")).toEqual(["c job", "b job", "A job"]);
        expect(await order("company", "asc")).toEqual(["c job", "A job", "b job"]);
        expect(await order("type", "asc")).toEqual(["A job", "c job", "b job"]);
        expect(await order("location", "asc")).toEqual(["A job", "b job", "c job"]);
        expect(await order("category", "desc")).toEqual(["b job", "A job", "c job"]);
        expect(await order("posted", "asc")).toEqual(["A job", "c job", "b job"]);
        expect(await order("status", "asc")).toEqual(["A job", "b job", "c job"]);
        expect(await order("approval", "asc")).toEqual(["b job", "c job", "A job"]);
        expect(await order("nonsense; drop table jobs", "asc")).toEqual([
          "b job",
          "c job",
          "A job",
        ]);
        const p2 = await searchAllJobs(t.db, {}, page(2, 2), { by: "title", dir: "asc" });
        expect(titles(p2)).toEqual(["c job"]);
        expect(p2.total).toBe(3);
      });
    });

    describe("changes", () => {
      it("creates with the spec's defaults, updates partially, toggles, approves and deletes — with an audit trail", async () => {
        const a = await admin();
        const company = await createCompany(t.db);
        const input = jobCreateSchema.parse({
          title: "  Flight Dispatcher ",
          companyId: company.id,
          categories: "Ops, ops ,  Dispatch,,",
        });
        const job = await modelCreateJob(a, input);
        expect(job).toMatchObject({
          title: "Flight Dispatcher",
          jobType: "internship",
          status: "active",
          isApproved: false,
          categories: ["Ops", "Dispatch"],
        });
        expect((await setJobApproval(a, job.id, true)).isApproved).toBe(true);
        expect((await toggleJobStatus(a, job.id)).status).toBe("inactive");
        expect((await toggleJobStatus(a, job.id)).status).toBe("active");
        await updateJob(a, job.id, { status: "closed" });
        expect((await toggleJobStatus(a, job.id)).status).toBe("active"); // any other value → active
        const upd = await updateJob(a, job.id, jobUpdateSchema.parse({ location: "Clark" }));
        expect(upd).toMatchObject({
          title: "Flight Dispatcher",
          location: "Clark",
          isApproved: true,
        });
        await expect(updateJob(a, job.id, {})).rejects.toBeInstanceOf(ValidationError);
        await expect(
          updateJob(a, job.id, { company: "00000000-0000-0000-0000-000000000000" }),
        ).rejects.toBeInstanceOf(ValidationError);
        await deleteJob(a, job.id);
        await expect(getJob(a, job.id)).rejects.toBeInstanceOf(NotFound);
        await expect(deleteJob(a, job.id)).rejects.toBeInstanceOf(NotFound);
        const log = await t.db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.entityId} = ${job.id}`);
        expect(log.map((l) => l.action)).toEqual(
          expect.arrayContaining(["job.create", "job.update", "job.delete"]),
        );
        const approval = log.find((l) => (l.after as Record<string, unknown>)?.isApproved === true);
        expect(approval?.before).toEqual({ isApproved: false });
      });

      it("refuses changes by non-admins and unknown companies", async () => {
        const s = await student();
        const job = await createJob(t.db);
        const company = await createCompany(t.db);
        await expect(
          modelCreateJob(s, jobCreateSchema.parse({ title: "x", company: company.id })),
        ).rejects.toBeInstanceOf(Forbidden);
        await expect(updateJob(s, job.id, { title: "x" })).rejects.toBeInstanceOf(Forbidden);
        await expect(deleteJob(s, job.id)).rejects.toBeInstanceOf(Forbidden);
        await expect(
          modelCreateJob(
            { db: t.db, actor: null },
            jobCreateSchema.parse({ title: "x", company: company.id }),
          ),
        ).rejects.toBeInstanceOf(Forbidden);
        const a = await admin();
        await expect(
          modelCreateJob(a, jobCreateSchema.parse({ title: "x", company: "not-a-uuid" })),
        ).rejects.toBeInstanceOf(ValidationError);
      });

      it("validates the payload with clear messages", () => {
        const bad = (v: unknown) => jobCreateSchema.safeParse(v).error?.issues[0]?.message;
        expect(bad({ company: "x" })).toBe("Title is required.");
        expect(bad({ title: "   ", company: "x" })).toBe("Title is required.");
        expect(bad({ title: "T" })).toBe("Company is required.");
        expect(bad({ title: "T", company: "x", jobType: "gig" })).toMatch(
          /^Job type must be one of: internship, ojt, part-time, full-time, contract/,
        );
        expect(bad({ title: "T", company: "x", status: "open" })).toMatch(
          /^Status must be one of: active, inactive, closed, draft/,
        );
        expect(jobCreateSchema.parse({ title: "T", company: { _id: "abc" } }).company).toBe("abc");
        expect(jobUpdateSchema.parse({ isApproved: true })).toEqual({ isApproved: true });
        expect(jobUpdateSchema.parse({ status: "draft" })).toEqual({ status: "draft" });
        expect(toggledStatus("active")).toBe("inactive");
        expect(toggledStatus("draft")).toBe("active");
        expect(toggledStatus(undefined)).toBe("inactive");
      });
    });

    describe("interactions and categories", () => {
      it("records one view and one apply per user and job, and only for jobs the user may see", async () => {
        const s = await student();
        const job = await createJob(t.db);
        const hidden = await createJob(t.db, { isApproved: false });
        await viewJob(s, job.id);
        await viewJob(s, job.id);
        expect((await applyToJob(s, job.id)).target).toEqual({
          kind: "website",
          href: "https://example.com/",
        });
        await applyToJob(s, job.id);
        await expect(applyToJob(s, hidden.id)).rejects.toBeInstanceOf(NotFound);
        await applyToJob({ db: t.db, actor: null }, job.id); // guests are not recorded
        const got = await t.db.select().from(jobInteractions);
        expect(got.map((g) => g.kind).sort()).toEqual(["apply", "view"]);
      });

      it("lists the categories of visible jobs only (all of them for admins), case-insensitively sorted", async () => {
        await createJob(t.db, { categories: ["maintenance", "Avionics"] });
        await createJob(t.db, { categories: ["Secret"], isApproved: false });
        expect(await listCategories({ db: t.db, actor: null })).toEqual([
          "Avionics",
          "maintenance",
        ]);
        expect(await listCategories(await admin())).toEqual(["Avionics", "maintenance", "Secret"]);
      });
    });

    describe("search analytics", () => {
      it("counts a term once per actor per day, lowercased, 2+ characters", async () => {
        const key = actorKey({ userId: "u1" }, "secret");
        const guest = actorKey({ ip: "203.0.113.9" }, "secret");
        expect(guest).not.toContain("203.0.113.9");
        expect(actorKey({ ip: "203.0.113.9" }, "secret")).toBe(guest);
        expect(actorKey({ ip: "203.0.113.9" }, "other")).not.toBe(guest);
        expect((await recordSearch(t.db, "  Avionics ", key)).recorded).toBe(true);
        expect((await recordSearch(t.db, "AVIONICS", key)).recorded).toBe(false);
        expect((await recordSearch(t.db, "avionics", guest)).recorded).toBe(true);
        expect((await recordSearch(t.db, "a", key)).recorded).toBe(false);
        expect((await recordSearch(t.db, 42, key)).recorded).toBe(false);
        await recordSearch(t.db, "ramp", key);
        expect(await topSearches(t.db)).toEqual([
          { term: "avionics", total: 2, count: 2 },
          { term: "ramp", total: 1, count: 1 },
        ]);
        const n = await rows<{ n: number }>(t, sql`select count(*)::int as n from ${searchEvents}`);
        expect(n[0].n).toBe(3);
        expect(analyticsTerm("  Cabin   Crew ")).toBe("cabin crew");
        expect(analyticsTerm("x")).toBeNull();
      });
    });
  });
});
