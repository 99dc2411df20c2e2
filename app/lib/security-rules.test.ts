/** Account security rules in app/lib: redirect targets, the hashing queue, first-party searches, env values. */
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/web/auth.server";
import { env, parseEnv, setEnv } from "./env.server";
import { isFirstParty } from "./request.server";
import { createWorkQueue, QueueBusy } from "./work-queue.server";

describe("safeRedirect", () => {
  it.each([
    ["/jobs", "/jobs"],
    ["/jobs?q=pilot&page=2#top", "/jobs?q=pilot&page=2#top"],
    ["/admin/users?role=student", "/admin/users?role=student"],
    ["/a/../dashboard", "/dashboard"],
    ["/%2F/evil.example", "/%2F/evil.example"], // stays a path on Runway
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("keeps %j on Runway as %j", (input, out) => expect(safeRedirect(input)).toBe(out));

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000x",
    "/\u007f/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "https:evil.example",
    "https://evil.example/",
    "http://localhost:3000.evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
    expect(safeRedirect(input, "/dashboard")).toBe("/dashboard");
  });

  it("refuses a File and nothing at all", () => {
    expect(safeRedirect(new File(["/x"], "x"))).toBe("/");
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "")).toBe("");
  });
});

describe("work queue", () => {
  it("runs at most `concurrency` jobs, queues a bounded number, refuses the rest at once", async () => {
    const q = createWorkQueue({ concurrency: 2, maxQueue: 3, maxWaitMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let running = 0;
    let peak = 0;
    const job = async () => {
      running++;
      peak = Math.max(peak, running);
      await gate;
      running--;
      return 1;
    };
    const all = Array.from({ length: 8 }, () =>
      q.run(job).then(
        () => "ok",
        (e) => (e instanceof QueueBusy ? "busy" : "err"),
      ),
    );
    await Promise.resolve();
    expect(q.stats()).toMatchObject({ running: 2, waiting: 3 });
    release();
    const results = await Promise.all(all);
    expect(results.filter((r) => r === "ok")).toHaveLength(5);
    expect(results.filter((r) => r === "busy")).toHaveLength(3);
    expect(peak).toBe(2);
  });

  it("a waiter that outlives maxWaitMs gets QueueBusy with a Retry-After", async () => {
    const q = createWorkQueue({ concurrency: 1, maxQueue: 5, maxWaitMs: 20 });
    let release!: () => void;
    const blocker = q.run(() => new Promise<void>((r) => (release = r)));
    const e = await q.run(async () => 1).catch((x) => x);
    expect(e).toBeInstanceOf(QueueBusy);
    expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    release();
    await blocker;
    expect(await q.run(async () => 2)).toBe(2);
  });
});

describe("isFirstParty (what counts as a search made on Runway)", () => {
  const req = (headers: Record<string, string>) =>
    new Request("http://localhost:3000/jobs?q=pilot", { headers });
  const UA =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
  it("counts a person's own navigation and fetches", () => {
    expect(isFirstParty(req({ "user-agent": UA, "sec-fetch-site": "none" }))).toBe(true);
    expect(
      isFirstParty(
        req({
          "user-agent": UA,
          "sec-fetch-site": "same-origin",
          referer: "http://localhost:3000/jobs",
        }),
      ),
    ).toBe(true);
    expect(isFirstParty(req({ "user-agent": UA }))).toBe(true);
  });
  it("ignores foreign pages, sibling sites and bots", () => {
    expect(isFirstParty(req({ "user-agent": UA, "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isFirstParty(req({ "user-agent": UA, "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isFirstParty(req({ "user-agent": UA, referer: "https://evil.example/page" }))).toBe(
      false,
    );
    expect(isFirstParty(req({ "user-agent": UA, origin: "https://evil.example" }))).toBe(false);
    expect(isFirstParty(req({ "user-agent": UA, origin: "null" }))).toBe(false);
    expect(
      isFirstParty(req({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })),
    ).toBe(false);
  });
  it("counts an allowed client origin (API_CORS_ORIGINS) at every door: its fetches and its links", () => {
    const fetched = req({
      "user-agent": UA,
      "sec-fetch-site": "cross-site",
      origin: "https://spa.example.edu",
    });
    const linked = req({
      "user-agent": UA,
      "sec-fetch-site": "cross-site",
      referer: "https://spa.example.edu/jobs?q=pilot",
    });
    const before = env();
    expect(isFirstParty(fetched)).toBe(false);
    expect(isFirstParty(linked)).toBe(false);
    try {
      setEnv({ ...before, API_CORS_ORIGINS: ["https://spa.example.edu"] });
      expect(isFirstParty(fetched)).toBe(true);
      expect(isFirstParty(linked)).toBe(true);
      // Another site is still not a client, whatever it claims in the other header.
      expect(
        isFirstParty(
          req({
            "user-agent": UA,
            "sec-fetch-site": "cross-site",
            origin: "https://evil.example",
            referer: "https://spa.example.edu/",
          }),
        ),
      ).toBe(false);
    } finally {
      setEnv(before);
    }
  });
});

describe("configuration", () => {
  const base = { SESSION_SECRET: "x".repeat(40), DATA_DIR: "/tmp/runway-env-test" };
  it("SESSION_IDLE_TIMEOUT: 2 hours by default, units s/m/h/d, bare number = minutes", () => {
    expect(parseEnv(base).SESSION_IDLE_TIMEOUT).toBe(7200);
    expect(parseEnv({ ...base, SESSION_IDLE_TIMEOUT: "30m" }).SESSION_IDLE_TIMEOUT).toBe(1800);
    expect(parseEnv({ ...base, SESSION_IDLE_TIMEOUT: "45" }).SESSION_IDLE_TIMEOUT).toBe(2700);
    expect(parseEnv({ ...base, SESSION_IDLE_TIMEOUT: "1d" }).SESSION_IDLE_TIMEOUT).toBe(86400);
    expect(() => parseEnv({ ...base, SESSION_IDLE_TIMEOUT: "soon" })).toThrow(
      /SESSION_IDLE_TIMEOUT/,
    );
    expect(() => parseEnv({ ...base, SESSION_IDLE_TIMEOUT: "10s" })).toThrow(
      /SESSION_IDLE_TIMEOUT/,
    );
  });
  it("PASSWORD_MIN_LENGTH: 6 by default, 6 to 64", () => {
    expect(parseEnv(base).PASSWORD_MIN_LENGTH).toBe(6);
    expect(parseEnv({ ...base, PASSWORD_MIN_LENGTH: "12" }).PASSWORD_MIN_LENGTH).toBe(12);
    for (const v of ["5", "65", "8.5", "eight"])
      expect(() => parseEnv({ ...base, PASSWORD_MIN_LENGTH: v })).toThrow(/PASSWORD_MIN_LENGTH/);
  });
});
