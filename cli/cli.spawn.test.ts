/**
 * The real `runway` binary, spawned as a child process (node bin/runway.js) on a PGlite DATA_DIR
 * and on a fresh PostgreSQL database: exit codes 0/1/2, messages without stack traces, the import
 * end to end, a SIGKILL in the middle of an import, the locked PGlite directory, and
 * `admin create --password-stdin`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import postgres from "postgres";
import { count, eq } from "drizzle-orm";
import { mailOutbox, passwordTokens, users } from "../db/schema";
import { drivers } from "../tests/setup/db";
import { verifyPassword } from "../app/models/auth/password.server";
import {
  ROOT,
  childEnv,
  runCli,
  spawnTarget,
  startCli,
  writeStudentsCsv,
  type SpawnTarget,
} from "./testing";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-spawn-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const SAMPLE = path.join(ROOT, "docs", "samples", "users-import.csv");
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

async function withOpen<T>(
  target: SpawnTarget,
  fn: (h: Awaited<ReturnType<SpawnTarget["open"]>>) => Promise<T>,
): Promise<T> {
  const h = await target.open();
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}

async function tableCounts(target: SpawnTarget) {
  return withOpen(target, async (h) => {
    const [u] = await h.db.select({ n: count() }).from(users);
    const [m] = await h.db.select({ n: count() }).from(mailOutbox);
    const [p] = await h.db.select({ n: count() }).from(passwordTokens);
    return { users: Number(u.n), mails: Number(m.n), tokens: Number(p.n) };
  });
}

// Each spawn opens a database (PGlite ≈1–2 s); on a busy 2-core machine that adds up.
const SLOW = { timeout: 180_000 };

describe("runway (spawned): usage", SLOW, () => {
  const env = childEnv({ DATA_DIR: path.join(tmp, "usage") });

  it("--help lists the commands, each command's help has an example, exit 0", async () => {
    const r = await runCli(["--help"], { env });
    expect(r.code).toBe(0);
    for (const c of ["db", "courses", "admin", "users", "export"])
      expect(r.stdout).toContain(`  ${c}`);
    const imp = await runCli(["users", "import", "--help"], { env });
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
    ]) {
      const h = await runCli([...args, "--help"], { env });
      expect(h.code, args.join(" ")).toBe(0);
      expect(h.stdout, args.join(" ")).toMatch(/Examples?:\n\s+\$ runway /);
    }
  });

  it("usage errors exit 2 with a message on stderr: unknown command, missing option, bad choice, no command", async () => {
    const unknown = await runCli(["frobnicate"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const missing = await runCli(
      ["admin", "create", "--first-name", "Ada", "--last-name", "Reyes"],
      { env },
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--email <email>' not specified");
    const choice = await runCli(["users", "list", "--role", "teacher"], { env });
    expect(choice.code).toBe(2);
    expect(choice.stderr).toContain("Allowed choices are student, alumni, admin");
    const none = await runCli([], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Usage: runway");
    expect(none.stdout).toBe("");
  });

  it("a missing import file and a bad configuration exit 1 with a clean message", async () => {
    const r = await runCli(["users", "import", path.join(tmp, "nope.csv")], { env });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`File not found: ${path.join(tmp, "nope.csv")}`);
    const bad = await runCli(["courses", "list"], {
      env: { ...env, DATABASE_URL: "mysql://nope" },
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    noStack(bad.stderr);
  });

  it("`npm run cli -- --help` works", () => {
    const r = spawnSync("npm", ["run", "--silent", "cli", "--", "--help"], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Usage: runway");
  });
});

for (const driver of drivers()) {
  describe(`runway (spawned) [${driver}]`, SLOW, () => {
    let target: SpawnTarget;
    beforeAll(async () => {
      target = await spawnTarget(driver);
    });
    afterAll(async () => {
      await target?.drop();
    });

    it("admin create --password-stdin creates an active, verified admin; a second time exits 1; no terminal and no flag exits 2", async () => {
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
      const ok = await runCli(args, { env: target.env, stdin: "a long passphrase\n" });
      expect(ok.stderr).toBe("");
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain("Administrator created: Ada Reyes <registrar@example.edu>");
      const again = await runCli(args, { env: target.env, stdin: "a long passphrase\n" });
      expect(again.code).toBe(1);
      expect(again.stderr.trim()).toBe("An account with this email already exists");
      const weak = await runCli(
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
        { env: target.env, stdin: "12345" },
      );
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain("First name must be at least 2 characters");
      expect(weak.stderr).toContain("Password must be at least 6 characters");
      noStack(weak.stderr);
      const noTty = await runCli(
        ["admin", "create", "--email", "y@example.edu", "--first-name", "Yo", "--last-name", "Yu"],
        { env: target.env },
      );
      expect(noTty.code).toBe(2);
      expect(noTty.stderr).toContain("--password-stdin");
      await withOpen(target, async (h) => {
        const [admin] = await h.db
          .select()
          .from(users)
          .where(eq(users.email, "registrar@example.edu"));
        expect(admin).toMatchObject({ role: "admin", isActive: true });
        expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
        expect(await verifyPassword(admin.passwordHash, "a long passphrase")).toBe(true);
      });
    });

    it("imports the sample file (exit 0), lists it, refuses a re-run (exit 1) and --update skips everything", async () => {
      const first = await runCli(["users", "import", SAMPLE], { env: target.env });
      expect(first.stderr).toContain("5 invitation e-mails are queued");
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /5 rows: created 5, updated 0, skipped 0, rejected 0, e-mails queued 5 \(\d+\.\d s\)\./,
      );
      const list = await runCli(
        ["users", "list", "--role", "student", "--course", "BSAMT", "--json"],
        { env: target.env },
      );
      expect(list.code).toBe(0);
      expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual([
        "maria.santos@example.edu",
      ]);
      expect(list.stdout).not.toContain("passwordHash");
      const before = await tableCounts(target);
      const again = await runCli(["users", "import", SAMPLE], { env: target.env });
      expect(again.code).toBe(1);
      expect(again.stdout).toContain(
        "line 2: maria.santos@example.edu — An account with this email already exists",
      );
      expect(again.stderr).toContain("Nothing was written");
      const update = await runCli(["users", "import", SAMPLE, "--update", "--json"], {
        env: target.env,
      });
      expect(update.code).toBe(0);
      expect(JSON.parse(update.stdout)).toMatchObject({
        created: 0,
        updated: 0,
        skipped: 5,
        rejected: [],
      });
      expect(await tableCounts(target)).toEqual(before);
    });

    it("a BOM + CRLF file with quoted commas and emoji, piped progress as plain lines", async () => {
      const file = path.join(tmp, `bom-${driver}.csv`);
      fs.writeFileSync(
        file,
        "\uFEFFemail,firstName,lastName,role,studentId,course,yearLevel,phone\r\n" +
          'bom.one@example.edu,"Zoë 🚀","Ñuñez, Jr.",student,BOM-1,BSAE,4th Year,\r\n' +
          'bom.two@example.edu,André,"O""Neil",alumni,,,Graduate,"+63 2, ext 4"\r\n',
      );
      const r = await runCli(["users", "import", file], { env: target.env });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("Reading: 2 rows");
      expect(r.stderr).toContain("Writing: 2/2");
      expect(r.stderr).not.toContain("\u001b["); // no bar escape codes in a pipe
      await withOpen(target, async (h) => {
        const [u] = await h.db.select().from(users).where(eq(users.email, "bom.one@example.edu"));
        expect(u).toMatchObject({ firstName: "Zoë 🚀", lastName: "Ñuñez, Jr." });
      });
    });

    it("a mixed file with --partial: exit 1, rejected rows by line on stdout, valid rows written, --rejects file", async () => {
      const file = path.join(tmp, `mixed-${driver}.csv`);
      const rejects = path.join(tmp, `mixed-rejects-${driver}.csv`);
      fs.writeFileSync(
        file,
        [
          "email,firstName,lastName,role",
          "good.p@example.edu,Gil,Good,alumni",
          "bad.p@elsewhere.com,Bea,Bad,alumni",
        ].join("\n"),
      );
      const r = await runCli(
        ["users", "import", file, "--partial", "--no-invite", "--rejects", rejects],
        { env: target.env },
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

    it("an import killed with SIGKILL while writing leaves nothing half-written; the next run works", async () => {
      const before = await tableCounts(target);
      const file = writeStudentsCsv(tmp, 30_000, {
        prefix: `kill${driver}`,
        name: `kill-${driver}.csv`,
      });
      let killed = false;
      const run = startCli(["users", "import", file], {
        env: target.env,
        onStderr: (text, child) => {
          if (!killed && text.includes("Writing:")) {
            killed = true;
            child.kill("SIGKILL");
          }
        },
      });
      const r = await run.done;
      expect(r.signal).toBe("SIGKILL");
      expect(r.stdout).toBe("");
      expect(await tableCounts(target)).toEqual(before);
      const small = writeStudentsCsv(tmp, 3, {
        prefix: `after${driver}`,
        name: `after-${driver}.csv`,
      });
      const next = await runCli(["users", "import", small], { env: target.env });
      expect(next.code).toBe(0);
      expect((await tableCounts(target)).users).toBe(before.users + 3);
    });

    it("users deactivate: exit 0 and the user is inactive; an unknown e-mail exits 1", async () => {
      const r = await runCli(["users", "deactivate", "jose.reyes@example.edu"], {
        env: target.env,
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Deactivated José Reyes <jose.reyes@example.edu>");
      const list = await runCli(["users", "list", "--status", "inactive", "--json"], {
        env: target.env,
      });
      expect(JSON.parse(list.stdout).map((u: { email: string }) => u.email)).toEqual([
        "jose.reyes@example.edu",
      ]);
      const none = await runCli(["users", "deactivate", "ghost@example.edu"], { env: target.env });
      expect(none.code).toBe(1);
      expect(none.stderr.trim()).toBe("No user with the email ghost@example.edu");
    });

    if (driver === "pglite" && inject("pgTemplateUrl")) {
      it("db copy --to moves the PGlite board into a new, empty PostgreSQL database (migrated by the copy)", async () => {
        const u = new URL(inject("pgTemplateUrl")!);
        const name = `${u.pathname.slice(1)}_fcopy${process.pid}`;
        u.pathname = "/postgres";
        const admin = postgres(u.toString(), { max: 1, onnotice: () => {} });
        await admin.unsafe(`create database "${name}"`);
        try {
          u.pathname = `/${name}`;
          const before = await tableCounts(target);
          const r = await runCli(["db", "copy", "--to", u.toString()], { env: target.env });
          expect(r.stderr).toContain("users: ");
          expect(r.code).toBe(0);
          expect(r.stdout).toMatch(
            /Copied \d+ rows in \d+ tables from PGlite in .* to the PostgreSQL database\./,
          );
          const onPg = await runCli(["users", "list", "--json"], {
            env: { ...target.env, DATABASE_URL: u.toString() },
          });
          expect(JSON.parse(onPg.stdout)).toHaveLength(before.users);
        } finally {
          await admin.unsafe(`drop database if exists "${name}" with (force)`);
          await admin.end();
        }
      });
    }

    if (driver === "pglite") {
      it("says when the PGlite directory is held by a running server, and suggests DATABASE_URL or stopping it", async () => {
        const holder = await target.open(); // this test process now holds the directory's lock
        try {
          const r = await runCli(["users", "list"], { env: target.env });
          expect(r.code).toBe(1);
          expect(r.stderr).toContain(`is in use by another process (pid ${process.pid})`);
          expect(r.stderr).toContain("stop the server");
          expect(r.stderr).toContain("DATABASE_URL");
          noStack(r.stderr);
        } finally {
          await holder.close();
        }
      });
    }
  });
}
