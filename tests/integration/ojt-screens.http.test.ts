/**
 * The OJT screens over HTTP (no JavaScript: plain form posts with the session cookie): the
 * student's /ojt, the coordinators' /admin/ojt, /admin/ojt/new and /admin/ojt/{id}, and the daily
 * time record. Above all their refusals: another programme's coordinator, another student's
 * placement, another student's DTR — each is a 404 or a refusal that changes nothing.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ojtConfigFrom, type OjtCtx } from "../../app/models/ojt/config";
import { addDays, OJT_MSG, todayIn } from "../../app/models/ojt/ojt.schema";
import { changePlacementStatus, createPlacement } from "../../app/models/ojt/placement.server";
import { createCompany, createUser, DEFAULT_PASSWORD } from "../factories";
import { createCoordinator } from "../factories/ojt";
import { completeChecklist, recordMoa } from "../factories/ojt-docs";
import { forEachDb, rows } from "../setup/db";
import { postForm, useServer } from "../setup/http";

const cfg = ojtConfigFrom({
  COLLEGE_TIMEZONE: "Asia/Manila",
  PUBLIC_URL: "http://localhost:3000",
  COLLEGE_NAME: "Test College",
});
const system = (db: Db): OjtCtx => ({ db, actor: null, ojt: cfg, system: true });

describe("OJT screens over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    /** Two coordinators (BSAE, BSAMT), two BSAE students, an admin, one deployed placement. */
    async function world() {
      const today = todayIn("Asia/Manila");
      const coordA = { user: await createCoordinator(t.db, ["BSAE"]), password: DEFAULT_PASSWORD };
      const coordB = { user: await createCoordinator(t.db, ["BSAMT"]), password: DEFAULT_PASSWORD };
      const s1 = await createUser(t.db, { role: "student", courseCode: "BSAE", firstName: "Ana" });
      const s2 = await createUser(t.db, { role: "student", courseCode: "BSAE", firstName: "Ben" });
      const admin = await createUser(t.db, { role: "admin" });
      const company = await createCompany(t.db, { name: "Hangar Uno MRO" });
      await recordMoa(t.db, cfg, company.id);
      const p = await createPlacement(system(t.db), {
        studentId: s1.user.id,
        companyId: company.id,
        supervisor: {
          name: "Sup Visor",
          position: "Lead",
          email: "sup@hangar.example",
          phone: null,
        },
        startDate: addDays(today, -20),
        expectedEndDate: addDays(today, 100),
        requiredHours: 486,
      });
      await completeChecklist(t.db, cfg, p.id);
      await changePlacementStatus(system(t.db), p.id, { status: "deployed", reason: null });
      const cookie = (u: { user: { email: string }; password: string }) =>
        app.cookie(u.user.email, u.password);
      return { today, coordA, coordB, s1, s2, admin, company, p, cookie };
    }

    const entryCount = async (placementId: string) =>
      Number(
        (
          await rows<{ n: number }>(
            t,
            sql`select count(*)::int as n from placement_entries where placement_id = ${placementId}::uuid`,
          )
        )[0].n,
      );

    it("the student logs hours without JavaScript; bad input is a 400 with the rule's words, never a 500", async () => {
      const w = await world();
      const c = await w.cookie(w.s1);
      const page = await app.fetch("/ojt", { headers: { Cookie: c } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Hangar Uno MRO");
      // Today on the college's clock is prefilled.
      expect(html).toContain(`value="${w.today}"`);
      const base = {
        intent: "log",
        placementId: w.p.id,
        date: addDays(w.today, -1),
        timeIn: "08:00",
        timeOut: "17:00",
        breakMinutes: "60",
        tasks: "Wheel and brake change on an A320",
      };
      const ok = await postForm(app, "/ojt", base, c);
      expect(ok.status).toBe(302);
      expect(await entryCount(w.p.id)).toBe(1);

      const future = await postForm(app, "/ojt", { ...base, date: addDays(w.today, 1) }, c);
      expect(future.status).toBe(400);
      expect(await future.text()).toContain(OJT_MSG.dateFuture);
      const overlap = await postForm(app, "/ojt", { ...base, timeIn: "09:00" }, c);
      expect(overlap.status).toBe(400);
      expect(await overlap.text()).toContain(OJT_MSG.overlap);
      const long = await postForm(
        app,
        "/ojt",
        {
          ...base,
          date: addDays(w.today, -2),
          timeIn: "00:00",
          timeOut: "23:00",
          breakMinutes: "0",
        },
        c,
      );
      expect(long.status).toBe(400);
      expect(await long.text()).toContain(OJT_MSG.dayMax.replace(/'/g, "&#x27;"));
      const junk = await postForm(app, "/ojt", { ...base, timeIn: "8 o'clock", date: "x" }, c);
      expect(junk.status).toBe(400);
      expect(await entryCount(w.p.id)).toBe(1);
    });

    it("another student cannot log on, edit, delete or submit someone else's placement, nor open its DTR", async () => {
      const w = await world();
      const c1 = await w.cookie(w.s1);
      await postForm(
        app,
        "/ojt",
        {
          intent: "log",
          placementId: w.p.id,
          date: addDays(w.today, -1),
          timeIn: "08:00",
          timeOut: "12:00",
          tasks: "Borescope inspection",
        },
        c1,
      );
      const [{ id: entryId }] = await rows<{ id: string }>(
        t,
        sql`select id from placement_entries where placement_id = ${w.p.id}::uuid`,
      );
      const c2 = await w.cookie(w.s2);
      const own = await app.fetch("/ojt", { headers: { Cookie: c2 } });
      expect(await own.text()).not.toContain("Hangar Uno MRO");
      const log = await postForm(
        app,
        "/ojt",
        {
          intent: "log",
          placementId: w.p.id,
          date: addDays(w.today, -2),
          timeIn: "08:00",
          timeOut: "12:00",
          tasks: "Not mine",
        },
        c2,
      );
      expect(log.status).toBe(404);
      for (const intent of ["delete", "submit"]) {
        const r = await postForm(
          app,
          "/ojt",
          { intent, placementId: w.p.id, id: entryId, week: "" },
          c2,
        );
        expect(r.status).toBe(302); // back to /ojt with the error as a notice
      }
      const upd = await postForm(
        app,
        "/ojt",
        {
          intent: "update",
          placementId: w.p.id,
          id: entryId,
          date: addDays(w.today, -1),
          timeIn: "08:00",
          timeOut: "09:00",
          tasks: "Changed by someone else",
        },
        c2,
      );
      expect(upd.status).toBe(404);
      const [e] = await rows<{ tasks: string; n: number }>(
        t,
        sql`select min(tasks) as tasks, count(*)::int as n from placement_entries where placement_id = ${w.p.id}::uuid`,
      );
      expect(e).toMatchObject({ tasks: "Borescope inspection", n: 1 });
      const [wk] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from placement_weeks where placement_id = ${w.p.id}::uuid and state <> 'open'`,
      );
      expect(Number(wk.n)).toBe(0);

      const month = addDays(w.today, -1).slice(0, 7);
      const dtr = (cookie: string) =>
        app.fetch(`/ojt/${w.p.id}/dtr?month=${month}`, { headers: { Cookie: cookie } });
      expect((await dtr(c2)).status).toBe(404);
      const mine = await dtr(c1);
      expect(mine.status).toBe(200);
      expect(await mine.text()).toContain("Borescope inspection");
      expect((await dtr(await w.cookie(w.coordA))).status).toBe(200);
      expect((await dtr(await w.cookie(w.admin))).status).toBe(200);
      expect((await dtr(await w.cookie(w.coordB))).status).toBe(404);
      // A malformed month or id is never a 500.
      expect(
        (await app.fetch(`/ojt/${w.p.id}/dtr?month=2026-13`, { headers: { Cookie: c1 } })).status,
      ).toBe(200);
      expect((await app.fetch(`/ojt/nope/dtr`, { headers: { Cookie: c1 } })).status).toBe(404);
      // Students are sent from the coordinators' screens to their own.
      const admin = await app.fetch("/admin/ojt", { headers: { Cookie: c2 } });
      expect(admin.status).toBe(302);
      expect(admin.headers.get("location")).toBe("/ojt");
    });

    it("the admin dashboard's OJT card counts the deployed placements and links to /admin/ojt", async () => {
      const w = await world();
      const res = await app.fetch("/dashboard", { headers: { Cookie: await w.cookie(w.admin) } });
      expect(res.status).toBe(200);
      // React separates text and values with comments in server HTML.
      const html = (await res.text()).replace(/<!-- -->/g, "");
      // Deployed 20 days ago with nothing logged: quiet for 10 days, so at risk.
      expect(html).toContain(
        "1 deployed · 1 at risk · 0 weeks waiting for supervisors (0 over 3 days)",
      );
      expect(html).toContain('href="/admin/ojt"');
    });

    it("a student's dashboard links to /ojt while they have a placement; one without sees no link", async () => {
      const w = await world();
      const html = async (c: string) =>
        (await (await app.fetch("/dashboard", { headers: { Cookie: c } })).text()).replace(
          /<!-- -->/g,
          "",
        );
      const withPlacement = await html(await w.cookie(w.s1));
      expect(withPlacement).toContain("Your internship at Hangar Uno MRO is deployed.");
      expect(withPlacement).toContain('href="/ojt"');
      expect(await html(await w.cookie(w.s2))).not.toContain('href="/ojt"');
    });

    it("another programme's coordinator neither sees nor changes the placement; its own coordinator does", async () => {
      const w = await world();
      const cb = await w.cookie(w.coordB);
      const list = await app.fetch("/admin/ojt", { headers: { Cookie: cb } });
      expect(list.status).toBe(200);
      expect(await list.text()).not.toContain("Hangar Uno MRO");
      expect((await app.fetch(`/admin/ojt/${w.p.id}`, { headers: { Cookie: cb } })).status).toBe(
        404,
      );
      const status = await postForm(
        app,
        `/admin/ojt/${w.p.id}`,
        { intent: "status", status: "terminated", reason: "Not yours" },
        cb,
      );
      expect(status.status).toBe(404);
      const mail = await postForm(
        app,
        `/admin/ojt/${w.p.id}`,
        { intent: "supervisor-email", supervisorEmail: "evil@example.com" },
        cb,
      );
      expect(mail.status).toBe(404);
      const [row] = await rows<{ status: string; supervisor_email: string }>(
        t,
        sql`select status, supervisor_email from placements where id = ${w.p.id}::uuid`,
      );
      expect(row).toEqual({ status: "deployed", supervisor_email: "sup@hangar.example" });
      // Creating a placement for a student outside the programmes is refused with the words.
      const create = await postForm(
        app,
        "/admin/ojt/new",
        {
          studentId: w.s2.user.id,
          companyId: w.company.id,
          supervisorName: "X",
          supervisorEmail: "x@hangar.example",
          startDate: w.today,
          expectedEndDate: addDays(w.today, 60),
          requiredHours: "300",
        },
        cb,
      );
      expect(create.status).toBe(403);
      expect(await create.text()).toContain(OJT_MSG.outOfScope);

      const ca = await w.cookie(w.coordA);
      const mine = await app.fetch("/admin/ojt", { headers: { Cookie: ca } });
      expect(await mine.text()).toContain("Hangar Uno MRO");
      const detail = await app.fetch(`/admin/ojt/${w.p.id}`, { headers: { Cookie: ca } });
      expect(detail.status).toBe(200);
      const term = await postForm(
        app,
        `/admin/ojt/${w.p.id}`,
        { intent: "status", status: "terminated", reason: "" },
        ca,
      );
      expect(term.status).toBe(302);
      const [still] = await rows<{ status: string }>(
        t,
        sql`select status from placements where id = ${w.p.id}::uuid`,
      );
      expect(still.status).toBe("deployed"); // a reason is required
      const created = await postForm(
        app,
        "/admin/ojt/new",
        {
          studentId: w.s2.user.id,
          companyId: w.company.id,
          supervisorName: "Sup Two",
          supervisorEmail: "two@hangar.example",
          startDate: w.today,
          expectedEndDate: addDays(w.today, 60),
          requiredHours: "300",
        },
        ca,
      );
      expect(created.status).toBe(302);
      expect(created.headers.get("location")).toMatch(/^\/admin\/ojt\/[0-9a-f-]{36}$/);
    });
  });
});
