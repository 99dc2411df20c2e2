/**
 * Times people read, on the college's clock. Its own module (not format.ts) so that the pages that
 * use it — OJT, the survey screen's device notices, the offline notice — do not change how the job
 * board's code is split into files.
 */

/**
 * A date and time in words on a given clock (the college's, for OJT): '30 Nov 2026, 17:00 GMT+8'
 * — the house format of `utcDateTimeLabel` with the zone's own offset.
 */
export function zonedDateTimeLabel(d: Date | string | number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
    timeZoneName: "short",
  }).formatToParts(new Date(d));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("day")} ${get("month")} ${get("year")}, ${get("hour")}:${get("minute")} ${get("timeZoneName")}`;
}
