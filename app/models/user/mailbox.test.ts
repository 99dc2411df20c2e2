/**
 * One mailbox, one account (docs/security.md, "One mailbox, one account"): `ada+1@…`, `ada+2@…` are
 * the inbox of `ada@…`. Every door that creates or changes an address refuses a second account for
 * it with the usual "already exists" message, the database refuses it when a door is raced, and
 * the counts of people (reports that hide a job, most-searched terms) count a mailbox once.
 */
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchEvents, users } from "#db/schema";
import { Conflict, isUniqueViolation } from "~/lib/errors";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { caught } from "../../../tests/setup/caught";
import { authConfig, authCtx, configured } from "../../../tests/setup/auth-config";
import { createJob, createUser, DEFAULT_PASSWORD } from "../../../tests/factories";
import { registerUser } from "../auth/register.server";
import { registerEmployer } from "../employer/account.server";
import { employerRegisterSchema } from "../employer/employer.schema";
import { reportJob } from "../job/report.server";
import { AUTO_HIDE_REPORTERS } from "../job/report.schema";
import { topSearches } from "../search/search.server";
import { createUserByAdmin, updateUserByAdmin } from "./admin.server";
import { mailboxOf } from "./email";
import { importUsers } from "./import.server";
import { requestPersonalEmail } from "./personal-email.server";
import { registerSchema, userRecordSchema } from "./user.schema";
import { EMAIL_TAKEN, insertUser } from "./user.server";
import { hashPassword } from "../auth/password.server";

const ip = "10.9.0.1";
let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;
const student = (email: string) =>
  registerSchema("example.edu").parse({
    userType: "student",
    firstName: "Ana",
    lastName: "Cruz",
    email,
    password: "secret-pass-mango",
    studentId: `S-${uniq()}`,
    course: "BSAE",
    yearLevel: "4th Year",
  });
const taken = (e: unknown) => {
  expect(e).toBeInstanceOf(Conflict);
  expect((e as Conflict).message).toBe(EMAIL_TAKEN);
};

describe("mailboxOf", () => {
  it("drops the +tag of the local part and nothing else", () => {
    expect(mailboxOf(" Ada+Runway@Example.EDU ")).toBe("ada@example.edu");
    expect(mailboxOf("ada+1+2@example.edu")).toBe("ada@example.edu");
    expect(mailboxOf("ada.reyes@example.edu")).toBe("ada.reyes@example.edu");
    expect(mailboxOf("+x@example.edu")).toBe("@example.edu");
  });
});

