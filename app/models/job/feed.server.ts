/**
 * Public, read-only views of the approved active jobs for other sites: the widget's JSON feed
 * (GET /api/public/jobs, ADR 022), RSS 2.0, JSON Feed 1.1 and the sitemap. Same search and the
 * same visibility rule as the board (searchPublicJobs); absolute URLs come from PUBLIC_URL only.
 */
import type { Db } from "#db/client";
import { preview, stripMarkup } from "~/lib/format";
import { ValidationError } from "~/lib/errors";
import { QueryError, EMPLOYMENT_TYPE, boardSearch, parseJobListQuery } from "./job.schema";
import { allowanceOf, publicJobFields } from "./columns.server";
import {
  listPublicJobUrls,
  logoPath,
  searchPublicJobs,
  type JobFilters,
  type Job,
} from "./job.server";
import { JOB_TYPE_LABELS } from "~/lib/format";

export const FEED_DEFAULT_LIMIT = 5;
export const FEED_MAX_LIMIT = 50;
export const SYNDICATION_LIMIT = 50;
export const SYNDICATION_MAX_LIMIT = 100;

export interface FeedQuery {
  filters: JobFilters;
  limit: number;
}

/** Strict parameters of the public feeds: bad values are a 400 with a clear message. */
export function parseFeedQuery(
  params: URLSearchParams,
  opts: { defaultLimit: number; maxLimit: number },
): FeedQuery {
  try {
    const q = parseJobListQuery(params, { strict: true, maxLimit: opts.maxLimit });
    return {
      filters: {
        q: q.q,
        jobType: q.jobType,
        location: q.location,
        category: q.category,
        licence: q.licence,
      },
      limit: q.limit ?? opts.defaultLimit,
    };
  } catch (e) {
    if (e instanceof QueryError) throw new ValidationError(e.message);
    throw e;
  }
}

const abs = (base: string, path: string) => `${base.replace(/\/$/, "")}${path}`;

export const jobUrl = (base: string, id: string) => abs(base, `/jobs/${id}`);

/** /jobs with the same filters, absolute. */
export function seeAllUrl(base: string, f: JobFilters): string {
  return abs(
    base,
    `/jobs${boardSearch({ q: f.q ?? "", type: f.jobType ?? "", location: f.location ?? "", category: f.category ?? "", licence: f.licence ?? "" })}`,
  );
}

/** One job in the widget's contract: public fields only (the widget renders exactly this). */
export function toPublicFeedJob(row: Job, base: string) {
  const logo = logoPath(row.companyLogoFileId);
  return {
    id: row.id,
    title: row.title,
    company: { name: row.companyName, logoUrl: logo ? abs(base, logo) : null },
    location: row.location,
    jobType: row.jobType,
    categories: row.categories ?? [],
    postedAt: new Date(row.createdAt).toISOString(),
    /** ISO 8601 instant applications close, or null. */
    applicationDeadline: row.applicationDeadline
      ? new Date(row.applicationDeadline).toISOString()
      : null,
    url: jobUrl(base, row.id),
    ...publicJobFields(row),
  };
}

/** The widget feed's job. */
export type PublicFeedJob = ReturnType<typeof toPublicFeedJob>;

export interface PublicFeedResponse {
  jobs: PublicFeedJob[];
  total: number;
  seeAllUrl: string;
}

/** GET /api/public/jobs body. */
export async function publicFeed(
  db: Db,
  query: FeedQuery,
  base: string,
): Promise<PublicFeedResponse> {
  const r = await searchPublicJobs(db, query.filters, { offset: 0, limit: query.limit });
  return {
    jobs: r.rows.map((row) => toPublicFeedJob(row, base)),
    total: r.total,
    seeAllUrl: seeAllUrl(base, query.filters),
  };
}

// ─── RSS 2.0, JSON Feed 1.1, sitemap ────────────────────────────────────────────────────────────

