/**
 * The morning after `runway migrate aerojob` (ADR 115), over HTTP against the built server: old
 * passwords sign in once through bcrypt on the screen and on /api (with either of the account's
 * addresses) and are argon2id afterwards; a wrong password fails and is throttled; accounts whose
 * AeroJob password cannot work get exactly one "set your password" mail through the real SMTP
 * sink; /api objects carry legacyId; the sign-in page tells everyone alike how passwords moved.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, jobs, surveys, users } from "../../db/schema";
import { forEachDb, type TestDb } from "../setup/db";
import { authConfig } from "../setup/auth-config";
import { useServer } from "../setup/http";
import { makeFixtures, type FixtureFacts } from "../fixtures/aerojob/make-fixtures";
import { migrateAerojob } from "../../app/models/migrate/aerojob.server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aerojob-http-"));
let fx: FixtureFacts;
beforeAll(async () => {
  fx = await makeFixtures(path.join(tmp, "export"), {
    users: 40,
    jobs: 20,
    responses: 40,
    searches: 20,
  });
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const hashOf = async (t: TestDb, legacyId: string) =>
  (await t.db.select().from(users).where(eq(users.legacyId, legacyId)))[0];

forEachDb((t) => {
  const app = useServer(t);
  const migrate = (sendResets = false) =>
    migrateAerojob(t.db, {
      from: fx.dir,
      uploads: fx.uploads,
      collegeEmailDomain: "example.edu",
      config: authConfig(),
      sendResets,
    });

  beforeEach(() => app.smtp.clear());

  it("the sign-in page says how AeroJob passwords moved, to everyone alike, once accounts were imported", async () => {
    const before = await (await app.fetch("/login")).text();
    expect(before).not.toContain("Used AeroJob?");
    await migrate();
    const after = await (await app.fetch("/login")).text();
    expect(after).toContain("Used AeroJob? Sign in with the same email and password.");
    // A failed sign-in answers the same for an imported account without a password, one with a
    // password and an unknown address: no account's state leaks.
    const answers = [];
    for (const email of [fx.plainText.email, fx.student.email, "nobody@students.example.edu"]) {
      const r = await app.api("/api/auth/login", { body: { email, password: "Wrong-guess-1" } });
      answers.push([r.status, r.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });

  it("screen: the old password signs in once through bcrypt; the stored hash is argon2id afterwards", async () => {
    await migrate();
    expect((await hashOf(t, fx.cost10.id)).passwordHash).toMatch(/^\$2a\$10\$/);
    await app.cookie(fx.cost10.email, fx.cost10.password);
    const row = await hashOf(t, fx.cost10.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordLegacy).toBe(false);
    await app.cookie(fx.cost10.email, fx.cost10.password); // and again through argon2id
  });

  it("/api: the old password works with either address; the user object carries legacyId", async () => {
    await migrate();
    // The account has since verified a personal address: it signs in there as well.
    await t.db
      .update(users)
      .set({ personalEmail: "maria.personal@yahoo.com" })
      .where(eq(users.legacyId, fx.cost12.id));
    const token = await app.token("maria.personal@yahoo.com", fx.cost12.password);
    expect((await hashOf(t, fx.cost12.id)).passwordHash).toMatch(/^\$argon2id\$/);
    await app.token(fx.cost12.email, fx.cost12.password);
    const me = await app.api("/api/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.legacyId).toBe(fx.cost12.id);

    const admin = await app.token(fx.cost10.email, fx.cost10.password);
    const [c] = await t.db.select().from(companies).where(eq(companies.legacyId, fx.pngCompany));
    const company = await app.api(`/api/companies/${c.id}`, { token: admin });
    expect(company.body.legacyId).toBe(fx.pngCompany);
    const [j] = await t.db.select().from(jobs).limit(1);
    const job = await app.api(`/api/jobs/${j.id}`, { token: admin });
    expect(job.status).toBe(200);
    expect(job.body.legacyId).toBe(j.legacyId);
    expect(job.body.legacyId).toMatch(/^[0-9a-f]{24}$/);
    const [s] = await t.db.select().from(surveys).where(eq(surveys.legacyId, fx.survey.id));
    const survey = await app.api(`/api/surveys/${s.id}`, { token: admin });
    expect(survey.body.legacyId).toBe(fx.survey.id);
  });

  it("a wrong password fails and counts toward throttling (the sixth try waits)", async () => {
    await migrate();
    for (let i = 0; i < 5; i++) {
      const r = await app.api("/api/auth/login", {
        body: { email: fx.student.email, password: "not-my-password" },
      });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe("Invalid email or password");
    }
    const sixth = await app.api("/api/auth/login", {
      body: { email: fx.student.email, password: fx.student.password },
    });
    expect(sixth.status).toBe(429);
    expect((await hashOf(t, fx.student.id)).passwordHash).toMatch(/^\$2a\$/);
  });

  it("double-hashed and plain-text accounts cannot sign in and receive exactly one reset mail", async () => {
    await migrate();
    for (const f of [fx.doubleHashed, fx.plainText]) {
      const r = await app.api("/api/auth/login", {
        body: { email: f.email, password: f.password },
      });
      expect(r.status).toBe(401);
      const form = await app.fetch("/login", {
        method: "POST",
        body: new URLSearchParams({ email: f.email, password: f.password }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(form.headers.getSetCookie().some((c) => c.includes("runway_session="))).toBe(false);
    }
    const run = await migrate(true);
    expect(run.resetsQueued.sort()).toEqual(
      [fx.doubleHashed.email, fx.malformed.email, fx.plainText.email].sort(),
    );
    const mail = await app.smtp.waitFor(fx.plainText.email);
    expect(mail.subject).toMatch(/Set your .* Runway password/);
    const link = /http\S+reset-password\?token=\S+/.exec(mail.text)![0];
    await app.smtp.waitFor(fx.doubleHashed.email);
    await app.smtp.waitFor(fx.malformed.email);
    // A second run with --send-resets mails nobody again.
    expect((await migrate(true)).resetsQueued).toEqual([]);
    await new Promise((r) => setTimeout(r, 1500));
    for (const f of [fx.doubleHashed, fx.plainText])
      expect(app.smtp.messages.filter((m) => m.to.includes(f.email))).toHaveLength(1);
    // The link sets a password; the account then signs in with it.
    const page = await app.fetch(new URL(link).pathname + new URL(link).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Set your password");
  });
});
