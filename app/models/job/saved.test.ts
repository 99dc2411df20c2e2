/**
 * Saved jobs and 'My applications': members only, idempotent saves of jobs they can see, and lists
 * that keep every line — closed jobs marked closed, deleted jobs marked removed with their title.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { Forbidden, NotFound } from "~/lib/errors";
import type { Role } from "#db/constants";
import { applyToJob, deleteJob } from "./job.server";
import { listApplications, listSavedJobs, savedAmong, saveJob, unsaveJob } from "./saved.server";

forEachDb((t: TestDb) => {
  const as = async (role: Role) => {
    const u = await createUser(t.db, { role });
    return { db: t.db, actor: { id: u.user.id, role, email: u.user.email } };
  };

  describe("saved jobs", () => {
    it("saves once, lists newest first, unsaves idempotently", async () => {
      const me = await as("student");
      const company = await createCompany(t.db, { name: "Saved Air" });
      const a = await createJob(t.db, { title: "First Saved", companyId: company.id });
      const b = await createJob(t.db, { title: "Second Saved", companyId: company.id });
      expect(await saveJob(me, a.id)).toEqual({ created: true });
      expect(await saveJob(me, a.id)).toEqual({ created: false });
      await saveJob(me, b.id);
      const list = await listSavedJobs(me);
      expect(list.map((l) => [l.title, l.companyName, l.state])).toEqual([
        ["Second Saved", "Saved Air", "open"],
        ["First Saved", "Saved Air", "open"],
      ]);
      expect(await savedAmong(me, [a.id, b.id, "not-a-uuid"])).toHaveLength(2);
      await unsaveJob(me, a.id);
      await unsaveJob(me, a.id);
      expect((await listSavedJobs(me)).map((l) => l.title)).toEqual(["Second Saved"]);
      // Another member's list is their own.
      const other = await as("alumni");
      expect(await listSavedJobs(other)).toEqual([]);
      expect(await savedAmong(other, [b.id])).toEqual([]);
    });

    it("refuses jobs the member cannot see, bad ids, guests and admins", async () => {
      const me = await as("student");
      const pending = await createJob(t.db, { isApproved: false });
      await expect(saveJob(me, pending.id)).rejects.toBeInstanceOf(NotFound);
      await expect(saveJob(me, "../etc")).rejects.toBeInstanceOf(NotFound);
      await expect(saveJob(me, "00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(
        NotFound,
      );
      const job = await createJob(t.db);
      await expect(saveJob({ db: t.db, actor: null }, job.id)).rejects.toBeInstanceOf(Forbidden);
      const admin = await as("admin");
      await expect(saveJob(admin, job.id)).rejects.toBeInstanceOf(Forbidden);
      await expect(listSavedJobs(admin)).rejects.toBeInstanceOf(Forbidden);
      expect(await savedAmong(admin, [job.id])).toEqual([]);
    });

    it("keeps closed and deleted jobs on both lists, marked, with their title", async () => {
      const me = await as("student");
      const admin = await as("admin");
      const company = await createCompany(t.db, { name: "Keep Air", website: "https://k.test" });
      const open = await createJob(t.db, { title: "Still Open", companyId: company.id });
      const closing = await createJob(t.db, { title: "Now Closed", companyId: company.id });
      const gone = await createJob(t.db, { title: "Deleted Later", companyId: company.id });
      for (const j of [open, closing, gone]) {
        await saveJob(me, j.id);
        await applyToJob(me, j.id);
      }
      await t.db.update(jobs).set({ status: "closed" }).where(eq(jobs.id, closing.id));
      await deleteJob(admin, gone.id);
      for (const list of [await listSavedJobs(me), await listApplications(me)]) {
        const byTitle = Object.fromEntries(list.map((l) => [l.title, l]));
        expect(byTitle["Still Open"]).toMatchObject({ state: "open", jobId: open.id });
        expect(byTitle["Now Closed"]).toMatchObject({ state: "closed", jobId: closing.id });
        expect(byTitle["Deleted Later"]).toMatchObject({
          state: "removed",
          jobId: null,
          companyName: "Keep Air",
        });
      }
    });
  });
});