forEachDb((t: TestDb) => {
  /** An account that already shared `email`'s mailbox before the rule (as migration 0017 marks it). */
  const legacyTwin = async (email: string) => {
    const [u] = await t.db
      .insert(users)
      .values({
        email,
        passwordHash: null,
        role: "student",
        firstName: "Old",
        lastName: "Twin",
        emailVerifiedAt: new Date(),
        sharedMailbox: true,
      })
      .returning();
    return u;
  };
  const admin = async () => {
    const { user } = await createUser(t.db, { role: "admin" });
    return configured({
      db: t.db,
      actor: { id: user.id, role: "admin" as const, email: user.email },
    });
  };

  describe("one mailbox, one account", () => {
    it("register: a +tag of a taken address is a 409 with the usual message, in any case", async () => {
      const base = `ana.${uniq()}@example.edu`;
      await registerUser(authCtx(t.db), student(base), { ip });
      for (const variant of [
        base.replace("@", "+1@"),
        base.replace("@", "+runway@").toUpperCase(),
      ]) {
        taken(await caught(registerUser(authCtx(t.db), student(variant), { ip })));
      }
      // And the other way round: the tagged address first, the plain one second.
      const tagged = `ben.${uniq()}+jobs@example.edu`;
      await registerUser(authCtx(t.db), student(tagged), { ip });
      taken(await caught(registerUser(authCtx(t.db), student(mailboxOf(tagged)), { ip })));
      const [{ n: count }] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from users where runway_mailbox(email) in (${mailboxOf(base)}, ${mailboxOf(tagged)})`,
      );
      expect(count).toBe(2);
    });

    it("Create User and an admin's edit refuse another account's mailbox", async () => {
      const ctx = await admin();
      const { user } = await createUser(t.db, { email: `cy.${uniq()}@example.edu` });
      const rec = userRecordSchema("example.edu", { passwordRequired: true }).parse({
        userType: "alumni",
        firstName: "Cy",
        lastName: "Reyes",
        email: user.email.replace("@", "+2@"),
        password: "secret-pass-mango",
      });
      taken(await caught(createUserByAdmin(ctx, rec)));
      const other = (await createUser(t.db)).user;
      taken(
        await caught(updateUserByAdmin(ctx, other.id, { email: user.email.replace("@", "+3@") })),
      );
    });

    it("the database refuses a second account for a mailbox even when a door's check is raced", async () => {
      const { user } = await createUser(t.db, { email: `race.${uniq()}@example.edu` });
      const twin = {
        email: user.email.replace("@", "+race@"),
        passwordHash: await hashPassword(DEFAULT_PASSWORD),
        role: "student" as const,
        firstName: "Twin",
        lastName: "Race",
      };
      // insertUser is what every door ends in; it has no check of its own: the index decides.
      taken(await caught(insertUser(t.db, twin)));
      // Two at once: exactly one gets the mailbox.
      const box = `pair.${uniq()}@example.edu`;
      const results = await Promise.allSettled([
        insertUser(t.db, { ...twin, email: box.replace("@", "+a@") }),
        insertUser(t.db, { ...twin, email: box.replace("@", "+b@") }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    });

    it("an employer's address at the same domain: hr+2@… after hr@… is taken", async () => {
      const domain = `wings${uniq()}.ph`;
      const schema = employerRegisterSchema("example.edu");
      const signUp = (email: string, name: string) =>
        registerEmployer(
          authCtx(t.db),
          schema.parse({
            firstName: "Erin",
            lastName: "Hiring",
            password: "Employer-pass-2026-kite",
            acceptTerms: true,
            email,
            company: { name, website: `https://${domain}`, location: "Pasay City" },
          }),
          { ip },
        );
      await signUp(`hr@${domain}`, `Wings ${uniq()}`);
      taken(await caught(signUp(`hr+2@${domain}`, `Other ${uniq()}`)));
    });

    it("personal e-mail: another account's mailbox is taken, +tag or not", async () => {
      const owner = await createUser(t.db, { role: "alumni" });
      const addr = `ana.${uniq()}@gmail.com`;
      await t.db.update(users).set({ personalEmail: addr }).where(eq(users.id, owner.user.id));
      const { user } = await createUser(t.db, { role: "alumni" });
      const ctx = { db: t.db, actor: user, config: authConfig() };
      const e = await caught(
        requestPersonalEmail(ctx, {
          email: addr.replace("@", "+runway@"),
          password: DEFAULT_PASSWORD,
        }),
      );
      taken(e);
    });

    it("CLI import: a +tag of an existing account, or twice one mailbox in the file, is rejected", async () => {
      const { user } = await createUser(t.db, { email: `imp.${uniq()}@example.edu` });
      const fresh = `new.${uniq()}@example.edu`;
      const csv = [
        "email,firstName,lastName,userType",
        `${user.email.replace("@", "+x@")},Imp,One,alumni`,
        `${fresh},New,One,alumni`,
        `${fresh.replace("@", "+two@")},New,Two,alumni`,
      ].join("\n");
      const report = await importUsers(
        { db: t.db, actor: null, config: authConfig() },
        Readable.from([csv]),
        {
          domain: "example.edu",
          publicUrl: "http://localhost",
          collegeName: "College",
          partial: true,
          invite: false,
        },
      );
      expect(report.rejected.map((r) => [r.line, r.reason])).toEqual([
        [2, EMAIL_TAKEN],
        [4, expect.stringContaining("line 3")],
      ]);
      expect(report.created).toBe(1);
    });

    it("a marked older account keeps signing in, but a change of its e-mail is held to the rule", async () => {
      const { user } = await createUser(t.db, { email: `old.${uniq()}@example.edu` });
      const twin = await legacyTwin(user.email.replace("@", "+old@"));
      const e = await t.db
        .execute(
          sql`update users set email = ${user.email.replace("@", "+new@")} where id = ${twin.id}`,
        )
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isUniqueViolation(e)).toBe(true);
      await t.db.execute(
        sql`update users set email = ${`moved.${uniq()}@example.edu`} where id = ${twin.id}`,
      );
      const [after] = await t.db.select().from(users).where(eq(users.id, twin.id));
      expect(after.sharedMailbox).toBe(false);
    });
  });

  describe("counts of people count a mailbox once", () => {
    /** Accounts that already shared one inbox before the rule (marked by migration 0017). */
    const sharedAccounts = async (count: number) => {
      const { user } = await createUser(t.db, { email: `shared.${uniq()}@example.edu` });
      const out = [user];
      for (let i = 1; i < count; i++) out.push(await legacyTwin(user.email.replace("@", `+${i}@`)));
      return out;
    };

    it("three reports from one mailbox do not hide a job; a third person does", async () => {
      const job = await createJob(t.db);
      const puppets = await sharedAccounts(AUTO_HIDE_REPORTERS);
      let last;
      for (const p of puppets)
        last = await reportJob(
          { db: t.db, actor: { id: p.id, role: "student", email: p.email } },
          job.id,
          { reason: "scam", details: null } as never,
        );
      expect(last).toMatchObject({ reporters: 1, hidden: false });
      for (let i = 0; i < AUTO_HIDE_REPORTERS - 1; i++) {
        const { user } = await createUser(t.db);
        last = await reportJob({ db: t.db, actor: user }, job.id, {
          reason: "scam",
          details: null,
        } as never);
      }
      expect(last).toMatchObject({ reporters: AUTO_HIDE_REPORTERS, hidden: true });
    });

    it("most-searched terms count one search per mailbox and day", async () => {
      const puppets = await sharedAccounts(3);
      const term = `stuffed ${uniq()}`;
      await t.db.insert(searchEvents).values(puppets.map((p) => ({ term, actorKey: `u:${p.id}` })));
      const { user } = await createUser(t.db);
      const honest = `honest ${uniq()}`;
      await t.db.insert(searchEvents).values([
        { term: honest, actorKey: `u:${user.id}` },
        { term: honest, actorKey: "g:guest-hash" },
      ]);
      const top = await topSearches(t.db, { limit: 100 });
      expect(top.find((r) => r.term === term)?.total).toBe(1);
      expect(top.find((r) => r.term === honest)?.total).toBe(2);
    });
  });
});
