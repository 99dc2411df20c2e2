/**
 * `runway ojt import --file placements.csv`: one placement per row, each with every rule of
 * createPlacement (the student's only open placement, supervisor not the student, required hours
 * from the programme when the column is empty). All rows are checked first; nothing is written
 * when any row fails, and --dry-run writes nothing at all.
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { parsedRows } from "#db/client";
import { idRow } from "~/lib/rows";
import { ValidationError } from "~/lib/errors";
import type { OjtCtx } from "./config";
import { placementInputSchema, type PlacementInput } from "./ojt.schema";
import { createPlacement } from "./placement.server";
import { staffScope } from "./access.server";

export const IMPORT_COLUMNS = [
  "studentEmail",
  "companyName",
  "supervisorName",
  "supervisorEmail",
  "supervisorPosition",
  "supervisorPhone",
  "startDate",
  "expectedEndDate",
  "requiredHours",
] as const;

export interface ImportResult {
  rows: number;
  created: number;
  dryRun: boolean;
  errors: { line: number; message: string }[];
}

export async function importPlacements(
  ctx: OjtCtx,
  csv: string,
  opts: { dryRun?: boolean } = {},
): Promise<ImportResult> {
  await staffScope(ctx);
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (e) {
    throw new ValidationError(`The file is not valid CSV: ${messageOf(e)}`);
  }
  const header = records.length ? Object.keys(records[0]) : [];
  const missing = IMPORT_COLUMNS.filter(
    (c) =>
      !["supervisorPosition", "supervisorPhone", "requiredHours"].includes(c) &&
      !header.includes(c),
  );
  if (records.length && missing.length)
    throw new ValidationError(`Missing column(s): ${missing.join(", ")}`);
  const errors: ImportResult["errors"] = [];
  const inputs: { line: number; input: PlacementInput }[] = [];
  const seen = new Set<string>();
  for (const [i, r] of records.entries()) {
    const line = i + 2;
    const email = (r.studentEmail ?? "").toLowerCase();
    const [student] = await parsedRows(
      ctx.db,
      idRow,
      sql`select id from users where lower(email) = ${email} or lower(personal_email) = ${email} limit 1`,
    );
    if (!student) {
      errors.push({ line, message: `No user with the e-mail ${r.studentEmail}` });
      continue;
    }
    if (seen.has(student.id)) {
      errors.push({ line, message: `${r.studentEmail} appears twice in the file` });
      continue;
    }
    seen.add(student.id);
    const companies = await parsedRows(
      ctx.db,
      idRow,
      sql`select id from companies where lower(name) = lower(${(r.companyName ?? "").trim()})`,
    );
    if (companies.length !== 1) {
      errors.push({
        line,
        message: companies.length
          ? `More than one company is named ${r.companyName}`
          : `No company named ${r.companyName}`,
      });
      continue;
    }
    const parsed = placementInputSchema.safeParse({
      studentId: student.id,
      companyId: companies[0].id,
      supervisor: {
        name: r.supervisorName,
        email: r.supervisorEmail,
        position: r.supervisorPosition,
        phone: r.supervisorPhone,
      },
      startDate: r.startDate,
      expectedEndDate: r.expectedEndDate,
      requiredHours: r.requiredHours || undefined,
    });
    if (!parsed.success) {
      errors.push({ line, message: parsed.error.issues[0]?.message ?? "Invalid row" });
      continue;
    }
    inputs.push({ line, input: parsed.data });
  }
  if (errors.length || opts.dryRun) {
    // A dry run still applies every rule: each row inside a transaction that is rolled back.
    if (!errors.length) {
      for (const { line, input } of inputs) {
        const err = await tryInRollback(ctx, input);
        if (err) errors.push({ line, message: err });
      }
    }
    return { rows: records.length, created: 0, dryRun: !!opts.dryRun, errors };
  }
  let created = 0;
  const rollback = new Error("rollback");
  try {
    await ctx.db.transaction(async (tx) => {
      for (const { line, input } of inputs) {
        try {
          await createPlacement({ ...ctx, db: tx as never }, input);
          created++;
        } catch (e) {
          errors.push({ line, message: messageOf(e) });
        }
      }
      if (errors.length) throw rollback;
    });
  } catch (e) {
    if (e !== rollback) throw e;
    created = 0;
  }
  return { rows: records.length, created, dryRun: false, errors };
}

/** What a failed row says: its error's message. */
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

async function tryInRollback(ctx: OjtCtx, input: PlacementInput): Promise<string | null> {
  const rollback = new Error("rollback");
  let message: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      try {
        await createPlacement({ ...ctx, db: tx as never }, input);
      } catch (e) {
        message = messageOf(e);
      }
      throw rollback;
    });
  } catch (e) {
    if (e !== rollback) throw e;
  }
  return message;
}
