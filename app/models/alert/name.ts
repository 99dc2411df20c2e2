/**
 * An alert's name: its limit and the name a saved search suggests. Its own module because the job
 * board needs only these two, and shares its chunk with nothing else of the alerts (the board's JS
 * budget); alert.rules.ts re-exports both.
 */
export const ALERT_NAME_MAX = 80;

/** A default name for a saved search: its words and filters, shortened to fit. */
export function suggestAlertName(f: {
  q?: string | null;
  jobType?: string | null;
  location?: string | null;
  category?: string | null;
}): string {
  const parts = [f.q, f.jobType, f.location, f.category]
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p));
  const name = parts.length ? parts.join(" · ") : "All new jobs";
  return name.length > ALERT_NAME_MAX ? `${name.slice(0, ALERT_NAME_MAX - 1).trimEnd()}…` : name;
}
