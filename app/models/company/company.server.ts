/**
 * Companies: list with search, jobs count, sorting and paging; get; create;
 * update; delete (refused while the company has jobs — the FK is ON DELETE RESTRICT); logo set and
 * replace. Writes are admin-only here too (defence in depth behind the route guards) and audited.
 */
import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { companies, files, jobs } from "#db/schema";
import { audit, diff } from "../audit/audit.server";
import { containsFolded } from "../search/match.server";
import { type Actor, type Ctx, requireAdmin, requireEmployer } from "../context";
import { requireCompanyTrustee } from "../employer/join.server";
import { Conflict, isForeignKeyViolation, NotFound, ValidationError } from "~/lib/errors";
import { deleteOrphanLogo, storeImage } from "../file/file.server";
import {
  COMPANY_MSG,
  logoFileIdFromUrl,
  type CompanyInput,
  type CompanyPatch,
  type CompanyRecord,
} from "./company.schema";
import { isUuid } from "~/lib/ids";
import { recomputeDomainSignal } from "../user/writes.server";
import { findCompanyNameClash, lockCompanyNames } from "./names.server";

export type CompanyRow = typeof companies.$inferSelect;

/** The URL a stored logo is served from, or null. */
export const logoUrlOf = (fileId: string | null | undefined) =>
  fileId ? `/files/${fileId}` : null;

/** The fields an admin edits: the audit log's before and after. */
const auditable = (c: CompanyRow) => ({
  name: c.name,
  location: c.location,
  website: c.website,
  email: c.email,
  phone: c.phone,
  description: c.description,
  logoFileId: c.logoFileId,
});

