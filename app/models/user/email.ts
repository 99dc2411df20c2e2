/**
 * What Runway accepts as an e-mail address: one plain `local@domain`, after trim and lower-case.
 * No display names, angle brackets, lists, quotes, comments, whitespace or control characters — so
 * an address can never smuggle a second recipient or header into the mail it receives. Isomorphic
 * (forms, /api, CLI, the outbox) and dependency-free.
 */

/** Letters, digits and `. _ % + -`; no leading, trailing or doubled dot. */
const LOCAL = /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*$/;
/** DNS labels of letters, digits and inner hyphens; a top-level label of at least two letters. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Trimmed and lower-cased: the one stored form of an address. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** True only for a single plain address already in normal form (see `normalizeEmail`). */
export function isPlainEmail(addr: string): boolean {
  if (addr.length > 254) return false;
  const at = addr.indexOf("@");
  if (at <= 0 || at !== addr.lastIndexOf("@")) return false;
  const local = addr.slice(0, at);
  const domain = addr.slice(at + 1);
  return local.length <= 64 && domain.length <= 253 && LOCAL.test(local) && DOMAIN.test(domain);
}

/** The domain of a plain address (callers check `isPlainEmail` first). */
export function emailDomain(addr: string): string {
  return addr.slice(addr.indexOf("@") + 1);
}

/**
 * The mailbox an address delivers to: the normal form without the local part's `+tag`
 * (`ada+1@college.edu` → `ada@college.edu`). Subaddressing reaches the same inbox at the college's
 * mail host and at every large provider, so one mailbox is one person: accounts, resend limits and
 * the counts of reports and searches go by this key. The database holds the same rule
 * (`runway_mailbox()`, migration 0017) in its unique indexes.
 */
export function mailboxOf(raw: string): string {
  const addr = normalizeEmail(raw);
  const at = addr.lastIndexOf("@");
  if (at <= 0) return addr;
  const plus = addr.indexOf("+");
  return plus >= 0 && plus < at ? addr.slice(0, plus) + addr.slice(at) : addr;
}
