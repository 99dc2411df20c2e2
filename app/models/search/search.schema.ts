/** Searches shorter than this are not counted in the analytics. */
export const SEARCH_ANALYTICS_MIN = 2;
/** Isomorphic search-analytics rules: which terms count, and how they are written. */

export const TERM_MAX = 200;

/**
 * The term as analytics store it: trimmed, inner whitespace collapsed, lowercased, or null when
 * shorter than 2 characters or not text at all.
 */
export function analyticsTerm(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const t = raw.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
  if ([...t].length < SEARCH_ANALYTICS_MIN) return null;
  return [...t].slice(0, TERM_MAX).join("");
}
