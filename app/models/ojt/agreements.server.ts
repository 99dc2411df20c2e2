/**
 * Host agreements (memoranda of agreement, MOA): one current agreement per company, recorded by
 * coordinators and admins, its signed PDF in the private store; the rule that a placement needs
 * an agreement valid through its expected end date; and the weekly digest of agreements that
 * expire within 60 days (through the outbox, once per agreement per week).
 */
import { and, eq, gte, inArray, isNull, lte, or, lt, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { companies, companyAgreements, ojtFiles, users } from "#db/schema";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import { enqueueMail } from "../mail/mail.server";
import { mailAddressOf } from "../user/user.server";
import { staffScope } from "./access.server";
import { nowOf, todayOf, type OjtConfig, type OjtCtx } from "./config";
import { addDays, weekStartOf } from "./ojt.schema";
import { checkUpload, loadOjtFile, storeOjtFile, type OjtFileRow } from "./ojt-files.server";
import {
  MOA_EXPIRING_DAYS,
  moaCovers,
  moaLabel,
  moaStateOf,
  PAPERWORK_MSG,
  type AgreementInput,
  type MoaJson,
  type MoaState,
} from "./paperwork.schema";
import { formatCalendarDate } from "~/lib/datetime";

type AgreementRow = typeof companyAgreements.$inferSelect;

function moaJson(a: AgreementRow | null | undefined, today: string): MoaJson {
  const s = moaStateOf(a?.validUntil, today);
  return {
    signedAt: a?.signedAt ?? null,
    validUntil: a?.validUntil ?? null,
    notarized: a?.notarized ?? false,
    state: s.state,
    daysLeft: s.daysLeft,
    signatories: a?.signatories ?? [],
    hasFile: !!a?.fileId,
  };
}

async function requireCompany(db: DbOrTx, id: string) {
  const [c] = isUuid(id)
    ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id))
    : [];
  if (!c) throw new NotFound(PAPERWORK_MSG.companyNotFound);
}

async function loadAgreement(db: DbOrTx, companyId: string): Promise<AgreementRow | null> {
  const [a] = await db
    .select()
    .from(companyAgreements)
    .where(eq(companyAgreements.companyId, companyId));
  return a ?? null;
}

/** The agreements of some companies as their Company JSON `moa` (coordinators and admins only). */
export async function moaOfCompanies(
  db: DbOrTx,
  cfg: OjtConfig,
  companyIds: readonly string[],
): Promise<Map<string, MoaJson>> {
  const today = todayOf(cfg);
  const ids = companyIds.filter(isUuid);
  const rows = ids.length
    ? await db.select().from(companyAgreements).where(inArray(companyAgreements.companyId, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.companyId, r]));
  return new Map(ids.map((id) => [id, moaJson(byId.get(id), today)]));
}

/** The `moa` key for a Company JSON, or nothing for callers who may not see agreements. */
export async function withMoa<T extends { id: string }>(
  db: DbOrTx,
  cfg: OjtConfig,
  role: string | null | undefined,
  list: T[],
): Promise<(T & { moa?: MoaJson })[]> {
  if (role !== "admin" && role !== "coordinator") return list;
  const moa = await moaOfCompanies(
    db,
    cfg,
    list.map((c) => c.id),
  );
  return list.map((c) => ({ ...c, moa: moa.get(c.id) }));
}

/** GET of a company's agreement (coordinators and admins). */
export async function getAgreement(ctx: OjtCtx, companyId: string): Promise<MoaJson> {
  await staffScope(ctx);
  await requireCompany(ctx.db, companyId);
  return moaJson(await loadAgreement(ctx.db, companyId), todayOf(ctx.ojt));
}

