/** The one date-time formatter: the house format on the college's clock, zones, midnight edges. */
import { describe, expect, it } from "vitest";
import {
  dayKey,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMonth,
  isTimeZone,
} from "./datetime";

const MANILA = "Asia/Manila";

describe("datetime", () => {
  it("writes an instant on the college's clock with its zone", () => {
    expect(formatDateTime("2026-11-30T09:00:00Z", MANILA)).toBe("30 Nov 2026, 17:00 GMT+8");
    expect(formatDateTime("2026-11-30T09:00:00Z", "UTC")).toBe("30 Nov 2026, 09:00 UTC");
    expect(formatDateTime(Date.parse("2026-11-30T09:05:00Z"), MANILA, { zone: false })).toBe(
      "30 Nov 2026, 17:05",
    );
  });

  it("keeps Manila at GMT+8 all year (no daylight saving), where New York moves", () => {
    expect(formatDateTime("2026-01-15T04:30:00Z", MANILA)).toBe("15 Jan 2026, 12:30 GMT+8");
    expect(formatDateTime("2026-07-15T04:30:00Z", MANILA)).toBe("15 Jul 2026, 12:30 GMT+8");
    const ny = (at: string) => formatDateTime(at, "America/New_York").split(" ").pop();
    expect(ny("2026-01-15T12:00:00Z")).not.toBe(ny("2026-07-15T12:00:00Z"));
  });

  it("puts an instant near midnight on the right day of the college's clock", () => {
    // 15:59:59 UTC is 23:59:59 in Manila; 16:00 UTC is already the next day there.
    expect(formatDateTime("2026-11-30T15:59:59Z", MANILA)).toBe("30 Nov 2026, 23:59 GMT+8");
    expect(formatDateTime("2026-11-30T16:00:00Z", MANILA)).toBe("1 Dec 2026, 00:00 GMT+8");
    expect(formatDate("2026-11-30T16:00:00Z", MANILA)).toBe("1 Dec 2026");
    expect(formatDate("2026-11-30T16:00:00Z", "UTC")).toBe("30 Nov 2026");
    expect(dayKey("2026-12-31T16:00:00Z", MANILA)).toBe("2027-01-01");
    expect(dayKey("2026-12-31T15:59:59Z", MANILA)).toBe("2026-12-31");
    // Midnight is 00:00, never 24:00.
    expect(formatDateTime("2026-03-01T16:00:00Z", MANILA)).toBe("2 Mar 2026, 00:00 GMT+8");
  });

  it("writes calendar dates and months without any clock", () => {
    expect(formatCalendarDate("2026-11-30")).toBe("30 Nov 2026");
    expect(formatCalendarDate("2026-11-30", true)).toBe("Mon, 30 Nov 2026");
    expect(formatCalendarDate("2026-01-01")).toBe("1 Jan 2026");
    expect(formatCalendarDate("not a date")).toBe("not a date");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });

  it("knows a time zone from a misspelt one", () => {
    expect(isTimeZone(MANILA)).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Asia/Manilla")).toBe(false);
  });
});
