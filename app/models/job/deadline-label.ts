/**
 * An application deadline in words. Apart from job.board.ts because it brings the date formatting
 * (app/lib/datetime.ts): the board and job page get it written by the server (card.server.ts), so
 * their JavaScript carries none of it. job.rules.ts re-exports it.
 */
import { formatDate, formatDateTime } from "~/lib/datetime";
import { DAY_MS, toTime } from "./job.board";

/** Whether a deadline is a whole day (how parseDeadline stores a date alone). */
const isWholeDay = (t: number) => new Date(t).toISOString().endsWith("T12:00:00.000Z");

/**
 * The deadline in words: '30 Nov 2026' for a whole day, else the date and time on the college's
 * clock with its zone ('30 Nov 2026, 17:00 GMT+8').
 */
export function deadlineLabel(d: Date | string, timeZone: string): string {
  const t = toTime(d);
  if (isWholeDay(t)) return formatDate(t - DAY_MS, "UTC");
  return formatDateTime(t, timeZone);
}
