/**
 * The employer's computed trust signal (issue 18): 'domain-verified' when the work e-mail's domain
 * is the company website's domain (or one is a subdomain of the other), and never for a free-mail
 * provider's domain. Nobody types it: the employer model recomputes it whenever the address or the
 * company website changes. The free-mail list is the `email-providers` package (≈ 8 800 domains,
 * released monthly), plus the few providers of the Philippines it lacks.
 */
import { createRequire } from "node:module";

// Read with require: the Remix compiler's esbuild cannot parse import attributes (`with { type:
// "json" }`), and the server build leaves node_modules unbundled, where Node's ESM loader would
// demand them for a JSON import.
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

const sameOrSub = (a: string, b: string) => a === b || a.endsWith(`.${b}`);

/**
 * The trust signal: the work e-mail's domain and the company website's host are the same, or one is
 * a subdomain of the other (hr.pal.com.ph and pal.com.ph), and the domain is not free mail.
 */
export function isDomainVerified(
  email: string | null | undefined,
  website: string | null | undefined,
): boolean {
  const mail = emailDomain(email);
  const site = websiteDomain(website);
  if (!mail || !site || isFreeMailDomain(mail) || isFreeMailDomain(site)) return false;
  return sameOrSub(mail, site) || sameOrSub(site, mail);
}

/** Whether two addresses share a domain (an employer invites colleagues of its own domain only). */
export function sameEmailDomain(
  a: string | null | undefined,
  b: string | null | undefined,
): boolean {
  const x = emailDomain(a);
  return !!x && x === emailDomain(b);
}
