/**
 * OJT paperwork over HTTP: every door of host agreements, programme checklists and placement
 * documents with its refusals — another student's document, a coordinator of another
 * programme, a PDF with JavaScript, an encrypted PDF, a 20 MB upload, an HTML file named .pdf,
 * a PNG that is really text — the download headers, the gates on placing and deploying, and the
 * weekly agreement digest arriving at a real SMTP sink.
 */
import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createUser } from "../factories";
import { createCoordinator } from "../factories/ojt";
import {
  cleanPdf,
  encryptedPdf,
  pdfWithJavaScript,
  realClockCfg,
  recordMoa,
  smallPng,
} from "../factories/ojt-docs";
import { addDays, todayIn } from "../../app/models/ojt/ojt.schema";
import { runAgreementDigest } from "../../app/models/ojt/agreements.server";

describe("OJT paperwork over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    const upload = async (
      p: string,
      token: string,
      fields: Record<string, string>,
      file?: { data: Uint8Array | Buffer | string; name: string; type: string },
    ) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (file)
        form.append(
          "file",
          new Blob([typeof file.data === "string" ? file.data : new Uint8Array(file.data)], {
            type: file.type,
          }),
          file.name,
        );
      const res = await app.fetch(p, {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      const text = await res.text();
      let body: { message?: string; [k: string]: unknown } = {};
      try {
        body = JSON.parse(text);
      } catch {
        body = { message: text };
      }
      return { status: res.status, body };
    };

    async function world() {
      const today = todayIn("Asia/Manila");
      const coord = await createCoordinator(t.db, ["BSAMT"]);
      const coordToken = await app.token(coord.email, "correct-horse-42");
      const otherCoord = await createCoordinator(t.db, ["BSAET"]);
      const otherCoordToken = await app.token(otherCoord.email, "correct-horse-42");
      const student = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const studentToken = await app.token(student.user.email, student.password);
      const stranger = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const strangerToken = await app.token(stranger.user.email, stranger.password);
      const admin = await createUser(t.db, { role: "admin" });
      const adminToken = await app.token(admin.user.email, admin.password);
      const company = await createCompany(t.db, { name: "Philippine Airlines Technical Center" });
      return {
        today,
        coord,
        coordToken,
        otherCoordToken,
        student,
        studentToken,
        strangerToken,
        adminToken,
        company,
      };
    }

    it("records a host agreement and its signed PDF, shows it to staff only, and gates placing on it", async () => {
      const w = await world();
      const moa = `/api/companies/${w.company.id}/moa`;
      const body = {
        signedAt: addDays(w.today, -30),
        validUntil: addDays(w.today, 40),
        notarized: true,
        signatories: [{ name: "Jose Rizal", position: "General Manager" }],
      };
      expect((await app.api(moa, { method: "PUT", body })).status).toBe(401);
      expect((await app.api(moa, { method: "PUT", body, token: w.studentToken })).status).toBe(403);
      const bad = await app.api(moa, {
        method: "PUT",
        body: { ...body, validUntil: addDays(w.today, -31) },
        token: w.coordToken,
      });
      expect(bad.status).toBe(400);
      expect(
        (
          await app.api(moa, {
            method: "PUT",
            body: { ...body, signatories: [] },
            token: w.coordToken,
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await app.api("/api/companies/00000000-0000-4000-8000-000000000000/moa", {
            method: "PUT",
            body,
            token: w.coordToken,
          })
        ).status,
      ).toBe(404);
      const put = await app.api(moa, { method: "PUT", body, token: w.coordToken });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ state: "expiring", daysLeft: 40, notarized: true });
      // Company JSON: `moa` for coordinators and admins, never for students.
      const asCoord = await app.api(`/api/companies/${w.company.id}`, { token: w.coordToken });
      expect(asCoord.body.moa).toMatchObject({ validUntil: body.validUntil, state: "expiring" });
      const asStudent = await app.api(`/api/companies/${w.company.id}`, { token: w.studentToken });
      expect(asStudent.body).not.toHaveProperty("moa");
      const listed = await app.api(`/api/companies?q=Philippine`, { token: w.adminToken });
      expect(listed.body.find((c: { id: string }) => c.id === w.company.id).moa.state).toBe(
        "expiring",
      );
      // The signed PDF: PDF only, private, an attachment.
      const file = `${moa}/file`;
      expect((await app.api(file, { token: w.coordToken })).status).toBe(404);
      const png = await upload(
        file,
        w.coordToken,
        {},
        {
          data: await smallPng(),
          name: "moa.pdf",
          type: "application/pdf",
        },
      );
      expect(png.status).toBe(415);
      expect(
        (
          await upload(
            file,
            w.studentToken,
            {},
            { data: await cleanPdf(), name: "m.pdf", type: "application/pdf" },
          )
        ).status,
      ).toBe(403);
      const ok = await upload(
        file,
        w.coordToken,
        {},
        {
          data: await cleanPdf("Memorandum of agreement"),
          name: "MOA PAL 2026.pdf",
          type: "application/pdf",
        },
      );
      expect([ok.status, ok.body.hasFile]).toEqual([200, true]);
      const got = await app.fetch(file, { headers: { Authorization: `Bearer ${w.adminToken}` } });
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("application/pdf");
      expect(got.headers.get("content-disposition")).toMatch(
        /^attachment; filename="MOA PAL 2026.pdf"/,
      );
      expect(got.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await PDFDocument.load(new Uint8Array(await got.arrayBuffer()))).getPageCount()).toBe(
        1,
      );
      expect(
        (await app.fetch(file, { headers: { Authorization: `Bearer ${w.studentToken}` } })).status,
      ).toBe(403);
      // Placing a student: refused past the agreement's date (named), then without an agreement.
      const placement = {
        studentId: w.student.user.id,
        companyId: w.company.id,
        supervisor: { name: "Rosa Dela Cruz", position: "Lead", email: "rosa@pal.example.com" },
        startDate: w.today,
        expectedEndDate: addDays(w.today, 80),
        requiredHours: 486,
      };
      const late = await app.api("/api/placements", { body: placement, token: w.coordToken });
      expect(late.status).toBe(400);
      expect(late.body.message).toContain("valid only until");
      const none = await createCompany(t.db, { name: "No Agreement Aero" });
      const missing = await app.api("/api/placements", {
        body: { ...placement, companyId: none.id },
        token: w.coordToken,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain("no memorandum of agreement");
      await app.api(moa, {
        method: "PUT",
        body: { ...body, validUntil: addDays(w.today, 400) },
        token: w.coordToken,
      });
      expect(
        (await app.api("/api/placements", { body: placement, token: w.coordToken })).status,
      ).toBe(201);
    });

    // Real files go up (a 20 MB body, a photo re-encoded): more room than the default 30 s.
    it("takes the student's documents from a phone, refuses bad files, keeps them private, and gates deploying", async () => {
      const w = await world();
      await recordMoa(t.db, realClockCfg, w.company.id);
      const created = await app.api("/api/placements", {
        body: {
          studentId: w.student.user.id,
          companyId: w.company.id,
          supervisor: { name: "Rosa Dela Cruz", email: "rosa@pal.example.com" },
          startDate: w.today,
          expectedEndDate: addDays(w.today, 80),
          requiredHours: 486,
        },
        token: w.coordToken,
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect(created.body.checklist).toHaveLength(6);
      expect(created.body.checklist[0]).toEqual({
        kind: "training_plan",
        label: "Training plan",
        state: "missing",
      });
      const docs = `/api/placements/${id}/documents`;
      const pdf = { data: await cleanPdf(), name: "training-plan.pdf", type: "application/pdf" };
      // Refusals by content, whatever the name or declared type.
      const js = await upload(
        docs,
        w.studentToken,
        { kind: "training_plan" },
        {
          data: await pdfWithJavaScript(),
          name: "plan.pdf",
          type: "application/pdf",
        },
      );
      expect(js.status).toBe(400);
      expect(js.body.message).toMatch(/JavaScript/);
      const enc = await upload(
        docs,
        w.studentToken,
        { kind: "training_plan" },
        {
          data: await encryptedPdf(),
          name: "plan.pdf",
          type: "application/pdf",
        },
      );
      expect([enc.status, enc.body.message]).toEqual([400, expect.stringMatching(/encrypted/)]);
      const html = await upload(
        docs,
        w.studentToken,
        { kind: "training_plan" },
        {
          data: "<!doctype html><html><body><script>alert(1)</script></body></html>",
          name: "plan.pdf",
          type: "application/pdf",
        },
      );
      expect(html.status).toBe(415);
      const textPng = await upload(
        docs,
        w.studentToken,
        { kind: "medical_certificate" },
        {
          data: "this is plain text and not a picture at all",
          name: "photo.png",
          type: "image/png",
        },
      );
      expect(textPng.status).toBe(415);
      const huge = await upload(
        docs,
        w.studentToken,
        { kind: "training_plan" },
        {
          data: Buffer.alloc(20 * 1024 * 1024, 0x25),
          name: "big.pdf",
          type: "application/pdf",
        },
      );
      expect(huge.status).toBe(413);
      expect((await upload(docs, w.studentToken, { kind: "no_such_doc" }, pdf)).status).toBe(400);
      // Doors of others: another student, another programme's coordinator.
      expect((await upload(docs, w.strangerToken, { kind: "training_plan" }, pdf)).status).toBe(
        404,
      );
      expect((await upload(docs, w.otherCoordToken, { kind: "training_plan" }, pdf)).status).toBe(
        404,
      );
      // The student's two uploads: a PDF and a phone photo (larger than the 2 MB image limit).
      const up = await upload(docs, w.studentToken, { kind: "training_plan" }, pdf);
      expect(up.status).toBe(201);
      const noise = await sharp({
        create: {
          width: 1400,
          height: 1000,
          channels: 3,
          background: { r: 128, g: 128, b: 128 },
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
      const photo = await upload(
        docs,
        w.studentToken,
        { kind: "medical_certificate" },
        {
          data: noise,
          name: "IMG_2044.PNG",
          type: "image/png",
        },
      );
      expect(photo.status).toBe(201);
      const list = await app.api(docs, { token: w.studentToken });
      expect(list.status).toBe(200);
      const planDoc = list.body.documents.find((d: { kind: string }) => d.kind === "training_plan");
      // Downloads: the student, their coordinator and an admin; nobody else.
      const dl = (token: string) =>
        app.fetch(planDoc.url, { headers: { Authorization: `Bearer ${token}` } });
      const mine = await dl(w.studentToken);
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
      expect(mine.headers.get("content-type")).toBe("application/pdf");
      expect((await dl(w.coordToken)).status).toBe(200);
      expect((await dl(w.adminToken)).status).toBe(200);
      expect((await dl(w.strangerToken)).status).toBe(404);
      expect((await dl(w.otherCoordToken)).status).toBe(404);
      expect((await app.fetch(planDoc.url)).status).toBe(401);
      expect((await app.api(docs, { token: w.otherCoordToken })).status).toBe(404);
      expect((await app.api(docs, { token: w.strangerToken })).status).toBe(404);
      // Deploying waits for the rest; the coordinator marks them received or waives one.
      const status = () =>
        app.api(`/api/placements/${id}/status`, {
          body: { status: "deployed" },
          token: w.coordToken,
        });
      const early = await status();
      expect(early.status).toBe(409);
      expect(early.body.message).toContain("Parental consent");
      const received = (kind: string, token: string, receivedOn = w.today) =>
        app.api(`${docs}/${kind}/received`, { body: { receivedOn }, token });
      expect((await received("parental_consent", w.studentToken)).status).toBe(403);
      expect((await received("parental_consent", w.otherCoordToken)).status).toBe(404);
      expect((await received("parental_consent", w.coordToken, "2026-02-30")).status).toBe(400);
      expect((await received("parental_consent", w.coordToken)).status).toBe(200);
      expect((await received("internship_agreement", w.coordToken)).status).toBe(200);
      expect((await received("orientation", w.coordToken)).status).toBe(200);
      const waive = (body: unknown) =>
        app.api(`${docs}/insurance/waive`, { body, token: w.coordToken });
      expect((await waive({ reason: "  " })).status).toBe(400);
      expect((await waive({ reason: "Covered by the college's group policy" })).status).toBe(200);
      const deployed = await status();
      expect(deployed.status).toBe(200);
      expect(deployed.body.checklist.map((c: { state: string }) => c.state)).toEqual([
        "uploaded",
        "received",
        "received",
        "uploaded",
        "waived",
        "received",
      ]);
    }, 120_000);

    it("lets only admins read and edit a programme's checklist", async () => {
      const w = await world();
      const url = "/api/courses/BSAET/ojt-checklist";
      expect((await app.api(url, { token: w.coordToken })).status).toBe(403);
      const got = await app.api(url, { token: w.adminToken });
      expect([got.status, got.body.isDefault, got.body.items.length]).toEqual([200, true, 6]);
      expect(
        (await app.api(url, { method: "PUT", body: { items: [] }, token: w.adminToken })).status,
      ).toBe(400);
      expect(
        (
          await app.api(url, {
            method: "PUT",
            body: { items: [{ label: "X" }] },
            token: w.coordToken,
          })
        ).status,
      ).toBe(403);
      const put = await app.api(url, {
        method: "PUT",
        body: { items: [{ label: "Training plan" }, { label: "Drug test result" }] },
        token: w.adminToken,
      });
      expect(put.status).toBe(200);
      expect(put.body.items.map((i: { kind: string }) => i.kind)).toEqual([
        "training_plan",
        "drug_test_result",
      ]);
      expect(
        (await app.api("/api/courses/NOPE/ojt-checklist", { token: w.adminToken })).status,
      ).toBe(404);
    });

    it("serves the screens: the MOA column and filter, a no-JavaScript upload, the checklist form", async () => {
      const w = await world();
      const admin = await createUser(t.db, { role: "admin" });
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      await recordMoa(t.db, realClockCfg, w.company.id, {
        signedAt: addDays(w.today, -300),
        validUntil: addDays(w.today, 12),
      });
      const bare = await createCompany(t.db, { name: "Zeta Hangar Without Agreement" });
      const page = async (p: string, cookie: string) =>
        app.fetch(p, { headers: { Cookie: cookie } });
      const list = await (await page("/admin/companies?q=Philippine", adminCookie)).text();
      expect(list).toContain("expires in 12 days");
      const none = await (await page("/admin/companies?moa=none&size=100", adminCookie)).text();
      expect(none).toContain(bare.name);
      expect(none).not.toContain("Philippine Airlines Technical Center");
      const expiring = await (await page("/admin/companies?moa=expiring", adminCookie)).text();
      expect(expiring).toContain("Philippine Airlines Technical Center");
      expect(expiring).not.toContain(bare.name);
      // The student's documents page: a multipart form post without JavaScript.
      await recordMoa(t.db, realClockCfg, w.company.id);
      const created = await app.api("/api/placements", {
        body: {
          studentId: w.student.user.id,
          companyId: w.company.id,
          supervisor: { name: "Rosa Dela Cruz", email: "rosa@pal.example.com" },
          startDate: w.today,
          expectedEndDate: addDays(w.today, 80),
          requiredHours: 486,
        },
        token: w.coordToken,
      });
      const docsPage = `/ojt/${created.body.id}/documents`;
      const studentCookie = await app.cookie(w.student.user.email, w.student.password);
      expect((await page(docsPage, studentCookie)).status).toBe(200);
      const form = new FormData();
      form.append("intent", "upload");
      form.append("kind", "training_plan");
      form.append(
        "file",
        new Blob([new Uint8Array(await cleanPdf())], { type: "application/pdf" }),
        "plan.pdf",
      );
      const posted = await app.fetch(docsPage, {
        method: "POST",
        body: form,
        headers: { Cookie: studentCookie },
      });
      expect(posted.status).toBe(302);
      expect(await (await page(docsPage, studentCookie)).text()).toContain("plan.pdf");
      const otherCoord = await createCoordinator(t.db, ["BSAET"]);
      const otherCookie = await app.cookie(otherCoord.email, "correct-horse-42");
      expect((await page(docsPage, otherCookie)).status).toBe(404);
      // The programme's checklist form (admins only).
      const coordCookie = await app.cookie(w.coord.email, "correct-horse-42");
      expect((await page("/admin/courses/BSAET/ojt-checklist", coordCookie)).status).not.toBe(200);
      const saved = await app.fetch("/admin/courses/BSAET/ojt-checklist", {
        method: "POST",
        body: new URLSearchParams({ items: "Training plan\nMedical certificate" }),
        headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(saved.status).toBe(302);
      const after = await app.api("/api/courses/BSAET/ojt-checklist", { cookie: adminCookie });
      expect(after.body.items.map((i: { kind: string }) => i.kind)).toEqual([
        "training_plan",
        "medical_certificate",
      ]);
    });

    it("mails the weekly digest of expiring agreements to coordinators and admins", async () => {
      const w = await world();
      await recordMoa(t.db, realClockCfg, w.company.id, {
        signedAt: addDays(w.today, -300),
        validUntil: addDays(w.today, 20),
      });
      const run = await runAgreementDigest(t.db, realClockCfg);
      expect(run.agreements).toBeGreaterThanOrEqual(1);
      const mail = await app.smtp.waitFor(w.coord.email, (m) =>
        m.subject.startsWith("Host agreements expiring"),
      );
      expect(mail.text).toContain("Philippine Airlines Technical Center");
      expect(mail.text).toContain("expires in 20 days");
      expect((await runAgreementDigest(t.db, realClockCfg)).agreements).toBe(0);
    });
  });
});