/** The public shape of a company (`_id`, `logoUrl`, ISO timestamps); `jobsCount` when known. */
export function serializeCompany(c: CompanyRow, jobsCount?: number): CompanyRecord {
  const { logoFileId, ...fields } = auditable(c);
  return {
    _id: c.id,
    id: c.id,
    ...fields,
    logoUrl: logoUrlOf(logoFileId),
    // Only admins ever see a blocked company (listCompanies/getCompany hide it from
    // others); the key is present only then, so the public shape is unchanged.
    ...(c.blockedAt ? { isBlocked: true } : {}),
    ...(jobsCount === undefined ? {} : { jobsCount }),
    legacyId: c.legacyId ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export const COMPANY_SORTS = ["name", "location", "jobs", "createdAt"] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export interface CompanyQuery {
  q?: string | null;
  sort?: string | null;
  dir?: "asc" | "desc" | null;
  /** 1-based; paging applies only when `size` is given. */
  page?: number;
  size?: number;
  /** An extra condition on companies (the OJT agreement filter of /admin/companies). */
  where?: SQL;
}

// Written out with explicit qualifiers: drizzle drops table names in single-table selects, and an
// unqualified "id" inside the subquery would mean jobs.id.
const jobsCountSql = sql<number>`(select count(*)::int from "jobs" as "j" where "j"."company_id" = "companies"."id")`;

/** Case- and accent-insensitive substring search over name, location, e-mail, website and phone. */
function searchCondition(q: string | null | undefined): SQL | undefined {
  const term = (q ?? "").trim().slice(0, 200);
  if (!term) return undefined;
  const like = (col: AnyColumn) => containsFolded(sql`coalesce(${col}, '')`, term);
  return sql`(${like(companies.name)} or ${like(companies.location)} or ${like(companies.email)} or ${like(
    companies.website,
  )} or ${like(companies.phone)})`;
}

/** A page of companies with their jobs count, plus the total matching the search. */
export async function listCompanies(
  ctx: Ctx,
  query: CompanyQuery = {},
): Promise<{ companies: CompanyRecord[]; total: number }> {
  // A blocked company is in no public company data; admins still see it, marked.
  const where = and(
    searchCondition(query.q),
    ctx.actor?.role === "admin" ? undefined : sql`${companies.blockedAt} is null`,
    query.where,
  );
  const sort = (COMPANY_SORTS as readonly string[]).includes(query.sort ?? "")
    ? (query.sort as CompanySort)
    : "name";
  const dirFn =
    (query.dir ?? (sort === "createdAt" || sort === "jobs" ? "desc" : "asc")) === "desc"
      ? desc
      : asc;
  // Jobs per company for the jobs sort: one grouped pass over jobs, not one count per company.
  const jobCounts = ctx.db
    .select({ companyId: jobs.companyId, n: sql<number>`count(*)::int`.as("n") })
    .from(jobs)
    .groupBy(jobs.companyId)
    .as("jc");
  const key =
    sort === "jobs"
      ? sql`coalesce(${jobCounts.n}, 0)`
      : sort === "location"
        ? sql`lower(${companies.location})`
        : sort === "createdAt"
          ? companies.createdAt
          : sql`lower(${companies.name})`;
  const size = query.size && query.size > 0 ? Math.min(query.size, 500) : undefined;
  const page = Math.max(1, query.page ?? 1);
  // Deferred join: the page's ids are found over narrow rows (the name sort reads its index), and
  // the full rows and their job counts are computed for those ids only — a deep page costs about
  // what the first does.
  const narrow = ctx.db
    .select({ id: companies.id, key: sql`${key}`.as("sort_key") })
    .from(companies)
    .$dynamic();
  const ids = (
    sort === "jobs" ? narrow.leftJoin(jobCounts, eq(jobCounts.companyId, companies.id)) : narrow
  )
    .where(where)
    .orderBy(dirFn(key), asc(companies.id))
    .limit(size ?? 10_000)
    .offset(size ? (page - 1) * size : 0)
    .as("page_ids");
  const rowsQuery = ctx.db
    .select({ company: companies, jobsCount: jobsCountSql })
    .from(ids)
    .innerJoin(companies, eq(companies.id, ids.id))
    .orderBy(dirFn(ids.key), asc(companies.id));
  const [rows, [{ total }]] = await Promise.all([
    rowsQuery,
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  return {
    companies: rows.map((r) => serializeCompany(r.company, Number(r.jobsCount))),
    total: Number(total),
  };
}

async function findRow(db: Db, id: string): Promise<CompanyRow | null> {
  if (!isUuid(id)) return null;
  const [c] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return c ?? null;
}

/** One company with its jobs count; NotFound (404) for an unknown or malformed id. */
export async function getCompany(ctx: Ctx, id: string): Promise<CompanyRecord> {
  if (!isUuid(id)) throw new NotFound(COMPANY_MSG.notFound);
  const [row] = await ctx.db
    .select({ company: companies, jobsCount: jobsCountSql })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!row || (row.company.blockedAt && ctx.actor?.role !== "admin"))
    throw new NotFound(COMPANY_MSG.notFound);
  return serializeCompany(row.company, Number(row.jobsCount));
}

/** 409 naming the existing company when `name` is the same as or looks like it. */
export async function assertNameFree(db: DbOrTx, name: string, exceptId?: string) {
  const clash = await findCompanyNameClash(db, name, exceptId);
  if (clash) {
    const msg = COMPANY_MSG.nameTaken(clash.name);
    throw new Conflict(msg, { name: [msg] }, { companyId: clash.id });
  }
}

/** Resolves a `logoUrl` to a stored logo file id: undefined = unchanged, null = cleared. */
async function resolveLogo(
  db: Db,
  logoUrl: string | null | undefined,
): Promise<string | null | undefined> {
  if (logoUrl === undefined) return undefined;
  if (logoUrl === null) return null;
  const id = logoFileIdFromUrl(logoUrl);
  if (!id)
    throw new ValidationError(COMPANY_MSG.logoInvalid, { logoUrl: [COMPANY_MSG.logoInvalid] });
  const [f] = await db.select({ kind: files.kind }).from(files).where(eq(files.id, id)).limit(1);
  if (!f || f.kind !== "logo")
    throw new ValidationError(COMPANY_MSG.logoInvalid, { logoUrl: [COMPANY_MSG.logoInvalid] });
  return id;
}

/** Removes a replaced logo file when nothing references it any more (uploads are immutable). */
async function dropOrphanLogo(db: Db, fileId: string | null | undefined) {
  if (!fileId) return;
  await deleteOrphanLogo(db, fileId);
}

/** Creates a company (admin); 409 when the name is taken, 400 for a logo that is not an uploaded one. */
export async function addCompany(ctx: Ctx, input: CompanyInput): Promise<CompanyRecord> {
  const actor = requireAdmin(ctx);
  await assertNameFree(ctx.db, input.name);
  const logoFileId = await resolveLogo(ctx.db, input.logoUrl);
  const row = await ctx.db.transaction(async (tx) => {
    // Checked again under the lock: two look-alikes added at once cannot both pass.
    await lockCompanyNames(tx);
    await assertNameFree(tx, input.name);
    const [c] = await tx
      .insert(companies)
      .values({
        name: input.name,
        location: input.location ?? null,
        website: input.website ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        description: input.description ?? null,
        logoFileId: logoFileId ?? null,
      })
      .returning();
    await audit(tx, actor, {
      action: "company.create",
      entityType: "company",
      entityId: c.id,
      after: auditable(c),
    });
    return c;
  });
  return serializeCompany(row, 0);
}

/** Updates the given fields of a company (admin); absent fields stay as they are. */
export async function updateCompany(
  ctx: Ctx,
  id: string,
  patch: CompanyPatch,
): Promise<CompanyRecord> {
  const actor = requireAdmin(ctx);
  const before = await findRow(ctx.db, id);
  if (!before) throw new NotFound(COMPANY_MSG.notFound);
  if (patch.name !== undefined) await assertNameFree(ctx.db, patch.name, id);
  const fields = ["name", "location", "website", "email", "phone", "description"] as const;
  const row = await writeCompany(ctx, actor, before, patch, fields);
  return serializeCompany(row, await jobCount(ctx.db, id));
}

/**
 * Writes the `fields` of `patch` that are given (and its logo) to a company in one transaction,
 * audited as company.update; a replaced logo is dropped once nothing uses it.
 */
async function writeCompany(
  ctx: Ctx,
  actor: Actor,
  before: CompanyRow,
  patch: CompanyPatch,
  fields: readonly (keyof CompanyPatch & keyof CompanyRow)[],
): Promise<CompanyRow> {
  const id = before.id;
  const logoFileId = await resolveLogo(ctx.db, patch.logoUrl);
  const values: Partial<typeof companies.$inferInsert> = {};
  for (const k of fields)
    if (patch[k] !== undefined) (values as Record<string, unknown>)[k] = patch[k];
  if (logoFileId !== undefined) values.logoFileId = logoFileId;
  const row = await ctx.db.transaction(async (tx) => {
    if (values.name !== undefined) {
      await lockCompanyNames(tx);
      await assertNameFree(tx, values.name, id);
    }
    const [c] = await tx
      .update(companies)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning();
    // The employers' domain signal follows the company website.
    if (c.website !== before.website) await recomputeDomainSignal(tx, id, c.website);
    const change = diff(auditable(before), auditable(c));
    if (Object.keys(change.after).length)
      await audit(tx, actor, {
        action: "company.update",
        entityType: "company",
        entityId: id,
        ...change,
      });
    return c;
  });
  if (before.logoFileId && before.logoFileId !== row.logoFileId)
    await dropOrphanLogo(ctx.db, before.logoFileId);
  return row;
}

/** How many jobs a company has. */
const jobCount = (db: Db, companyId: string) => db.$count(jobs, eq(jobs.companyId, companyId));

/** The message for a company that still has jobs (409). */
export const stillHasJobs = (name: string, n: number) =>
  `“${name}” still has ${n} job${n === 1 ? "" : "s"} and cannot be deleted. Delete its jobs or move them to another company first.`;

/** Deletes a company without jobs (admin); 409 with a clear message while it still has jobs. */
export async function deleteCompany(ctx: Ctx, id: string): Promise<void> {
  const actor = requireAdmin(ctx);
  const before = await findRow(ctx.db, id);
  if (!before) throw new NotFound(COMPANY_MSG.notFound);
  const n = await jobCount(ctx.db, id);
  if (n > 0) throw new Conflict(stillHasJobs(before.name, n), undefined, { jobsCount: n });
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(companies).where(eq(companies.id, id));
      await audit(tx, actor, {
        action: "company.delete",
        entityType: "company",
        entityId: id,
        before: auditable(before),
      });
    });
  } catch (e) {
    // A job added between the check and the delete: the RESTRICT foreign key answers for us.
    if (isForeignKeyViolation(e)) throw new Conflict(stillHasJobs(before.name, 1));
    throw e;
  }
  await dropOrphanLogo(ctx.db, before.logoFileId);
}

