/**
 * OJT completion over HTTP: the status door's completion refusals and answer, the certificate and
 * DTR downloads (the student's own, their programme's coordinator; another student or programme
 * gets 404), the public /certificates/{code} page (a forged or malformed code is a 404 showing
 * nothing) and the report's scope.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";
import { createCoordinator, ojtClock } from "../factories/ojt";
import { addEvaluation, createHoursDone, pdfText } from "../factories/ojt-cert";
import { newCertificateCode } from "../../app/models/ojt/completion.server";
import { COMPLETION_MSG, todayIn } from "../../app/models/ojt/ojt.schema";
import { formatCalendarDate } from "../../app/lib/datetime";

describe("OJT completion over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    it("completes through the door, serves the PDFs to whom it should, and verifies publicly", async () => {
      const clock = ojtClock();
      const s = await createHoursDone(t.db, clock.cfg);
      const password = "correct-horse-42";
      const coordToken = await app.token(s.coordinatorUser.email, password);
      const studentToken = await app.token(s.studentUser.email, password);
      const other = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const otherToken = await app.token(other.user.email, other.password);
      const otherCoord = await createCoordinator(t.db, ["BSAET"]);
      const otherCoordToken = await app.token(otherCoord.email, password);
      const id = s.placement.id;
      const status = (body: unknown, token: string) =>
        app.api(`/api/placements/${id}/status`, { body, token });

      const early = await status({ status: "completed", hiredByHost: true }, coordToken);
      expect([early.status, early.body.message]).toEqual([409, COMPLETION_MSG.finalEvaluation]);
      await addEvaluation(t.db, id, "final");
      const noAnswer = await status({ status: "completed" }, coordToken);
      expect([noAnswer.status, noAnswer.body.message]).toEqual([400, COMPLETION_MSG.hiredByHost]);
      expect(
        (await status({ status: "completed", hiredByHost: true }, otherCoordToken)).status,
      ).toBe(404);
      expect((await status({ status: "completed", hiredByHost: true }, studentToken)).status).toBe(
        403,
      );
      const done = await status({ status: "completed", hiredByHost: true }, coordToken);
      expect([done.status, done.body.status, done.body.hiredByHost]).toEqual([
        200,
        "completed",
        true,
      ]);
      const code: string = done.body.certificateCode;

      // The certificate: the student and the coordinator; nobody else.
      const pdf = await app.fetch(`/api/placements/${id}/certificate.pdf`, {
        headers: { Authorization: `Bearer ${studentToken}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
      const [page] = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(page).toContain(`/certificates/${code}`);
      for (const [token, want] of [
        [coordToken, 200],
        [otherToken, 404],
        [otherCoordToken, 404],
      ] as const) {
        for (const file of ["certificate.pdf", "dtr.pdf"]) {
          const r = await app.fetch(`/api/placements/${id}/${file}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          expect([file, r.status]).toEqual([file, want]);
        }
      }
      expect((await app.fetch(`/api/placements/${id}/dtr.pdf`)).status).toBe(401);

      // The public page: the five facts (completed over HTTP: today on the server's clock); a forged or malformed code is a 404 without them.
      const page200 = await app.fetch(`/certificates/${code}`);
      const html = await page200.text();
      expect(page200.status).toBe(200);
      expect(page200.headers.get("x-robots-tag")).toBe("noindex");
      for (const want of [
        s.placement.student.name,
        s.company.name,
        "16",
        formatCalendarDate(todayIn("Asia/Manila")),
      ])
        expect(html).toContain(want);
      expect(html).not.toContain(s.studentUser.email);
      expect(html).not.toContain("Maria Santos");
      for (const forged of [newCertificateCode(), "abc", `${code}0`]) {
        const r = await app.fetch(`/certificates/${forged}`);
        const body = await r.text();
        expect([forged, r.status]).toEqual([forged, 404]);
        expect(body).not.toContain(s.company.name);
      }

      // The report: admins and coordinators of the programme; a student is refused.
      const report = await app.api("/api/ojt/report?course=BSAMT", { token: coordToken });
      expect(report.status).toBe(200);
      expect(report.body.placements).toHaveLength(1);
      expect(report.body.placements[0]).toMatchObject({ hiredByHost: true, evaluationAverage: 4 });
      expect(
        (await app.api("/api/ojt/report?course=BSAMT", { token: otherCoordToken })).status,
      ).toBe(403);
      expect(
        (await app.api("/api/ojt/report", { token: otherCoordToken })).body.placements,
      ).toEqual([]);
      expect((await app.api("/api/ojt/report", { token: studentToken })).status).toBe(403);
      expect((await app.api("/api/ojt/report?from=2026-02-30", { token: coordToken })).status).toBe(
        400,
      );
      const csv = await app.fetch("/api/ojt/report?format=csv", {
        headers: { Authorization: `Bearer ${coordToken}` },
      });
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(await csv.text()).toContain("Host companies");
    });
  });
});