const XML_BAD = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
/** Text safe inside XML elements and attributes. */
export function xmlEscape(s: string): string {
  return s
    .replace(XML_BAD, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export interface FeedMeta {
  base: string;
  collegeName: string;
}

const feedTitle = (m: FeedMeta) => `${m.collegeName} Runway — internships and jobs`;
const feedDescription = "Approved, active internships and jobs for our students and alumni.";

function summaryOf(row: Job): string {
  const facts = [
    row.companyName,
    row.location,
    JOB_TYPE_LABELS[row.jobType] ?? row.jobType,
    allowanceOf(row).allowance,
  ]
    .filter(Boolean)
    .join(" · ");
  const text = preview(stripMarkup(row.shortDescription), stripMarkup(row.description));
  return text ? `${facts} — ${text}` : facts;
}

/**
 * An RSS description: readers take it as HTML, so the plain text (markup stripped) is escaped for
 * HTML and then for XML — whatever the employer typed shows as text and never renders.
 */
const rssText = (plain: string) =>
  xmlEscape(
    plain.replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
    ),
  );

/** RSS 2.0 document of the given jobs (newest first or ranked, as searched). */
export function rssDocument(
  rows: Job[],
  meta: FeedMeta,
  selfUrl: string,
  filters: JobFilters,
): string {
  const items = rows
    .map((r) => {
      const url = jobUrl(meta.base, r.id);
      const cats = [...(r.categories ?? []), JOB_TYPE_LABELS[r.jobType] ?? r.jobType]
        .map((c) => `      <category>${xmlEscape(c)}</category>`)
        .concat(
          // Required licences as categories of their own domain, so readers can filter.
          (r.licences ?? []).map(
            (l) => `      <category domain="licence">${xmlEscape(l)}</category>`,
          ),
        )
        .join("\n");
      return `    <item>
      <title>${xmlEscape(`${r.title} — ${r.companyName}`)}</title>
      <link>${xmlEscape(url)}</link>
      <guid isPermaLink="true">${xmlEscape(url)}</guid>
      <pubDate>${new Date(r.createdAt).toUTCString()}</pubDate>
      <description>${rssText(summaryOf(r))}</description>
${cats}
    </item>`;
    })
    .join("\n");
  const last = rows.reduce((m, r) => Math.max(m, new Date(r.updatedAt).getTime()), 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlEscape(feedTitle(meta))}</title>
    <link>${xmlEscape(seeAllUrl(meta.base, filters))}</link>
    <description>${xmlEscape(feedDescription)}</description>
    <language>en</language>
    <atom:link href="${xmlEscape(selfUrl)}" rel="self" type="application/rss+xml"/>
${last ? `    <lastBuildDate>${new Date(last).toUTCString()}</lastBuildDate>\n` : ""}    <ttl>15</ttl>
${items}
  </channel>
</rss>
`;
}

/** JSON Feed 1.1 document of the given jobs. */
export function jsonFeedDocument(
  rows: Job[],
  meta: FeedMeta,
  selfUrl: string,
  filters: JobFilters,
) {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: feedTitle(meta),
    home_page_url: seeAllUrl(meta.base, filters),
    feed_url: selfUrl,
    description: feedDescription,
    language: "en",
    items: rows.map((r) => {
      const logo = logoPath(r.companyLogoFileId);
      return {
        id: jobUrl(meta.base, r.id),
        url: jobUrl(meta.base, r.id),
        title: `${r.title} — ${r.companyName}`,
        summary: summaryOf(r),
        content_text:
          [r.shortDescription, r.description].filter(Boolean).join("\n\n") || summaryOf(r),
        date_published: new Date(r.createdAt).toISOString(),
        date_modified: new Date(r.updatedAt).toISOString(),
        authors: [{ name: r.companyName }],
        tags: [...(r.categories ?? []), r.jobType],
        ...(logo ? { image: abs(meta.base, logo) } : {}),
        _runway: {
          jobType: r.jobType,
          location: r.location,
          company: r.companyName,
          ...publicJobFields(r),
        },
      };
    }),
  };
}

/** Jobs for RSS / JSON Feed (same search as the board). */
export async function syndicatedJobs(db: Db, q: FeedQuery): Promise<Job[]> {
  return (await searchPublicJobs(db, q.filters, { offset: 0, limit: q.limit })).rows;
}

/** sitemap.xml: the landing page, the board, 'Stay safe' and every public job page (newest 50 000). */
export async function sitemapDocument(db: Db, base: string): Promise<string> {
  const jobs = await listPublicJobUrls(db, 50_000 - 3);
  const url = (loc: string, lastmod?: Date, freq?: string) =>
    `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}${freq ? `<changefreq>${freq}</changefreq>` : ""}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${url(abs(base, "/"), undefined, "weekly")}
${url(abs(base, "/jobs"), undefined, "hourly")}
${url(abs(base, "/stay-safe"), undefined, "monthly")}
${jobs.map((j) => url(jobUrl(base, j.id), j.updated_at)).join("\n")}
</urlset>
`;
}

/**
 * schema.org JobPosting for a public job page (ADR 023): title, description, datePosted,
 * hiringOrganization, jobLocation (or TELECOMMUTE for remote jobs), employmentType from the job
 * type, and validThrough when the job has an application deadline (a page past it is not indexed).
 */
export function jobPostingJsonLd(row: Job, base: string) {
  const logo = logoPath(row.companyLogoFileId);
  const website = row.companyWebsite?.trim();
  const remote = !!row.location && /\b(remote|work from home|wfh)\b/i.test(row.location);
  const description =
    [row.shortDescription, row.description].filter(Boolean).join("\n\n") || row.title;
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: row.title,
    description,
    datePosted: new Date(row.createdAt).toISOString(),
    ...(row.applicationDeadline
      ? { validThrough: new Date(row.applicationDeadline).toISOString() }
      : {}),
    employmentType: EMPLOYMENT_TYPE[row.jobType] ?? "OTHER",
    url: jobUrl(base, row.id),
    identifier: { "@type": "PropertyValue", name: row.companyName, value: row.id },
    hiringOrganization: {
      "@type": "Organization",
      name: row.companyName,
      ...(website && /^https?:\/\//i.test(website) ? { sameAs: website } : {}),
      ...(logo ? { logo: abs(base, logo) } : {}),
    },
    ...(remote
      ? { jobLocationType: "TELECOMMUTE" }
      : row.location
        ? {
            jobLocation: {
              "@type": "Place",
              address: { "@type": "PostalAddress", addressLocality: row.location },
            },
          }
        : {}),
    ...(row.categories?.length ? { occupationalCategory: row.categories.join(", ") } : {}),
    ...baseSalaryJsonLd(row),
    ...aviationJsonLd(row),
  };
}

const SALARY_UNIT = { month: "MONTH", day: "DAY", hour: "HOUR" } as const;

/**
 * The allowance as JobPosting `baseSalary` (a MonetaryAmount with a QuantitativeValue per MONTH,
 * DAY or HOUR). An unpaid posting states 0 per month; a job that says nothing has no baseSalary.
 */
export function baseSalaryJsonLd(
  row: Pick<Job, "salaryAmount" | "salaryCurrency" | "salaryPeriod">,
) {
  const period = row.salaryPeriod;
  if (!period) return {};
  const unpaid = period === "unpaid";
  if (!unpaid && (row.salaryAmount === null || row.salaryAmount === undefined)) return {};
  return {
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: row.salaryCurrency || "PHP",
      value: {
        "@type": "QuantitativeValue",
        value: unpaid ? 0 : row.salaryAmount,
        unitText: unpaid ? "MONTH" : SALARY_UNIT[period],
      },
    },
  };
}

/**
 * The aviation fields in JobPosting terms (ADR 105), only those present:
 * `qualifications` — the licences and the medical class in words; `educationRequirements` — each
 * licence as an EducationalOccupationalCredential (credentialCategory "certificate" when its name
 * says certificate, else "license": CAAP licences and type ratings are licences);
 * `experienceRequirements` — the OJT hours as text ("N hours of on-the-job training"), never as
 * months of prior experience, which they are not; `workHours` — the shift or rotation.
 */
export function aviationJsonLd(row: Job) {
  const licences = row.licences ?? [];
  const qualifications = [
    licences.length ? `Licences or certificates: ${licences.join(", ")}` : null,
    row.medicalClass ? `Medical class: ${row.medicalClass}` : null,
  ].filter(Boolean);
  return {
    ...(qualifications.length ? { qualifications: qualifications.join(". ") } : {}),
    ...(licences.length
      ? {
          educationRequirements: licences.map((l) => ({
            "@type": "EducationalOccupationalCredential",
            name: l,
            credentialCategory: /certific/i.test(l) ? "certificate" : "license",
          })),
        }
      : {}),
    ...(row.ojtHours !== null && row.ojtHours !== undefined
      ? {
          experienceRequirements: `${row.ojtHours} ${row.ojtHours === 1 ? "hour" : "hours"} of on-the-job training (OJT)`,
        }
      : {}),
    ...(row.shift ? { workHours: row.shift } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
