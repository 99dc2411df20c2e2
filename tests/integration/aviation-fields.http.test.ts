/**
 * Aviation fields of jobs over HTTP: licences, OJT hours, shift and medical class
 * round-trip through POST/PUT /api/jobs, appear on the job page (Requirements, JSON-LD), the
 * cards, the public feed, RSS and JSON Feed; the licence filter (case-blind words of a licence) on the
 * board, /api/jobs, the public feed and the feeds, with 400 past 80 characters; the admin form.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createUser } from "../factories";

describe("aviation job fields over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("round-trips the fields and shows them on every door, with the licence filter", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const token = await app.token(admin.user.email, admin.password);
      const company = await createCompany(t.db, { name: "Clark MRO" });
      const created = await app.api("/api/jobs", {
        token,
        body: {
          title: "B1 Licensed Engineer",
          company: company.id,
          jobType: "ojt",
          isApproved: true,
          licences: ["CAAP AMT licence", "A320 type rating", "Human Factors certificate", "EWIS"],
          ojtHours: 486,
          shift: "Night shift, 4 on 4 off",
          medicalClass: "CAAP Class 2",
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        licences: ["CAAP AMT licence", "A320 type rating", "Human Factors certificate", "EWIS"],
        ojtHours: 486,
        shift: "Night shift, 4 on 4 off",
        medicalClass: "CAAP Class 2",
      });
      const id = created.body._id as string;
      const plain = await app.api("/api/jobs", {
        token,
        body: { title: "Ramp Agent", company: company.id, isApproved: true },
      });
      expect(plain.body).toMatchObject({
        licences: [],
        ojtHours: null,
        shift: null,
        medicalClass: null,
      });
      // Bad values: 400 naming the problem.
      for (const body of [
        { ojtHours: 6000 },
        { ojtHours: 1.5 },
        { licences: ["x".repeat(81)] },
        { shift: "x".repeat(101) },
        { medicalClass: "x".repeat(61) },
      ])
        expect((await app.api(`/api/jobs/${id}`, { method: "PUT", token, body })).status).toBe(400);
      // A partial update changes only what it sends; comma-separated text is a list.
      const put = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        token,
        body: { licences: "CAAP AMT licence, A320 type rating, Human Factors certificate, EWIS" },
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ ojtHours: 486, medicalClass: "CAAP Class 2" });
      expect((await app.api(`/api/jobs/${id}`)).body.licences).toHaveLength(4);

      // Job page: the Requirements block and the JSON-LD mapping.
      const page = await (await app.fetch(`/jobs/${id}`)).text();
      for (const text of [
        "Requirements",
        "Licences or certificates",
        "A320 type rating",
        "OJT hours",
        "486 hours",
        "Shift or rotation",
        "Night shift, 4 on 4 off",
        "Medical class",
        "CAAP Class 2",
      ])
        expect(page).toContain(text);
      const ld = JSON.parse(
        /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1],
      ) as Record<string, unknown>;
      expect(ld.qualifications).toBe(
        "Licences or certificates: CAAP AMT licence, A320 type rating, Human Factors certificate, EWIS. Medical class: CAAP Class 2",
      );
      expect(ld.experienceRequirements).toBe("486 hours of on-the-job training (OJT)");
      expect(ld.workHours).toBe("Night shift, 4 on 4 off");
      expect(ld.educationRequirements).toEqual([
        {
          "@type": "EducationalOccupationalCredential",
          name: "CAAP AMT licence",
          credentialCategory: "license",
        },
        {
          "@type": "EducationalOccupationalCredential",
          name: "A320 type rating",
          credentialCategory: "license",
        },
        {
          "@type": "EducationalOccupationalCredential",
          name: "Human Factors certificate",
          credentialCategory: "certificate",
        },
        {
          "@type": "EducationalOccupationalCredential",
          name: "EWIS",
          credentialCategory: "license",
        },
      ]);
      const plainPage = await (await app.fetch(`/jobs/${plain.body._id}`)).text();
      expect(plainPage).not.toContain('id="job-requirements"');
      expect(plainPage).not.toContain("qualifications");

      // The board: chips (three, then +1), the filter, case-blind, no match.
      const board = await (await app.fetch("/jobs?licence=caap%20amt%20LICENCE")).text();
      expect(board).toContain("B1 Licensed Engineer");
      expect(board).not.toContain("Ramp Agent");
      expect(board).toContain("+1");
      expect(board).toContain('name="licence"');
      expect(board).toContain("Licence or certificate");
      expect(board).toContain('<option value="A320 type rating">');
      const none = await (await app.fetch("/jobs?licence=CAAP%20B737")).text();
      expect(none).toContain("No matching active jobs.");
      const long = await (await app.fetch(`/jobs?licence=${"x".repeat(81)}`)).text();
      expect(long).toContain("Licence shortened to 80 characters");

      // /api/jobs, the public feed, RSS and JSON Feed share the filter and carry the fields.
      const api = await app.api("/api/jobs?licence=a320%20TYPE%20rating");
      expect(api.body.map((j: { title: string }) => j.title)).toEqual(["B1 Licensed Engineer"]);
      expect((await app.api("/api/jobs?licence=B737")).body).toEqual([]);
      const tooLong = await app.api(`/api/jobs?licence=${"x".repeat(81)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe("licence must be at most 80 characters.");
      const feed = await app.api("/api/public/jobs?licence=ewis");
      expect(feed.body.total).toBe(1);
      expect(feed.body.jobs[0]).toMatchObject({
        licences: ["CAAP AMT licence", "A320 type rating", "Human Factors certificate", "EWIS"],
        ojtHours: 486,
        shift: "Night shift, 4 on 4 off",
        medicalClass: "CAAP Class 2",
      });
      expect(feed.body.seeAllUrl).toMatch(/\/jobs\?licence=ewis$/);
      expect((await app.api(`/api/public/jobs?licence=${"x".repeat(81)}`)).status).toBe(400);
      const rss = await (await app.fetch("/jobs/feed.xml?licence=EWIS")).text();
      expect(rss).toContain('<category domain="licence">A320 type rating</category>');
      expect(rss).not.toContain("Ramp Agent");
      const jf = await app.api("/jobs/feed.json");
      const item = jf.body.items.find((i: { title: string }) => i.title.startsWith("B1"));
      expect(item._runway).toMatchObject({ ojtHours: 486, medicalClass: "CAAP Class 2" });
    });

    it("offers the fields on the admin job form", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const cookie = await app.cookie(admin.user.email, admin.password);
      const html = await (
        await app.fetch("/admin/jobs?new=1", { headers: { Cookie: cookie } })
      ).text();
      for (const text of [
        "Required licences or certificates",
        "e.g. CAAP AMT licence, A320 type rating",
        "OJT hours",
        "Shift or rotation",
        "Medical class",
        '<option value="CAAP Class 1">',
        'name="ojtHours"',
        'name="licences"',
        'name="medicalClass"',
        'name="shift"',
      ])
        expect(html).toContain(text);
    });
  });
});
