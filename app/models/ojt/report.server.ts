/**
 * The internship report (for the commission and audits): per host company its agreement and
 * interns per programme; per placement its period, hours, status, evaluation average and whether
 * the host hired the student. Admins and the CLI see every programme, a coordinator theirs.
 * `runway ojt report` and GET /api/ojt/report both call `ojtReport`; CSV cells are neutralised.
 */
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import {
  companies,
  companyAgreements,
  courses,
  placementEvaluations,
  placements,
  users,
} from "#db/schema";
import { neutralise } from "~/lib/csv";
import { Forbidden, ValidationError } from "~/lib/errors";
import { resolveCourse } from "../course/course.server";
import { staffScope } from "./access.server";
import { todayOf, type OjtCtx } from "./config";
import { addDays, hoursOf, isIsoDate, todayIn } from "./ojt.schema";
import { withStudentAndHost } from "./placement.server";

/** An agreement expiring within this many days is "expiring". */
export const MOA_EXPIRING_DAYS = 60;

export interface OjtReportFilters {
  course?: string | null;
  from?: string | null;
  to?: string | null;
}

export interface OjtReport {
  filters: { course: string | null; from: string | null; to: string | null };
  companies: {
    company: string;
    moaState: "valid" | "expiring" | "expired" | "none";
    moaSignedAt: string | null;
    moaValidUntil: string | null;
    moaNotarized: boolean | null;
    interns: number;
    perProgramme: Record<string, number>;
  }[];
  placements: {
    student: string;
    studentEmail: string;
    programme: string | null;
    host: string;
    startDate: string;
    endDate: string;
    requiredHours: number;
    approvedHours: number;
    status: string;
    /** The final evaluation's average, else the midterm's, else null. */
    evaluationAverage: number | null;
    hiredByHost: boolean | null;
  }[];
}

export const REPORT_MSG = {
  date: "Enter the dates as YYYY-MM-DD",
  order: "The start of the period must not be after its end",
  course: (c: string) => `Unknown programme: ${c}`,
} as const;

