/**
 * OJT paperwork on PGlite and PostgreSQL: the host agreement's gates (missing, expiring before
 * the placement ends) on creating, editing and deploying; the checklist gate on deploying; the
 * programme's checklist; documents judged by content (scripted, encrypted, disguised, too large);
 * who may read a document; the weekly expiry digest, once per agreement per week.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { caught } from "../../../tests/setup/caught";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCompany, createUser } from "../../../tests/factories";
import {
  createCoordinator,
  createOjtSetup,
  ctxAs,
  ojtClock,
  placementInput,
} from "../../../tests/factories/ojt";
import {
  cleanPdf,
  completeChecklist,
  encryptedPdf,
  pdfWithJavaScript,
  pdfWithPageAction,
  recordMoa,
  smallJpeg,
  smallPng,
} from "../../../tests/factories/ojt-docs";
import { mailOutbox, ojtFiles } from "#db/schema";
import {
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  UnsupportedMedia,
  ValidationError,
} from "~/lib/errors";
import {
  agreementFile,
  getAgreement,
  runAgreementDigest,
  uploadAgreementFile,
  withMoa,
} from "./agreements.server";
import {
  documentFile,
  getChecklist,
  listDocuments,
  markReceived,
  putChecklist,
  uploadDocument,
  waiveDocument,
} from "./documents.server";
import { DEFAULT_CHECKLIST, moaLabel, moaStateOf, PAPERWORK_MSG } from "./paperwork.schema";
import {
  changePlacementStatus,
  createPlacement,
  getPlacement,
  updatePlacement,
} from "./placement.server";

const file = (bytes: Uint8Array | Buffer | string, name: string, type = "application/pdf") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

forEachDb((t: TestDb) => {
  describe("host agreements", () => {
    it("refuses a placement at a host without an agreement, or whose agreement ends before the placement", async () => {
      const clock = ojtClock();
      const coordUser = await createCoordinator(t.db, ["BSAMT"]);
      const coord = ctxAs(t.db, clock.cfg, coordUser);
      const { user: st } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const company = await createCompany(t.db);
      const input = placementInput(st.id, company.id, { requiredHours: 486 });
      const missing = await caught(createPlacement(coord, input));
      expect(missing).toBeInstanceOf(ValidationError);
      expect(missing.message).toBe(PAPERWORK_MSG.moaMissing);
      // Valid until a day before the expected end: refused, naming both dates.
      await recordMoa(t.db, clock.cfg, company.id, { validUntil: "2026-06-29" });
      const short = await caught(createPlacement(coord, input));
      expect(short).toBeInstanceOf(ValidationError);
      expect(short.message).toContain("29 Jun 2026");
      expect(short.message).toContain("30 Jun 2026");
      // Valid through the end date itself: accepted.
      await recordMoa(t.db, clock.cfg, company.id, { validUntil: "2026-06-30" });
      const p = await createPlacement(coord, input);
      expect(p.status).toBe("planned");
      // Moving the end past the agreement is refused too.
      const later = await caught(updatePlacement(coord, p.id, { expectedEndDate: "2026-07-15" }));
      expect(later.message).toContain("30 Jun 2026");
      // The agreement is cut short after planning: deploying is refused with the date.
      await completeChecklist(t.db, clock.cfg, p.id);
      await recordMoa(t.db, clock.cfg, company.id, { validUntil: "2026-05-31" });
      const deploy = await caught(
        changePlacementStatus(coord, p.id, { status: "deployed", reason: null }),
      );
      expect(deploy).toBeInstanceOf(ValidationError);
      expect(deploy.message).toContain("31 May 2026");
      await recordMoa(t.db, clock.cfg, company.id, { validUntil: "2027-05-31" });
      expect(
        (await changePlacementStatus(coord, p.id, { status: "deployed", reason: null })).status,
      ).toBe("deployed");
    });

    it("shows the agreement's state to coordinators and admins only, and keeps its PDF private", async () => {
      const clock = ojtClock(); // today is 2026-03-11
      const company = await createCompany(t.db);
      const coord = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAMT"]));
      const { user: st } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const student = ctxAs(t.db, clock.cfg, st);
      expect((await getAgreement(coord, company.id)).state).toBe("none");
      await recordMoa(t.db, clock.cfg, company.id, { validUntil: "2026-04-10" });
      const moa = await getAgreement(coord, company.id);
      expect([moa.state, moa.daysLeft, moaLabel(moa)]).toEqual([
        "expiring",
        30,
        "expires in 30 days",
      ]);
      expect(moaLabel(moaStateOf("2026-03-10", "2026-03-11"))).toBe("expired");
      expect(moaLabel(moaStateOf("2026-05-11", "2026-03-11"))).toBe("valid");
      expect(await caught(getAgreement(student, company.id))).toBeInstanceOf(Forbidden);
      const list = [{ id: company.id, name: "x" }];
      expect((await withMoa(t.db, clock.cfg, "student", list))[0]).not.toHaveProperty("moa");
      expect((await withMoa(t.db, clock.cfg, "employer", list))[0]).not.toHaveProperty("moa");
      expect((await withMoa(t.db, clock.cfg, "coordinator", list))[0].moa?.state).toBe("expiring");
      // The signed file: a PDF only, readable by staff only.
      expect(await caught(agreementFile(coord, company.id))).toBeInstanceOf(NotFound);
      const png = await caught(
        uploadAgreementFile(coord, company.id, file(await smallPng(), "moa.png", "image/png")),
      );
      expect(png).toBeInstanceOf(UnsupportedMedia);
      expect(
        (
          await uploadAgreementFile(
            coord,
            company.id,
            file(await cleanPdf("MOA"), "MOA signed.pdf"),
          )
        ).hasFile,
      ).toBe(true);
      const f = await agreementFile(coord, company.id);
      expect([f.contentType, f.fileName]).toEqual(["application/pdf", "MOA signed.pdf"]);
      expect(await caught(agreementFile(student, company.id))).toBeInstanceOf(Forbidden);
      // Replacing the file removes the old one from the store.
      const before = (await t.db.select({ id: ojtFiles.id }).from(ojtFiles)).length;
      await uploadAgreementFile(coord, company.id, file(await cleanPdf("MOA v2"), "moa2.pdf"));
      expect((await t.db.select({ id: ojtFiles.id }).from(ojtFiles)).length).toBe(before);
    });

    it("mails one digest a week to coordinators and admins listing agreements expiring within 60 days", async () => {
      const clock = ojtClock("2026-03-09T01:00:00Z"); // Monday 2026-03-09 in Manila
      const coordUser = await createCoordinator(t.db, ["BSAMT"]);
      const { user: admin } = await createUser(t.db, {
        role: "admin",
        courseCode: null,
        studentId: null,
      });
      const soon = await createCompany(t.db, { name: "Soon Expiring Aero" });
      const far = await createCompany(t.db, { name: "Far Future Aero" });
      await recordMoa(t.db, clock.cfg, soon.id, { validUntil: "2026-04-30" });
      await recordMoa(t.db, clock.cfg, far.id, { validUntil: "2026-12-31" });
      const digestsTo = async (to: string) =>
        (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter(
          (m) => m.template === "ojt_moa_digest",
        );
      const first = await runAgreementDigest(t.db, clock.cfg);
      expect(first.agreements).toBeGreaterThanOrEqual(1);
      const mine = await digestsTo(coordUser.email);
      expect(mine).toHaveLength(1);
      expect(mine[0].text).toContain("Soon Expiring Aero");
      expect(mine[0].text).not.toContain("Far Future Aero");
      expect(await digestsTo(admin.email)).toHaveLength(1);
      // Later the same week: nothing again. The next week: listed again.
      clock.advanceDays(3);
      await runAgreementDigest(t.db, clock.cfg);
      expect(await digestsTo(coordUser.email)).toHaveLength(1);
      clock.advanceDays(4);
      await runAgreementDigest(t.db, clock.cfg);
      const again = await digestsTo(coordUser.email);
      expect(again).toHaveLength(2);
      expect(again.every((m) => m.text?.includes("Soon Expiring Aero"))).toBe(true);
    });
  });

  describe("checklist and documents", () => {
    it("deploys only when every required document is uploaded, received or waived", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg, { deployed: false });
      expect(s.placement.checklist.map((c) => [c.kind, c.state])).toEqual(
        DEFAULT_CHECKLIST.map((c) => [c.kind, "missing"]),
      );
      const refused = await caught(
        changePlacementStatus(s.coordinator, s.placement.id, { status: "deployed", reason: null }),
      );
      expect(refused).toBeInstanceOf(Conflict);
      expect(refused.message).toContain("Medical certificate");
      // The student uploads two from a phone; the coordinator has one on paper and waives one.
      await uploadDocument(
        s.student,
        s.placement.id,
        "training_plan",
        file(await cleanPdf(), "plan.pdf"),
      );
      await uploadDocument(
        s.student,
        s.placement.id,
        "medical_certificate",
        file(await smallJpeg(), "IMG_0001.JPG", "image/jpeg"),
      );
      await markReceived(s.coordinator, s.placement.id, "parental_consent", "2026-03-10");
      await waiveDocument(
        s.coordinator,
        s.placement.id,
        "insurance",
        "Covered by the college's group policy",
      );
      const part = await caught(
        changePlacementStatus(s.coordinator, s.placement.id, { status: "deployed", reason: null }),
      );
      expect(part.message).toContain("Internship agreement");
      expect(part.message).not.toContain("Medical certificate");
      const docs = await listDocuments(s.student, s.placement.id);
      expect(Object.fromEntries(docs.checklist.map((c) => [c.kind, c.state]))).toMatchObject({
        training_plan: "uploaded",
        medical_certificate: "uploaded",
        parental_consent: "received",
        insurance: "waived",
        internship_agreement: "missing",
      });
      const received = docs.documents.find((d) => d.kind === "parental_consent")!;
      expect(received.receivedOn).toBe("2026-03-10");
      expect(received.recordedBy).toBeTruthy();
      // Students cannot mark received or waive; dates cannot be in the future.
      expect(
        await caught(markReceived(s.student, s.placement.id, "orientation", "2026-03-10")),
      ).toBeInstanceOf(Forbidden);
      expect(
        (await caught(markReceived(s.coordinator, s.placement.id, "orientation", "2026-03-12")))
          .message,
      ).toBe(PAPERWORK_MSG.receivedFuture);
      expect(
        await caught(markReceived(s.coordinator, s.placement.id, "no_such_kind", "2026-03-10")),
      ).toBeInstanceOf(ValidationError);
      await markReceived(s.coordinator, s.placement.id, "internship_agreement", "2026-03-11");
      await markReceived(s.coordinator, s.placement.id, "orientation", "2026-03-11");
      const deployed = await changePlacementStatus(s.coordinator, s.placement.id, {
        status: "deployed",
        reason: null,
      });
      expect(deployed.status).toBe("deployed");
      expect(deployed.checklist.every((c) => c.state !== "missing")).toBe(true);
    });

    it("lets admins define a programme's checklist, which its placements then follow", async () => {
      const clock = ojtClock();
      const { user: adminUser } = await createUser(t.db, {
        role: "admin",
        courseCode: null,
        studentId: null,
      });
      const admin = ctxAs(t.db, clock.cfg, adminUser);
      const s = await createOjtSetup(t.db, clock.cfg, { courseCode: "BSAET", deployed: false });
      try {
        expect((await getChecklist(admin, "BSAET")).isDefault).toBe(true);
        expect(await caught(putChecklist(s.coordinator, "BSAET", [{ label: "X" }]))).toBeInstanceOf(
          Forbidden,
        );
        expect(
          await caught(putChecklist(admin, "BSAET", [{ label: "Waiver" }, { label: "waiver" }])),
        ).toBeInstanceOf(ValidationError);
        const set = await putChecklist(admin, "BSAET", [
          { label: "Training plan", kind: "training_plan" },
          { label: "Drug test result" },
        ]);
        expect(set.items).toEqual([
          { kind: "training_plan", label: "Training plan" },
          { kind: "drug_test_result", label: "Drug test result" },
        ]);
        const p = await getPlacement(s.coordinator, s.placement.id);
        expect(p.checklist.map((c) => c.kind)).toEqual(["training_plan", "drug_test_result"]);
        await markReceived(s.coordinator, s.placement.id, "training_plan", "2026-03-11");
        await waiveDocument(s.coordinator, s.placement.id, "drug_test_result", "Done at enrolment");
        expect(
          (
            await changePlacementStatus(s.coordinator, s.placement.id, {
              status: "deployed",
              reason: null,
            })
          ).status,
        ).toBe("deployed");
      } finally {
        await putChecklist(admin, "BSAET", [...DEFAULT_CHECKLIST]);
      }
    });

    it("judges a document by its content and refuses scripted, encrypted, disguised or oversized files", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg, { deployed: false });
      const up = (f: File) => uploadDocument(s.student, s.placement.id, "training_plan", f);
      const js = await caught(up(file(await pdfWithJavaScript(), "plan.pdf")));
      expect([js.constructor, js.message]).toEqual([ValidationError, PAPERWORK_MSG.javascript]);
      expect((await caught(up(file(await pdfWithPageAction(), "plan.pdf")))).message).toBe(
        PAPERWORK_MSG.javascript,
      );
      expect((await caught(up(file(await encryptedPdf(), "plan.pdf")))).message).toBe(
        PAPERWORK_MSG.encrypted,
      );
      const html = await caught(up(file("<html><script>alert(1)</script></html>", "plan.pdf")));
      expect(html).toBeInstanceOf(UnsupportedMedia);
      const fakePng = await caught(
        up(file("just some text, not a picture", "photo.png", "image/png")),
      );
      expect(fakePng).toBeInstanceOf(UnsupportedMedia);
      const big = await caught(up(file(new Uint8Array(20 * 1024 * 1024), "big.pdf")));
      expect(big).toBeInstanceOf(PayloadTooLarge);
      expect(await caught(up(file("", "empty.pdf")))).toBeInstanceOf(ValidationError);
      // A photo is re-encoded (a new JPEG, not the bytes sent).
      const jpeg = await smallJpeg();
      const r = await uploadDocument(
        s.student,
        s.placement.id,
        "medical_certificate",
        file(jpeg, "x.jpg", "image/jpeg"),
      );
      const doc = r.documents[0];
      expect([doc.contentType, doc.state]).toEqual(["image/jpeg", "uploaded"]);
      const stored = await documentFile(s.student, s.placement.id, doc.id);
      expect(Buffer.from(stored.bytes).equals(jpeg)).toBe(false);
      expect(Buffer.from(stored.bytes).subarray(0, 3).toString("hex")).toBe("ffd8ff");
      // Nothing of the refused files was stored.
      expect((await listDocuments(s.student, s.placement.id)).documents).toHaveLength(1);
    });

    it("lets only the student, their programme's coordinators and admins read a document", async () => {
      const clock = ojtClock();
      const s = await createOjtSetup(t.db, clock.cfg, { deployed: false });
      const r = await uploadDocument(
        s.student,
        s.placement.id,
        "training_plan",
        file(await cleanPdf(), "plan.pdf"),
      );
      const id = r.documents[0].id;
      const { user: otherStudent } = await createUser(t.db, {
        role: "student",
        courseCode: "BSAMT",
      });
      const other = ctxAs(t.db, clock.cfg, otherStudent);
      const otherCoord = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAET"]));
      const { user: adminUser } = await createUser(t.db, {
        role: "admin",
        courseCode: null,
        studentId: null,
      });
      expect((await documentFile(s.student, s.placement.id, id)).contentType).toBe(
        "application/pdf",
      );
      expect((await documentFile(s.coordinator, s.placement.id, id)).size).toBeGreaterThan(0);
      expect(
        (await documentFile(ctxAs(t.db, clock.cfg, adminUser), s.placement.id, id)).size,
      ).toBeGreaterThan(0);
      expect(await caught(documentFile(other, s.placement.id, id))).toBeInstanceOf(NotFound);
      expect(await caught(documentFile(otherCoord, s.placement.id, id))).toBeInstanceOf(NotFound);
      expect(await caught(listDocuments(otherCoord, s.placement.id))).toBeInstanceOf(NotFound);
      expect(
        await caught(
          uploadDocument(other, s.placement.id, "training_plan", file(await cleanPdf(), "x.pdf")),
        ),
      ).toBeInstanceOf(NotFound);
      // A document id of another placement is not found through this one.
      const s2 = await createOjtSetup(t.db, clock.cfg, { deployed: false });
      expect(await caught(documentFile(s2.coordinator, s2.placement.id, id))).toBeInstanceOf(
        NotFound,
      );
    });
  });
});
