/**
 * The `runway` program in-process: argv through commander (cli/index.ts `main`) with a capturing
 * Io and the test's database injected, on PGlite and PostgreSQL — exit codes 0/1/2, messages
 * without stack traces, help, the import end to end, `admin create --password-stdin`, users list
 * and deactivate, `db copy`. The real binary is spawned only in cli.spawn.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import postgres from "postgres";
import { count, eq } from "drizzle-orm";
import { createDb, type DbHandle } from "../db/client";
import { mailOutbox, passwordTokens, users } from "../db/schema";
import { forEachDb } from "../tests/setup/db";
import { verifyPassword } from "../app/models/auth/password.server";
import { main } from "./index";
import { ROOT, captureIo } from "./testing";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-program-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const SAMPLE = path.join(ROOT, "docs", "samples", "users-import.csv");
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

/** `runway …args` in this process; stdin is the given text (not a terminal). */
async function cli(args: string[], opts: { handle?: DbHandle; stdin?: string } = {}) {
  const cap = captureIo(opts.stdin);
  const code = await main(args, cap.io, opts.handle);
  return { code, stdout: cap.out(), stderr: cap.err() };
}

async function tableCounts(h: DbHandle) {
  const [u] = await h.db.select({ n: count() }).from(users);
  const [m] = await h.db.select({ n: count() }).from(mailOutbox);
  const [p] = await h.db.select({ n: count() }).from(passwordTokens);
  return { users: Number(u.n), mails: Number(m.n), tokens: Number(p.n) };
}

