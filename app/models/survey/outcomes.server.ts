/**
 * Tracer outcomes computed from the answers (ADR 101): employment rate, months to the
 * first job, relation to the programme, salary bands, how the job was found and how many the board
 * placed — overall, by programme and by graduation year. Answers are found by the questions'
 * semantic `key` (archived questions too), never by their text, so rewording or adding questions
 * changes nothing. The database does the work: one pivot of each response's keyed answers, then
 * aggregates over grouping sets, so 20 000 responses take one round trip per figure family.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { courses, placements, surveys, users } from "#db/schema";
import { z } from "zod";
import { type Db, parsedRows } from "#db/client";
import { NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { numeric } from "~/lib/rows";
import { cohortCondition } from "./cohort.server";
import { computeProgress, type RateRow } from "./invitations.server";
import { BOM, csvRows } from "./export.server";
import {
  EMPLOYED_OPTIONS,
  FOUND_VIA_RUNWAY,
  MONTHS_TO_FIRST_JOB,
  RELATED_NOT_APPLICABLE,
  RELATED_YES,
  SALARY_BANDS,
  SUPPRESS_BELOW,
} from "./outcome-keys";
import { SURVEY_MSG } from "./survey.rules";

export interface Distribution {
  label: string;
  count: number;
}

/** The figures of one group (the whole survey, a programme or a graduation year). */
export interface OutcomeFigures {
  /** People in the survey's cohort now (users matching its audience, programmes and years). */
  targeted: number;
  /**
   * Targeted, responded, response and knowledge rate are the Progress page's figures for the same
   * group (computeProgress: one source, so the two pages agree): people of the cohort who answered.
   */
  responded: number;
  /**
   * Fewer than SUPPRESS_BELOW responses behind the figures (their programme and year as copied at
   * submit): employment, medians, distributions and placements withheld.
   */
  suppressed: boolean;
  responseRate: number | null;
  knowledgeRate: number | null;
  employmentRate: number | null;
  medianMonthsToFirstJob: number | null;
  monthsToFirstJob: Array<Distribution & { months: number }>;
  relatedToCourseRate: number | null;
  salaryBands: Distribution[];
  foundVia: Distribution[];
  placedThroughRunway: number | null;
}

/** Hired by their OJT host, for one group of the cohort (programme and graduation year today). */
export interface OjtHireFigures {
  /** Completed OJT placements of the group's students. */
  ojtCompleted: number;
  /** Of those, the students their OJT host hired; null below SUPPRESS_BELOW completed placements. */
  hiredByOjtHost: number | null;
  /** hiredByOjtHost ÷ ojtCompleted; null below SUPPRESS_BELOW completed placements. */
  hiredByOjtHostRate: number | null;
}

export interface CourseOutcomes extends OutcomeFigures {
  courseId: string | null;
  courseName: string;
}
export interface YearOutcomes extends OutcomeFigures {
  graduationYear: number | null;
}

export interface SurveyOutcomes extends OutcomeFigures {
  survey: {
    id: string;
    title: string;
    audience: string;
    courseIds: string[];
    /** The cohort's programmes by name (empty: every programme). */
    courses: string[];
    graduationYears: number[];
  };
  generatedAt: string;
  byCourse: CourseOutcomes[];
  byGraduationYear: YearOutcomes[];
  /** Hired by their OJT host: overall and for the same programmes and years as above. */
  ojtHires: {
    overall: OjtHireFigures;
    byCourse: Array<OjtHireFigures & { courseId: string | null; courseName: string }>;
    byGraduationYear: Array<OjtHireFigures & { graduationYear: number | null }>;
  };
}

/** The keys the computation reads. */
const KEYS = [
  "employment_status",
  "months_to_first_job",
  "job_related_to_course",
  "first_job_salary_band",
  "job_found_via",
  "first_job_company",
] as const;

