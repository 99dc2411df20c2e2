/**
 * Application deadlines: how a deadline is read, and that a job past it leaves every public door
 * (board, /api list, public feed and widget, RSS/JSON feeds, sitemap, counts) while its page stays
 * reachable, says applications are closed and refuses Apply Now. One rule: PUBLIC_SQL and
 * isPubliclyVisible.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { jobInteractions, jobs } from "../../../db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { Conflict } from "~/lib/errors";
import {
  applicationsClosed,
  applyToJob,
  countPublicJobs,
  createJob as modelCreateJob,
  getJob,
  listJobs,
  listPublicJobUrls,
  searchPublicJobs,
  searchPublicJobsByDeadline,
  serializeJob,
  updateJob,
  type SearchTuning,
} from "./job.server";
import { jobPostingJsonLd, publicFeed, sitemapDocument, syndicatedJobs } from "./feed.server";
import {
  closingSoon,
  deadlineInputValue,
  deadlineLabel,
  isPubliclyVisible,
  jobCreateSchema,
  JOB_MSG,
  jobUpdateSchema,
  parseDeadline,
} from "./job.schema";

const DAY = 86_400_000;

describe("parseDeadline", () => {
  it("reads a date alone as the end of that day everywhere on Earth (UTC−12)", () => {
    expect(parseDeadline("2026-11-30")?.toISOString()).toBe("2026-12-01T12:00:00.000Z");
    expect(parseDeadline(" 2028-02-29 ")?.toISOString()).toBe("2028-03-01T12:00:00.000Z");
  });

  it("reads a date-time only with its time zone", () => {
    expect(parseDeadline("2026-11-30T17:00:00+08:00")?.toISOString()).toBe(
      "2026-11-30T09:00:00.000Z",
    );
    expect(parseDeadline("2026-11-30T09:00Z")?.toISOString()).toBe("2026-11-30T09:00:00.000Z");
    expect(parseDeadline("2026-11-30T17:00:00")).toBeNull(); // whose 5 pm?
  });

  it.each(["2026-02-30", "2027-02-29", "2026-13-01", "30/11/2026", "tomorrow", "", "1999-12-31"])(
    "refuses %j",
    (s) => expect(parseDeadline(s)).toBeNull(),
  );

  it("shows a whole day as that day and round-trips through the date input", () => {
    const d = parseDeadline("2026-11-30")!;
    expect(deadlineLabel(d, "Asia/Manila")).toBe("30 Nov 2026");
    expect(deadlineInputValue(d)).toBe("2026-11-30");
    expect(deadlineLabel("2026-11-30T09:00:00.000Z", "UTC")).toBe("30 Nov 2026, 09:00 UTC");
    // A time is on the college's clock, with its zone.
    expect(deadlineLabel("2026-11-30T09:00:00.000Z", "Asia/Manila")).toBe(
      "30 Nov 2026, 17:00 GMT+8",
    );
  });

  it("says 'closing soon' within seven days, never once closed", () => {
    const now = Date.parse("2026-11-24T00:00:00Z");
    expect(closingSoon(new Date(now + 6 * DAY), now)).toBe(true);
    expect(closingSoon(new Date(now + 8 * DAY), now)).toBe(false);
    expect(closingSoon(new Date(now - 1), now)).toBe(false);
    expect(closingSoon(null, now)).toBe(false);
  });

  it("is optional on create; '' and null clear it on update; a bad value gets the message", () => {
    const base = { title: "T", company: "00000000-0000-4000-8000-000000000000" };
    expect(jobCreateSchema.parse(base).applicationDeadline).toBeUndefined();
    expect(
      jobCreateSchema.parse({ ...base, applicationDeadline: "2026-11-30" }).applicationDeadline,
    ).toEqual(new Date("2026-12-01T12:00:00.000Z"));
    expect(jobUpdateSchema.parse({ applicationDeadline: "" })).toEqual({
      applicationDeadline: null,
    });
    expect(jobUpdateSchema.parse({ applicationDeadline: null })).toEqual({
      applicationDeadline: null,
    });
    for (const bad of ["2026-11-31", 20261130, "x".repeat(100)]) {
      const r = jobUpdateSchema.safeParse({ applicationDeadline: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(JOB_MSG.deadline);
    }
  });
});

forEachDb((t: TestDb) => {
  async function board() {
    const company = await createCompany(t.db, { name: "Deadline Air", website: "https://x.test" });
    const open = await createJob(t.db, { title: "Open Ramp Agent", companyId: company.id });
    const later = await createJob(t.db, { title: "Later Ramp Agent", companyId: company.id });
    const past = await createJob(t.db, { title: "Past Ramp Agent", companyId: company.id });
    await t.db
      .update(jobs)
      .set({ applicationDeadline: new Date(Date.now() + 3 * DAY) })
      .where(eq(jobs.id, later.id));
    await t.db
      .update(jobs)
      .set({ applicationDeadline: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, past.id));
    return { open, later, past };
  }
  const titlesOf = (rows: Array<{ title: string }>) => rows.map((r) => r.title).sort();
  const OPEN = ["Later Ramp Agent", "Open Ramp Agent"];

  describe("a job past its deadline", () => {
    it("leaves the board (every search plan), /api, the feeds, the widget, the sitemap and the counts", async () => {
      const { past } = await board();
      const plans: SearchTuning[] = [
        { scan: 1_000, maxResults: 500, budget: 10_000 },
        { scan: 2, maxResults: 1, budget: 0 },
        { scan: 100, maxResults: 100, budget: 0 },
      ];
      for (const tuning of plans) {
        for (const q of ["", "ramp", "agent ramp"]) {
          const r = await searchPublicJobs(t.db, { q }, { offset: 0, limit: 50 }, tuning);
          expect(titlesOf(r.rows)).not.toContain("Past Ramp Agent");
        }
      }
      const r = await searchPublicJobs(t.db, { q: "ramp" }, { offset: 0, limit: 50 });
      expect(titlesOf(r.rows)).toEqual(OPEN);

      const student = await createUser(t.db, { role: "student" });
      const api = await listJobs(
        { db: t.db, actor: { id: student.user.id, role: "student", email: student.user.email } },
        {},
        { offset: 0, limit: 50 },
      );
      expect(titlesOf(api.rows)).toEqual(OPEN);

      const query = { filters: {}, limit: 50 };
      expect(titlesOf(await syndicatedJobs(t.db, query))).toEqual(OPEN);
      const widget = await publicFeed(t.db, query, "https://runway.test");
      expect(titlesOf(widget.jobs)).toEqual(OPEN);
      expect(widget.jobs.find((j) => j.title === "Later Ramp Agent")?.applicationDeadline).toMatch(
        /^\d{4}-\d{2}-\d{2}T/,
      );
      expect((await listPublicJobUrls(t.db)).map((j) => j.id)).not.toContain(past.id);
      expect(await sitemapDocument(t.db, "https://runway.test")).not.toContain(past.id);
      expect(await countPublicJobs(t.db)).toBe(2);
    });

    it("keeps its page for everyone, closed: Apply Now is refused and nothing is recorded", async () => {
      const { past, later } = await board();
      const student = await createUser(t.db, { role: "student" });
      const ctx = {
        db: t.db,
        actor: { id: student.user.id, role: "student" as const, email: student.user.email },
      };
      for (const actor of [null, ctx.actor]) {
        const row = await getJob({ db: t.db, actor }, past.id);
        expect(applicationsClosed(row)).toBe(true);
        expect(
          isPubliclyVisible({
            isApproved: row.isApproved,
            status: row.status,
            applicationDeadline: row.applicationDeadline,
          }),
        ).toBe(false);
        const refused = await applyToJob({ db: t.db, actor }, past.id).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(Conflict);
        expect((refused as Conflict).message).toBe(JOB_MSG.applicationsClosed);
      }
      const recorded = await t.db
        .select()
        .from(jobInteractions)
        .where(and(eq(jobInteractions.jobId, past.id), eq(jobInteractions.kind, "apply")));
      expect(recorded).toHaveLength(0);
      const open = await applyToJob(ctx, later.id);
      expect(open.target).toEqual({ kind: "website", href: "https://x.test/" });
      const ld = jobPostingJsonLd(await getJob(ctx, later.id), "https://runway.test");
      expect(ld.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it("sorts the board by deadline: soonest first, none last, same matches as the board", async () => {
      const { open, later } = await board();
      const soon = await createJob(t.db, { title: "Soon Ramp Agent" });
      await t.db
        .update(jobs)
        .set({ applicationDeadline: new Date(Date.now() + DAY) })
        .where(eq(jobs.id, soon.id));
      const all = await searchPublicJobsByDeadline(t.db, { q: "ramp" }, { offset: 0, limit: 10 });
      expect(all.rows.map((r) => r.id)).toEqual([soon.id, later.id, open.id]);
      expect(all.total).toBe(3);
      const ranked = await searchPublicJobs(t.db, { q: "ramp" }, { offset: 0, limit: 10 });
      expect(titlesOf(ranked.rows)).toEqual(titlesOf(all.rows));
      const second = await searchPublicJobsByDeadline(t.db, { q: "ramp" }, { offset: 2, limit: 2 });
      expect(second.rows.map((r) => r.id)).toEqual([open.id]);
      expect(second.total).toBe(3);
      const beyond = await searchPublicJobsByDeadline(
        t.db,
        { q: "ramp" },
        { offset: 20, limit: 2 },
      );
      expect(beyond).toMatchObject({ rows: [], total: 3 });
    });

    it("is set, changed and cleared by an admin and serialised as ISO 8601", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const ctx = {
        db: t.db,
        actor: { id: admin.user.id, role: "admin" as const, email: admin.user.email },
      };
      const company = await createCompany(t.db);
      const row = await modelCreateJob(
        ctx,
        jobCreateSchema.parse({
          title: "Dispatcher",
          company: company.id,
          applicationDeadline: "2030-01-15",
        }),
      );
      expect(serializeJob(row).applicationDeadline).toBe("2030-01-16T12:00:00.000Z");
      const moved = await updateJob(
        ctx,
        row.id,
        jobUpdateSchema.parse({ applicationDeadline: "2030-01-20T10:00:00+08:00" }),
      );
      expect(serializeJob(moved).applicationDeadline).toBe("2030-01-20T02:00:00.000Z");
      const cleared = await updateJob(
        ctx,
        row.id,
        jobUpdateSchema.parse({ applicationDeadline: "" }),
      );
      expect(serializeJob(cleared).applicationDeadline).toBeNull();
    });
  });
});
