/**
 * The merge rule for AeroJob's addresses (ADR 115). AeroJob's self-registration normalised Gmail
 * addresses (dots and `+tags` removed) while admin-created accounts kept them, and its unique index
 * did not stop case variants written outside the model: one person can hold several accounts.
 * Runway keeps one plain address per account, so addresses with the same key are one person.
 * Validation itself is Runway's (`isPlainEmail` in models/user/email.ts); this module only says
 * which valid addresses are the same mailbox.
 */

/** Providers that ignore dots and `+tags` in the local part. */
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox key of a normalised address: lower case everywhere; for Gmail also without dots and
 * `+tag` (and googlemail.com as gmail.com); for the domains in `plusTagDomains` (the college's,
 * where sub-addresses reach the same mailbox) without the `+tag`.
 */
export function mailboxKey(addr: string, plusTagDomains: ReadonlySet<string> = new Set()): string {
  const a = addr.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  if (at <= 0) return a;
  let local = a.slice(0, at);
  let domain = a.slice(at + 1);
  if (GMAIL.has(domain)) {
    domain = "gmail.com";
    local = local.split("+")[0].replace(/\./g, "");
  } else if (plusTagDomains.has(domain)) {
    local = local.split("+")[0];
  }
  return `${local}@${domain}`;
}
