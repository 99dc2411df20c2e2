/**
 * Where Apply Now goes and the allowance in words: server-side rules (loaders, feeds, /api) kept
 * out of job.board.ts so the board's browser bundle does not carry them; screens get the results.
 */
import type { SalaryPeriod } from "#db/constants";

/** Where Apply Now goes: the apply link, else a mail to the apply address, else the company website. */
export type ApplyTarget =
  | { kind: "url"; href: string }
  | { kind: "email"; href: string; address: string }
  | { kind: "website"; href: string };

/**
 * Apply Now's destination for a job, or null when it has none (the page then shows written
 * instructions instead of the button). `website` must already be a safe http(s) URL or null; the
 * apply link is checked again here (http and https only), so no stored value becomes a script URL.
 */
export function applyTargetOf(job: {
  title: string;
  applyUrl?: string | null;
  applyEmail?: string | null;
  website?: string | null;
}): ApplyTarget | null {
  const url = job.applyUrl?.trim();
  if (url && /^https?:\/\/\S+$/i.test(url)) return { kind: "url", href: url };
  const email = job.applyEmail?.trim();
  if (email && /^[^\s@]+@[^\s@]+$/.test(email))
    return {
      kind: "email",
      address: email,
      href: `mailto:${email}?subject=${encodeURIComponent(job.title)}`,
    };
  if (job.website) return { kind: "website", href: job.website };
  return null;
}

const PERIOD_WORDS: Record<Exclude<SalaryPeriod, "unpaid">, string> = {
  month: "a month",
  day: "a day",
  hour: "an hour",
};

/** A job's allowance or salary as stored: amount in whole units per period, or "unpaid". */
export interface Allowance {
  salaryAmount?: number | null;
  salaryCurrency?: string | null;
  salaryPeriod?: SalaryPeriod | null;
}

/** The allowance in words — "PHP 15,000 a month", "Unpaid" — or null when the job does not say. */
export function allowanceLabel(a: Allowance): string | null {
  if (a.salaryPeriod === "unpaid") return "Unpaid";
  if (!a.salaryPeriod || a.salaryAmount === null || a.salaryAmount === undefined) return null;
  const amount = a.salaryAmount.toLocaleString("en-US", { maximumFractionDigits: 0 });
  return `${a.salaryCurrency || "PHP"} ${amount} ${PERIOD_WORDS[a.salaryPeriod]}`;
}
