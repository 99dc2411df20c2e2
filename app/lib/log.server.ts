/**
 * The one logger of the server and the app. One line per event, `LOG_FORMAT=json` for log
 * shippers (one JSON object per line), the request id of the current request on every line, and
 * never SQL, its parameters or e-mail addresses. Repeated identical failures (an outage) are
 * rate-limited: the first is printed, the rest are counted and summarised once per window.
 */
import { env } from "./env.server";
import { isUuid } from "./ids";
import { currentRequestId } from "./request-context.server";

export type Level = "info" | "warn" | "error";
type Fields = Record<string, string | number | boolean | null | undefined | string[]>;

/** How long identical failures are folded into one line. */
export const REPEAT_WINDOW_MS = 5_000;

let sink: (line: string, level: Level) => void = (line, level) =>
  (level === "info" ? process.stdout : process.stderr).write(line + "\n");

/** Tests capture the output. Returns a function restoring the previous sink. */
export function setLogSink(fn: (line: string, level: Level) => void): () => void {
  const previous = sink;
  sink = fn;
  return () => {
    sink = previous;
  };
}

function format(): "text" | "json" {
  try {
    return env().LOG_FORMAT;
  } catch {
    return "text";
  }
}

const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/g;
/**
 * drizzle's wrapper of a driver error: "Failed query: <SQL>\nparams: <values>". Whatever logs it —
 * a worker printing `e.message`, a warning, an info line — loses everything from there on.
 */
const FAILED_QUERY = /Failed query:[\s\S]*/g;

/** Removes what must never reach a log: e-mail addresses, and SQL with its parameters. */
export function redact(text: string): string {
  return text.replace(FAILED_QUERY, "query failed (SQL not logged)").replace(EMAIL, "<email>");
}

/** One line of an error that may be logged: name, code, and a message without SQL or values. */
export function errorText(error: unknown): string {
  const s = summarizeError(error);
  return `${s.name}${s.code ? ` (${s.code})` : ""}: ${s.message}`;
}

/**
 * Query parameters whose values are logged as they are: paging, sorting, filters, screen state.
 * Everything else — tokens, invitation and verification codes, addresses, signed-link fields, and
 * any parameter not named here — is logged as `<redacted>`: an allow-list, so a new secret
 * parameter is safe before anyone thinks of it.
 */
const SAFE_QUERY_KEYS = new Set([
  "_data",
  "category",
  "course",
  "created",
  "delete",
  "dir",
  "edit",
  "error",
  "format",
  "frequency",
  "id",
  "index",
  "isActive",
  "isApproved",
  "jobType",
  "licence",
  "limit",
  "location",
  "mode",
  "new",
  "page",
  "pageSize",
  "q",
  "role",
  "search",
  "size",
  "sort",
  "status",
  "type",
  "verified",
  "view",
]);

/** Path segments after which the next segment is a bearer secret (a signed link or a code). */
const SECRET_AFTER = new Set([
  "certificate",
  "certificates",
  "invite",
  "invites",
  "reset",
  "reset-password",
  "supervise",
  "token",
  "tokens",
  "unsubscribe",
  "verify",
]);
/** A slug made of words ("avionics-technician") is not a secret; a long random run is. */
const WORDS = /^[a-z]+(?:[-_][a-z0-9]+)*$/;

/** Whether a path segment looks like a bearer token: long, from a token alphabet, not an id. */
function tokenLike(segment: string): boolean {
  return (
    segment.length >= 20 &&
    /^[A-Za-z0-9._~+/=-]+$/.test(segment) &&
    !isUuid(segment) &&
    !WORDS.test(segment)
  );
}

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

/** One value as it may appear in a log line: decoded, one line, addresses out, bounded. */
function shown(value: string, max: number): string {
  const v = redact(value.replace(CONTROL_CHARS, " "));
  return v.length > max ? `${v.slice(0, max)}…` : v;
}

/**
 * A request target as it may be logged: the path with secret segments replaced, and the query
 * string with every value redacted except those of SAFE_QUERY_KEYS. Values are percent-decoded
 * first, so `email=a%40example.edu` or `%74oken=…` cannot slip past the checks.
 */
export function safeUrl(target: string): string {
  const q = target.indexOf("?");
  const rawPath = q === -1 ? target : target.slice(0, q);
  const rawQuery = q === -1 ? "" : target.slice(q + 1);
  let previous = "";
  const path = rawPath
    .split("/")
    .map((raw) => {
      const segment = decode(raw);
      const secret = SECRET_AFTER.has(previous.toLowerCase()) && segment !== "";
      previous = segment;
      return secret || tokenLike(segment) ? "<redacted>" : shown(segment, 80);
    })
    .join("/");
  if (!rawQuery) return path.slice(0, 300);
  const params = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      const key = decode(eq === -1 ? pair : pair.slice(0, eq));
      const value = decode(eq === -1 ? "" : pair.slice(eq + 1));
      // A key is shown only when it reads like a parameter name, never like a token itself.
      const name = /^[A-Za-z_][A-Za-z_-]{0,23}$/.test(key) ? key : "<param>";
      if (!SAFE_QUERY_KEYS.has(key)) return `${name}=<redacted>`;
      return `${name}=${shown(value, 100)}`;
    });
  return `${path.slice(0, 300)}?${params.slice(0, 30).join("&")}`;
}

