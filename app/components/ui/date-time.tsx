/**
 * An instant for a person to read, on the college's clock with its zone ('30 Nov 2026, 17:00
 * GMT+8'): the same text on the server and in the browser, so nothing changes on hydration.
 */
import { formatDate, formatDateTime } from "~/lib/datetime";
import { useCollegeTimeZone } from "./use-time-zone";

export function DateTime({ iso, zone = true }: { iso: string; zone?: boolean }) {
  const timeZone = useCollegeTimeZone();
  return <time dateTime={iso}>{formatDateTime(iso, timeZone, { zone })}</time>;
}

/** The day an instant falls on, on the college's clock: '30 Nov 2026'. */
export function DateOnly({ iso }: { iso: string }) {
  const timeZone = useCollegeTimeZone();
  return <time dateTime={iso}>{formatDate(iso, timeZone)}</time>;
}
