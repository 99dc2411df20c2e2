/**
 * OJT evaluations over HTTP: the coordinator sends the midterm link (refused before the midpoint),
 * the supervisor answers on /supervise/{token} as a plain form with the link read from a real SMTP
 * sink (spent, forged and out-of-range answers refused), the approval reaching the required hours
 * mails the final link, evaluations are read per the OJT access rules, the student reviews the host
 * once, and only admins read and edit the rubric. Dates are relative to the college's today.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { postForm, useServer } from "../setup/http";
import { createCompany, createUser } from "../factories";
import { createCoordinator } from "../factories/ojt";
import { DEFAULT_RATINGS } from "../factories/ojt-eval";
import { completeChecklist, realClockCfg, recordMoa } from "../factories/ojt-docs";
import { addDays, todayIn, weekStartOf } from "../../app/models/ojt/ojt.schema";

const linkOf = (text: string) => `/supervise/${/\/supervise\/([A-Za-z0-9_-]+)/.exec(text)![1]}`;
const ratingFields = (r: Record<string, number>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [`rating.${k}`, String(v)]));
const REVIEW = {
  ratings: {
    learning_opportunities: 5,
    supervision_mentoring: 4,
    safety_culture: 5,
    facilities_equipment: 3,
    treatment_of_interns: 4,
  },
  comments: "Good mentors",
};

describe("OJT evaluations over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    it("sends, answers and reads evaluations and host reviews — refusing every door it should", async () => {
      const today = todayIn("Asia/Manila");
      const lastMonday = addDays(weekStartOf(today), -7);
      const coord = await createCoordinator(t.db, ["BSAMT"]);
      const coordToken = await app.token(coord.email, "correct-horse-42");
      const otherCoord = await createCoordinator(t.db, ["BSAET"]);
      const otherToken = await app.token(otherCoord.email, "correct-horse-42");
      const admin = await createUser(t.db, { role: "admin" });
      const adminToken = await app.token(admin.user.email, admin.password);
      const student = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const studentToken = await app.token(student.user.email, student.password);
      const stranger = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const strangerToken = await app.token(stranger.user.email, stranger.password);
      const company = await createCompany(t.db, { name: "Lufthansa Technik Philippines" });
      await recordMoa(t.db, realClockCfg, company.id);
      const supervisor = "a.reyes@ltp-mro.example.com";
      const place = async (
        studentId: string,
        email: string,
        startDate: string,
        expectedEndDate: string,
      ) => {
        const r = await app.api("/api/placements", {
          body: {
            studentId,
            companyId: company.id,
            supervisor: { name: "Ana Reyes", email },
            startDate,
            expectedEndDate,
            requiredHours: 8,
          },
          token: coordToken,
        });
        expect(r.status).toBe(201);
        await completeChecklist(t.db, realClockCfg, r.body.id);
        const d = await app.api(`/api/placements/${r.body.id}/status`, {
          body: { status: "deployed" },
          token: coordToken,
        });
        expect(d.status).toBe(200);
        return r.body.id as string;
      };
      // Midpoint 10 days ago: the midterm is due.
      const pid = await place(student.user.id, supervisor, addDays(today, -40), addDays(today, 20));
      const evals = `/api/placements/${pid}/evaluations`;

      // Before the midpoint: the midterm link is not issued (409 naming the date).
      const early = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const earlyId = await place(
        early.user.id,
        "b.cruz@ltp-mro.example.com",
        today,
        addDays(today, 60),
      );
      const refused = await app.api(`/api/placements/${earlyId}/evaluations/midterm/resend`, {
        method: "POST",
        token: coordToken,
      });
      expect([refused.status, refused.body.message]).toEqual([
        409,
        `The midterm evaluation opens on ${addDays(today, 30)}, the placement's midpoint`,
      ]);
      expect(
        (
          await app.api(`/api/placements/${pid}/evaluations/semester/resend`, {
            method: "POST",
            token: coordToken,
          })
        ).status,
      ).toBe(400);

      // Resend doors: the student and another programme's coordinator may not.
      const resend = `${evals}/midterm/resend`;
      expect((await app.api(resend, { method: "POST", token: studentToken })).status).toBe(403);
      expect((await app.api(resend, { method: "POST", token: otherToken })).status).toBe(404);
      const sent = await app.api(resend, { method: "POST", token: coordToken });
      expect([sent.status, sent.body.requests[0].stage]).toEqual([200, "midterm"]);
      const mail = await app.smtp.waitFor(supervisor, (m) => /evaluate/i.test(m.subject));
      const midterm = linkOf(mail.text);

      // The supervisor's page: the rubric, nothing of the student's contact details.
      const page = await app.fetch(midterm);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain("Midterm evaluation");
      expect(html).toContain("Attendance and punctuality");
      expect(html).toContain("Would you hire this intern?");
      expect(html).not.toContain(student.user.email);
      // Refusals: a missing rating, one out of range, no hiring answer — 400, the link stays live.
      const { quality_of_work: _q, ...missing } = DEFAULT_RATINGS;
      void _q;
      expect(
        (
          await postForm(app, midterm, {
            rubricVersion: "1",
            wouldHire: "yes",
            ...ratingFields(missing),
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await postForm(app, midterm, {
            rubricVersion: "1",
            wouldHire: "yes",
            ...ratingFields({ ...DEFAULT_RATINGS, teamwork: 6 }),
          })
        ).status,
      ).toBe(400);
      expect(
        (await postForm(app, midterm, { rubricVersion: "1", ...ratingFields(DEFAULT_RATINGS) }))
          .status,
      ).toBe(400);
      const ok = await postForm(app, midterm, {
        rubricVersion: "1",
        wouldHire: "maybe",
        comments: "Learns fast",
        ...ratingFields(DEFAULT_RATINGS),
      });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("Thank you");
      // Spent: the page and a second answer are 404; a forged token too.
      expect((await app.fetch(midterm)).status).toBe(404);
      expect(
        (
          await postForm(app, midterm, {
            rubricVersion: "1",
            wouldHire: "no",
            ...ratingFields(DEFAULT_RATINGS),
          })
        ).status,
      ).toBe(404);
      expect((await app.fetch(`${midterm.slice(0, -4)}AAAA`)).status).toBe(404);
      expect((await app.fetch("/supervise/forged-token-forged-token-forged")).status).toBe(404);

      // Reading: the student and their coordinator yes; another programme, another student, a guest no.
      const mine = await app.api(evals, { token: studentToken });
      expect(mine.status).toBe(200);
      expect(mine.body.items[0]).toMatchObject({
        stage: "midterm",
        average: 4.43,
        rubricVersion: 1,
        wouldHire: "maybe",
        comments: "Learns fast",
      });
      expect((await app.api(evals, { token: coordToken })).status).toBe(200);
      expect((await app.api(evals, { token: otherToken })).status).toBe(404);
      expect((await app.api(evals, { token: strangerToken })).status).toBe(404);
      expect((await app.api(evals)).status).toBe(401);
      const pj = await app.api(`/api/placements/${pid}`, { token: studentToken });
      expect(pj.body.evaluations).toEqual([
        { stage: "midterm", submittedAt: mine.body.items[0].submittedAt, average: 4.43 },
      ]);

      // Host review before the final evaluation: refused.
      const review = `/api/placements/${pid}/host-review`;
      expect((await app.api(review, { body: REVIEW, token: studentToken })).status).toBe(409);

      // The approval that reaches 8 h mails the final evaluation link.
      const e = await app.api(`/api/placements/${pid}/hours`, {
        body: {
          date: lastMonday,
          timeIn: "08:00",
          timeOut: "17:00",
          breakMinutes: 60,
          tasks: "Wheel change",
        },
        token: studentToken,
      });
      expect(e.status).toBe(201);
      await app.api(`/api/placements/${pid}/weeks/${lastMonday}/submit`, {
        method: "POST",
        token: studentToken,
      });
      const signoff = await app.smtp.waitFor(supervisor, (m) =>
        /sign the OJT hours/.test(m.subject),
      );
      expect((await postForm(app, linkOf(signoff.text), { decision: "approve" })).status).toBe(200);
      const finalMail = await app.smtp.waitFor(supervisor, (m) =>
        /final evaluation/.test(m.subject),
      );
      const final = linkOf(finalMail.text);
      expect(await (await app.fetch(final)).text()).toContain("Final evaluation");

      // The rubric: only admins read or edit it; an edit is a new version.
      const rubric = "/api/ojt/rubric";
      expect((await app.api(rubric, { token: coordToken })).status).toBe(403);
      expect((await app.api(rubric, { token: studentToken })).status).toBe(403);
      expect((await app.api(rubric)).status).toBe(401);
      expect((await app.api(rubric, { token: adminToken })).body.version).toBe(1);
      const body = {
        criteria: [{ label: "Quality of work" }, { label: "Use of maintenance manuals" }],
      };
      expect((await app.api(rubric, { method: "PUT", body, token: coordToken })).status).toBe(403);
      expect(
        (await app.api(rubric, { method: "PUT", body: { criteria: [] }, token: adminToken }))
          .status,
      ).toBe(400);
      const v2 = await app.api(rubric, { method: "PUT", body, token: adminToken });
      expect([v2.status, v2.body.version, v2.body.criteria[1].key]).toEqual([
        200,
        2,
        "use_of_maintenance_manuals",
      ]);
      // The final link opened now shows version 2 and is answered with it.
      const finalHtml = await (await app.fetch(final)).text();
      expect(finalHtml).toContain("Use of maintenance manuals");
      const answered = await postForm(app, final, {
        rubricVersion: "2",
        wouldHire: "yes",
        "rating.quality_of_work": "5",
        "rating.use_of_maintenance_manuals": "4",
      });
      expect(answered.status).toBe(200);
      const both = await app.api(evals, { token: coordToken });
      expect(
        both.body.items.map((i: { stage: string; rubricVersion: number }) => [
          i.stage,
          i.rubricVersion,
        ]),
      ).toEqual([
        ["midterm", 1],
        ["final", 2],
      ]);

      // Host review: another student (404), the coordinator (403), ratings out of range (400).
      expect((await app.api(review, { body: REVIEW, token: strangerToken })).status).toBe(404);
      expect((await app.api(review, { body: REVIEW, token: coordToken })).status).toBe(403);
      const bad = await app.api(review, {
        body: { ...REVIEW, ratings: { ...REVIEW.ratings, safety_culture: 0 } },
        token: studentToken,
      });
      expect([bad.status, bad.body.message]).toEqual([400, "Rate every criterion from 1 to 5"]);
      const unknown = await app.api(review, {
        body: { ...REVIEW, ratings: { ...REVIEW.ratings, pay: 5 } },
        token: studentToken,
      });
      expect(unknown.status).toBe(400);
      // The screens: the coordinator's page shows the ratings; the admin's rubric screen its version.
      const coordCookie = await app.cookie(coord.email, "correct-horse-42");
      const detail = await (
        await app.fetch(`/admin/ojt/${pid}`, { headers: { Cookie: coordCookie } })
      ).text();
      expect(detail).toContain("Use of maintenance manuals");
      expect(detail).toContain("Would hire this intern: Yes");
      expect(
        (await app.fetch("/admin/ojt/rubric", { headers: { Cookie: coordCookie } })).status,
      ).toBe(302);
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      const rubricPage = await (
        await app.fetch("/admin/ojt/rubric", { headers: { Cookie: adminCookie } })
      ).text();
      expect(rubricPage).toContain("Quality of work\nUse of maintenance manuals</textarea>");
      // The student's /ojt: the evaluations and the review form, answered there (a plain form).
      const studentCookie = await app.cookie(student.user.email, student.password);
      const ojt = await (await app.fetch("/ojt", { headers: { Cookie: studentCookie } })).text();
      expect(ojt).toContain("Review your host");
      expect(ojt).toContain("Final evaluation");
      const form = {
        intent: "host-review",
        placementId: pid,
        comments: "Good mentors",
        ...ratingFields(REVIEW.ratings),
      };
      expect((await postForm(app, "/ojt", form, studentCookie)).status).toBe(302);
      const after = await (await app.fetch("/ojt", { headers: { Cookie: studentCookie } })).text();
      expect(after).toContain("You reviewed your host");
      expect(after).not.toContain("Review your host");
      // One review per placement: the API's second one is refused.
      expect((await app.api(review, { body: REVIEW, token: studentToken })).status).toBe(409);
    });
  });
});
