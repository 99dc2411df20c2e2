/**
 * `runway migrate aerojob` on a generated AeroJob export with every known defect
 * (tests/fixtures/aerojob/make-fixtures.ts), on PGlite and PostgreSQL: each mapping, passwords at
 * first sign-in, resets once, a second run, a dry run, and the mongodump variant.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import {
  companies,
  files,
  jobs,
  mailOutbox,
  passwordTokens,
  rateLimits,
  savedJobs,
  searchEvents,
  surveyAnswers,
  surveyQuestions,
  surveyResponses,
  surveys,
  users,
} from "#db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { authConfig, authCtx } from "../../../tests/setup/auth-config";
import { makeFixtures, type FixtureFacts } from "../../../tests/fixtures/aerojob/make-fixtures";
import { authenticate, INVALID_CREDENTIALS } from "../auth/auth.server";
import { sendLegacyResets } from "../auth/password-reset.server";
import { serializeCompany } from "../company/company.server";
import { getJob, serializeJob } from "../job/job.server";
import { topSearches } from "../search/search.server";
import { getUserWithCourse, serializeUser } from "../user/user.server";
import { migrateAerojob, type MigrateOptions } from "./aerojob.server";
import { UnreadableSource } from "./aerojob-read.server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "aerojob-"));
let fx: FixtureFacts;
let dump: FixtureFacts;
beforeAll(async () => {
  fx = await makeFixtures(path.join(tmp, "export"));
  dump = await makeFixtures(path.join(tmp, "dump"), { bson: true, noUploads: true });
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const opts = (over: Partial<MigrateOptions> = {}): MigrateOptions => ({
  from: fx.dir,
  uploads: fx.uploads,
  collegeEmailDomain: "example.edu",
  config: authConfig(),
  ...over,
});

async function counts(t: TestDb) {
  const n = async (table: Parameters<ReturnType<TestDb["db"]["select"]>["from"]>[0]) => {
    const [r] = await t.db.select({ n: count() }).from(table);
    return Number(r.n);
  };
  return {
    users: await n(users),
    companies: await n(companies),
    jobs: await n(jobs),
    saved: await n(savedJobs),
    surveys: await n(surveys),
    questions: await n(surveyQuestions),
    responses: await n(surveyResponses),
    answers: await n(surveyAnswers),
    searches: await n(searchEvents),
    files: await n(files),
    mails: await n(mailOutbox),
  };
}

const userByLegacy = async (t: TestDb, id: string) =>
  (await t.db.select().from(users).where(eq(users.legacyId, id)))[0];
const jobByLegacy = async (t: TestDb, id: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.legacyId, id)))[0];
const reasonsOf = (r: { skipped: Array<{ id: string | null; reason: string }> }, id: string) =>
  r.skipped.filter((s) => s.id === id).map((s) => s.reason);

forEachDb((t) => {
  it("maps users: roles, merged duplicates, invalid addresses, admins, programmes, passwords", async () => {
    const { report } = await migrateAerojob(t.db, opts());
    const u = report.collections.users;
    expect(u.read).toBe(fx.counts.users);
    // 4 invalid addresses skipped; 1 case duplicate and 2 Gmail variants merged.
    expect(u.skipped).toBe(4);
    expect(u.merged).toBe(3);
    expect(u.created).toBe(fx.counts.users - 4 - 3);
    for (const id of fx.invalidEmails) expect(reasonsOf(report, id)[0]).toMatch(/e-mail address/);
    expect(reasonsOf(report, fx.caseDup.loser)[0]).toContain(`merged into ${fx.caseDup.winner}`);
    for (const id of fx.gmailDup.losers)
      expect(reasonsOf(report, id)[0]).toContain(`merged into ${fx.gmailDup.winner}`);
    expect(report.admins).toEqual([...fx.admins].sort());
    expect(report.unknownCourses).toEqual([...fx.unknownCourses].sort());
    expect(report.needsReset).toEqual(
      [fx.doubleHashed.email, fx.malformed.email, fx.plainText.email].sort(),
    );

    const carlo = await userByLegacy(t, fx.caseDup.winner);
    expect(carlo.email).toBe(fx.caseDup.winnerEmail);
    expect(carlo.phone).toBe("09170000001"); // the newer document's data
    expect(await userByLegacy(t, fx.caseDup.loser)).toBeUndefined();
    const juan = await userByLegacy(t, fx.gmailDup.winner);
    expect(juan.email).toBe(fx.gmailDup.winnerEmail);

    const admin = await userByLegacy(t, fx.cost10.id);
    expect(admin.role).toBe("admin");
    expect(admin.passwordLegacy).toBe(true);
    expect(admin.passwordHash).toMatch(/^\$2a\$10\$/);
    const c12 = await userByLegacy(t, fx.cost12.id);
    expect(c12.passwordHash).toMatch(/^\$2a\$12\$/);
    for (const f of [fx.doubleHashed, fx.plainText, fx.malformed]) {
      const row = await userByLegacy(t, f.id);
      expect(row.passwordHash).toBeNull();
      expect(row.passwordLegacy).toBe(false);
    }
    // The plain-text password is stored nowhere.
    const leak = await t.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.passwordHash} = ${fx.plainText.password}`);
    expect(Number(leak[0].n)).toBe(0);
    // Mixed-case roles and empty student IDs ("" repeated) become roles and nulls.
    const roles = await t.db
      .select({ role: users.role, n: count() })
      .from(users)
      .groupBy(users.role);
    expect(roles.map((r) => r.role).sort()).toEqual(["admin", "alumni", "student"]);
    const [emptyIds] = await t.db.select({ n: count() }).from(users).where(eq(users.studentId, ""));
    expect(Number(emptyIds.n)).toBe(0);
    // Programmes by code (any case) or name; year levels folded.
    const [withCourse] = await t.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.courseId} is not null`);
    expect(Number(withCourse.n)).toBeGreaterThan(50);
    // /api objects carry the AeroJob id.
    const withC = await getUserWithCourse(t.db, c12.id);
    expect(serializeUser(withC!.user, withC!.course).legacyId).toBe(fx.cost12.id);
  });

  it("merges profiles without trusting their role, keeps photos through the image pipeline", async () => {
    const { report } = await migrateAerojob(t.db, opts());
    expect(report.collections.profiles.skipped).toBe(1); // its user was deleted
    // Every admin stays an admin although each profile says "student".
    const [admins] = await t.db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
    expect(Number(admins.n)).toBe(2);
    const withAvatar = await t.db
      .select({ phone: users.phone, avatar: users.avatarFileId })
      .from(users)
      .where(sql`${users.avatarFileId} is not null`);
    expect(withAvatar).toHaveLength(1);
    // The user's phone was "": a profile's contact number filled the gap.
    expect(withAvatar[0].phone).toBe("09998887777");
    const [img] = await t.db.select().from(files).where(eq(files.id, withAvatar[0].avatar!));
    expect(img.contentType).toBe("image/webp");
    expect(img.kind).toBe("avatar");
  });

  it("maps companies with re-encoded logos, refuses SVG, reports missing files", async () => {
    const { report } = await migrateAerojob(t.db, opts());
    expect(report.collections.companies).toMatchObject({ read: 30, created: 30, skipped: 0 });
    expect(reasonsOf(report, fx.svgCompany)[0]).toMatch(/SVG image, which Runway refuses/);
    expect(reasonsOf(report, fx.missingLogoCompany)[0]).toMatch(/file not found/);
    const [png] = await t.db.select().from(companies).where(eq(companies.legacyId, fx.pngCompany));
    expect(png.logoFileId).not.toBeNull();
    const [logo] = await t.db.select().from(files).where(eq(files.id, png.logoFileId!));
    expect(logo).toMatchObject({ kind: "logo", contentType: "image/webp" });
    const [svg] = await t.db.select().from(companies).where(eq(companies.legacyId, fx.svgCompany));
    expect(svg.logoFileId).toBeNull();
    expect(serializeCompany(png).legacyId).toBe(fx.pngCompany);
  });

  it("maps jobs pending approval, case-folds types and statuses, keeps counters; saved jobs united", async () => {
    const { report } = await migrateAerojob(t.db, opts());
    expect(report.collections.jobs).toMatchObject({ read: 120, created: 119, skipped: 1 });
    expect(reasonsOf(report, fx.orphanJob)[0]).toMatch(/company .* was deleted/);
    const all = await t.db.select().from(jobs);
    expect(all.every((j) => !j.isApproved)).toBe(true);
    expect(new Set(all.map((j) => j.jobType))).toEqual(
      new Set(["internship", "ojt", "full-time", "part-time", "contract"]),
    );
    expect(new Set(all.map((j) => j.status))).toEqual(
      new Set(["active", "inactive", "closed", "draft"]),
    );
    const one = all.find((j) => j.description?.includes("Stipend: PHP"))!;
    expect(one.description).toMatch(/Requirements:\n- Resume\n- Transcript of records/);
    expect(one.categories).toEqual(["Maintenance", "maintenance"]);
    expect(all.some((j) => (j.legacyViews ?? 0) > 0)).toBe(true);
    const job = await getJob({ db: t.db, actor: null }, all[0].id).catch(() => null);
    // Pending jobs are hidden from guests: the admin view carries legacyId.
    expect(job).toBeNull();
    const row = await getJob(
      { db: t.db, actor: { id: all[0].id, role: "admin", email: "a@example.edu" } },
      all[0].id,
    );
    expect(serializeJob(row).legacyId).toBe(all[0].legacyId);

    // Saved jobs: the union over the merged Gmail accounts; a deleted saver reported.
    const juan = await userByLegacy(t, fx.gmailDup.winner);
    const juansSaved = await t.db
      .select({ jobId: savedJobs.jobId })
      .from(savedJobs)
      .where(eq(savedJobs.userId, juan.id));
    const expected = [
      (await jobByLegacy(t, fx.gmailDup.savedJob)).id,
      (await jobByLegacy(t, fx.gmailDup.otherSavedJob)).id,
    ];
    expect(juansSaved.map((s) => s.jobId).sort()).toEqual(expected.sort());
    expect(report.collections.savedJobs.merged).toBeGreaterThanOrEqual(1);
    expect(
      report.skipped.some((s) => s.collection === "savedJobs" && s.reason.includes(fx.deletedUser)),
    ).toBe(true);
  });

  it("--jobs-approved publishes them as AeroJob had them, without mailing them as news", async () => {
    await migrateAerojob(t.db, opts({ jobsApproved: true }));
    const [approved] = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(sql`${jobs.isApproved} and ${jobs.publishedAt} = ${jobs.createdAt}`);
    expect(Number(approved.n)).toBeGreaterThan(50);
  });

  it("maps surveys and responses: audiences folded, newest response wins, vanished answers reported", async () => {
    const { report } = await migrateAerojob(t.db, opts());
    expect(report.collections.surveys).toMatchObject({ read: 4, created: 4 });
    const [s0] = await t.db.select().from(surveys).where(eq(surveys.legacyId, fx.survey.id));
    expect(s0).toMatchObject({ audience: "alumni", status: "active" });
    const qs = await t.db.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, s0.id));
    expect(qs.map((q) => q.type)).toEqual(["multiple_choice", "rating", "checkbox", "long_text"]);

    expect(reasonsOf(report, fx.survey.olderResponse)[0]).toContain(
      `the newest (${fx.survey.keptResponse}) was kept`,
    );
    expect(reasonsOf(report, fx.survey.keptResponse)[0]).toContain(
      `question ${fx.survey.vanishedQuestion}, which the survey no longer has: "Answer to a question that was replaced"`,
    );
    const [kept] = await t.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.legacyId, fx.survey.keptResponse));
    const answers = await t.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.responseId, kept.id));
    const byType = new Map(
      answers.map((a) => [qs.find((q) => q.id === a.questionId)!.type, a.value]),
    );
    expect(typeof byType.get("rating")).toBe("number");
    expect(byType.get("checkbox")).toEqual(["Riveting", "Avionics"]);
    const [older] = await t.db
      .select({ n: count() })
      .from(surveyResponses)
      .where(eq(surveyResponses.legacyId, fx.survey.olderResponse));
    expect(Number(older.n)).toBe(0);
    // One response per person and survey, merged accounts included.
    const [dups] = await t.handle.rows<{ n: number }>(
      sql`select count(*)::int as n from (select survey_id, user_id from survey_responses group by 1, 2 having count(*) > 1) d`,
    );
    expect(dups.n).toBe(0);
    expect(report.collections.surveyresponses.created).toBe((await counts(t)).responses);
  });

  it("puts search terms into the most-searched statistics", async () => {
    const { report } = await migrateAerojob(t.db, opts());
    expect(report.collections.searchlogs.created).toBeGreaterThan(100);
    const top = await topSearches(t.db, { limit: 10 });
    expect(top.map((x) => x.term).sort()).toEqual(
      ["aircraft mechanic", "avionics", "flight dispatcher", "ojt", "ramp agent"].sort(),
    );
  });

  it("a second run creates nothing and changes nothing; a changed document is updated", async () => {
    await migrateAerojob(t.db, opts());
    const first = await counts(t);
    const again = await migrateAerojob(t.db, opts());
    for (const [c, n] of Object.entries(again.report.collections))
      expect({ c, created: n.created, updated: n.updated }).toEqual({ c, created: 0, updated: 0 });
    expect(await counts(t)).toEqual(first);
    // An edit in AeroJob between runs: the next run updates that row only.
    const changed = path.join(tmp, `changed-${t.driver}`);
    fs.cpSync(fx.dir, changed, { recursive: true });
    const lines = fs.readFileSync(path.join(changed, "users.json"), "utf8").split("\n");
    const i = lines.findIndex((l) => l.includes(fx.cost12.email));
    lines[i] = lines[i].replace(/"lastName":"[^"]*"/, '"lastName":"Dela Paz"');
    fs.writeFileSync(path.join(changed, "users.json"), lines.join("\n"));
    const third = await migrateAerojob(t.db, opts({ from: changed }));
    expect(third.report.collections.users).toMatchObject({ created: 0, updated: 1 });
    expect((await userByLegacy(t, fx.cost12.id)).lastName).toBe("Dela Paz");
    expect(await counts(t)).toEqual(first);
  });

  it("--dry-run writes nothing and reports what a real run does", async () => {
    const dry = await migrateAerojob(t.db, opts({ dryRun: true }));
    expect(dry.dryRun).toBe(true);
    expect(Object.values(await counts(t)).every((n) => n === 0)).toBe(true);
    const real = await migrateAerojob(t.db, opts());
    expect(dry.report).toEqual(real.report);
  });

  it("reads a mongodump folder of .bson files to the same report", async () => {
    const fromDump = await migrateAerojob(t.db, opts({ from: dump.dir, uploads: null }));
    expect(fromDump.missing).toEqual([]);
    const { report } = fromDump;
    expect(report.collections.users).toMatchObject({
      read: dump.counts.users,
      merged: 3,
      skipped: 4,
    });
    expect(report.collections.surveyresponses.read).toBe(dump.counts.responses);
    expect(report.needsReset).toHaveLength(3);
    expect(report.skipped.some((s) => s.reason.includes("no --uploads folder given"))).toBe(true);
  });

  it("names missing collections and refuses an unreadable file with a clear message", async () => {
    const partial = path.join(tmp, `partial-${t.driver}`);
    fs.mkdirSync(partial, { recursive: true });
    fs.copyFileSync(path.join(fx.dir, "companies.json"), path.join(partial, "companies.json"));
    const r = await migrateAerojob(t.db, opts({ from: partial }));
    expect(r.missing).toEqual([
      "users",
      "profiles",
      "jobs",
      "surveys",
      "surveyresponses",
      "searchlogs",
    ]);
    expect(r.report.skipped.filter((s) => s.id === null)).toHaveLength(6);
    expect(r.report.collections.companies.created).toBe(30);
    fs.writeFileSync(
      path.join(partial, "jobs.json"),
      '{"_id":{"$oid":"665cee38a3f0c1000000021c"}}\n{oops',
    );
    const bad = migrateAerojob(t.db, opts({ from: partial }));
    await expect(bad).rejects.toBeInstanceOf(UnreadableSource);
    await expect(bad).rejects.toThrow(/^jobs\.json line 2: not a valid Extended JSON document/);
  });

  it("the old password signs in once through bcrypt, then the stored hash is argon2id", async () => {
    await migrateAerojob(t.db, opts());
    const ax = authCtx(t.db);
    for (const f of [fx.cost10, fx.cost12]) {
      const u = await authenticate(ax, { email: f.email, password: f.password, ip: "10.0.0.1" });
      expect(u.legacyId).toBe(f.id);
      const row = await userByLegacy(t, f.id);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordLegacy).toBe(false);
      // And again, now through argon2id.
      await authenticate(ax, { email: f.email, password: f.password, ip: "10.0.0.1" });
    }
  });

  it("a wrong password still fails and counts toward throttling", async () => {
    await migrateAerojob(t.db, opts());
    const ax = authCtx(t.db);
    for (let i = 0; i < 5; i++)
      await expect(
        authenticate(ax, { email: fx.student.email, password: "wrong-one", ip: "10.0.0.2" }),
      ).rejects.toThrow(INVALID_CREDENTIALS);
    // The sixth attempt meets the back-off, even with the right password.
    await expect(
      authenticate(ax, { email: fx.student.email, password: fx.student.password, ip: "10.0.0.2" }),
    ).rejects.toMatchObject({ status: 429 });
    const [limits] = await t.db.select({ n: count() }).from(rateLimits);
    expect(Number(limits.n)).toBeGreaterThan(0);
    expect((await userByLegacy(t, fx.student.id)).passwordHash).toMatch(/^\$2a\$/);
  });

  it("double-hashed and plain-text accounts cannot sign in and get exactly one reset mail", async () => {
    await migrateAerojob(t.db, opts());
    const ax = authCtx(t.db);
    for (const f of [fx.doubleHashed, fx.plainText])
      await expect(
        authenticate(ax, { email: f.email, password: f.password, ip: "10.0.0.3" }),
      ).rejects.toThrow(INVALID_CREDENTIALS);
    const first = await sendLegacyResets(ax);
    expect(first.queued.sort()).toEqual(
      [fx.doubleHashed.email, fx.malformed.email, fx.plainText.email].sort(),
    );
    expect((await sendLegacyResets(ax)).queued).toEqual([]);
    const again = await migrateAerojob(t.db, opts({ sendResets: true }));
    expect(again.resetsQueued).toEqual([]);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual(first.queued.sort());
    const [tokens] = await t.db
      .select({ n: count() })
      .from(passwordTokens)
      .where(eq(passwordTokens.purpose, "invite"));
    expect(Number(tokens.n)).toBe(3);
  });
});
