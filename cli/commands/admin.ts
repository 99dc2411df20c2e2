/** `runway admin create` — the first administrator comes from here; there is no default password. */
import readline from "node:readline";
import { Writable } from "node:stream";
import type { Command } from "commander";
import {
  CliError,
  EXIT_OK,
  EXIT_USAGE,
  finish,
  printJson,
  processIo,
  say,
  withDb,
  type Io,
  type RunDeps,
} from "../support";

/** Reads all of stdin and drops one trailing line break (`printf 'pw' |` and `echo pw |` both work). */
export async function readPasswordStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stdin) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(String(c)));
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** Asks on the terminal without echoing what is typed (readline with a muted output). */
export function askHidden(io: Io, question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _enc, cb) {
      if (!muted) io.stderr.write(chunk);
      cb();
    },
  });
  const rl = readline.createInterface({ input: io.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    rl.on("SIGINT", () => {
      rl.close();
      io.stderr.write("\n");
      reject(new CliError("Cancelled; no administrator was created."));
    });
    rl.question(question, (answer) => {
      rl.close();
      io.stderr.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

export interface AdminCreateOptions {
  email: string;
  firstName: string;
  lastName: string;
  /** Read the password from stdin (for scripts). */
  passwordStdin?: boolean;
  /** Given directly (in-process tests only; the command line never takes a password argument). */
  password?: string;
  json?: boolean;
  /** admin (default) or coordinator. */
  role?: string;
  /** Coordinators: their programmes, codes, names or ids separated by commas. */
  courses?: string;
}

async function obtainPassword(opts: AdminCreateOptions, io: Io): Promise<string> {
  if (opts.password !== undefined) return opts.password;
  if (opts.passwordStdin) return readPasswordStdin(io.stdin);
  if (!io.stdin.isTTY)
    throw new CliError(
      "No terminal to ask for the password: pipe it in with --password-stdin, e.g.\n" +
        "  printf '%s' \"$PASSWORD\" | runway admin create … --password-stdin",
      EXIT_USAGE,
    );
  const first = await askHidden(io, "Password for the new administrator: ");
  const again = await askHidden(io, "Repeat the password: ");
  if (first !== again) throw new CliError("Passwords do not match");
  return first;
}

/** Creates an active, verified administrator with the Create User rules. */
export async function runAdminCreate(
  opts: AdminCreateOptions,
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { env } = await import("~/lib/env.server");
  const { userRecordSchema } = await import("~/models/user/user.schema");
  const { ValidationError } = await import("../../app/lib/errors");
  const e = env();
  const role = opts.role ?? "admin";
  if (role !== "admin" && role !== "coordinator")
    throw new CliError("--role must be admin or coordinator", EXIT_USAGE);
  const courseRefs = (opts.courses ?? "")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  if (role === "coordinator" && !courseRefs.length)
    throw new CliError("A coordinator needs --courses, e.g. --courses BSAMT,BSAET", EXIT_USAGE);
  if (role === "admin" && courseRefs.length)
    throw new CliError("--courses is for coordinators (--role coordinator)", EXIT_USAGE);
  const password = await obtainPassword(opts, io);
  const parsed = userRecordSchema(e.COLLEGE_EMAIL_DOMAIN, { passwordRequired: true }).safeParse({
    userType: role,
    courses: courseRefs,
    firstName: opts.firstName,
    lastName: opts.lastName,
    email: opts.email,
    password,
  });
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    throw new ValidationError(messages.join("\n"));
  }
  const input = parsed.data;
  const { assertNewPassword } = await import("~/models/auth/password-policy.server");
  const { authConfigFrom } = await import("~/models/auth/config");
  await assertNewPassword(input.password!, authConfigFrom(e), input);
  const { hashPassword } = await import("~/models/auth/password.server");
  const { insertUser, serializeUser } = await import("~/models/user/user.server");
  const { audit } = await import("~/models/audit/audit.server");
  const { resolveCourseRefs, setCoordinatorCourses } = await import("~/models/ojt/access.server");
  const passwordHash = await hashPassword(input.password!);
  const user = await withDb(deps, async (h) => {
    const courseIds = role === "coordinator" ? await resolveCourseRefs(h.db, courseRefs) : [];
    return h.db.transaction(async (tx) => {
      const u = await insertUser(tx, {
        email: input.email,
        passwordHash,
        role: role as "admin" | "coordinator",
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        isActive: true,
        emailVerifiedAt: new Date(),
      });
      if (courseIds.length) await setCoordinatorCourses(tx, u.id, courseIds);
      await audit(tx, null, {
        action: "user.create",
        entityType: "user",
        entityId: u.id,
        after: {
          email: u.email,
          role,
          via: "cli",
          ...(courseIds.length ? { coordinatorCourses: courseIds } : {}),
        },
      });
      return u;
    });
  });
  if (opts.json) printJson(io, serializeUser(user));
  else
    say(
      io,
      `${role === "coordinator" ? `OJT coordinator (${courseRefs.join(", ")})` : "Administrator"} created: ${user.firstName} ${user.lastName} <${user.email}>. Sign in at ${e.PUBLIC_URL}/login`,
    );
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const admin = program.command("admin").description("Administrator accounts.");
  admin
    .command("create")
    .description(
      "Create an active, verified administrator (or OJT coordinator). The password is asked for (hidden) or read from stdin.",
    )
    .requiredOption("--email <email>", "e-mail in the college domain")
    .requiredOption("--first-name <name>", "first name (at least 2 characters)")
    .requiredOption("--last-name <name>", "last name (at least 2 characters)")
    .option("--password-stdin", "read the password from standard input instead of asking")
    .option("--json", "print the created user as JSON")
    .option("--role <role>", "admin (default) or coordinator", "admin")
    .option(
      "--courses <codes>",
      "coordinators: the programmes they manage, comma-separated codes (e.g. BSAMT,BSAET)",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ runway admin create --email registrar@example.edu --first-name Ada --last-name Reyes
  $ runway admin create --role coordinator --courses BSAMT,BSAET \\
      --email ojt@example.edu --first-name Ojt --last-name Desk
  $ printf '%s' "$ADMIN_PASSWORD" | runway admin create --email ops@example.edu \\
      --first-name Ops --last-name Team --password-stdin`,
    )
    .action(async (opts) => finish(await runAdminCreate(opts, deps)));
}
