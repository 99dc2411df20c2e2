/**
 * The operations building blocks on their own: the admission gate's order and bounds, the
 * logger's redaction, rate limiting and JSON format, request ids and the outage classification.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { EventEmitter } from "node:events";
import { Admission, AdmissionRejected } from "./admission.server";
import { createOps } from "./ops.server";
import { parseEnv, setEnv } from "./env.server";
import { log, REPEAT_WINDOW_MS, resetLogRepeats, setLogSink, summarizeError } from "./log.server";
import { bearerMatches } from "./metrics.server";
import { isDbUnavailable, pickRequestId, runWithRequestContext } from "./request-context.server";

describe("Admission", () => {
  it("admits up to the limit, queues in arrival order, and refuses a full queue at once", async () => {
    const a = new Admission(2, 2, 10_000);
    const r1 = await a.acquire();
    const r2 = await a.acquire();
    const order: number[] = [];
    const p3 = a.acquire().then((r) => (order.push(3), r));
    const p4 = a.acquire().then((r) => (order.push(4), r));
    await expect(a.acquire()).rejects.toMatchObject({ reason: "queue_full" });
    expect(a.queueLength).toBe(2);
    r1();
    r1(); // a second release is a no-op, not a free slot
    const r3 = await p3;
    expect(a.activeCount).toBe(2);
    r2();
    const r4 = await p4;
    expect(order).toEqual([3, 4]);
    r3();
    r4();
    expect(a.activeCount).toBe(0);
    expect(a.stats.rejected.queue_full).toBe(1);
  });

  it("a waiter past its budget is refused and leaves the queue; an aborted waiter too", async () => {
    vi.useFakeTimers();
    try {
      const a = new Admission(1, 5, 1000);
      const r1 = await a.acquire();
      const late = a.acquire();
      const ac = new AbortController();
      const gone = a.acquire(ac.signal);
      ac.abort();
      await expect(gone).rejects.toMatchObject({ reason: "aborted" });
      vi.advanceTimersByTime(1001);
      await expect(late).rejects.toBeInstanceOf(AdmissionRejected);
      expect(a.queueLength).toBe(0);
      r1();
      expect(a.activeCount).toBe(0);
      const again = await a.acquire();
      again();
    } finally {
      vi.useRealTimers();
    }
  });

  it("one client holds at most half of the slots; its extra waiters let other clients pass", async () => {
    const a = new Admission(4, 10, 10_000);
    expect(a.perClient).toBe(2);
    const h1 = await a.acquire(undefined, "10.0.0.1");
    const h2 = await a.acquire(undefined, "10.0.0.1");
    const order: string[] = [];
    const h3 = a.acquire(undefined, "10.0.0.1").then((r) => (order.push("hog"), r));
    const o1 = await a.acquire(undefined, "10.0.0.2").then((r) => (order.push("other"), r));
    expect(a.activeCount).toBe(3);
    expect(a.queueLength).toBe(1);
    h1();
    const r3 = await h3;
    expect(order).toEqual(["other", "hog"]);
    for (const r of [h2, r3, o1]) r();
    expect(a.activeCount).toBe(0);
  });

  it("is a no-op when disabled (concurrency 0)", async () => {
    const a = new Admission(0, 0, 0);
    const all = await Promise.all(Array.from({ length: 50 }, () => a.acquire()));
    expect(all).toHaveLength(50);
    expect(a.queueLength).toBe(0);
  });
});

describe("logger", () => {
  let lines: string[] = [];
  let restore = () => {};
  const capture = (format: "text" | "json") => {
    setEnv(parseEnv({ ...process.env, LOG_FORMAT: format }));
    lines = [];
    restore = setLogSink((l) => lines.push(l));
  };
  afterEach(() => {
    restore();
    resetLogRepeats();
    setEnv(parseEnv(process.env));
    vi.useRealTimers();
  });

  function drizzleError() {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    return Object.assign(
      new Error(
        'Failed query: select "id" from "users" where "email" = $1\nparams: ada.reyes@example.edu',
      ),
      { name: "DrizzleQueryError", cause },
    );
  }

  it("never prints SQL, its parameters or e-mail addresses; one line per failure with the request id", () => {
    capture("text");
    runWithRequestContext({ requestId: "req-123", dbUnavailable: false, failed: false }, () => {
      log.error("db", drizzleError());
      log.error("api", new Error("could not mail bob@example.edu about it"));
    });
    expect(lines).toHaveLength(2);
    for (const l of lines) {
      expect(l).not.toContain("\n");
      expect(l).not.toMatch(/@example\.edu/);
      expect(l).not.toMatch(/select|params/i);
      expect(l).toContain("req=req-123");
    }
    expect(lines[0]).toContain("ECONNREFUSED");
    expect(lines[1]).toContain("<email>");
    expect(summarizeError(drizzleError())).toMatchObject({ code: "ECONNREFUSED" });
  });

  it("folds repeated identical failures into one line and a count", () => {
    vi.useFakeTimers();
    capture("text");
    for (let i = 0; i < 500; i++) log.error("db", drizzleError());
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(REPEAT_WINDOW_MS + 1);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("repeated 499 more times");
    log.error("db", drizzleError());
    expect(lines).toHaveLength(3);
  });

  it("LOG_FORMAT=json writes one JSON object per line", () => {
    capture("json");
    runWithRequestContext({ requestId: "abc", dbUnavailable: false, failed: false }, () => {
      log.info("server", "listening");
      log.error("db", drizzleError());
    });
    const objects = lines.map((l) => JSON.parse(l));
    expect(objects[0]).toMatchObject({
      level: "info",
      kind: "server",
      msg: "listening",
      requestId: "abc",
    });
    expect(objects[1]).toMatchObject({
      level: "error",
      kind: "db",
      code: "ECONNREFUSED",
      requestId: "abc",
    });
    expect(lines.join("")).not.toMatch(/example\.edu|select/);
  });
});

describe("request ids", () => {
  it("uses X-Request-Id only behind a trusted proxy and only when it is a short token", () => {
    expect(pickRequestId("lb-42", true)).toBe("lb-42");
    expect(pickRequestId("lb-42", false)).not.toBe("lb-42");
    expect(pickRequestId("<script>alert(1)</script>", true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId("a\r\nSet-Cookie: x=1", true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId("x".repeat(500), true)).toMatch(/^[0-9a-f-]{36}$/);
    expect(pickRequestId(undefined, true)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("outage classification", () => {
  it("recognises unreachable, refused, terminated and timed-out databases, also wrapped", () => {
    for (const code of ["ECONNREFUSED", "CONNECT_TIMEOUT", "57P01", "53300", "57014", "08006"]) {
      expect(isDbUnavailable(Object.assign(new Error("x"), { code })), code).toBe(true);
      expect(
        isDbUnavailable(new Error("wrapped", { cause: Object.assign(new Error("x"), { code }) })),
        code,
      ).toBe(true);
    }
    expect(isDbUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDbUnavailable(new Error("plain"))).toBe(false);
    expect(isDbUnavailable(null)).toBe(false);
  });
});

describe("metrics token", () => {
  it("accepts exactly `Bearer <token>`", () => {
    const t = "s3cret-metrics-token-0123456789";
    expect(bearerMatches(`Bearer ${t}`, t)).toBe(true);
    expect(bearerMatches(`bearer ${t}`, t)).toBe(true);
    expect(bearerMatches(`Bearer ${t}x`, t)).toBe(false);
    expect(bearerMatches(`Basic ${t}`, t)).toBe(false);
    expect(bearerMatches(undefined, t)).toBe(false);
    expect(bearerMatches("Bearer ", t)).toBe(false);
    expect(bearerMatches(t, t)).toBe(false);
  });
});

describe("admission slots while an answer is sent", () => {
  const opsWith = (queueTimeoutSeconds: number) =>
    createOps(
      { routes: {} } as never,
      {
        PGLITE_MAX_CONCURRENT: 1,
        PGLITE_QUEUE_LIMIT: 1,
        PGLITE_QUEUE_TIMEOUT: queueTimeoutSeconds,
        TRUST_PROXY: false,
      } as never,
    );
  const req = { method: "GET", headers: {}, path: "/", url: "/", complete: true } as never;
  const page = async () =>
    new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
  const never = () => new Promise<void>(() => {});

  it("a client that never reads gives the slot back after half the queue budget, so the next request is served", async () => {
    const ops = opsWith(0.4);
    void ops.remix(req, new EventEmitter() as never, page, never);
    await new Promise((r) => setTimeout(r, 20));
    // Without the cap, this waiter would be refused when its 0.4 s budget runs out.
    const release = await ops.admission.acquire();
    release();
  });

  it("a client that pushes back gives the slot back at once", async () => {
    const ops = opsWith(60); // the cap alone would take 30 s
    void ops.remix(req, new EventEmitter() as never, page, (_r, blocked) => {
      blocked();
      return never();
    });
    await new Promise((r) => setTimeout(r, 20));
    const release = await ops.admission.acquire();
    release();
  }, 5_000);
});
