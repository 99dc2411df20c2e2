import { describe, expect, it } from "vitest";
import { preview, relativeTime, stripMarkup } from "./format";

describe("relativeTime (the spec's wording)", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [10_000, "just now"],
    [60_000, "1 minute ago"],
    [5 * 60_000, "5 minutes ago"],
    [3 * 3600_000, "3 hours ago"],
    [1 * 86400_000, "1 day ago"],
    [6 * 86400_000, "6 days ago"],
    [7 * 86400_000, "1 week ago"],
    [34 * 86400_000, "4 weeks ago"],
    [35 * 86400_000, "1 month ago"],
    [95 * 86400_000, "3 months ago"],
  ])("%d ms → %s", (ms, text) => expect(relativeTime(ago(ms), now)).toBe(text));
});

describe("stripMarkup", () => {
  it("keeps the text and drops tags, comments, scripts and an unclosed tag at the end", () => {
    expect(
      stripMarkup("<p>Night <b>shifts</b></p>\n<script>x()</script><!-- c -->& more <img src=x"),
    ).toBe("Night shifts & more");
    expect(stripMarkup("A < B and 3 > 2")).toBe("A < B and 3 > 2");
    expect(stripMarkup(null)).toBe("");
  });
});

describe("preview", () => {
  it("prefers the short description", () => expect(preview(" Short ", "Long text")).toBe("Short"));
  it("cuts the description at 120 characters", () => {
    const d = "x".repeat(200);
    expect(preview(null, d)).toBe(`${"x".repeat(120)}…`);
    expect(preview("", "tiny")).toBe("tiny");
  });
});