/** The report of placements overlapping the period (from/to inclusive), in the caller's scope. */
export async function ojtReport(ctx: OjtCtx, f: OjtReportFilters): Promise<OjtReport> {
  const scope = await staffScope(ctx);
  for (const [k, v] of [
    ["from", f.from],
    ["to", f.to],
  ] as const)
    if (v && !isIsoDate(v)) throw new ValidationError(REPORT_MSG.date, { [k]: [REPORT_MSG.date] });
  if (f.from && f.to && f.from > f.to)
    throw new ValidationError(REPORT_MSG.order, { from: [REPORT_MSG.order] });
  const where: SQL[] = [];
  if (f.course) {
    const c = await resolveCourse(ctx.db, f.course);
    if (!c)
      throw new ValidationError(REPORT_MSG.course(f.course), {
        course: [REPORT_MSG.course(f.course)],
      });
    if (scope.kind === "courses" && !scope.courseIds.includes(c.id))
      throw new Forbidden("This programme is not one of yours");
    where.push(eq(users.courseId, c.id));
  }
  if (scope.kind === "courses") {
    if (!scope.courseIds.length) where.push(sql`false`);
    else where.push(inArray(users.courseId, scope.courseIds));
  }
  if (f.to) where.push(lte(placements.startDate, f.to));
  if (f.from) where.push(gte(placements.expectedEndDate, f.from));
  const rows = await withStudentAndHost(
    ctx.db
      .select({
        id: placements.id,
        first: users.firstName,
        last: users.lastName,
        email: users.email,
        code: courses.code,
        companyId: companies.id,
        company: companies.name,
        startDate: placements.startDate,
        expectedEndDate: placements.expectedEndDate,
        completedAt: placements.completedAt,
        requiredHours: placements.requiredHours,
        approvedMinutes: placements.approvedMinutes,
        status: placements.status,
        hiredByHost: placements.hiredByHost,
        signedAt: companyAgreements.signedAt,
        validUntil: companyAgreements.validUntil,
        notarized: companyAgreements.notarized,
      })
      .from(placements)
      .$dynamic(),
  )
    .leftJoin(companyAgreements, eq(companyAgreements.companyId, companies.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      asc(companies.name),
      asc(users.lastName),
      asc(users.firstName),
      asc(placements.startDate),
    );
  const ids = rows.map((r) => r.id);
  const evals = ids.length
    ? await ctx.db
        .select({
          id: placementEvaluations.placementId,
          stage: placementEvaluations.stage,
          average: placementEvaluations.average,
        })
        .from(placementEvaluations)
        .where(inArray(placementEvaluations.placementId, ids))
    : [];
  const average = new Map<string, number>();
  for (const e of evals)
    if (e.stage === "final" || !average.has(e.id)) average.set(e.id, Number(e.average));
  const today = todayOf(ctx.ojt);
  const soon = addDays(today, MOA_EXPIRING_DAYS);
  const byCompany = new Map<string, OjtReport["companies"][number]>();
  for (const r of rows) {
    let c = byCompany.get(r.companyId);
    if (!c) {
      c = {
        company: r.company,
        moaState: !r.validUntil
          ? "none"
          : r.validUntil < today
            ? "expired"
            : r.validUntil <= soon
              ? "expiring"
              : "valid",
        moaSignedAt: r.signedAt ?? null,
        moaValidUntil: r.validUntil ?? null,
        moaNotarized: r.notarized ?? null,
        interns: 0,
        perProgramme: {},
      };
      byCompany.set(r.companyId, c);
    }
    c.interns++;
    const code = r.code ?? "none";
    c.perProgramme[code] = (c.perProgramme[code] ?? 0) + 1;
  }
  return {
    filters: { course: f.course ?? null, from: f.from ?? null, to: f.to ?? null },
    companies: [...byCompany.values()],
    placements: rows.map((r) => ({
      student: `${r.first} ${r.last}`.trim(),
      studentEmail: r.email,
      programme: r.code,
      host: r.company,
      startDate: r.startDate,
      endDate: r.completedAt ? todayIn(ctx.ojt.timeZone, r.completedAt) : r.expectedEndDate,
      requiredHours: r.requiredHours,
      approvedHours: hoursOf(r.approvedMinutes),
      status: r.status,
      evaluationAverage: average.get(r.id) ?? null,
      hiredByHost: r.hiredByHost,
    })),
  };
}

const cell = (v: string | number | boolean | null): string =>
  v === null
    ? ""
    : typeof v === "string"
      ? neutralise(v)
      : typeof v === "boolean"
        ? v
          ? "yes"
          : "no"
        : String(v);

/**
 * The report as CSV: two tables one after the other, each under a title line — "Host companies"
 * then "Placements" — separated by an empty line (spreadsheets open it as one sheet).
 */
export function ojtReportCsv(r: OjtReport): string {
  const companiesCsv = stringify([
    ["Host companies"],
    ["Company", "MOA", "MOA signed", "MOA valid until", "Notarized", "Interns", "Per programme"],
    ...r.companies.map((c) =>
      [
        c.company,
        c.moaState,
        c.moaSignedAt,
        c.moaValidUntil,
        c.moaNotarized,
        c.interns,
        Object.entries(c.perProgramme)
          .map(([k, n]) => `${k}: ${n}`)
          .join("; "),
      ].map(cell),
    ),
  ]);
  const placementsCsv = stringify([
    ["Placements"],
    [
      "Student",
      "E-mail",
      "Programme",
      "Host",
      "Start",
      "End",
      "Required hours",
      "Approved hours",
      "Status",
      "Evaluation average",
      "Hired by host",
    ],
    ...r.placements.map((p) =>
      [
        p.student,
        p.studentEmail,
        p.programme,
        p.host,
        p.startDate,
        p.endDate,
        p.requiredHours,
        p.approvedHours,
        p.status,
        p.evaluationAverage,
        p.hiredByHost,
      ].map(cell),
    ),
  ]);
  return `${companiesCsv}\n${placementsCsv}`;
}