/** PUT /api/companies/{id}/moa: records or replaces the agreement (audited; the file is kept). */
export async function setAgreement(
  ctx: OjtCtx,
  companyId: string,
  input: AgreementInput,
): Promise<MoaJson> {
  const scope = await staffScope(ctx);
  await requireCompany(ctx.db, companyId);
  return ctx.db.transaction(async (tx) => {
    const before = await loadAgreement(tx, companyId);
    const values = {
      signedAt: input.signedAt,
      validUntil: input.validUntil,
      notarized: input.notarized,
      signatories: input.signatories,
      updatedBy: scope.actor?.id ?? null,
      updatedAt: nowOf(ctx.ojt),
    };
    // A renewed agreement (a later valid-until) belongs in the next digest that needs it.
    const digestWeek = before && before.validUntil === input.validUntil ? before.digestWeek : null;
    const [row] = await tx
      .insert(companyAgreements)
      .values({ companyId, ...values, digestWeek })
      .onConflictDoUpdate({ target: companyAgreements.companyId, set: { ...values, digestWeek } })
      .returning();
    const view = (a: AgreementRow | null) =>
      a && {
        signedAt: a.signedAt,
        validUntil: a.validUntil,
        notarized: a.notarized,
        signatories: a.signatories,
      };
    await audit(tx, scope.actor, {
      action: "company.moa",
      entityType: "company",
      entityId: companyId,
      before: view(before),
      after: view(row),
    });
    return moaJson(row, todayOf(ctx.ojt));
  });
}

/** POST /api/companies/{id}/moa/file: the signed agreement, a clean PDF of at most 10 MB. */
export async function uploadAgreementFile(
  ctx: OjtCtx,
  companyId: string,
  upload: Blob | null,
): Promise<MoaJson> {
  const scope = await staffScope(ctx);
  await requireCompany(ctx.db, companyId);
  if (!(await loadAgreement(ctx.db, companyId)))
    throw new Conflict(PAPERWORK_MSG.moaMissing, { file: [PAPERWORK_MSG.moaMissing] });
  const file = await checkUpload(upload, { pdfOnly: true });
  return ctx.db.transaction(async (tx) => {
    const fileId = await storeOjtFile(tx, file, scope.actor?.id ?? null);
    const before = await loadAgreement(tx, companyId);
    const [row] = await tx
      .update(companyAgreements)
      .set({ fileId, updatedBy: scope.actor?.id ?? null, updatedAt: nowOf(ctx.ojt) })
      .where(eq(companyAgreements.companyId, companyId))
      .returning();
    // The replaced file is unreachable from now on: delete it (no other row refers to it).
    if (before?.fileId) await tx.delete(ojtFiles).where(eq(ojtFiles.id, before.fileId));
    await audit(tx, scope.actor, {
      action: "company.moa_file",
      entityType: "company",
      entityId: companyId,
      before: { fileId: before?.fileId ?? null },
      after: { fileId, fileName: file.fileName, size: file.bytes.length },
    });
    return moaJson(row, todayOf(ctx.ojt));
  });
}

/** GET /api/companies/{id}/moa/file: the signed PDF, for coordinators and admins. */
export async function agreementFile(ctx: OjtCtx, companyId: string): Promise<OjtFileRow> {
  await staffScope(ctx);
  await requireCompany(ctx.db, companyId);
  const a = await loadAgreement(ctx.db, companyId);
  const f = a?.fileId ? await loadOjtFile(ctx.db, a.fileId) : null;
  if (!f) throw new NotFound(PAPERWORK_MSG.moaFileMissing);
  return f;
}

/**
 * The gate of creating or deploying a placement: the host's agreement exists and is valid
 * through the placement's expected end date; a 400 naming the date otherwise.
 */
export async function assertAgreementCovers(
  db: DbOrTx,
  companyId: string,
  expectedEndDate: string,
): Promise<void> {
  const a = await loadAgreement(db, companyId);
  if (!a)
    throw new ValidationError(PAPERWORK_MSG.moaMissing, { companyId: [PAPERWORK_MSG.moaMissing] });
  if (!moaCovers(a.validUntil, expectedEndDate)) {
    const msg = PAPERWORK_MSG.moaExpires(
      formatCalendarDate(a.validUntil),
      formatCalendarDate(expectedEndDate),
    );
    throw new ValidationError(msg, { companyId: [msg] });
  }
}

