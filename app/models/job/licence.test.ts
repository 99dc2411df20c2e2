/**
 * The licence filter: every word of it found in one of a job's licences, case- and accent-blind
 * ("CAAP AMT licence" finds the Airframe and the Avionics postings), the same answer on every path
 * of the public search (exact, scan, capped), the deadline sort, the admin list and the board's
 * suggestions.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createJob } from "../../../tests/factories";
import {
  searchAllJobs,
  searchPublicJobs,
  searchPublicJobsByDeadline,
  type SearchTuning,
} from "./job.server";
import { listCategories } from "./job.server";
import { listBoardChoices } from "./licence.server";

forEachDb((t: TestDb) => {
  const withLicences = async (title: string, licences: string[], o = {}) => {
    const j = await createJob(t.db, { title, ...o });
    await t.db.update(jobs).set({ licences }).where(eq(jobs.id, j.id));
    return j;
  };
  const page = { offset: 0, limit: 20 };
  const titles = (r: { rows: Array<{ title: string }> }) => r.rows.map((x) => x.title).sort();

  describe("licence filter", () => {
    it("matches the words of one licence, case- and accent-blind, on every search path", async () => {
      await withLicences("Engineer A", ["CAAP AMT Licence", "A320 type rating"]);
      await withLicences("Engineer B", ["Licencia Técnica"]);
      await withLicences("Engineer C", ["CAAP AMT"]);
      await withLicences("Hidden D", ["CAAP AMT licence"], { isApproved: false });
      for (let i = 0; i < 4; i++) await withLicences(`Filler ${i}`, []);
      // The search sizes the board from the planner's row estimate: make it this board's.
      await t.db.execute(sql`analyze jobs`);

      const tunings: SearchTuning[] = [
        { scan: 1000, maxResults: 500, budget: 10_000 }, // exact (small board)
        { scan: 100, maxResults: 100, budget: 1 }, // the window sees every job: scan
        { scan: 3, maxResults: 3, budget: 1 }, // a big board: capped to the window
      ];
      const want = ["Engineer A"];
      for (const T of tunings) {
        const r = await searchPublicJobs(t.db, { licence: "caap amt LICENCE" }, page, T);
        if (T.scan === 3) expect(r.mode).toBe("capped");
        else expect(titles(r)).toEqual(want);
      }
      expect(titles(await searchPublicJobs(t.db, { licence: "licencia tecnica" }, page))).toEqual([
        "Engineer B",
      ]);
      // Partial words: a shorter name finds every licence that contains it.
      expect(titles(await searchPublicJobs(t.db, { licence: "CAAP" }, page))).toEqual([
        "Engineer A",
        "Engineer C",
      ]);
      expect(titles(await searchPublicJobs(t.db, { licence: "amt caap" }, page))).toEqual([
        "Engineer A",
        "Engineer C",
      ]);
      // Words must sit in the same licence, and LIKE wildcards are plain characters.
      expect(titles(await searchPublicJobs(t.db, { licence: "caap rating" }, page))).toEqual([]);
      expect(titles(await searchPublicJobs(t.db, { licence: "%" }, page))).toEqual([]);
      expect(
        titles(await searchPublicJobs(t.db, { q: "engineer", licence: "a320 type rating" }, page)),
      ).toEqual(want);
      expect(
        titles(await searchPublicJobsByDeadline(t.db, { licence: "CAAP AMT licence" }, page)),
      ).toEqual(want);
      expect(titles(await searchAllJobs(t.db, { licence: "caap amt licence" }, page))).toEqual([
        "Engineer A",
        "Hidden D",
      ]);
      // Suggestions: public jobs only, one spelling per case-blind value, sorted.
      expect(await listBoardChoices(t.db)).toEqual({
        categories: await listCategories({ db: t.db, actor: null }),
        licences: ["A320 type rating", "CAAP AMT", "CAAP AMT Licence", "Licencia Técnica"],
      });
    });

    it("finds the Airframe and the Avionics postings from 'CAAP AMT licence'", async () => {
      await withLicences("Airframe Technician", ["CAAP AMT licence (Airframe)"]);
      await withLicences("Avionics Technician", ["CAAP AMT Licence (Avionics)"]);
      await withLicences("Ramp Agent", ["Driving licence"]);
      for (const licence of ["CAAP AMT licence", "caap amt", "AMT LICENCE"]) {
        expect(titles(await searchPublicJobs(t.db, { licence }, page))).toEqual([
          "Airframe Technician",
          "Avionics Technician",
        ]);
        expect(titles(await searchAllJobs(t.db, { licence }, page))).toEqual([
          "Airframe Technician",
          "Avionics Technician",
        ]);
      }
      expect(titles(await searchPublicJobs(t.db, { licence: "avionics" }, page))).toEqual([
        "Avionics Technician",
      ]);
    });
  });
});
