/**
 * Survey invitations over HTTP (ADR 102): the admin-only /api doors (401/403/400/404/409,
 * dry run, 202 batch), the mail through a real SMTP sink with its personal link and RFC 8058
 * headers, the link opening the survey after sign-in (recorded, no sign-in by the token), the
 * signed-out one-click unsubscribe, the Progress screen and its send form.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createSurvey, createUser } from "../factories";
import { forEachDb, rows } from "../setup/db";
import { useServer } from "../setup/http";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("survey invitations over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);
    const signIn = async (role: "alumni" | "admin" = "admin") => {
      const { user, password } = await createUser(t.db, { role });
      return {
        user,
        password,
        token: await app.token(user.email, password),
      };
    };
    const alumniSurvey = async (status: "active" | "draft" = "active") =>
      (await createSurvey(t.db, { audience: "alumni", status, title: "Tracer 2026" })).survey;
    const counts = async () =>
      (
        await rows<{ b: number; i: number; m: number }>(
          t,
          sql`select (select count(*)::int from survey_invite_batches) as b,
                     (select count(*)::int from survey_invitations) as i,
                     (select count(*)::int from mail_outbox) as m`,
        )
      )[0];

    it("the /api doors are for admins, refuse bad input clearly, and a dry run writes nothing", async () => {
      const s = await alumniSurvey();
      const draft = await alumniSurvey("draft");
      const alum = await signIn("alumni");
      const admin = await signIn("admin");
      const path = `/api/surveys/${s.id}/invitations`;
      expect((await app.api(path, { body: {} })).status).toBe(401);
      expect((await app.api(path, { body: {}, token: alum.token })).status).toBe(403);
      expect((await app.api(path, { token: alum.token })).status).toBe(403);
      expect((await app.api(`/api/surveys/${s.id}/progress`, { token: alum.token })).status).toBe(
        403,
      );
      const bad = await app.api(path, { body: { reminder: "yes" }, token: admin.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/reminder/);
      expect((await app.api(path, { body: { extra: 1 }, token: admin.token })).status).toBe(400);
      expect((await app.api(path, { body: "{oops", token: admin.token })).status).toBe(400);
      const unknown = await app.api(
        "/api/surveys/00000000-0000-4000-8000-000000000000/invitations",
        {
          body: {},
          token: admin.token,
        },
      );
      expect(unknown.status).toBe(404);
      const inactive = await app.api(`/api/surveys/${draft.id}/invitations`, {
        body: {},
        token: admin.token,
      });
      expect(inactive.status).toBe(409);
      expect(inactive.body.message).toMatch(/active/);

      const dry = await app.api(path, { body: { dryRun: true }, token: admin.token });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({ dryRun: true, kind: "invitation", targeted: 1, queued: 1 });
      expect(await counts()).toEqual({ b: 0, i: 0, m: 0 });
    });

    it("an invitation arrives by SMTP; its link opens the survey after sign-in and is recorded, never a sign-in", async () => {
      const s = await alumniSurvey();
      const alum = await signIn("alumni");
      const admin = await signIn("admin");
      const sent = await app.api(`/api/surveys/${s.id}/invitations`, {
        body: {},
        token: admin.token,
      });
      expect(sent.status).toBe(202);
      expect(sent.body).toMatchObject({ dryRun: false, targeted: 1, queued: 1 });
      expect(sent.body.batch).toMatchObject({ kind: "invitation", trigger: "admin", queued: 1 });
      expect(sent.body.batch.createdBy.id).toBe(admin.user.id);

      const mail = await app.smtp.waitFor(alum.user.email, (m) =>
        m.subject.includes("Tracer 2026"),
      );
      const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
      expect(head).toMatch(/^List-Unsubscribe: <[^>]+\/surveys\/unsubscribe\?user=/m);
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      const link = new URL(/(\S+\?invite=[A-Za-z0-9_-]+)/.exec(mail.text)![1]);
      expect(link.pathname).toBe(`/surveys/${s.id}`);
      const local = link.pathname + link.search;

      // Signed out: to sign-in, the invite kept in redirectTo; no session from the token.
      const out = await app.fetch(local);
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(local)}`);
      expect(out.headers.getSetCookie().some((c) => /runway_session=[^;]/.test(c))).toBe(false);
      let [inv] = await rows<{ opened_at: unknown }>(
        t,
        sql`select opened_at from survey_invitations where survey_id = ${s.id}`,
      );
      expect(inv.opened_at).toBeNull();

      // Another person's session with this token records nothing.
      const other = await createUser(t.db, { role: "alumni" });
      const otherCookie = await app.cookie(other.user.email, other.password);
      expect((await app.fetch(local, { headers: { Cookie: otherCookie } })).status).toBe(200);
      [inv] = await rows(
        t,
        sql`select opened_at from survey_invitations where survey_id = ${s.id}`,
      );
      expect(inv.opened_at).toBeNull();

      const cookie = await app.cookie(alum.user.email, alum.password);
      const page = await app.fetch(local, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Tracer 2026");
      [inv] = await rows(
        t,
        sql`select opened_at from survey_invitations where survey_id = ${s.id}`,
      );
      expect(inv.opened_at).not.toBeNull();

      // The batch counts what the outbox delivered; the progress API follows.
      const batches = await app.api(`/api/surveys/${s.id}/invitations`, { token: admin.token });
      expect(batches.status).toBe(200);
      expect(batches.body[0]).toMatchObject({ queued: 1, sent: 1, failed: 0, pending: 0 });
      const progress = await app.api(`/api/surveys/${s.id}/progress`, { token: admin.token });
      expect(progress.status).toBe(200);
      expect(progress.body).toMatchObject({
        targeted: 2,
        invited: 1,
        opened: 1,
        answered: 0,
        responseRate: 0,
      });
      expect(progress.body.byCourse).toHaveLength(1);
    });

    it("the survey mail's one-click unsubscribe works signed out, refuses a bad signature, and is honoured", async () => {
      const s = await alumniSurvey();
      const alum = await signIn("alumni");
      const admin = await signIn("admin");
      await app.api(`/api/surveys/${s.id}/invitations`, { body: {}, token: admin.token });
      const mail = await app.smtp.waitFor(alum.user.email, (m) =>
        m.subject.includes("Tracer 2026"),
      );
      const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
      const unsub = new URL(head.match(/^List-Unsubscribe: <([^>]+)>$/m)![1]);
      const path = unsub.pathname + unsub.search;

      const forged = path.replace(/token=[^&]+/, "token=AAAA");
      expect((await app.fetch(forged)).status).toBe(404);
      expect(
        (
          await app.fetch(forged, {
            method: "POST",
            headers: FORM,
            body: "List-Unsubscribe=One-Click",
          })
        ).status,
      ).toBe(404);

      const confirm = await app.fetch(path);
      expect(confirm.status).toBe(200);
      expect(await confirm.text()).toContain("Stop receiving survey invitations");
      const [before] = await rows<{ at: unknown }>(
        t,
        sql`select survey_mail_opt_out_at as at from users where id = ${alum.user.id}`,
      );
      expect(before.at).toBeNull();

      const oneClick = await app.fetch(path, {
        method: "POST",
        headers: FORM,
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      const [after] = await rows<{ at: unknown }>(
        t,
        sql`select survey_mail_opt_out_at as at from users where id = ${alum.user.id}`,
      );
      expect(after.at).not.toBeNull();

      const s2 = await alumniSurvey();
      const r = await app.api(`/api/surveys/${s2.id}/invitations`, {
        body: {},
        token: admin.token,
      });
      expect(r.body).toMatchObject({ targeted: 1, queued: 0, optedOut: 1 });
    });

    it("/profile: a student or alumnus turns survey e-mails off and on again (no JavaScript)", async () => {
      const alum = await signIn("alumni");
      const cookie = await app.cookie(alum.user.email, alum.password);
      const optOut = async () =>
        (
          await rows<{ at: unknown }>(
            t,
            sql`select survey_mail_opt_out_at as at from users where id = ${alum.user.id}`,
          )
        )[0].at;
      const page = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(page).toContain("E-mail me");
      expect(page).toMatch(/name="surveyMail" checked=""/);
      const off = await app.fetch("/profile", {
        method: "POST",
        headers: { ...FORM, Cookie: cookie },
        body: "intent=survey-mail",
      });
      expect(off.status).toBe(302);
      expect(await optOut()).not.toBeNull();
      const after = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(after).not.toMatch(/name="surveyMail" checked=""/);
      await app.fetch("/profile", {
        method: "POST",
        headers: { ...FORM, Cookie: cookie },
        body: "intent=survey-mail&surveyMail=on",
      });
      expect(await optOut()).toBeNull();
      const admin = await signIn("admin");
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      const adminPage = await (
        await app.fetch("/profile", { headers: { Cookie: adminCookie } })
      ).text();
      expect(adminPage).not.toContain("E-mail me survey invitations");
    });

    it("the Progress screen: admins only, a counted confirmation, and the send form queues a batch", async () => {
      const s = await alumniSurvey();
      await createUser(t.db, { role: "alumni" });
      await createUser(t.db, { role: "alumni" });
      const admin = await signIn("admin");
      const alum = await signIn("alumni");
      const page = `/admin/surveys/${s.id}/progress`;
      const alumCookie = await app.cookie(alum.user.email, alum.password);
      const denied = await app.fetch(page, { headers: { Cookie: alumCookie } });
      expect(denied.status).toBe(302);
      expect(denied.headers.get("location")).toBe("/");

      const cookie = await app.cookie(admin.user.email, admin.password);
      const view = await app.fetch(page, { headers: { Cookie: cookie } });
      expect(view.status).toBe(200);
      const html = await view.text();
      expect(html).toContain("Send invitations");
      expect(html).toContain("Response rate");
      expect(html).toContain("No invitations sent yet.");
      const ask = await app.fetch(`${page}?confirm=invitation`, { headers: { Cookie: cookie } });
      expect(await ask.text()).toContain("This will e-mail 3 people");
      expect(await counts()).toEqual({ b: 0, i: 0, m: 0 });

      const forbidden = await app.fetch(page, {
        method: "POST",
        headers: { ...FORM, Cookie: alumCookie },
        body: "intent=invitation",
      });
      expect(forbidden.status).toBe(302);
      expect((await counts()).b).toBe(0);

      const post = await app.fetch(page, {
        method: "POST",
        headers: { ...FORM, Cookie: cookie },
        body: "intent=invitation",
      });
      expect(post.status).toBe(302);
      expect(post.headers.get("location")).toBe(page);
      expect(await counts()).toMatchObject({ b: 1, i: 3, m: 3 });
      const after = await app.fetch(page, { headers: { Cookie: cookie } });
      const text = await after.text();
      expect(text).toContain("Invitation");
      expect(text).not.toContain("No invitations sent yet.");
    });
  });
});