/** Stores an uploaded logo that is not yet attached to a company (POST /upload/logo). */
export async function uploadLogo(
  ctx: Ctx,
  upload: Blob | Buffer | null,
): Promise<{ url: string; id: string }> {
  const actor = requireAdmin(ctx);
  const stored = await storeImage(ctx.db, upload, { kind: "logo", actorId: actor.id });
  return { url: stored.url, id: stored.id };
}

// ─── The employer's own company profile (ADR 104) ───────────────────────────────────────────────

/**
 * The fields an employer may change on its own company: never the name or the website (the trust
 * signal compares the website's domain with the employer's e-mail; those go through the career office).
 */
export type OwnCompanyPatch = Pick<
  CompanyPatch,
  "location" | "email" | "phone" | "description" | "logoUrl"
>;

/** The employer's own company (its account's company_id). */
export async function getOwnCompany(ctx: Ctx): Promise<CompanyRecord> {
  const me = requireEmployer(ctx);
  return getCompany(ctx, me.companyId);
}

/** Why an employer who is no verified employer of its company cannot change its public profile. */
export const PROFILE_NOT_TRUSTED =
  "Only an employer whose work email is on the company's domain, or the career office, can change the company profile.";

/**
 * The acting employer when it may change its company's public profile (a verified employer of it:
 * join.server.ts), or 403 — checked before anything is stored, the logo included (ADR 109).
 */
export async function requireProfileEditor(ctx: Ctx): Promise<Actor & { companyId: string }> {
  const me = requireEmployer(ctx);
  await requireCompanyTrustee(ctx, me.companyId, PROFILE_NOT_TRUSTED);
  return me;
}

/** Updates the employer's own company profile (audited as company.update by the employer). */
export async function updateOwnCompany(ctx: Ctx, patch: OwnCompanyPatch): Promise<CompanyRecord> {
  const me = await requireProfileEditor(ctx);
  const before = await findRow(ctx.db, me.companyId);
  if (!before) throw new NotFound(COMPANY_MSG.notFound);
  // Never the name or the website: see OwnCompanyPatch.
  const fields = ["location", "email", "phone", "description"] as const;
  return serializeCompany(await writeCompany(ctx, me, before, patch, fields));
}
