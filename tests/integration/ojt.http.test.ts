/**
 * OJT over HTTP: every /api door of placements and hours with its refusals, the
 * supervisor's /supervise/{token} page as a plain form post (no JavaScript, no account) with the
 * link read from a real SMTP sink, coordinators created on /api/admin/users, and where a
 * coordinator may not go. Dates are relative to today on the college's clock (the server's).
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows } from "../setup/db";
import { postForm, useServer } from "../setup/http";
import { createCompany, createUser } from "../factories";
import { createCoordinator } from "../factories/ojt";
import { completeChecklist, realClockCfg, recordMoa } from "../factories/ojt-docs";
import { addDays, todayIn, weekStartOf } from "../../app/models/ojt/ojt.schema";

describe("OJT over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    it("places, logs, signs off by link and locks — refusing every door it should", async () => {
      const today = todayIn("Asia/Manila");
      const lastMonday = addDays(weekStartOf(today), -7);
      const coord = await createCoordinator(t.db, ["BSAMT"]);
      const coordToken = await app.token(coord.email, "correct-horse-42");
      const otherCoord = await createCoordinator(t.db, ["BSAET"]);
      const otherToken = await app.token(otherCoord.email, "correct-horse-42");
      const student = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const studentToken = await app.token(student.user.email, student.password);
      const stranger = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      const strangerToken = await app.token(stranger.user.email, stranger.password);
      const company = await createCompany(t.db, { name: "Philippine Airlines Technical Center" });
      await recordMoa(t.db, realClockCfg, company.id);
      const supervisor = "r.delacruz@pal-mro.example.com";
      const body = {
        studentId: student.user.id,
        companyId: company.id,
        supervisor: {
          name: "Rosa Dela Cruz",
          position: "Line Maintenance Lead",
          email: supervisor,
          phone: "0917 000 0000",
        },
        startDate: addDays(today, -40),
        expectedEndDate: addDays(today, 80),
        requiredHours: 486,
      };
      expect((await app.api("/api/placements", { body })).status).toBe(401);
      expect((await app.api("/api/placements", { body, token: studentToken })).status).toBe(403);
      expect((await app.api("/api/placements", { body, token: otherToken })).status).toBe(403);
      const self = await app.api("/api/placements", {
        body: { ...body, supervisor: { ...body.supervisor, email: student.user.email } },
        token: coordToken,
      });
      expect(self.status).toBe(400);
      expect(
        (
          await app.api("/api/placements", {
            body: { ...body, startDate: "2026-02-30" },
            token: coordToken,
          })
        ).status,
      ).toBe(400);
      const created = await app.api("/api/placements", { body, token: coordToken });
      expect(created.status).toBe(201);
      const p = created.body;
      expect(p).toMatchObject({
        student: { id: student.user.id, course: "BS in Aircraft Maintenance Technology" },
        company: { id: company.id, name: company.name },
        supervisor: { name: "Rosa Dela Cruz", email: supervisor },
        coordinatorId: coord.id,
        jobId: null,
        status: "planned",
        requiredHours: 486,
        approvedHours: 0,
        pendingHours: 0,
        projectedFinish: null,
        atRisk: false,
        weeks: [],
      });
      expect((await app.api("/api/placements", { body, token: coordToken })).status).toBe(409);
      // Reading: the student and the coordinator yes; another student or programme no.
      expect((await app.api(`/api/placements/${p.id}`, { token: studentToken })).status).toBe(200);
      expect((await app.api(`/api/placements/${p.id}`, { token: strangerToken })).status).toBe(404);
      expect((await app.api(`/api/placements/${p.id}`, { token: otherToken })).status).toBe(404);
      expect((await app.api(`/api/placements/not-a-uuid`, { token: coordToken })).status).toBe(404);
      expect((await app.api("/api/placements", { token: otherToken })).body.total).toBe(0);
      const mine = await app.api("/api/placements?course=BSAMT&status=planned&limit=5", {
        token: coordToken,
      });
      expect([mine.status, mine.body.total, mine.body.items[0].id]).toEqual([200, 1, p.id]);
      expect((await app.api("/api/placements", { token: strangerToken })).body.total).toBe(0);
      // Moving it: refusals, then deployed.
      const status = (s: unknown, token: string) =>
        app.api(`/api/placements/${p.id}/status`, { body: s, token });
      expect((await status({ status: "completed" }, coordToken)).status).toBe(409);
      expect((await status({ status: "withdrawn" }, coordToken)).status).toBe(400);
      expect((await status({ status: "flying" }, coordToken)).status).toBe(400);
      expect((await status({ status: "deployed" }, studentToken)).status).toBe(403);
      expect((await status({ status: "deployed" }, otherToken)).status).toBe(404);
      await completeChecklist(t.db, realClockCfg, p.id);
      expect((await status({ status: "deployed" }, coordToken)).body.status).toBe("deployed");
      // PUT: a supervisor address of the student's own is refused.
      const put = await app.api(`/api/placements/${p.id}`, {
        method: "PUT",
        body: { supervisor: { email: student.user.email } },
        token: coordToken,
      });
      expect(put.status).toBe(400);
      // Logging hours.
      const hours = `/api/placements/${p.id}/hours`;
      const day = (date: string, timeIn = "08:00", timeOut = "17:00", breakMinutes = 60) => ({
        date,
        timeIn,
        timeOut,
        breakMinutes,
        tasks: "Borescope inspection of engine 2",
        ataChapter: "72",
        involvement: "observed",
        aircraftType: "A321neo",
        registration: "RP-C9930",
      });
      const e1 = await app.api(hours, { body: day(lastMonday), token: studentToken });
      expect(e1.status).toBe(201);
      expect(e1.body).toEqual({
        id: e1.body.id,
        date: lastMonday,
        timeIn: "08:00",
        timeOut: "17:00",
        breakMinutes: 60,
        minutes: 480,
        tasks: "Borescope inspection of engine 2",
        aircraftType: "A321neo",
        registration: "RP-C9930",
        ataChapter: "72",
        involvement: "observed",
        locked: false,
      });
      const e2 = await app.api(hours, { body: day(addDays(lastMonday, 1)), token: studentToken });
      await app.api(hours, { body: day(addDays(lastMonday, 2)), token: studentToken });
      const refuse = async (b: unknown, status: number, message?: string) => {
        const r = await app.api(hours, { body: b, token: studentToken });
        expect(r.status).toBe(status);
        if (message) expect(r.body.message).toBe(message);
      };
      await refuse(day(addDays(today, 1)), 400, "You cannot log hours for a future date");
      await refuse(
        day(lastMonday, "16:00", "18:00", 0),
        400,
        "This entry overlaps another entry of the same day",
      );
      await refuse(
        day(addDays(lastMonday, 3), "00:00", "17:00", 0),
        400,
        "At most 16 hours can be logged in one day",
      );
      await app.api(hours, {
        body: day(addDays(lastMonday, 3), "00:00", "09:00", 0),
        token: studentToken,
      });
      await refuse(
        day(addDays(lastMonday, 3), "10:00", "18:00", 0),
        400,
        "At most 16 hours can be logged in one day",
      );
      await refuse(day(lastMonday, "17:00", "08:00", 0), 400, "Time out must be after time in");
      await refuse({ ...day(lastMonday), timeIn: "25:00" }, 400);
      await refuse({ ...day(lastMonday), ataChapter: "04" }, 400);
      await refuse("not json", 400);
      expect(
        (await app.api(hours, { body: day(lastMonday, "18:00", "19:00", 0), token: strangerToken }))
          .status,
      ).toBe(404);
      expect(
        (await app.api(hours, { body: day(lastMonday, "18:00", "19:00", 0), token: coordToken }))
          .status,
      ).toBe(403);
      const week = await app.api(`${hours}?week=${lastMonday}`, { token: coordToken });
      expect([week.status, week.body.entries.length, week.body.week.state]).toEqual([
        200,
        4,
        "open",
      ]);
      expect(
        (await app.api(`${hours}?week=${addDays(lastMonday, 1)}`, { token: studentToken })).status,
      ).toBe(400);
      // Submit: one mail to the supervisor with the link.
      const weeks = `/api/placements/${p.id}/weeks/${lastMonday}`;
      expect((await app.api(`${weeks}/submit`, { method: "POST", token: coordToken })).status).toBe(
        403,
      );
      const sub = await app.api(`${weeks}/submit`, { method: "POST", token: studentToken });
      expect([sub.status, sub.body.state]).toEqual([200, "submitted"]);
      const mail = await app.smtp.waitFor(supervisor);
      const link = /https?:\/\/\S+\/supervise\/([A-Za-z0-9_-]+)/.exec(mail.text)!;
      const path1 = `/supervise/${link[1]}`;
      // While it waits the student cannot change it.
      expect(
        (
          await app.api(`${hours}/${e1.body.id}`, {
            method: "PUT",
            body: day(lastMonday, "09:00"),
            token: studentToken,
          })
        ).status,
      ).toBe(409);
      // The supervisor's page: no sign-in, the week's entries.
      const page = await app.fetch(path1);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
      const html = await page.text();
      expect(html).toContain("Borescope inspection of engine 2");
      expect(html).toContain(student.user.lastName);
      expect(html).not.toContain(student.user.email);
      expect((await app.fetch("/supervise/forged-token-forged-token-forged")).status).toBe(404);
      expect((await app.fetch("/supervise/x")).status).toBe(404);
      // Return needs a comment; then return with one.
      expect((await postForm(app, path1, { decision: "return", comment: "" })).status).toBe(400);
      expect((await postForm(app, path1, { decision: "maybe" })).status).toBe(400);
      const ret = await postForm(app, path1, {
        decision: "return",
        comment: "Tuesday: you left at 16:00",
      });
      expect(ret.status).toBe(200);
      expect(await ret.text()).toContain("You returned the week");
      // Spent.
      expect((await app.fetch(path1)).status).toBe(404);
      expect((await postForm(app, path1, { decision: "approve" })).status).toBe(404);
      const back = await app.api(`${hours}?week=${lastMonday}`, { token: studentToken });
      expect([back.body.week.state, back.body.week.comment]).toEqual([
        "returned",
        "Tuesday: you left at 16:00",
      ]);
      const fixed = await app.api(`${hours}/${e2.body.id}`, {
        method: "PUT",
        body: day(addDays(lastMonday, 1), "08:00", "16:00"),
        token: studentToken,
      });
      expect([fixed.status, fixed.body.minutes]).toEqual([200, 420]);
      app.smtp.clear();
      await app.api(`${weeks}/submit`, { method: "POST", token: studentToken });
      await app.smtp.waitFor(supervisor);
      // The coordinator resends (a fresh link); another programme's coordinator cannot.
      expect((await app.api(`${weeks}/resend`, { method: "POST", token: otherToken })).status).toBe(
        404,
      );
      app.smtp.clear();
      expect((await app.api(`${weeks}/resend`, { method: "POST", token: coordToken })).status).toBe(
        200,
      );
      const resent = await app.smtp.waitFor(supervisor);
      const path2 = `/supervise/${/\/supervise\/([A-Za-z0-9_-]+)/.exec(resent.text)![1]}`;
      // An expired link is refused.
      await t.db.execute(
        sql`update ojt_signoff_tokens set expires_at = now() - interval '1 minute'`,
      );
      expect((await app.fetch(path2)).status).toBe(404);
      await t.db.execute(
        sql`update ojt_signoff_tokens set expires_at = now() + interval '14 days' where spent_at is null and revoked_at is null`,
      );
      const ok = await postForm(app, path2, { decision: "approve", comment: "" });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("You approved");
      // Locked.
      expect(
        (
          await app.api(`${hours}/${e1.body.id}`, {
            method: "PUT",
            body: day(lastMonday, "09:00"),
            token: studentToken,
          })
        ).status,
      ).toBe(409);
      expect(
        (await app.api(`${hours}/${e1.body.id}`, { method: "DELETE", token: studentToken })).status,
      ).toBe(409);
      const progress = await app.api(`/api/placements/${p.id}`, { token: studentToken });
      expect(progress.body).toMatchObject({ approvedHours: 32, pendingHours: 0 });
      expect(progress.body.weeks[0]).toMatchObject({
        weekStart: lastMonday,
        state: "approved",
        hours: 32,
      });
      // Reopen: coordinator only, with a reason.
      expect(
        (await app.api(`${weeks}/reopen`, { body: { reason: "x" }, token: studentToken })).status,
      ).toBe(403);
      expect((await app.api(`${weeks}/reopen`, { body: {}, token: coordToken })).status).toBe(400);
      const re = await app.api(`${weeks}/reopen`, {
        body: { reason: "Holiday on Monday" },
        token: coordToken,
      });
      expect([re.status, re.body.state, re.body.comment]).toEqual([
        200,
        "returned",
        "Holiday on Monday",
      ]);
      expect(
        (await app.api(`${hours}/${e1.body.id}`, { method: "DELETE", token: studentToken })).status,
      ).toBe(200);
      expect(
        (await app.api(`${weeks}/submit`, { method: "GET", token: studentToken })).status,
      ).toBe(405);
    });

    it("creates coordinators on /api/admin/users and keeps them out of the rest of the admin area", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const token = await app.token(admin.user.email, admin.password);
      const base = {
        firstName: "Olga",
        lastName: "Tan",
        password: "Ojt-Coordinator-2026!",
        role: "coordinator",
      };
      const none = await app.api("/api/admin/users", {
        body: { ...base, email: "olga.tan@example.edu" },
        token,
      });
      expect(none.status).toBe(400);
      const unknown = await app.api("/api/admin/users", {
        body: { ...base, email: "olga.tan@example.edu", courses: ["NOPE"] },
        token,
      });
      expect([unknown.status, unknown.body.message]).toEqual([400, "Unknown programme: NOPE"]);
      const ok = await app.api("/api/admin/users", {
        body: {
          ...base,
          email: "olga.tan@example.edu",
          courses: ["BSAMT", "BS in Aviation Electronics Technology"],
        },
        token,
      });
      expect(ok.status).toBe(201);
      expect(ok.body.role).toBe("coordinator");
      expect(ok.body.coordinatorCourses.map((c: { code: string }) => c.code).sort()).toEqual([
        "BSAET",
        "BSAMT",
      ]);
      const ct = await app.token("olga.tan@example.edu", base.password);
      expect((await app.api("/api/admin/users", { token: ct })).status).toBe(403);
      expect((await app.api("/api/admin/stats", { token: ct })).status).toBe(403);
      expect((await app.api("/api/placements", { token: ct })).status).toBe(200);
      const cookie = await app.cookie("olga.tan@example.edu", base.password);
      const dash = await app.fetch("/dashboard", { headers: { Cookie: cookie } });
      expect([dash.status, dash.headers.get("location")]).toEqual([302, "/admin/ojt"]);
      const users = await app.fetch("/admin/users", { headers: { Cookie: cookie } });
      expect(users.status).toBe(302);
      // Programmes' required hours: the admins' courses screen (a plain form), not a coordinator's.
      expect((await app.fetch("/admin/courses", { headers: { Cookie: cookie } })).status).toBe(302);
      const adminCookie0 = await app.cookie(admin.user.email, admin.password);
      const [amt] = await rows<{ id: string }>(t, sql`select id from courses where code = 'BSAMT'`);
      expect(
        (await postForm(app, "/admin/courses", { id: amt.id, requiredOjtHours: "0" }, adminCookie0))
          .status,
      ).toBe(400);
      const saved = await postForm(
        app,
        "/admin/courses",
        { id: amt.id, requiredOjtHours: "486" },
        adminCookie0,
      );
      expect([saved.status, saved.headers.get("location")]).toEqual([302, "/admin/courses"]);
      const page = await (
        await app.fetch("/admin/courses", { headers: { Cookie: adminCookie0 } })
      ).text();
      expect(page).toContain('value="486"');
      await postForm(app, "/admin/courses", { id: amt.id, requiredOjtHours: "" }, adminCookie0);
      // Screens that list roles do not trip on the new one.
      const list = await app.fetch("/admin/users?role=coordinator", {
        headers: { Cookie: adminCookie0 },
      });
      expect(list.status).toBe(200);
      expect(await list.text()).toContain("olga.tan@example.edu");
      for (const path of ["/jobs", "/profile"])
        expect((await app.fetch(path, { headers: { Cookie: cookie } })).status).toBe(200);
      // The Create User screen offers the programmes (checkboxes, also without JavaScript).
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      const form = await (
        await app.fetch("/admin/create-user", { headers: { Cookie: adminCookie } })
      ).text();
      expect(form).toContain('type="checkbox" name="courses" value="BSAMT"');
    });
  });
});
