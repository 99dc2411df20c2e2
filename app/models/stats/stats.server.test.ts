import { describe, expect, it } from "vitest";
import { COURSES } from "#db/constants";
import { jobInteractions, searchEvents } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { adminStats, EMPTY_ADMIN_STATS, studentStats } from "./stats.server";

describe("dashboard statistics", () => {
  forEachDb((t) => {
    it("answers zeros and empty series on an empty database", async () => {
      expect(await adminStats(t.db)).toEqual(EMPTY_ADMIN_STATS);
    });

    it("computes the admin numbers against a known seed", async () => {
      const old = new Date(Date.now() - 40 * 864e5);
      await createUser(t.db, { role: "admin" });
      await createUser(t.db, { role: "admin", isActive: false, createdAt: old });
      await createUser(t.db, { role: "alumni", courseCode: "BSAE" });
      await createUser(t.db, { role: "alumni", courseCode: "BSAE", createdAt: old });
      await createUser(t.db, { role: "alumni", courseCode: "BSAE" });
      // Students: 3 in BSAMT, 2 in BSAE, 2 without a course, 1 in each of the 12 other courses.
      for (let i = 0; i < 3; i++) await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      for (let i = 0; i < 2; i++)
        await createUser(t.db, { role: "student", courseCode: "BSAE", createdAt: old });
      for (let i = 0; i < 2; i++) await createUser(t.db, { role: "student", courseCode: null });
      const others = COURSES.filter((c) => c.code !== "BSAMT" && c.code !== "BSAE");
      for (const c of others) await createUser(t.db, { role: "student", courseCode: c.code });

      const acme = await createCompany(t.db);
      await createCompany(t.db);
      await createCompany(t.db);
      await createJob(t.db, { companyId: acme.id });
      await createJob(t.db, { companyId: acme.id });
      await createJob(t.db, { companyId: acme.id, isApproved: false });
      await createJob(t.db, { companyId: acme.id, isApproved: false, status: "draft" });
      await createJob(t.db, { companyId: acme.id, status: "inactive" });

      // A term counts once per actor per day (the table keeps one row per term, actor and day).
      const ev = (term: string, actorKey: string, day = "2025-01-01") => ({ term, actorKey, day });
      await t.db
        .insert(searchEvents)
        .values([
          ev("pilot", "u1"),
          ev("pilot", "u1", "2025-01-02"),
          ev("pilot", "u2"),
          ev("mechanic", "u1"),
          ev("mechanic", "u3"),
          ...["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j0"].map((x) =>
            ev(`term-${x}`, "u9"),
          ),
        ]);

      const s = await adminStats(t.db);
      expect(s).toMatchObject({
        totalJobs: 5,
        totalCompanies: 3,
        totalUsers: 5 + 3 + 2 + 2 + others.length,
        pendingApproval: 2,
        newUsers: 5 + 3 + 2 + 2 + others.length - 4,
        roleCounts: { students: 7 + others.length, alumni: 3, admins: 2 },
      });
      expect(s.topSearches).toHaveLength(10);
      expect(s.topSearches.slice(0, 3)).toEqual([
        { term: "pilot", total: 3 },
        { term: "mechanic", total: 2 },
        { term: "term-a1", total: 1 },
      ]);
      expect(s.topSearches.map((x) => x.term)).not.toContain("term-j0"); // ties ordered by term, 10 at most
      expect(s.studentsByCourse).toHaveLength(15);
      expect(s.studentsByCourse.slice(0, 3)).toEqual([
        { course: "BS in Aircraft Maintenance Technology", total: 3 },
        { course: "BS in Aeronautical Engineering", total: 2 }, // alumni are not students
        { course: "Unknown", total: 2 },
      ]);
      expect(s.studentsByCourse.reduce((a, r) => a + r.total, 0)).toBe(7 + others.length);
      for (const r of s.studentsByCourse)
        expect(Object.keys(r).sort()).toEqual(["course", "total"]);
    });

    it("counts a student's distinct viewed and applied jobs, and only theirs", async () => {
      const { user } = await createUser(t.db, { role: "student" });
      const { user: other } = await createUser(t.db, { role: "alumni" });
      const company = await createCompany(t.db);
      await createCompany(t.db);
      const j1 = await createJob(t.db, { companyId: company.id });
      const j2 = await createJob(t.db, { companyId: company.id });
      const j3 = await createJob(t.db, { companyId: company.id, isApproved: false });
      await createJob(t.db, { companyId: company.id, status: "closed" });
      await t.db.insert(jobInteractions).values([
        { userId: user.id, jobId: j1.id, kind: "view" },
        { userId: user.id, jobId: j2.id, kind: "view" },
        { userId: user.id, jobId: j1.id, kind: "apply" },
        { userId: other.id, jobId: j3.id, kind: "view" },
        { userId: other.id, jobId: j2.id, kind: "apply" },
      ]);
      expect(await studentStats(t.db, user.id)).toEqual({
        availableJobs: 2,
        jobsViewed: 2,
        applications: 1,
        companies: 2,
      });
      expect(await studentStats(t.db, other.id)).toEqual({
        availableJobs: 2,
        jobsViewed: 1,
        applications: 1,
        companies: 2,
      });
    });
  });
});
