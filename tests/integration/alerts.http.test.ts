/**
 * Job alerts over HTTP: /api/alerts CRUD (bearer and cookie, another user's alert is a 404), the
 * 'My alerts' screen and the board's 'Save this search' form without JavaScript, and a digest
 * delivered through a real SMTP sink whose one-click unsubscribe works signed out.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ALERTS_PER_USER_MAX, ALERT_MSG } from "../../app/models/alert/alert.schema";
import { runDueAlerts } from "../../app/models/alert/alert.server";
import { createJob, createUser } from "../factories";
import { forEachDb, rows } from "../setup/db";
import { useServer } from "../setup/http";
import { authConfig } from "../../app/web/config.server";

/** The server's own link settings, as the runtime hands them to the digest sender. */
const mailConfig = () => ({ publicUrl: authConfig().publicUrl, secret: authConfig().secret });

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("job alerts over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);
    const signIn = async (role: "student" | "alumni" | "admin" = "student") => {
      const { user, password } = await createUser(t.db, { role });
      return { user, token: await app.token(user.email, password), password };
    };

    it("/api/alerts: create (201), list, read, update, delete; validation is a 400 with the message", async () => {
      expect((await app.api("/api/alerts")).status).toBe(401);
      const { token } = await signIn("alumni");
      const created = await app.api("/api/alerts", {
        token,
        body: {
          name: "Cebu avionics",
          q: "avionics",
          jobType: "full-time",
          location: "Cebu",
          category: null,
          frequency: "daily",
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        _id: created.body.id,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: "Cebu avionics",
        q: "avionics",
        jobType: "full-time",
        location: "Cebu",
        category: null,
        frequency: "daily",
        searchUrl: "/jobs?q=avionics&type=full-time&location=Cebu",
        lastSentAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const id = created.body.id;
      const list = await app.api("/api/alerts", { token });
      expect(list.status).toBe(200);
      expect(list.body.map((a: { id: string }) => a.id)).toEqual([id]);
      expect((await app.api(`/api/alerts/${id}`, { token })).body.name).toBe("Cebu avionics");

      const put = await app.api(`/api/alerts/${id}`, {
        token,
        method: "PUT",
        body: { frequency: "off", location: null },
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ frequency: "off", location: null, q: "avionics" });

      const bad = await app.api(`/api/alerts/${id}`, {
        token,
        method: "PUT",
        body: { frequency: "hourly" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        message: ALERT_MSG.frequency,
        errors: { frequency: [ALERT_MSG.frequency] },
      });
      const noName = await app.api("/api/alerts", { token, body: { q: "x" } });
      expect(noName.status).toBe(400);
      expect(noName.body.message).toBe(ALERT_MSG.nameRequired);
      const badJson = await app.api("/api/alerts", { token, body: "{nope" });
      expect(badJson.status).toBe(400);

      const del = await app.api(`/api/alerts/${id}`, { token, method: "DELETE" });
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ message: ALERT_MSG.deleted, _id: id });
      expect((await app.api(`/api/alerts/${id}`, { token })).status).toBe(404);
    });

    it("another user's alert is a 404 for every verb; bad ids are 404; admins get a 403", async () => {
      const owner = await signIn();
      const other = await signIn();
      const a = await app.api("/api/alerts", { token: owner.token, body: { name: "Mine" } });
      const id = a.body.id;
      for (const method of ["GET", "PUT", "DELETE"]) {
        const r = await app.api(`/api/alerts/${id}`, {
          token: other.token,
          method,
          body: method === "PUT" ? { name: "Stolen" } : undefined,
        });
        expect(r.status, method).toBe(404);
        expect(r.body).toEqual({ message: ALERT_MSG.notFound });
      }
      expect((await app.api("/api/alerts/not-a-uuid", { token: owner.token })).status).toBe(404);
      expect((await app.api("/api/alerts", { token: other.token })).body).toEqual([]);
      expect((await app.api(`/api/alerts/${id}`, { token: owner.token })).body.name).toBe("Mine");
      const admin = await signIn("admin");
      const r = await app.api("/api/alerts", { token: admin.token, body: { name: "Admin" } });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(ALERT_MSG.studentsOnly);
    });

    it("refuses alerts past the limit with a 409; the cookie session works too", async () => {
      const { user, password, token } = await signIn();
      for (let i = 0; i < ALERTS_PER_USER_MAX; i++)
        await app.api("/api/alerts", { token, body: { name: `A${i}` } });
      const over = await app.api("/api/alerts", { token, body: { name: "One more" } });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(ALERT_MSG.tooMany);
      const cookie = await app.cookie(user.email, password);
      const viaCookie = await app.api("/api/alerts", { cookie });
      expect(viaCookie.body).toHaveLength(ALERTS_PER_USER_MAX);
    });

    it("the board saves the current search without JavaScript; 'My alerts' pauses and deletes", async () => {
      const guestBoard = await (await app.fetch("/jobs?q=pilot")).text();
      expect(guestBoard).toContain("to save this");
      expect((await app.fetch("/alerts")).status).toBe(302);

      const { user, password } = await signIn();
      const cookie = await app.cookie(user.email, password);
      const board = await (
        await app.fetch("/jobs?q=pilot&type=ojt", { headers: { cookie } })
      ).text();
      expect(board).toContain("Save this search as a job alert");
      expect(board).toMatch(/name="q" value="pilot"/);

      const saved = await app.fetch("/alerts?index", {
        method: "POST",
        headers: { ...FORM, cookie },
        body: new URLSearchParams({
          intent: "create",
          back: "/jobs?q=pilot&type=ojt",
          name: "Pilot OJT",
          q: "pilot",
          jobType: "ojt",
          location: "",
          category: "",
          frequency: "daily",
        }),
      });
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/jobs?q=pilot&type=ojt");
      const [row] = await rows<{ id: string; job_type: string; location: string | null }>(
        t,
        sql`select id, job_type, location from job_alerts where user_id = ${user.id}`,
      );
      expect(row).toMatchObject({ job_type: "ojt", location: null });

      const page = await (await app.fetch("/alerts", { headers: { cookie } })).text();
      expect(page).toContain("Pilot OJT");
      expect(page).toContain("Daily");

      const post = (body: Record<string, string>, c = cookie) =>
        app.fetch("/alerts?index", {
          method: "POST",
          headers: { ...FORM, cookie: c },
          body: new URLSearchParams(body),
        });
      expect((await post({ intent: "frequency", id: row.id, frequency: "off" })).status).toBe(302);
      const [paused] = await rows<{ frequency: string }>(
        t,
        sql`select frequency from job_alerts where id = ${row.id}`,
      );
      expect(paused.frequency).toBe("off");

      // Someone else cannot delete it through the screen either.
      const intruder = await signIn();
      const intruderCookie = await app.cookie(intruder.user.email, intruder.password);
      await post({ intent: "delete", id: row.id }, intruderCookie);
      expect(await rows(t, sql`select id from job_alerts where id = ${row.id}`)).toHaveLength(1);

      const editBad = await post({ intent: "update", id: row.id, name: " ", frequency: "daily" });
      expect(editBad.status).toBe(400);
      expect((await post({ intent: "delete", id: row.id })).status).toBe(302);
      expect(await rows(t, sql`select id from job_alerts where id = ${row.id}`)).toHaveLength(0);
    });

    it("a digest arrives by SMTP with one-click unsubscribe headers; the link works signed out", async () => {
      const { token, user } = await signIn();
      const created = await app.api("/api/alerts", {
        token,
        body: { name: "Ramp jobs", q: "ramp", frequency: "weekly" },
      });
      const id = created.body.id;
      await t.db.execute(
        sql`update job_alerts set watermark = now() - interval '8 days' where id = ${id}`,
      );
      const job = await createJob(t.db, { title: "Ramp Agent", location: "Pasay City" });
      expect(await runDueAlerts(t.db, { settleMs: 0, config: mailConfig() })).toEqual({
        checked: 1,
        sent: 1,
      });
      const mail = await app.smtp.waitFor(user.email, (m) => m.subject.includes("Ramp jobs"));
      expect(mail.subject).toBe("1 new job for “Ramp jobs”");
      expect(mail.text).toContain("• Ramp Agent — ");
      expect(mail.text).toContain(`/jobs/${job.id}`);
      const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
      const unsub = head.match(/^List-Unsubscribe: <([^>]+)>$/m)?.[1];
      expect(unsub).toMatch(/\/alerts\/unsubscribe\?alert=/);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const path = new URL(unsub!).pathname + new URL(unsub!).search;

      // GET (a link preview, a scanner) only asks.
      const confirm = await app.fetch(path);
      expect(confirm.status).toBe(200);
      expect(await confirm.text()).toContain("Stop the e-mails of your job alert");
      expect((await app.api(`/api/alerts/${id}`, { token })).body.frequency).toBe("weekly");

      // The mail provider's one-click POST: no cookie, no Origin.
      const oneClick = await app.fetch(path, {
        method: "POST",
        headers: FORM,
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain(ALERT_MSG.unsubscribed);
      expect((await app.api(`/api/alerts/${id}`, { token })).body.frequency).toBe("off");

      const forged = await app.fetch(path.replace(/token=[^&]+/, "token=forged"));
      expect(forged.status).toBe(404);
      expect(await forged.text()).toContain("This unsubscribe link is not valid");
      const forgedPost = await app.fetch(path.replace(/token=[^&]+/, "token=forged"), {
        method: "POST",
        headers: FORM,
        body: "List-Unsubscribe=One-Click",
      });
      expect(forgedPost.status).toBe(404);
    });
  });
});
