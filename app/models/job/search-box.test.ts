/**
 * The board's search box finds what the filters show: a job's location and its licences are part
 * of the search document, so 'cebu' in the box finds the jobs the Location filter finds and 'amt'
 * the CAAP AMT postings — on every path of the public search, in the admin list and in the
 * deadline sort — and the document follows a change of location or licences.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../../db/schema";
import { createCompany, createJob } from "../../../tests/factories";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import {
  searchAllJobs,
  searchPublicJobs,
  searchPublicJobsByDeadline,
  type SearchTuning,
} from "./job.server";

const page = { offset: 0, limit: 20 };
const titles = (r: { rows: Array<{ title: string }> }) => r.rows.map((x) => x.title).sort();
const TUNINGS: SearchTuning[] = [
  { scan: 1000, maxResults: 500, budget: 10_000 }, // exact (small board)
  { scan: 100, maxResults: 100, budget: 1 }, // the window sees every job: scan
];

describe("search box: location and licences", () => {
  forEachDb((t: TestDb) => {
    async function fixtures() {
      const company = await createCompany(t.db, { name: "Island Air", location: "Manila" });
      const mk = async (title: string, location: string, licences: string[] = []) => {
        const j = await createJob(t.db, { title, companyId: company.id, location });
        if (licences.length) await t.db.update(jobs).set({ licences }).where(eq(jobs.id, j.id));
        return j;
      };
      await mk("Ramp Agent", "Cebu City");
      await mk("Cabin Crew", "Lapu-Lapu, Cebu");
      await mk("Line Mechanic", "Parañaque City", ["CAAP AMT licence (Airframe)"]);
      const moved = await mk("Stores Clerk", "Davao");
      return { moved };
    }

    it("'cebu' in the box finds what the Location filter finds, on every plan", async () => {
      await fixtures();
      for (const T of TUNINGS) {
        const box = titles(await searchPublicJobs(t.db, { q: "cebu" }, page, T));
        const filter = titles(await searchPublicJobs(t.db, { location: "cebu" }, page, T));
        expect(box).toEqual(["Cabin Crew", "Ramp Agent"]);
        expect(box).toEqual(filter);
        // Accent-blind, like the rest of the box.
        expect(titles(await searchPublicJobs(t.db, { q: "paranaque" }, page, T))).toEqual([
          "Line Mechanic",
        ]);
      }
      expect(titles(await searchAllJobs(t.db, { q: "cebu" }, page))).toEqual([
        "Cabin Crew",
        "Ramp Agent",
      ]);
      expect(titles(await searchPublicJobsByDeadline(t.db, { q: "cebu" }, page))).toEqual([
        "Cabin Crew",
        "Ramp Agent",
      ]);
    });

    it("the box finds a job by its licences", async () => {
      await fixtures();
      for (const T of TUNINGS) {
        expect(titles(await searchPublicJobs(t.db, { q: "amt" }, page, T))).toEqual([
          "Line Mechanic",
        ]);
        expect(titles(await searchPublicJobs(t.db, { q: "caap airframe" }, page, T))).toEqual([
          "Line Mechanic",
        ]);
      }
    });

    it("a title word still ranks above the same word in a location", async () => {
      const company = await createCompany(t.db, { name: "Island Air" });
      await createJob(t.db, { title: "Ramp Agent", companyId: company.id, location: "Cebu" });
      await createJob(t.db, {
        title: "Cebu Station Chief",
        companyId: company.id,
        location: "Iloilo",
      });
      const r = await searchPublicJobs(t.db, { q: "cebu" }, page);
      expect(r.rows.map((x) => x.title)).toEqual(["Cebu Station Chief", "Ramp Agent"]);
    });

    it("follows a change of location or licences", async () => {
      const { moved } = await fixtures();
      expect(titles(await searchPublicJobs(t.db, { q: "iloilo" }, page))).toEqual([]);
      await t.db.update(jobs).set({ location: "Iloilo City" }).where(eq(jobs.id, moved.id));
      expect(titles(await searchPublicJobs(t.db, { q: "iloilo" }, page))).toEqual(["Stores Clerk"]);
      expect(titles(await searchPublicJobs(t.db, { q: "davao" }, page))).toEqual([]);
      await t.db
        .update(jobs)
        .set({ licences: ["Forklift certificate"] })
        .where(eq(jobs.id, moved.id));
      expect(titles(await searchPublicJobs(t.db, { q: "forklift" }, page))).toEqual([
        "Stores Clerk",
      ]);
    });
  });
});

describe("search words as exact words", () => {
  forEachDb((t: TestDb) => {
    it("finds every job a prefix finds, however many words start with it", async () => {
      const company = await createCompany(t.db, { name: "Prefix Air" });
      // More distinct words than the exact-word list takes: the prefix itself goes to the index.
      const many = Array.from(
        { length: 70 },
        (_, i) => `qzv${String.fromCharCode(97 + (i % 26))}${i}`,
      );
      for (const w of many) await createJob(t.db, { title: `${w} Loader`, companyId: company.id });
      const few = ["qzxalpha", "qzxalphabet", "qzxa"];
      for (const w of few) await createJob(t.db, { title: `${w} Clerk`, companyId: company.id });
      const all = { offset: 0, limit: 100 };
      for (const T of TUNINGS) {
        expect((await searchPublicJobs(t.db, { q: "qzv" }, all, T)).total).toBe(70);
        expect((await searchPublicJobs(t.db, { q: "qzv loader" }, all, T)).total).toBe(70);
        expect((await searchPublicJobs(t.db, { q: "qzxalpha" }, all, T)).total).toBe(2);
        expect((await searchPublicJobs(t.db, { q: "QZXA clerk" }, all, T)).total).toBe(3);
        expect((await searchPublicJobs(t.db, { q: "qzxb" }, all, T)).total).toBe(0);
      }
      // A word added by a later change is found too.
      const [j] = await t.db.select().from(jobs).where(eq(jobs.title, "qzxa Clerk"));
      await t.db.update(jobs).set({ title: "qzxomega Clerk" }).where(eq(jobs.id, j.id));
      expect(titles(await searchPublicJobs(t.db, { q: "qzxo" }, page))).toEqual(["qzxomega Clerk"]);
      expect((await searchPublicJobs(t.db, { q: "qzxa" }, all)).total).toBe(2);
    });
  });
});
