/**
 * The company page (/companies/{id}) and the "About the company" part of a job page: what students,
 * alumni and guests may read of a company — its public fields and its open jobs (approved, active,
 * not hidden, not past their deadline: the board's visibility rule). A blocked company is not
 * found for anyone but an administrator, like its jobs.
 *
 * Built to grow: `CompanyPage` is the page's data; a later part (e.g. an average host rating) adds
 * its own field here and its own section on the screen without changing the others.
 */
import { eq } from "drizzle-orm";
import { companies } from "#db/schema";
import { NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import type { Ctx } from "../context";
import { listOpenJobsOfCompany, safeWebsite, type Job } from "../job/job.server";
import { COMPANY_MSG } from "./company.schema";
import { logoUrlOf } from "./company.server";

/** How many open jobs the company page lists (newest first). */
export const COMPANY_PAGE_JOBS = 50;

/** A company as students see it. */
export interface PublicCompany {
  id: string;
  name: string;
  location: string | null;
  /** A safe absolute http(s) URL, or null. */
  website: string | null;
  description: string | null;
  logoUrl: string | null;
}

/** The company page's data. */
export interface CompanyPage {
  company: PublicCompany;
  /** Its open jobs, newest first (at most COMPANY_PAGE_JOBS). */
  jobs: Job[];
}

/** The company as students may see it, or NotFound (unknown, malformed id, or blocked). */
export async function getPublicCompany(ctx: Ctx, id: string): Promise<PublicCompany> {
  if (!isUuid(id)) throw new NotFound(COMPANY_MSG.notFound);
  const [c] = await ctx.db
    .select({
      id: companies.id,
      name: companies.name,
      location: companies.location,
      website: companies.website,
      description: companies.description,
      logoFileId: companies.logoFileId,
      blockedAt: companies.blockedAt,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!c || (c.blockedAt && ctx.actor?.role !== "admin")) throw new NotFound(COMPANY_MSG.notFound);
  return {
    id: c.id,
    name: c.name,
    location: c.location,
    website: safeWebsite(c.website),
    description: c.description?.trim() || null,
    logoUrl: logoUrlOf(c.logoFileId),
  };
}

/** /companies/{id}: the company and its open jobs. */
export async function loadCompanyPage(ctx: Ctx, id: string): Promise<CompanyPage> {
  const company = await getPublicCompany(ctx, id);
  const jobs = await listOpenJobsOfCompany(ctx.db, company.id, COMPANY_PAGE_JOBS);
  return { company, jobs };
}
