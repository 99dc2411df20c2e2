/** The company model's side of moving from AeroJob (ADR 115): bulk writes keyed by `legacy_id`. */
import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import { companies } from "#db/schema";
import type { CompanyRow } from "./company.server";

/** A company as an import batch writes it: its AeroJob id, its contact fields and its age. */
export type LegacyCompanyValues = Pick<
  CompanyRow,
  "name" | "location" | "website" | "email" | "phone" | "description" | "createdAt"
> & { legacyId: string };

/** Companies an import batch may meet: the same AeroJob ids, or the same names typed in Runway. */
export async function companiesMatchingLegacy(
  tx: DbOrTx,
  q: { legacyIds: string[]; names: string[] },
): Promise<CompanyRow[]> {
  if (!q.legacyIds.length && !q.names.length) return [];
  return tx
    .select()
    .from(companies)
    .where(
      sql`${q.legacyIds.length ? inArray(companies.legacyId, q.legacyIds) : sql`false`} or ${
        q.names.length
          ? inArray(
              sql`lower(${companies.name})`,
              q.names.map((n) => n.toLowerCase()),
            )
          : sql`false`
      }`,
    );
}

export async function insertLegacyCompanies(
  tx: DbOrTx,
  rows: LegacyCompanyValues[],
): Promise<Array<{ id: string; legacyId: string }>> {
  if (!rows.length) return [];
  const out = await tx
    .insert(companies)
    .values(rows.map((r) => ({ ...r, updatedAt: r.createdAt })))
    .returning({ id: companies.id, legacyId: companies.legacyId });
  return out.map((r) => ({ id: r.id, legacyId: r.legacyId! }));
}

/** Applies what changed in AeroJob (or adopts a company typed in Runway under the same name). */
export async function updateLegacyCompany(
  tx: DbOrTx,
  id: string,
  patch: Partial<LegacyCompanyValues>,
): Promise<void> {
  await tx
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, id));
}

/** Attaches an imported logo (already re-encoded and stored by the file model). */
export async function setLegacyLogo(tx: DbOrTx, id: string, fileId: string): Promise<void> {
  await tx.update(companies).set({ logoFileId: fileId }).where(eq(companies.id, id));
}

/** Every imported company by AeroJob id. */
export async function legacyCompanyIndex(tx: DbOrTx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: companies.id, legacyId: companies.legacyId })
    .from(companies)
    .where(isNotNull(companies.legacyId));
  return new Map(rows.map((r) => [r.legacyId!, r.id]));
}
