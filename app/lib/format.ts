/** Isomorphic formatting helpers shared by screens and the widget. */
import type { JobType } from "#db/constants";

/** How many characters of a description a card shows. */
export const DESCRIPTION_PREVIEW = 120;

/** How each stored job type is shown: board, cards, feeds and the widget. */
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  internship: "Internship",
  ojt: "OJT",
  "part-time": "Part-time",
  "full-time": "Full-time",
  contract: "Contract",
};

/** Relative time: just now, minutes, hours, days (under 7), weeks (under 5), months. */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const d = typeof date === "string" ? new Date(date) : date;
  const s = Math.max(0, Math.floor((now.getTime() - d.getTime()) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (s < 60) return "just now";
  const m = Math.floor(s / 60);
  if (m < 60) return plural(m, "minute");
  const h = Math.floor(m / 60);
  if (h < 24) return plural(h, "hour");
  const days = Math.floor(h / 24);
  if (days < 7) return plural(days, "day");
  const w = Math.floor(days / 7);
  if (w < 5) return plural(w, "week");
  return plural(Math.max(1, Math.floor(days / 30)), "month");
}

/** The short description, else the first 120 characters of the description. */
export function preview(
  short: string | null | undefined,
  description: string | null | undefined,
): string {
  if (short && short.trim()) return short.trim();
  const d = (description ?? "").trim();
  return d.length > DESCRIPTION_PREVIEW ? `${d.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : d;
}

/**
 * Employer text as plain text for places that would render markup (an RSS description is HTML to
 * every reader): tags and comments dropped — an unclosed one at the end too — and white space
 * collapsed. What remains is text; the caller still escapes it for its format.
 */
export function stripMarkup(s: string | null | undefined): string {
  return (s ?? "")
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, " ")
    .replace(/<\/?[a-z!?][^>]*(?:>|$)/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}
