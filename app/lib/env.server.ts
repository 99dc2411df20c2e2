/**
 * Configuration, parsed once with zod. Nothing else reads process.env. A bad value stops the start
 * with a message naming the variable; every variable has a default that lets `npm start` run bare.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isTimeZone } from "./datetime";

const origin = z.string().refine((s) => {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === s.replace(/\/$/, "");
  } catch {
    return false;
  }
}, "must be an origin such as https://www.example.edu");

const originList = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim().replace(/\/$/, ""))
      .filter(Boolean),
  )
  .pipe(z.array(origin));

/** "90m", "2h", "1d", "45s"; a bare number is minutes. */
function durationSeconds(s: string): number {
  const m = /^(\d+)\s*([smhd])?$/i.exec(s.trim())!;
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[
    (m[2] ?? "m").toLowerCase() as "s" | "m" | "h" | "d"
  ];
  return Number(m[1]) * unit;
}

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A yes/no variable: true or 1; false, 0, empty or unset is no. */
const flag = () =>
  z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((s) => s === "true" || s === "1");

/** A duration variable ("90m", "2h", "1d", "45s"; a bare number is minutes), in seconds. */
const duration = (fallback: string, examples: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback)).pipe(
    z
      .string()
      .trim()
      .regex(/^\d{1,6}\s*(s|m|h|d)?$/i, `must be a duration such as ${examples}`)
      .transform(durationSeconds),
  );

const schema = z.object({
  // Production-safe unless development is asked for (npm run dev): no error details in answers.
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url("must be a URL").optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().optional()),
  // Holds this process's mail sender (a restored copy must not mail people again): docs/operations.md.
  MAIL_PAUSED: flag(),
  // A message still unsent this long after it was queued is marked expired instead of sent; 0: never.
  MAIL_MAX_AGE: duration("24h", "90m, 24h or 3d (a bare number is minutes; 0 never expires)").pipe(
    z.number().max(365 * 86400, "must be at most 365 days"),
  ),
  COLLEGE_NAME: z.string().min(1).default("State Aeronautics College"),
  COLLEGE_SHORT_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{0,15}$/, "must be a short word of letters, digits, - or _")
    .default("gold"),
  COLLEGE_EMAIL_DOMAIN: z
    .string()
    .transform((s) => s.trim().toLowerCase().replace(/^@/, ""))
    .pipe(z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a domain such as college.edu"))
    .default("example.edu"),
  COLLEGE_PHONE: z.string().default("+63 2 8000 0000"),
  // The college's clock: what "today" and "a future date" are for the OJT hours log, and the zone
  // every date and time a person reads is written in (app/lib/datetime.ts).
  COLLEGE_TIMEZONE: z
    .string()
    .refine(isTimeZone, "must be an IANA time zone such as Asia/Manila")
    .default("Asia/Manila"),
  COLLEGE_INFO_EMAIL: z.string().email("must be an e-mail address").default("info@example.edu"),
  API_CORS_ORIGINS: originList,
  WIDGET_ORIGINS: z
    .string()
    .default("*")
    .transform((s) => s.trim() || "*")
    .pipe(z.union([z.literal("*"), z.string()]))
    .transform((s) =>
      s === "*"
        ? ("*" as const)
        : s
            .split(",")
            .map((x) => x.trim().replace(/\/$/, ""))
            .filter(Boolean),
    )
    .pipe(z.union([z.literal("*"), z.array(origin)])),
  TRUST_PROXY: flag(),
  SESSION_IDLE_TIMEOUT: duration("2h", "30m, 2h or 1d (a bare number is minutes)").pipe(
    z
      .number()
      .min(60, "must be at least 1 minute")
      .max(30 * 86400, "must be at most 30 days"),
  ),
  PASSWORD_MIN_LENGTH: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(6, "must be at least 6")
      .max(64, "must be at most 64")
      .default(6),
  ),
  LOG_REQUESTS: flag(),
  // Operations (docs/operations.md): drain, bounded database waits, admission on PGlite, logs, metrics.
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(["text", "json"]).default("text")),
  SHUTDOWN_TIMEOUT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(3600).default(25)),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  DATABASE_CONNECT_TIMEOUT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(1).max(600).default(5),
  ),
  DATABASE_STATEMENT_TIMEOUT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(86400).default(30),
  ),
  PGLITE_MAX_CONCURRENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1000).default(4),
  ),
  PGLITE_QUEUE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(100000).default(32),
  ),
  PGLITE_QUEUE_TIMEOUT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(600).default(3),
  ),
  // Slow clients and load shedding (docs/operations.md "Slow clients, load shedding, outages"):
  // seconds a client may take to send its headers, and its whole request (body included); the
  // event-loop delay (ms) above which new requests get 503 at once (0 = never shed).
  HTTP_HEADERS_TIMEOUT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(1).max(600).default(10),
  ),
  HTTP_REQUEST_TIMEOUT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(1).max(3600).default(30),
  ),
  EVENT_LOOP_MAX_DELAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(60000).default(1000),
  ),
  // Employer posting: what one employer account may have waiting and submit per day.
  EMPLOYER_MAX_PENDING: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(5),
  ),
  EMPLOYER_MAX_DAILY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
});

export type Env = z.infer<typeof schema> & {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  MAIL_FROM: string;
  DATA_DIR: string;
};

export class EnvError extends Error {}

/** Parses a given environment (tests pass their own); throws EnvError naming the variables. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    DATA_DIR: dataDir,
    SESSION_SECRET: e.SESSION_SECRET ?? developmentSecret(dataDir),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`).replace(/\/$/, ""),
    MAIL_FROM: e.MAIL_FROM ?? `${e.COLLEGE_NAME} Runway <no-reply@${e.COLLEGE_EMAIL_DOMAIN}>`,
  };
}

/** A secret generated once and kept in DATA_DIR, so nobody has to invent one to start. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* not there yet */
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return fs.readFileSync(file, "utf8").trim(); // another process won the race
  }
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
/** Tests and the CLI may set the environment before first use. */
export function setEnv(e: Env) {
  cached = e;
}

/** What the browser may know (no secrets). */
export function publicConfig() {
  const e = env();
  return {
    collegeName: e.COLLEGE_NAME,
    collegeShortName: e.COLLEGE_SHORT_NAME,
    emailDomain: e.COLLEGE_EMAIL_DOMAIN,
    phone: e.COLLEGE_PHONE,
    infoEmail: e.COLLEGE_INFO_EMAIL,
    publicUrl: e.PUBLIC_URL,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    /** The college's clock, for times people read in the browser. */
    timeZone: e.COLLEGE_TIMEZONE,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
