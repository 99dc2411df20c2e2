/**
 * Search that finds what it shows, over HTTP: the licence filter takes part of a licence's words
 * ("CAAP AMT licence" finds the Airframe and the Avionics postings) on the board and /api/jobs,
 * and the search box finds a job by its location and its licences, as the filters do.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob } from "../factories";

describe("board search over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function fixtures() {
      const company = await createCompany(t.db, { name: "Mactan MRO" });
      const mk = async (title: string, location: string, licences: string[]) => {
        const j = await createJob(t.db, { title, companyId: company.id, location });
        await t.db.update(jobs).set({ licences }).where(eq(jobs.id, j.id));
      };
      await mk("Airframe Technician", "Lapu-Lapu, Cebu", ["CAAP AMT licence (Airframe)"]);
      await mk("Avionics Technician", "Pasay City", ["CAAP AMT Licence (Avionics)"]);
      await mk("Ramp Agent", "Davao", ["Driving licence"]);
    }
    const titles = (body: Array<{ title: string }>) => body.map((j) => j.title).sort();

    it("the licence filter matches part of a licence, case-blind, on /api/jobs and the board", async () => {
      await fixtures();
      const api = await app.api("/api/jobs?licence=CAAP%20AMT%20licence");
      expect(titles(api.body)).toEqual(["Airframe Technician", "Avionics Technician"]);
      expect(titles((await app.api("/api/jobs?licence=amt")).body)).toEqual([
        "Airframe Technician",
        "Avionics Technician",
      ]);
      const board = await (await app.fetch("/jobs?licence=caap%20amt%20LICENCE")).text();
      expect(board).toContain("Airframe Technician");
      expect(board).toContain("Avionics Technician");
      expect(board).not.toContain("Ramp Agent");
      // The known licences are offered as suggestions (a datalist: no JavaScript needed).
      expect(board).toContain('<option value="CAAP AMT licence (Airframe)">');
    });

    it("the search box finds by location and by licence, like the filters", async () => {
      await fixtures();
      const box = await app.api("/api/jobs?q=cebu");
      const filter = await app.api("/api/jobs?location=cebu");
      expect(titles(box.body)).toEqual(["Airframe Technician"]);
      expect(titles(box.body)).toEqual(titles(filter.body));
      expect(titles((await app.api("/api/jobs?q=avionics%20caap")).body)).toEqual([
        "Avionics Technician",
      ]);
      const board = await (await app.fetch("/jobs?q=cebu")).text();
      expect(board).toContain("Airframe Technician");
      expect(board).not.toContain("Avionics Technician");
    });
  });
});
