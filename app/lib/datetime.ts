/**
 * The one way Runway writes a date or a time for a person to read — screens, mails, PDFs, CSV
 * columns a person reads and the CLI — on the college's clock (`COLLEGE_TIMEZONE`, handed in by
 * the caller: `publicConfig().timeZone` on screens, `useCollegeTimeZone()` in components, the OJT
 * config in models). Isomorphic and dependency-free (the widget and the service worker may use it).
 *
 * The house format (docs/architecture.md, "Dates and times"):
 * - an instant: `30 Nov 2026, 17:00 GMT+8` — day, short month, year, 24-hour clock, and the zone
 *   where the time matters (deadlines, interviews, OJT sign-offs, audit lines, mails);
 * - a day: `30 Nov 2026` (`Mon, 30 Nov 2026` with the weekday);
 * - a month: `November 2026`.
 * Machine values (ISO 8601 in `<time dateTime>`, APIs, CSV timestamps, file names) stay ISO/UTC.
 *
 * Nothing else calls `toLocaleDateString`, `toLocaleTimeString`, `Intl.DateTimeFormat` or a
 * date's `toLocaleString`: tests/lint/datetime.test.ts fails when one appears outside this file.
 */

const LOCALE = "en-GB";
const DAY = { day: "numeric", month: "short", year: "numeric" } as const;

type Instant = Date | string | number;

/** The named parts of an instant on a clock. */
function partsOf(d: Instant, timeZone: string, opts: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat(LOCALE, { ...opts, timeZone }).formatToParts(new Date(d));
  return (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? "";
}

/** Whether the runtime knows the zone (an IANA name such as `Asia/Manila`, or `UTC`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An instant on the college's clock: `30 Nov 2026, 17:00 GMT+8`; `{ zone: false }` leaves the zone
 * out where the page already says it once.
 */
export function formatDateTime(
  d: Instant,
  timeZone: string,
  { zone = true }: { zone?: boolean } = {},
): string {
  const get = partsOf(d, timeZone, {
    ...DAY,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: zone ? "short" : undefined,
  });
  return `${get("day")} ${get("month")} ${get("year")}, ${get("hour")}:${get("minute")}${zone ? ` ${get("timeZoneName")}` : ""}`;
}

/** The day an instant falls on, on the college's clock: `30 Nov 2026`. */
export function formatDate(d: Instant, timeZone: string): string {
  const get = partsOf(d, timeZone, DAY);
  return `${get("day")} ${get("month")} ${get("year")}`;
}

/** The day an instant falls on, on a clock, as `YYYY-MM-DD` (what "today" is for the college). */
export function dayKey(d: Instant, timeZone: string): string {
  const get = partsOf(d, timeZone, { year: "numeric", month: "2-digit", day: "2-digit" });
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/**
 * A calendar date (`YYYY-MM-DD`, no clock involved: an OJT day, a start date) in the house words:
 * `30 Nov 2026`, or `Mon, 30 Nov 2026` with the weekday. Anything else is returned as it is.
 */
export function formatCalendarDate(iso: string, weekday = false): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(Date.parse(`${iso}T00:00:00Z`))) return iso;
  const get = partsOf(`${iso}T00:00:00Z`, "UTC", {
    ...DAY,
    weekday: weekday ? "short" : undefined,
  });
  const day = `${get("day")} ${get("month")} ${get("year")}`;
  return weekday ? `${get("weekday")}, ${day}` : day;
}

/** A calendar month (`YYYY-MM`) in words: `November 2026`. */
export function formatMonth(month: string): string {
  const get = partsOf(`${month}-01T00:00:00Z`, "UTC", { month: "long", year: "numeric" });
  return `${get("month")} ${get("year")}`;
}