describe("runway (in-process): usage", () => {
  it("--help lists the commands, each command's help has an example, exit 0", async () => {
    const r = await cli(["--help"]);
    expect(r.code).toBe(0);
    for (const c of ["db", "courses", "admin", "users", "export", "alerts"])
      expect(r.stdout).toContain(`  ${c}`);
    const imp = await cli(["users", "import", "--help"]);
    expect(imp.code).toBe(0);
    expect(imp.stdout).toContain("$ runway users import students.csv --dry-run");
    for (const args of [
      ["db", "migrate"],
      ["db", "seed"],
      ["db", "copy"],
      ["courses", "list"],
      ["courses", "seed"],
      ["admin", "create"],
      ["users", "list"],
      ["users", "deactivate"],
      ["export"],
      ["alerts", "run"],
    ]) {
      const h = await cli([...args, "--help"]);
      expect(h.code, args.join(" ")).toBe(0);
      expect(h.stdout, args.join(" ")).toMatch(/Examples?:\n\s+\$ runway /);
    }
  });

  it("usage errors exit 2 with a message on stderr: unknown command, missing option, bad choice, no command", async () => {
    const unknown = await cli(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const missing = await cli(["admin", "create", "--first-name", "Ada", "--last-name", "Reyes"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--email <email>' not specified");
    const choice = await cli(["users", "list", "--role", "teacher"]);
    expect(choice.code).toBe(2);
    expect(choice.stderr).toContain("Allowed choices are student, alumni, admin");
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: runway");
    expect(none.stdout).toBe("");
  });
});

describe("runway (in-process)", () => {
  forEachDb(
    (t) => {
      it("a missing import file exits 1 with a clean message", async () => {
        const r = await cli(["users", "import", path.join(tmp, "nope.csv")], { handle: t.handle });
        expect(r.code).toBe(1);
        expect(r.stderr.trim()).toBe(`File not found: ${path.join(tmp, "nope.csv")}`);
      });

      it("admin create --password-stdin creates an active, verified admin; a second time exits 1; no terminal and no flag exits 2", async () => {
        const handle = t.handle;
        const args = [
          "admin",
          "create",
          "--email",
          "Registrar@Example.edu",
          "--first-name",
          "Ada",
          "--last-name",
          "Reyes",
          "--password-stdin",
        ];
        const ok = await cli(args, { handle, stdin: "a long passphrase\n" });
        expect(ok.stderr).toBe("");
        expect(ok.code).toBe(0);
        expect(ok.stdout).toContain("Administrator created: Ada Reyes <registrar@example.edu>");
        const again = await cli(args, { handle, stdin: "a long passphrase\n" });
        expect(again.code).toBe(1);
        expect(again.stderr.trim()).toBe("An account with this email already exists");
        const weak = await cli(
          [
            "admin",
            "create",
            "--email",
            "x@example.edu",
            "--first-name",
            "X",
            "--last-name",
            "Yz",
            "--password-stdin",
          ],
          { handle, stdin: "12345" },
        );
        expect(weak.code).toBe(1);
        expect(weak.stderr).toContain("First name must be at least 2 characters");
        expect(weak.stderr).toContain("Password must be at least 6 characters");
        noStack(weak.stderr);
        const noTty = await cli(
          [
            "admin",
            "create",
            "--email",
            "y@example.edu",
            "--first-name",
            "Yo",
            "--last-name",
            "Yu",
          ],
          { handle },
        );
        expect(noTty.code).toBe(2);
        expect(noTty.stderr).toContain("--password-stdin");
        const [admin] = await t.db
          .select()
          .from(users)
          .where(eq(users.email, "registrar@example.edu"));
        expect(admin).toMatchObject({ role: "admin", isActive: true });
        expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
        expect(await verifyPassword(admin.passwordHash, "a long passphrase")).toBe(true);
      });

      it("imports the sample file (exit 0), lists it, refuses a re-run (exit 1) and --update skips everything", async () => {
        const handle = t.handle;
        const first = await cli(["users", "import", SAMPLE], { handle });
        expect(first.stderr).toContain("5 invitation e-mails are queued");
        expect(first.code).toBe(0);
        expect(first.stdout).toMatch(
          /5 rows: created 5, updated 0, skipped 0, rejected 0, e-mails queued 5 \(\d+\.\d s\)\./,
        );
        const list = await cli(
          ["users", "list", "--role", "student", "--course", "BSAMT", "--json"],
          { handle },
        );
        expect(list.code).toBe(0);
        expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual([
          "maria.santos@example.edu",
        ]);
        expect(list.stdout).not.toContain("passwordHash");
        const before = await tableCounts(handle);
        const again = await cli(["users", "import", SAMPLE], { handle });
        expect(again.code).toBe(1);
        expect(again.stdout).toContain(
          "line 2: maria.santos@example.edu — An account with this email already exists",
        );
        expect(again.stderr).toContain("Nothing was written");
        const update = await cli(["users", "import", SAMPLE, "--update", "--json"], { handle });
        expect(update.code).toBe(0);
        expect(JSON.parse(update.stdout)).toMatchObject({
          created: 0,
          updated: 0,
          skipped: 5,
          rejected: [],
        });
        expect(await tableCounts(handle)).toEqual(before);
      });

      it("a BOM + CRLF file with quoted commas and emoji, progress as plain lines when not a terminal", async () => {
        const file = path.join(tmp, `bom-${t.driver}.csv`);
        fs.writeFileSync(
          file,
          "\uFEFFemail,firstName,lastName,role,studentId,course,yearLevel,phone\r\n" +
            'bom.one@example.edu,"Zoë 🚀","Ñuñez, Jr.",student,BOM-1,BSAE,4th Year,\r\n' +
            'bom.two@example.edu,André,"O""Neil",alumni,,,Graduate,"+63 2, ext 4"\r\n',
        );
        const r = await cli(["users", "import", file], { handle: t.handle });
        expect(r.code).toBe(0);
        expect(r.stderr).toContain("Reading: 2 rows");
        expect(r.stderr).toContain("Writing: 2/2");
        expect(r.stderr).not.toContain("\u001b["); // no bar escape codes in a pipe
        const [u] = await t.db.select().from(users).where(eq(users.email, "bom.one@example.edu"));
        expect(u).toMatchObject({ firstName: "Zoë 🚀", lastName: "Ñuñez, Jr." });
      });

      it("a mixed file with --partial: exit 1, rejected rows by line on stdout, valid rows written, --rejects file", async () => {
        const file = path.join(tmp, `mixed-${t.driver}.csv`);
        const rejects = path.join(tmp, `mixed-rejects-${t.driver}.csv`);
        fs.writeFileSync(
          file,
          [
            "email,firstName,lastName,role",
            "good.p@example.edu,Gil,Good,alumni",
            "bad.p@elsewhere.com,Bea,Bad,alumni",
          ].join("\n"),
        );
        const r = await cli(
          ["users", "import", file, "--partial", "--no-invite", "--rejects", rejects],
          { handle: t.handle },
        );
        expect(r.code).toBe(1);
        expect(r.stdout).toContain(
          "line 3: bad.p@elsewhere.com — Only @example.edu emails are allowed",
        );
        expect(r.stdout).toContain("created 1");
        expect(fs.readFileSync(rejects, "utf8")).toBe(
          "email,firstName,lastName,role,reason\nbad.p@elsewhere.com,Bea,Bad,alumni,Only @example.edu emails are allowed\n",
        );
      });

      it("users deactivate: exit 0 and the user is inactive; an unknown e-mail exits 1", async () => {
        const handle = t.handle;
        const r = await cli(["users", "deactivate", "jose.reyes@example.edu"], { handle });
        expect(r.code).toBe(0);
        expect(r.stdout).toContain("Deactivated José Reyes <jose.reyes@example.edu>");
        const list = await cli(["users", "list", "--status", "inactive", "--json"], { handle });
        expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual([
          "jose.reyes@example.edu",
        ]);
        const none = await cli(["users", "deactivate", "ghost@example.edu"], { handle });
        expect(none.code).toBe(1);
        expect(none.stderr.trim()).toBe("No user with the email ghost@example.edu");
      });

      if (t.driver === "pglite" && inject("pgTemplateUrl")) {
        it("db copy --to moves the PGlite board into a new, empty PostgreSQL database (migrated by the copy)", async () => {
          const u = new URL(inject("pgTemplateUrl")!);
          const name = `${u.pathname.slice(1)}_icopy${process.pid}`;
          u.pathname = "/postgres";
          const admin = postgres(u.toString(), { max: 1, onnotice: () => {} });
          await admin.unsafe(`create database "${name}"`);
          try {
            u.pathname = `/${name}`;
            const before = await tableCounts(t.handle);
            const r = await cli(["db", "copy", "--to", u.toString()], { handle: t.handle });
            expect(r.stderr).toContain("users: ");
            expect(r.code).toBe(0);
            expect(r.stdout).toMatch(
              /Copied \d+ rows in \d+ tables from pglite to the PostgreSQL database\./,
            );
            const onPg = await createDb({ databaseUrl: u.toString(), max: 2 });
            try {
              const list = await cli(["users", "list", "--json"], { handle: onPg });
              expect(JSON.parse(list.stdout)).toHaveLength(before.users);
            } finally {
              await onPg.close();
            }
          } finally {
            await admin.unsafe(`drop database if exists "${name}" with (force)`);
            await admin.end();
          }
        });
      }
    },
    { truncate: false },
  );
});
