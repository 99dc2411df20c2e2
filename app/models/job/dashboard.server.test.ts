import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobInteractions, jobs } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { courseKeywords } from "./course-match";
import { FOR_COURSE_SCAN, newestJobsMatching, recentApplications } from "./job.server";

const day = (n: number) => new Date(Date.now() - n * 864e5);

describe("courseKeywords", () => {
  it("uses the trades of the college's courses and the distinctive words of any other name", () => {
    expect(
      courseKeywords({ code: "BSAMT", name: "BS in Aircraft Maintenance Technology" }),
    ).toContain("maintenance");
    expect(courseKeywords({ code: "NEW-1", name: "BS in Aviation Marine Biology" })).toEqual([
      "marine",
      "biology",
    ]);
    expect(courseKeywords(null)).toEqual([]);
  });
});

describe("the student dashboard's jobs", () => {
  forEachDb((t) => {
    it("lists the newest visible jobs matching the course words, accent-blind, never hidden ones", async () => {
      const co = await createCompany(t.db, { name: "Hangar Co" });
      const plain = { companyId: co.id, description: "Office work.", categories: ["General"] };
      const older = await createJob(t.db, {
        ...plain,
        title: "Line Maintenance Intern",
        createdAt: day(5),
      });
      const newer = await createJob(t.db, {
        ...plain,
        title: "Hangar helper",
        categories: ["Mantenimiento", "Maintenance"],
        createdAt: day(1),
      });
      // Accents in the job text still match the plain keyword.
      const accented = await createJob(t.db, {
        ...plain,
        title: "Técnico de AVIÓNICA",
        createdAt: day(2),
      });
      await createJob(t.db, {
        ...plain,
        title: "Maintenance lead (pending)",
        isApproved: false,
        createdAt: day(0),
      });
      await createJob(t.db, {
        ...plain,
        title: "Maintenance planner (closed)",
        status: "inactive",
        createdAt: day(0),
      });
      await createJob(t.db, { ...plain, title: "Travel desk agent", createdAt: day(0) });

      const r = await newestJobsMatching(t.db, ["maintenance", "avionica"], 5);
      expect(r.matched).toBe(true);
      expect(r.rows.map((j) => j.id)).toEqual([newer.id, accented.id, older.id]);
      expect(r.rows[0].companyName).toBe("Hangar Co");

      const two = await newestJobsMatching(t.db, ["maintenance"], 1);
      expect(two.rows.map((j) => j.title)).toEqual(["Hangar helper"]);
    });

    it("falls back to the newest visible jobs when nothing matches or there are no words", async () => {
      const a = await createJob(t.db, {
        title: "Cabin crew",
        description: "x",
        categories: ["Cabin"],
        createdAt: day(3),
      });
      const b = await createJob(t.db, {
        title: "Ramp agent",
        description: "x",
        categories: ["Ramp"],
        createdAt: day(1),
      });
      await createJob(t.db, { title: "Hidden", isApproved: false, createdAt: day(0) });
      for (const words of [["zzzunknown"], [], ["'", "&|!"]]) {
        const r = await newestJobsMatching(t.db, words, 5);
        expect(r.matched).toBe(false);
        expect(r.rows.map((j) => j.id)).toEqual([b.id, a.id]);
      }
      expect(FOR_COURSE_SCAN).toBeGreaterThan(0);
    });

    it("lists only this user's own Apply Now clicks, newest first, marking jobs no longer open", async () => {
      const { user: me } = await createUser(t.db, { role: "student" });
      const { user: other } = await createUser(t.db, { role: "student" });
      const j1 = await createJob(t.db, { title: "First" });
      const j2 = await createJob(t.db, { title: "Second" });
      const closed = await createJob(t.db, { title: "Closed later" });
      const viewedOnly = await createJob(t.db, { title: "Only viewed" });
      await t.db.insert(jobInteractions).values([
        { userId: me.id, jobId: j1.id, kind: "apply", createdAt: day(3) },
        { userId: me.id, jobId: closed.id, kind: "apply", createdAt: day(2) },
        { userId: me.id, jobId: j2.id, kind: "apply", createdAt: day(1) },
        { userId: me.id, jobId: viewedOnly.id, kind: "view", createdAt: day(0) },
        { userId: other.id, jobId: viewedOnly.id, kind: "apply", createdAt: day(0) },
      ]);
      await t.db.update(jobs).set({ status: "inactive" }).where(eq(jobs.id, closed.id));

      const mine = await recentApplications(t.db, me.id, 5);
      expect(mine.map((a) => [a.title, a.open])).toEqual([
        ["Second", true],
        ["Closed later", false],
        ["First", true],
      ]);
      expect(mine[0].applied_at).toBeInstanceOf(Date);
      expect(await recentApplications(t.db, me.id, 1)).toHaveLength(1);
      expect(await recentApplications(t.db, "not-a-uuid")).toEqual([]);
    });
  });
});
