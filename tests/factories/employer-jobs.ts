/**
 * Employer fixtures for the job-flow tests (ADR 104): an employer account of a company,
 * verified and active, inserted as the sign-up will store it (role employer, company_id set).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../app/models/auth/password.server";
import { DEFAULT_PASSWORD, createCompany } from "./index";

let hash: Promise<string> | undefined;

export async function createEmployer(
  db: Db,
  o: {
    companyId?: string;
    email?: string;
    firstName?: string;
    domainVerified?: boolean;
    employerVerified?: boolean;
    /** A request to join the company that is not approved (no membership). */
    pending?: boolean;
  } = {},
) {
  const companyId = o.companyId ?? (await createCompany(db)).id;
  const u = randomBytes(4).toString("hex");
  const [user] = await db
    .insert(users)
    .values({
      email: o.email ?? `hr.${u}@aero-${u}.test`,
      passwordHash: await (hash ??= hashPassword(DEFAULT_PASSWORD)),
      role: "employer",
      firstName: o.firstName ?? "Erin",
      lastName: `Employer ${u}`,
      companyId,
      companyJoinedAt: o.pending ? null : new Date(),
      isActive: true,
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (o.domainVerified || o.employerVerified)
    await db
      .update(users)
      .set({
        domainVerified: !!o.domainVerified,
        employerVerifiedAt: o.employerVerified ? new Date() : null,
      })
      .where(eq(users.id, user.id));
  return {
    user,
    companyId,
    password: DEFAULT_PASSWORD,
    actor: { id: user.id, role: "employer" as const, email: user.email, companyId },
  };
}
