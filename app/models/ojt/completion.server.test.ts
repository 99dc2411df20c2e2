/**
 * Completing a placement on PGlite and PostgreSQL: the gates (hours, final evaluation, the hiring
 * question), what completion sets and mails, the certificate and DTR PDFs read back, and the
 * public verification of a code.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { caught } from "../../../tests/setup/caught";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCoordinator, ctxAs, ojtClock } from "../../../tests/factories/ojt";
import { addEvaluation, createHoursDone, pdfText } from "../../../tests/factories/ojt-cert";
import { mailOutbox } from "#db/schema";
import { Conflict, Forbidden, NotFound, ValidationError } from "~/lib/errors";
import {
  certificateFacts,
  dtrFacts,
  newCertificateCode,
  normaliseCertificateCode,
  verifyCertificate,
} from "./completion.server";
import { COMPLETION_MSG, statusChangeSchema } from "./ojt.schema";
import { certificatePdf, dtrPdf } from "./pdf.server";
import { changePlacementStatus, getPlacement, placementAudit } from "./placement.server";

const complete = (hiredByHost: boolean | null = true) => ({
  status: "completed" as const,
  reason: null,
  hiredByHost,
});

describe("certificate codes", () => {
  it("are 16 characters of Crockford base32, distinct, and read back whatever the case or dashes", () => {
    const codes = new Set(Array.from({ length: 500 }, newCertificateCode));
    expect(codes.size).toBe(500);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const c = [...codes][0];
    expect(normaliseCertificateCode(c.toLowerCase())).toBe(c);
    expect(normaliseCertificateCode(`${c.slice(0, 8)}-${c.slice(8)}`)).toBe(c);
    for (const bad of [
      "",
      "short",
      `${c}X`,
      "ILOUILOUILOUILOU",
      "'; drop table x;--",
      "x".repeat(5000),
    ])
      expect(normaliseCertificateCode(bad)).toBeNull();
  });

  it("the status form's hiring answer is parsed from a form's text or a JSON boolean", () => {
    expect(
      statusChangeSchema.parse({ status: "completed", hiredByHost: "false" }).hiredByHost,
    ).toBe(false);
    expect(statusChangeSchema.parse({ status: "completed", hiredByHost: true }).hiredByHost).toBe(
      true,
    );
    expect(
      statusChangeSchema.safeParse({ status: "completed", hiredByHost: "perhaps" }).success,
    ).toBe(false);
  });
});

forEachDb((t: TestDb) => {
  describe("completion", () => {
    it("refuses before the required hours are approved, naming the figures", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg, { requiredHours: 17 });
      await addEvaluation(t.db, s.placement.id, "final");
      const e = await caught(changePlacementStatus(s.coordinator, s.placement.id, complete()));
      expect(e).toBeInstanceOf(Conflict);
      expect(e.message).toBe(COMPLETION_MSG.hours(16, 17));
      expect((await getPlacement(s.coordinator, s.placement.id)).status).toBe("deployed");
    });

    it("refuses without the final evaluation (a midterm is not enough), and without the hiring answer", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      await addEvaluation(t.db, s.placement.id, "midterm");
      const e = await caught(changePlacementStatus(s.coordinator, s.placement.id, complete()));
      expect([e instanceof Conflict, e.message]).toEqual([true, COMPLETION_MSG.finalEvaluation]);
      await addEvaluation(t.db, s.placement.id, "final");
      const q = await caught(changePlacementStatus(s.coordinator, s.placement.id, complete(null)));
      expect([q instanceof ValidationError, q.message]).toEqual([true, COMPLETION_MSG.hiredByHost]);
      // Not the student, not another programme's coordinator.
      expect(
        await caught(changePlacementStatus(s.student, s.placement.id, complete())),
      ).toBeInstanceOf(Forbidden);
      const other = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAET"]));
      expect(await caught(changePlacementStatus(other, s.placement.id, complete()))).toBeInstanceOf(
        NotFound,
      );
    });

    it("completes: sets the date, the hiring answer and a code, audits, and mails the student the links", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      await addEvaluation(t.db, s.placement.id, "final");
      const before = await caught(certificateFacts(s.student, s.placement.id));
      expect([before instanceof Conflict, before.message]).toEqual([
        true,
        COMPLETION_MSG.notCompleted,
      ]);
      const done = await changePlacementStatus(s.coordinator, s.placement.id, complete(false));
      expect(done.status).toBe("completed");
      expect(done.hiredByHost).toBe(false);
      expect(done.certificateCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
      const trail = await placementAudit(s.coordinator, s.placement.id);
      expect(trail[0].after).toEqual({
        status: "completed",
        statusReason: null,
        hiredByHost: false,
      });
      const mail = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.template, "ojt_completed"));
      expect(mail.map((m) => m.to)).toEqual([s.studentUser.email]);
      const text = mail[0].text ?? "";
      expect(text).toContain(`http://runway.test/api/placements/${s.placement.id}/certificate.pdf`);
      expect(text).toContain(`http://runway.test/api/placements/${s.placement.id}/dtr.pdf`);
      expect(text).toContain(`http://runway.test/certificates/${done.certificateCode}`);
      // Completed is final.
      expect(
        await caught(changePlacementStatus(s.coordinator, s.placement.id, complete())),
      ).toBeInstanceOf(Conflict);
    });

    it("prints a certificate whose text and verification address read back from the PDF", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      await addEvaluation(t.db, s.placement.id, "final");
      clock.set("2026-03-12T17:30:00Z"); // 01:30 on Friday 13 March in Manila
      const done = await changePlacementStatus(s.coordinator, s.placement.id, complete(true));
      const facts = await certificateFacts(s.student, s.placement.id);
      expect(facts.completedOn).toBe("2026-03-13");
      const [page, ...more] = await pdfText(await certificatePdf(facts));
      expect(more).toEqual([]);
      const url = `http://runway.test/certificates/${done.certificateCode}`;
      for (const want of [
        "Certificate of Completion",
        facts.studentName,
        "BS in Aircraft Maintenance Technology",
        s.company.name,
        "16 hours",
        "13 Mar 2026",
        done.certificateCode!,
        url,
        facts.coordinator!,
      ])
        expect(page).toContain(want);
      // Coordinators of the programme may print it; another programme's may not.
      expect((await certificateFacts(s.coordinator, s.placement.id)).code).toBe(
        done.certificateCode,
      );
      const other = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAET"]));
      expect(await caught(certificateFacts(other, s.placement.id))).toBeInstanceOf(NotFound);
    });

    it("prints the whole daily time record with each week's supervisor and date on the college's clock", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      const facts = await dtrFacts(s.student, s.placement.id);
      expect(facts.days.map((d) => [d.date, d.timeIn, d.timeOut, d.hours])).toEqual([
        ["2026-03-09", "08:00", "17:00", 8],
        ["2026-03-10", "08:00", "17:00", 8],
      ]);
      const text = (await pdfText(await dtrPdf(facts))).join(" ");
      for (const want of [
        "Mon, 9 Mar 2026",
        "Tue, 10 Mar 2026",
        "Assisted in the A-check of RP-C1234",
        "=SUM(A1) wiring check",
        "Maria Santos",
        "approved",
        "11 Mar 2026, 12:00 GMT+8",
      ])
        expect(text).toContain(want);
    });

    it("verifies a code publicly with the name, programme, host, hours and date only", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      await addEvaluation(t.db, s.placement.id, "final");
      const done = await changePlacementStatus(s.coordinator, s.placement.id, complete(true));
      const cert = await verifyCertificate(t.db, clock.cfg, done.certificateCode!.toLowerCase());
      expect(cert).toEqual({
        code: done.certificateCode,
        studentName: done.student.name,
        programme: "BS in Aircraft Maintenance Technology",
        host: s.company.name,
        approvedHours: 16,
        completedOn: "2026-03-11",
      });
      expect(await verifyCertificate(t.db, clock.cfg, newCertificateCode())).toBeNull();
      expect(await verifyCertificate(t.db, clock.cfg, "not a code")).toBeNull();
    });
  });
});
