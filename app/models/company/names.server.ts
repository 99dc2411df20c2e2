/**
 * Company names that look alike (docs/security.md, "Look-alike company names"): every new or
 * renamed company is compared with every existing one by normalised text and confusables skeleton,
 * under one transaction lock. Server-only: the confusables table (≈ 100 KB) stays out of the browser.
 */
import { ne, sql } from "drizzle-orm";
import unhomoglyph from "unhomoglyph";
import type { DbOrTx } from "#db/client";
import { companies } from "#db/schema";
import { normalizeCompanyText } from "./company.schema";

/**
 * The keys two company names are compared by: the Unicode confusables skeleton (UTS #39, the
 * `unhomoglyph` table of confusables.txt: Cyrillic `і` is `i`, `rn` is `m`, `0` is `O`) of the
 * normalised name, taken before and after lower-casing (the skeleton maps `I` and `l` alike but `i`
 * apart, so either order alone misses a case-changed look-alike).
 */
export function companyNameKeys(name: string): string[] {
  const plain = normalizeCompanyText(name);
  const skeleton = (s: string) => unhomoglyph(s.normalize("NFD")).normalize("NFD");
  return [...new Set([skeleton(plain.toLowerCase()), skeleton(plain).toLowerCase()])];
}

/**
 * Serialises the checks of new and renamed companies for the rest of the transaction: a look-alike
 * is judged in code over every name (no index can hold a skeleton that the library may refine), so
 * two such checks must not pass side by side. Cheap: companies are added a few times a day.
 */
export async function lockCompanyNames(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('runway:company-names'))`);
}

/**
 * The existing company a name is the same as or confusable with (normalised, case-blind, by
 * confusables skeleton), or null. `exceptId` leaves a company's own name aside when it is renamed.
 */
export async function findCompanyNameClash(
  db: DbOrTx,
  name: string,
  exceptId?: string,
): Promise<{ id: string; name: string } | null> {
  const wanted = new Set(companyNameKeys(name));
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(exceptId ? ne(companies.id, exceptId) : undefined);
  return rows.find((r) => companyNameKeys(r.name).some((k) => wanted.has(k))) ?? null;
}
