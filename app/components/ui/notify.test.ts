import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DURATIONS, MAX_NOTICES, getNotices, notify } from "./notify";

const messages = () => getNotices().map((n) => n.message);

describe("notifications (business constants)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("window", {}); // timers only run in the browser
    notify.dismiss();
  });
  afterEach(() => {
    notify.dismiss();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("uses the spec's durations: 4000 ms plain and error, 2000 ms success, loading without limit", () => {
    expect(DURATIONS).toMatchObject({ blank: 4000, error: 4000, success: 2000, loading: null });
    notify("plain");
    notify.error("error");
    notify.success("success");
    notify.loading("loading");
    vi.advanceTimersByTime(1999);
    expect(messages()).toEqual(["plain", "error", "success", "loading"]);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(["plain", "error", "loading"]);
    vi.advanceTimersByTime(2000);
    expect(messages()).toEqual(["loading"]);
    vi.advanceTimersByTime(600_000);
    expect(messages()).toEqual(["loading"]);
  });

  it("turns a loading notice into a result that then times out", () => {
    const id = notify.loading("Saving…");
    notify.success("Saved", { id });
    expect(getNotices()).toHaveLength(1);
    expect(getNotices()[0]).toMatchObject({ kind: "success", message: "Saved" });
    vi.advanceTimersByTime(2000);
    expect(getNotices()).toHaveLength(0);
  });

  it("keeps at most 20 at once, dropping the oldest", () => {
    for (let i = 1; i <= 25; i++) notify.loading(`n${i}`);
    expect(MAX_NOTICES).toBe(20);
    expect(messages()).toHaveLength(20);
    expect(messages()[0]).toBe("n6");
    expect(messages().at(-1)).toBe("n25");
  });

  it("honours a custom duration and manual dismissal", () => {
    notify("custom", { duration: 500 });
    const id = notify.error("sticky", { duration: 10_000 });
    vi.advanceTimersByTime(500);
    expect(messages()).toEqual(["sticky"]);
    notify.dismiss(id);
    expect(messages()).toEqual([]);
  });
});
