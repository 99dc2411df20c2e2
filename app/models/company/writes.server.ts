/**
 * The writes of `companies` that other modules ask for (an employer's sign-up founding its company,
 * an administrator blocking one). This folder is the only writer of the table. A decision that
 * depends on the row reads it with `lockCompany` (`for update`) inside the caller's transaction.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client";
import { companies } from "#db/schema";
import { isUuid } from "~/lib/ids";
import type { CompanyRow } from "./company.server";

/** The row of a company, locked until the transaction ends; null when absent. */
export async function lockCompany(tx: Tx, id: string): Promise<CompanyRow | null> {
  if (!isUuid(id)) return null;
  const [c] = await tx.select().from(companies).where(eq(companies.id, id)).limit(1).for("update");
  return c ?? null;
}

/** Inserts the company an employer's sign-up founds (its name already checked under the lock). */
export async function insertFoundedCompany(
  tx: DbOrTx,
  input: { name: string; website: string | null; location: string | null },
): Promise<CompanyRow> {
  const [c] = await tx.insert(companies).values(input).returning();
  return c;
}

/** Blocks (`blocked`) or unblocks a company; returns the new row. */
export async function setCompanyBlocked(
  tx: DbOrTx,
  id: string,
  blocked: boolean,
): Promise<CompanyRow> {
  const [c] = await tx
    .update(companies)
    .set({ blockedAt: blocked ? new Date() : null, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return c;
}
