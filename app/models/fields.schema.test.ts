import { describe, expect, it } from "vitest";
import { z } from "zod";
import { nullableChoice, nullableText, optionalChoice, optionalText } from "./fields.schema";

describe("shared field rules", () => {
  it("optionalText trims, turns blank, null and missing into null, and applies its limit", () => {
    const s = z.object({ a: optionalText(5, "A must be at most 5 characters") });
    expect(s.parse({ a: "  hi  " })).toEqual({ a: "hi" });
    expect(s.parse({ a: "   " })).toEqual({ a: null });
    expect(s.parse({ a: null })).toEqual({ a: null });
    expect(s.parse({})).toEqual({ a: null });
    expect(s.safeParse({ a: "toolong" }).error?.issues[0]?.message).toBe(
      "A must be at most 5 characters",
    );
  });

  it("nullableText and nullableChoice leave a missing key missing in a partial patch", () => {
    const s = z.object({ a: nullableText(5), y: nullableChoice(["1st", "2nd"], "bad") }).partial();
    expect(s.parse({})).toEqual({});
    expect(s.parse({ a: "", y: "" })).toEqual({ a: null, y: null });
    expect(s.parse({ y: " 2nd " })).toEqual({ y: "2nd" });
  });

  it("optionalChoice accepts only its values, blank meaning none", () => {
    const s = z.object({ y: optionalChoice(["4th Year", "Graduate"], "Please choose") });
    expect(s.parse({ y: "Graduate" })).toEqual({ y: "Graduate" });
    expect(s.parse({ y: "" })).toEqual({ y: null });
    expect(s.parse({})).toEqual({ y: null });
    expect(s.safeParse({ y: "1st Year" }).error?.issues[0]?.message).toBe("Please choose");
  });
});
