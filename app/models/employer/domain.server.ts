/**
 * The employer's computed trust signal: 'domain-verified' when the work e-mail and the
 * company website have the same registrable domain under the Public Suffix List (`tldts`, with the
 * list's private section, so `github.io` or `blogspot.com` count as the suffixes they are), and never
 * for a free-mail provider's domain or a bare public suffix. Nobody types it: the employer model recomputes it whenever the address or the
 * company website changes. The free-mail list is the `email-providers` package (≈ 8 800 domains,
 * released monthly), plus the few providers of the Philippines it lacks.
 */
import { createRequire } from "node:module";
import { parse } from "tldts";

// Read with require: a JSON import needs `with { type: "json" }` in Node's ESM loader (the built
// server keeps node_modules external), which the Remix classic compiler cannot parse.
const freeMailList = createRequire(import.meta.url)("email-providers/all.json") as string[];

const EXTRA_FREE_MAIL = [
  "yahoo.com.ph",
  "ymail.com",
  "rocketmail.com",
  "gmail.com.ph",
  "proton.me",
];

const FREE_MAIL: ReadonlySet<string> = new Set(
  [...(freeMailList as string[]), ...EXTRA_FREE_MAIL].map((d) => d.toLowerCase()),
);

/** The domain of an address, lower-case, or null when it has none. */
export function emailDomain(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf("@") ?? -1;
  if (!email || at < 1) return null;
  const d = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return d.includes(".") ? d : null;
}

/** The host of a company website (`www.` dropped), lower-case, or null when it is not a web address. */
export function websiteDomain(website: string | null | undefined): string | null {
  const s = website?.trim();
  if (!s) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    const host = u.hostname
      .toLowerCase()
      .replace(/\.$/, "")
      .replace(/^www\./, "");
    return host.includes(".") ? host : null;
  } catch {
    return null;
  }
}

/** Whether a domain (or the domain it is a subdomain of) belongs to a free e-mail provider. */
export function isFreeMailDomain(domain: string | null | undefined): boolean {
  if (!domain) return false;
  const parts = domain.toLowerCase().split(".");
  for (let i = 0; i < parts.length - 1; i++)
    if (FREE_MAIL.has(parts.slice(i).join("."))) return true;
  return false;
}

/** Whether an address is at a free e-mail provider. */
export const isFreeMailAddress = (email: string | null | undefined) =>
  isFreeMailDomain(emailDomain(email));

/**
 * The registrable domain of a host (`careers.pal.com.ph` → `pal.com.ph`, `foo.github.io` →
 * `foo.github.io`), or null for a public suffix itself (`com.ph`, `github.io`), an IP address or a
 * host the list cannot place. "One is a subdomain of the other" is not enough: a mailbox at a hosting
 * provider's own domain would then vouch for every site hosted under it.
 */
export function registrableDomain(host: string | null | undefined): string | null {
  if (!host) return null;
  const p = parse(host, { allowPrivateDomains: true });
  if (p.isIp || !p.domain || !p.publicSuffix || p.domain === p.publicSuffix) return null;
  return p.domain.toLowerCase();
}

/**
 * The trust signal: the work e-mail's domain and the company website's host have the same
 * registrable domain (hr.pal.com.ph and www.pal.com.ph), and neither is free mail.
 */
export function isDomainVerified(
  email: string | null | undefined,
  website: string | null | undefined,
): boolean {
  const mail = emailDomain(email);
  const site = websiteDomain(website);
  if (!mail || !site || isFreeMailDomain(mail) || isFreeMailDomain(site)) return false;
  const a = registrableDomain(mail);
  return !!a && a === registrableDomain(site);
}

/** Whether two addresses share a domain (an employer invites colleagues of its own domain only). */
export function sameEmailDomain(
  a: string | null | undefined,
  b: string | null | undefined,
): boolean {
  const x = emailDomain(a);
  return !!x && x === emailDomain(b);
}
