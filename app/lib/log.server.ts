/**
 * The one logger of the server and the app. One line per event, `LOG_FORMAT=json` for log
 * shippers (one JSON object per line), the request id of the current request on every line, and
 * never SQL, its parameters or e-mail addresses. Repeated identical failures (an outage) are
 * rate-limited: the first is printed, the rest are counted and summarised once per window.
 */
import { env } from "./env.server";
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

/** Removes what must never reach a log: e-mail addresses. */
export function redact(text: string): string {
  return text.replace(EMAIL, "<email>");
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
    message: redact(String(err.message ?? ""))
      .replace(/\s+/g, " ")
      .slice(0, 300),
    at: frames[0]?.replace(/^at /, ""),
    stack: frames,
  };
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