/** A share 0–1 rounded to 4 decimals (a tenth of a per cent); null without a large enough base. */
export function rate(part: number, whole: number): number | null {
  if (whole < SUPPRESS_BELOW) return null;
  return Math.round((part / whole) * 10_000) / 10_000;
}

const textList = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}::text`),
    sql`, `,
  );

/** VALUES of (option, months) for the months_to_first_job options that have a value. */
const monthValues = () =>
  sql.join(
    MONTHS_TO_FIRST_JOB.filter((m) => m.months !== null).map(
      (m) => sql`(${m.option}::text, ${m.months}::int)`,
    ),
    sql`, `,
  );

/**
 * One row per response with its keyed answers side by side: employment, months option, related,
 * salary band, the job_found_via value (a list for the template's checkbox question) and whether
 * the board placed the graduate (the Runway option ticked, or the first job's company matching a
 * company on the board, case and outer spaces ignored).
 */
function pivot(surveyId: string): SQL {
  // A single-choice answer is a string; should a keyed question have become a checkbox list, its
  // first ticked option stands for it.
  const textOf = (key: string) =>
    sql`max(case jsonb_typeof(a.value) when 'array' then a.value ->> 0 else a.value #>> '{}' end)
          filter (where kq.key = ${key})`;
  // Answers are aggregated per response first (a hash aggregate over the keyed answers only), then
  // joined to the responses; the company's name is only normalised for first_job_company answers.
  return sql`kq as (
      select id, key from survey_questions
      where survey_id = ${surveyId} and key in (${textList(KEYS)})
    ),
    bc as (select distinct lower(btrim(name)) as n from companies),
    x as (
      select a.response_id,
        ${textOf("employment_status")} as employment,
        ${textOf("months_to_first_job")} as months_option,
        ${textOf("job_related_to_course")} as related,
        ${textOf("first_job_salary_band")} as salary,
        (array_agg(a.value) filter (where kq.key = 'job_found_via'))[1] as found_via,
        bool_or(kq.key = 'job_found_via'
                and (a.value @> jsonb_build_array(${FOUND_VIA_RUNWAY}::text)
                     or a.value = to_jsonb(${FOUND_VIA_RUNWAY}::text))
                or bc.n is not null) as placed
      from survey_answers a
      join kq on kq.id = a.question_id
      left join bc on bc.n = case when kq.key = 'first_job_company'
                                  then lower(btrim(a.value #>> '{}')) end
      group by a.response_id
    ),
    p as materialized (
      select r.id, r.course_id, r.graduation_year, x.employment, x.months_option, x.related,
        x.salary, x.found_via, coalesce(x.placed, false) as placed
      from survey_responses r left join x on x.response_id = r.id
      where r.survey_id = ${surveyId}
    )`;
}

/** The group a row counts: overall, one programme or one graduation year (grouping sets). */
const groupRow = z.object({
  gc: numeric,
  gy: numeric,
  course_id: z.string().nullable(),
  graduation_year: numeric.nullable(),
});
const statsRow = groupRow.extend({
  responded: numeric,
  employment_answers: numeric,
  employed: numeric,
  months_answers: numeric,
  median_months: numeric.nullable(),
  related_answers: numeric,
  related: numeric,
  placed: numeric,
});
type StatsRow = z.infer<typeof statsRow>;
const distRow = groupRow.extend({
  kind: z.enum(["months", "salary", "via"]),
  label: z.string(),
  n: numeric,
});
type DistRow = z.infer<typeof distRow>;
/** The outcomes query's one row: the statistics and the distributions as two JSON texts. */
const outcomesRow = z.object({
  stats: z.string().transform((t) => z.array(statsRow).parse(JSON.parse(t))),
  dists: z.string().transform((t) => z.array(distRow).parse(JSON.parse(t))),
});

/**
 * One statement, the pivot computed once: per group the counts (responses, employed, months
 * median, related, placed) and the months, salary-band and found-via distributions, as two JSON
 * lists.
 */
function outcomesQuery(surveyId: string): SQL {
  return sql`with ${pivot(surveyId)},
    st as (select grouping(p.course_id)::int as gc, grouping(p.graduation_year)::int as gy,
      p.course_id, p.graduation_year,
      count(*)::int as responded,
      count(p.employment)::int as employment_answers,
      (count(*) filter (where p.employment in (${textList(EMPLOYED_OPTIONS)})))::int as employed,
      count(m.months)::int as months_answers,
      (percentile_cont(0.5) within group (order by m.months))::float8 as median_months,
      (count(*) filter (where p.related is not null and p.related <> ${RELATED_NOT_APPLICABLE}))::int
        as related_answers,
      (count(*) filter (where p.related = ${RELATED_YES}))::int as related,
      (count(*) filter (where p.placed))::int as placed
    from p left join (values ${monthValues()}) m(option, months) on m.option = p.months_option
    group by grouping sets ((), (p.course_id), (p.graduation_year))),
    d as (
      select course_id, graduation_year, 'months' as kind, months_option as label from p
        where months_option in (select option from (values ${monthValues()}) m(option, months))
      union all
      select course_id, graduation_year, 'salary', salary from p
        where salary in (${textList(SALARY_BANDS)})
      union all
      select p.course_id, p.graduation_year, 'via', v.label from p
        cross join lateral jsonb_array_elements_text(
          case jsonb_typeof(p.found_via) when 'array' then p.found_via
               else jsonb_build_array(p.found_via) end) v(label)
        where p.found_via is not null and jsonb_typeof(p.found_via) in ('array', 'string')
    ),
    dg as (select grouping(course_id)::int as gc, grouping(graduation_year)::int as gy,
      course_id, graduation_year, kind, label, count(*)::int as n
    from d group by grouping sets ((kind, label), (course_id, kind, label), (graduation_year, kind, label)))
    select (select coalesce(json_agg(st), '[]') from st)::text as stats,
           (select coalesce(json_agg(dg), '[]') from dg)::text as dists`;
}

/** Completed OJT placements and hires of one group. */
interface HiredRow {
  completed: number;
  hired: number;
}

/**
 * Completed OJT placements of the cohort's students and how many their host hired, grouped like the
 * cohort (the student's programme and graduation year today), so a placement counts in the year its
 * student graduates, not the year it was completed. Keyed like the other figures ("all", "c:…",
 * "y:…"); one row per programme and year from the database, summed here.
 */
async function ojtHireCounts(
  db: Db,
  cohort: Parameters<typeof cohortCondition>[0],
): Promise<Map<string, HiredRow>> {
  const rows = await db
    .select({
      courseId: users.courseId,
      graduationYear: users.graduationYear,
      completed: sql<number>`count(*)::int`,
      hired: sql<number>`(count(*) filter (where ${placements.hiredByHost}))::int`,
    })
    .from(placements)
    .innerJoin(users, eq(users.id, placements.studentId))
    .where(and(eq(placements.status, "completed"), cohortCondition(cohort, "users")))
    .groupBy(users.courseId, users.graduationYear);
  const by = new Map<string, HiredRow>();
  const add = (k: string, r: HiredRow) => {
    const had = by.get(k) ?? { completed: 0, hired: 0 };
    by.set(k, { completed: had.completed + r.completed, hired: had.hired + r.hired });
  };
  for (const r of rows) {
    add("all", r);
    add(`c:${r.courseId ?? ""}`, r);
    add(`y:${r.graduationYear ?? ""}`, r);
  }
  return by;
}

type GroupKey = string;
const groupKey = (r: {
  gc: number;
  gy: number;
  course_id: string | null;
  graduation_year: number | null;
}) => (r.gc === 0 ? `c:${r.course_id ?? ""}` : r.gy === 0 ? `y:${r.graduation_year ?? ""}` : "all");

/** The hires of one group; its own base: under SUPPRESS_BELOW completed placements hide them. */
function hireFigures(ojt: HiredRow | undefined): OjtHireFigures {
  const completed = ojt?.completed ?? 0;
  const shown = completed >= SUPPRESS_BELOW;
  return {
    ojtCompleted: completed,
    hiredByOjtHost: shown ? (ojt?.hired ?? 0) : null,
    hiredByOjtHostRate: shown ? rate(ojt?.hired ?? 0, completed) : null,
  };
}

function figures(
  progress: RateRow | undefined,
  st: StatsRow | undefined,
  dist: DistRow[],
): OutcomeFigures {
  const suppressed = (st?.responded ?? 0) < SUPPRESS_BELOW;
  const base: OutcomeFigures = {
    targeted: progress?.targeted ?? 0,
    responded: progress?.answered ?? 0,
    suppressed,
    responseRate: progress?.responseRate ?? null,
    knowledgeRate: progress?.knowledgeRate ?? null,
    employmentRate: null,
    medianMonthsToFirstJob: null,
    monthsToFirstJob: [],
    relatedToCourseRate: null,
    salaryBands: [],
    foundVia: [],
    placedThroughRunway: null,
  };
  if (suppressed || !st) return base;
  const countOf = (kind: DistRow["kind"], label: string) =>
    dist.find((d) => d.kind === kind && d.label === label)?.n ?? 0;
  return {
    ...base,
    employmentRate: rate(st.employed, st.employment_answers),
    medianMonthsToFirstJob:
      st.months_answers >= SUPPRESS_BELOW && st.median_months !== null
        ? Math.round(st.median_months * 10) / 10
        : null,
    monthsToFirstJob: MONTHS_TO_FIRST_JOB.flatMap(({ option, months }) =>
      months === null ? [] : [{ label: option, months, count: countOf("months", option) }],
    ),
    relatedToCourseRate: rate(st.related, st.related_answers),
    salaryBands: SALARY_BANDS.map((b) => ({ label: b, count: countOf("salary", b) })),
    foundVia: dist
      .filter((d) => d.kind === "via")
      .map((d) => ({ label: d.label, count: d.n }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    placedThroughRunway: st.placed,
  };
}

/** The outcomes of one survey (admin doors: the page, the API, the CLI). 404 for an unknown id. */
export async function surveyOutcomes(db: Db, surveyId: string): Promise<SurveyOutcomes> {
  if (!isUuid(surveyId)) throw new NotFound(SURVEY_MSG.notFound);
  const [s] = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      audience: surveys.audience,
      courseIds: surveys.courseIds,
      graduationYears: surveys.graduationYears,
    })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  if (!s) throw new NotFound(SURVEY_MSG.notFound);
  const cohort = {
    audience: s.audience,
    courseIds: s.courseIds,
    graduationYears: s.graduationYears,
  };
  const [[computed], progress, hiredBy, courseNames] = await Promise.all([
    parsedRows(db, outcomesRow, outcomesQuery(s.id)),
    computeProgress(db, s.id),
    ojtHireCounts(db, cohort),
    db.select({ id: courses.id, name: courses.name }).from(courses),
  ]);
  const { stats, dists } = computed;
  const statBy = new Map(stats.map((r) => [groupKey(r), r]));
  const progressBy = new Map<GroupKey, RateRow>([
    ["all", progress],
    ...progress.byCourse.map((r): [GroupKey, RateRow] => [`c:${r.courseId ?? ""}`, r]),
    ...progress.byGraduationYear.map((r): [GroupKey, RateRow] => [
      `y:${r.graduationYear ?? ""}`,
      r,
    ]),
  ]);
  const distBy = new Map<GroupKey, DistRow[]>();
  for (const d of dists) {
    const k = groupKey(d);
    distBy.set(k, [...(distBy.get(k) ?? []), d]);
  }
  const of = (k: GroupKey) => figures(progressBy.get(k), statBy.get(k), distBy.get(k) ?? []);
  const names = new Map(courseNames.map((c) => [c.id, c.name]));

  const courseIds = new Set<string | null>();
  const years = new Set<number | null>();
  for (const r of stats) {
    if (r.gc === 0) courseIds.add(r.course_id);
    else if (r.gy === 0) years.add(r.graduation_year);
  }
  for (const r of progress.byCourse) courseIds.add(r.courseId);
  for (const r of progress.byGraduationYear) years.add(r.graduationYear);
  const byCourse = [...courseIds]
    .map((id) => ({
      courseId: id,
      courseName: id ? (names.get(id) ?? "Deleted programme") : "No programme",
      ...of(`c:${id ?? ""}`),
    }))
    .sort(
      (a, b) =>
        (a.courseId ? 0 : 1) - (b.courseId ? 0 : 1) || a.courseName.localeCompare(b.courseName),
    );
  const byGraduationYear = [...years]
    .map((y) => ({ graduationYear: y, ...of(`y:${y ?? ""}`) }))
    .sort((a, b) => (b.graduationYear ?? -1) - (a.graduationYear ?? -1));
  return {
    survey: {
      id: s.id,
      title: s.title,
      audience: s.audience,
      courseIds: s.courseIds,
      courses: s.courseIds
        .map((id) => names.get(id) ?? "Deleted programme")
        .sort((a, b) => a.localeCompare(b)),
      graduationYears: s.graduationYears,
    },
    generatedAt: new Date().toISOString(),
    ...of("all"),
    byCourse,
    byGraduationYear,
    ojtHires: {
      overall: hireFigures(hiredBy.get("all")),
      byCourse: byCourse.map((c) => ({
        courseId: c.courseId,
        courseName: c.courseName,
        ...hireFigures(hiredBy.get(`c:${c.courseId ?? ""}`)),
      })),
      byGraduationYear: byGraduationYear.map((y) => ({
        graduationYear: y.graduationYear,
        ...hireFigures(hiredBy.get(`y:${y.graduationYear ?? ""}`)),
      })),
    },
  };
}

/** The CSV columns: the group, then the figures every group has. */
export const OUTCOME_CSV_HEADER = [
  "Group",
  "Programme / Year",
  "Targeted",
  "Responded",
  "Suppressed",
  "Response Rate",
  "Knowledge Rate",
  "Employment Rate",
  "Median Months to First Job",
  "Related to Programme Rate",
  "Placed through Runway",
];

const cell = (v: number | null) => (v === null ? "" : String(v));
const csvLine = (group: string, name: string, f: OutcomeFigures) => [
  group,
  name,
  String(f.targeted),
  String(f.responded),
  f.suppressed ? "yes" : "no",
  cell(f.responseRate),
  cell(f.knowledgeRate),
  cell(f.employmentRate),
  cell(f.medianMonthsToFirstJob),
  cell(f.relatedToCourseRate),
  cell(f.placedThroughRunway),
];

/** The outcomes as CSV (BOM, CRLF, formula-looking cells neutralised): overall, programmes, years. */
export function outcomesCsv(o: SurveyOutcomes): string {
  return (
    BOM +
    csvRows([
      OUTCOME_CSV_HEADER,
      csvLine("overall", o.survey.title, o),
      ...o.byCourse.map((c) => csvLine("programme", c.courseName, c)),
      ...o.byGraduationYear.map((y) =>
        csvLine(
          "graduation year",
          y.graduationYear === null ? "Unknown" : String(y.graduationYear),
          y,
        ),
      ),
    ])
  );
}

/** `survey-{id}-outcomes-{YYYY-MM-DD}.csv`, the date in UTC. */
export function outcomesFileName(surveyId: string, now: Date = new Date()): string {
  return `survey-${surveyId}-outcomes-${now.toISOString().slice(0, 10)}.csv`;
}