function write(level: Level, kind: string, message: string, fields: Fields = {}) {
  // An explicit `requestId: null` (a summary of many requests) prints none.
  const requestId = "requestId" in fields ? fields.requestId : currentRequestId();
  const time = new Date().toISOString();
  const clean: Fields = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || k === "requestId") continue;
    clean[k] = typeof v === "string" ? redact(v) : Array.isArray(v) ? v.map(redact) : v;
  }
  if (format() === "json") {
    sink(
      JSON.stringify({
        time,
        level,
        kind,
        msg: redact(message),
        ...(requestId ? { requestId } : {}),
        ...clean,
      }),
      level,
    );
    return;
  }
  const extra = Object.entries(clean)
    .filter(([k]) => k !== "stack")
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : String(v)}`)
    .join(" ");
  const tag = level === "info" ? "" : `${level.toUpperCase()} `;
  sink(
    `${time} ${tag}[${kind}] ${redact(message)}${requestId ? ` req=${requestId}` : ""}${extra ? " " + extra : ""}`,
    level,
  );
}

export interface ErrorSummary {
  name: string;
  /** Driver or system code (ECONNREFUSED, 57P01, CONNECT_TIMEOUT …) when there is one. */
  code?: string;
  message: string;
  /** Where it was thrown (first stack frame), without the message. */
  at?: string;
  stack?: string[];
}

/**
 * What of an error may be logged. drizzle wraps driver errors in one whose message is the SQL and
 * its parameters ("Failed query: … params: …"): only the cause's code and message are kept.
 */
export function summarizeError(error: unknown): ErrorSummary {
  let e: unknown = error;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    const err = e as { name?: string; message?: string; cause?: unknown };
    const wrapper = err.name === "DrizzleQueryError" || /^Failed query:/.test(err.message ?? "");
    if (!wrapper) break;
    if (!err.cause) return { name: "DatabaseError", message: "query failed" };
    e = err.cause;
  }
  if (!(e instanceof Error) && !(e && typeof e === "object" && "message" in e)) {
    return { name: typeof e, message: redact(String(e)).slice(0, 200) };
  }
  const err = e as Error & { code?: unknown; errno?: unknown };
  const frames = (err.stack ?? "")
    .split("\n")
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l.startsWith("at "))
    .slice(0, 8);
  return {
    name: err.name || "Error",
    code:
      typeof err.code === "string" || typeof err.code === "number" ? String(err.code) : undefined,
    // Server messages can quote values ("Key (email)=(…) already exists" is in `detail`, not here),
    // but a message is still redacted and shortened.
    message: redact(quotedValuesOut(String(err.message ?? "")))
      .replace(/\s+/g, " ")
      .slice(0, 300),
    at: frames[0]?.replace(/^at /, ""),
    stack: frames,
  };
}

/**
 * PostgreSQL quotes the offending value in some messages — `invalid input syntax for type uuid:
 * "…"`, `value "…" is out of range for type integer` — and that value is a query parameter. The
 * names it quotes elsewhere (constraints, columns) stay: they say where, not what.
 */
function quotedValuesOut(message: string): string {
  return message
    .replace(/: "(?:[^"]|"")*"/g, ': "…"')
    .replace(/\bvalue "(?:[^"]|"")*"/g, 'value "…"');
}

interface Repeat {
  count: number;
  timer: NodeJS.Timeout;
  level: Level;
  kind: string;
  message: string;
}
const repeats = new Map<string, Repeat>();

/** Logs one line, unless the same key was logged within the window (then it is counted). */
function throttled(key: string, level: Level, kind: string, message: string, fields: Fields) {
  const r = repeats.get(key);
  if (r) {
    r.count++;
    return;
  }
  write(level, kind, message, fields);
  const entry: Repeat = {
    count: 0,
    level,
    kind,
    message,
    timer: setTimeout(() => {
      repeats.delete(key);
      if (entry.count > 0)
        write(
          level,
          kind,
          `${message} (repeated ${entry.count} more times in ${REPEAT_WINDOW_MS / 1000} s)`,
          {
            requestId: null,
            repeated: entry.count,
          },
        );
    }, REPEAT_WINDOW_MS),
  };
  entry.timer.unref();
  repeats.set(key, entry);
}

export const log = {
  info(kind: string, message: string, fields?: Fields) {
    write("info", kind, message, fields);
  },
  warn(kind: string, message: string, fields?: Fields) {
    throttled(`warn|${kind}|${message}`, "warn", kind, message, fields ?? {});
  },
  /** One line per failure: where, what (name, code, safe message), the request id. */
  error(kind: string, error: unknown, fields: Fields = {}) {
    const s = summarizeError(error);
    const message = `${s.name}${s.code ? ` (${s.code})` : ""}: ${s.message}`;
    const json = format() === "json";
    throttled(
      `error|${kind}|${s.name}|${s.code ?? ""}|${s.at ?? s.message}`,
      "error",
      kind,
      message,
      {
        ...fields,
        ...(json ? { code: s.code, stack: s.stack } : { at: s.at }),
      },
    );
  },
};

/** Drops pending repeat summaries (tests). */
export function resetLogRepeats() {
  for (const r of repeats.values()) clearTimeout(r.timer);
  repeats.clear();
}