/** The /admin/companies filter: companies whose agreement is in `state` today. */
export function moaStateCondition(state: MoaState, today: string): SQL {
  const soon = addDays(today, MOA_EXPIRING_DAYS);
  const vu = sql`(select a.valid_until from company_agreements a where a.company_id = ${companies.id})`;
  if (state === "none") return sql`${vu} is null`;
  if (state === "expired") return sql`${vu} < ${today}::date`;
  if (state === "expiring") return sql`${vu} between ${today}::date and ${soon}::date`;
  return sql`${vu} > ${soon}::date`;
}

/** The MOA column's words for some companies (the list screen). */
export async function moaLabels(
  db: DbOrTx,
  cfg: OjtConfig,
  companyIds: readonly string[],
): Promise<Map<string, { state: MoaState; label: string; validUntil: string | null }>> {
  const moa = await moaOfCompanies(db, cfg, companyIds);
  return new Map(
    [...moa].map(([id, m]) => [
      id,
      { state: m.state, label: moaLabel(m), validUntil: m.validUntil },
    ]),
  );
}

export interface DigestRun {
  agreements: number;
  recipients: number;
}

/**
 * The weekly digest: agreements expiring within 60 days not yet listed this week (college
 * Monday) are claimed in the transaction that queues one mail to every active coordinator and
 * admin, so two instances (or a rerun) never list an agreement twice in a week.
 */
export async function runAgreementDigest(db: Db, cfg: OjtConfig): Promise<DigestRun> {
  const today = todayOf(cfg);
  const monday = weekStartOf(today);
  const soon = addDays(today, MOA_EXPIRING_DAYS);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(companyAgreements)
      .set({ digestWeek: monday })
      .where(
        and(
          gte(companyAgreements.validUntil, today),
          lte(companyAgreements.validUntil, soon),
          or(isNull(companyAgreements.digestWeek), lt(companyAgreements.digestWeek, monday)),
        ),
      )
      .returning({
        companyId: companyAgreements.companyId,
        validUntil: companyAgreements.validUntil,
      });
    if (!claimed.length) return { agreements: 0, recipients: 0 };
    const names = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        inArray(
          companies.id,
          claimed.map((c) => c.companyId),
        ),
      );
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const lines = claimed
      .sort((a, b) => a.validUntil.localeCompare(b.validUntil))
      .map((c) => {
        const m = moaStateOf(c.validUntil, today);
        return `- ${nameOf.get(c.companyId) ?? "(company)"}: valid until ${formatCalendarDate(c.validUntil)} (${moaLabel(m)})`;
      });
    const staff = await tx
      .select({
        email: users.email,
        personalEmail: users.personalEmail,
        mailToPersonal: users.mailToPersonal,
        firstName: users.firstName,
      })
      .from(users)
      .where(and(inArray(users.role, ["admin", "coordinator"]), eq(users.isActive, true)));
    for (const u of staff)
      await enqueueMail(tx, {
        to: mailAddressOf(u),
        subject: `Host agreements expiring within ${MOA_EXPIRING_DAYS} days`,
        text: [
          `Hello ${u.firstName},`,
          "",
          `${claimed.length} host agreement${claimed.length === 1 ? "" : "s"} (MOA) expire within ${MOA_EXPIRING_DAYS} days:`,
          "",
          ...lines,
          "",
          "Renew them before placing or deploying students at these companies:",
          `${cfg.publicUrl}/admin/companies?moa=expiring`,
        ].join("\n"),
        template: "ojt_moa_digest",
      });
    return { agreements: claimed.length, recipients: staff.length };
  });
}
