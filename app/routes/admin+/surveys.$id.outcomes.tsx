/**
 * /admin/surveys/{id}/outcomes (ADR 101): the tracer outcomes computed from the keyed
 * answers — headline figures, charts with their text alternatives, tables by programme and by
 * graduation year with suppressed groups marked, the CSV, and a print layout that makes the page an
 * accreditation annex (Print / Save as PDF).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "~/web/auth.server";
import { screen } from "~/web/screen.server";
import {
  surveyOutcomes,
  type OjtHireFigures,
  type OutcomeFigures,
} from "~/models/survey/outcomes.server";
import { SUPPRESS_BELOW, SUPPRESSED_LABEL } from "~/models/survey/outcome-keys";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import { BarChartCard, ChartsNoScript } from "~/components/charts/bar-chart";
import { DateTime } from "~/components/ui/date-time";
import { DataTable } from "~/components/data-table/data-table";
import type { ColumnDef } from "@tanstack/react-table";
import chartStyles from "~/styles/people.css";
import outcomeStyles from "~/styles/survey-outcomes.css";
import { surveyAdminLinks } from "~/components/survey/admin-area";

export { handle } from "~/components/survey/admin-area";
export const links = surveyAdminLinks(chartStyles, outcomeStyles);

export function loader(args: LoaderFunctionArgs) {
  return screen("admin-or-home", async ({ params, ctx, onDomainError }) => {
    onDomainError(() =>
      redirectWithFlash("/admin/surveys", { kind: "error", message: SURVEY_MSG.loadFailed }),
    );
    return json({ outcomes: await surveyOutcomes(ctx.db, params.id ?? "") });
  })(args);
}

/** "BS in Aeronautical Engineering" → "BSAE": a programme's axis label (the table has the name). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => !/^(in|of|and|the|&)$/i.test(w))
    .map((w) => (/^[A-Z]{2,}$/.test(w) ? w : w[0]))
    .join("")
    .toUpperCase();

/** A chart's axis label: short options as they are, long ones cut (the tooltip has the whole). */
function shortLabel(label: string) {
  const compact = label
    .replace(/ to less than /g, "–")
    .replace(/,000/g, "k")
    .replace(/ and above$/, "+")
    .replace(/^Below /, "<")
    .replace(/ months?$/, " mo")
    .replace(/ years?/g, " yr");
  return compact.length > 16 ? `${compact.slice(0, 15)}…` : compact;
}

const pct = (v: number | null) => (v === null ? null : `${(v * 100).toFixed(1)}%`);

/** A figure's cell: the value, or a marked blank (suppressed group, or too small a base). */
function Figure({ value, suppressed }: { value: string | null; suppressed: boolean }) {
  if (value !== null) return <>{value}</>;
  return suppressed ? (
    <span className="outcome-suppressed">{SUPPRESSED_LABEL}</span>
  ) : (
    <span className="muted" title={`Fewer than ${SUPPRESS_BELOW} answers to this question`}>
      n&lt;{SUPPRESS_BELOW}
    </span>
  );
}

/** `progress`: the Progress page's figure, shown whatever the group's size ("—" without a base). */
const COLUMNS: Array<{
  header: string;
  value: (f: OutcomeFigures) => string | null;
  progress?: true;
}> = [
  { header: "Targeted", value: (f) => String(f.targeted), progress: true },
  { header: "Responded", value: (f) => String(f.responded), progress: true },
  { header: "Response rate", value: (f) => pct(f.responseRate) ?? "—", progress: true },
  { header: "Knowledge rate", value: (f) => pct(f.knowledgeRate) ?? "—", progress: true },
  { header: "Employment rate", value: (f) => pct(f.employmentRate) },
  {
    header: "Median months to first job",
    value: (f) => (f.medianMonthsToFirstJob === null ? null : String(f.medianMonthsToFirstJob)),
  },
  { header: "Related to programme", value: (f) => pct(f.relatedToCourseRate) },
  {
    header: "Placed through Runway",
    value: (f) => (f.placedThroughRunway === null ? null : String(f.placedThroughRunway)),
  },
];

/** The OJT hires of a group: "hired (share)", or a marked blank under SUPPRESS_BELOW placements. */
const hires = (f: OjtHireFigures) =>
  f.hiredByOjtHost === null ? null : `${f.hiredByOjtHost} (${pct(f.hiredByOjtHostRate) ?? "–"})`;

const GROUP_FIGURES = COLUMNS.map(({ header, value, progress }) => ({
  header,
  cell: (f: OutcomeFigures) => <Figure value={value(f)} suppressed={f.suppressed && !progress} />,
}));
const HIRE_FIGURES = [
  { header: "Completed OJT", cell: (f: OjtHireFigures) => f.ojtCompleted },
  {
    header: "Hired by OJT host",
    cell: (f: OjtHireFigures) => <Figure value={hires(f)} suppressed={false} />,
  },
];

type GroupRow<F> = { key: string; name: string; f: F };

/** A figure table: one row a group (its name heading the row), one column a figure. */
function FigureTable<F>({
  caption,
  groupHeader,
  rows,
  figures,
}: {
  caption: string;
  groupHeader: string;
  rows: Array<GroupRow<F>>;
  figures: Array<{ header: string; cell: (f: F) => React.ReactNode }>;
}) {
  const columns: Array<ColumnDef<GroupRow<F>>> = [
    { id: "group", header: groupHeader, cell: ({ row }) => row.original.name },
    ...figures.map(({ header, cell }): ColumnDef<GroupRow<F>> => ({
      id: header,
      header,
      cell: ({ row }) => cell(row.original.f),
    })),
  ];
  return (
    <DataTable
      figure
      className="outcome-table"
      caption={caption}
      columns={columns}
      data={rows}
      rowKey={(r) => r.key}
      rowClassName={(r) =>
        (r.f as Partial<OutcomeFigures>).suppressed ? "is-suppressed" : undefined
      }
      empty="No one targeted or answered yet."
    />
  );
}

const DEFINITIONS: Array<[string, string]> = [
  [
    "Targeted",
    "Active accounts in the survey's cohort today (audience, programmes, graduation years).",
  ],
  [
    "Responded",
    "People of the cohort who answered: the Progress page's Answered, programme and graduation year as today.",
  ],
  ["Response rate", "Responded ÷ targeted."],
  ["Knowledge rate", "Responses that state an employment status ÷ targeted."],
  [
    "Employment rate",
    "Graduates employed or self-employed ÷ those who answered the employment-status question.",
  ],
  [
    "Median months to first job",
    "Median of the answers to the time-to-first-job question, each range counted at its middle (less than a month = 0, 1–6 = 3, 7–11 = 9, 1–2 years = 18, 2 years or more = 24); 'not yet employed' left out.",
  ],
  [
    "Related to programme",
    "Answers 'Yes' ÷ answers 'Yes' or 'No' to whether the first job relates to the programme.",
  ],
  [
    "Placed through Runway",
    "Graduates who found the job through the college job board, or whose first job's company is a company on the board.",
  ],
  [
    "Hired by OJT host",
    `Completed OJT placements of the cohort's students (programme and graduation year as today), and how many the host hired, with the share; hidden below ${SUPPRESS_BELOW} completed placements.`,
  ],
  [
    "Suppression",
    `A group with fewer than ${SUPPRESS_BELOW} responses (programme and graduation year as they were when answering) shows its counts and response rates only; the other figures say "${SUPPRESSED_LABEL}". A figure whose own base is under ${SUPPRESS_BELOW} is left blank (n<${SUPPRESS_BELOW}). Rates are rounded to 0.1%.`,
  ],
];

export default function SurveyOutcomes() {
  const { outcomes: o } = useLoaderData<typeof loader>();
  const cohort = [
    `Audience: ${o.survey.audience}`,
    `Programmes: ${o.survey.courses.length ? o.survey.courses.join(", ") : "all"}`,
    `Graduation years: ${o.survey.graduationYears.length ? o.survey.graduationYears.join(", ") : "all"}`,
  ].join(" · ");
  const employmentByCourse = o.byCourse
    .filter((c) => c.employmentRate !== null)
    .map((c) => ({
      label: initials(c.courseName),
      title: c.courseName,
      value: Math.round((c.employmentRate ?? 0) * 1000) / 10,
    }));
  const shownFrom = `${SUPPRESSED_LABEL}.`;
  const counts = (d: Array<{ label: string; count: number }>) =>
    d.map((x) => ({ label: shortLabel(x.label), title: x.label, value: x.count }));
  const charts = [
    {
      title: "Months to first job",
      data: counts(o.monthsToFirstJob),
      labelHeader: "Time to first job",
      valueHeader: "Graduates",
      emptyText: shownFrom,
    },
    {
      title: "First-job salary bands",
      data: counts(o.salaryBands),
      labelHeader: "Monthly salary band",
      valueHeader: "Graduates",
      emptyText: shownFrom,
    },
    {
      title: "How the first job was found",
      data: counts(o.foundVia),
      labelHeader: "Way",
      valueHeader: "Graduates",
      emptyText: shownFrom,
    },
    {
      title: "Employment rate by programme (%)",
      data: employmentByCourse,
      labelHeader: "Programme",
      valueHeader: "Employment rate (%)",
      emptyText: `No programme has ${SUPPRESS_BELOW} or more answers yet.`,
    },
  ];
  return (
    <main className="page survey-admin survey-outcomes">
      <ChartsNoScript />
      <div className="page-header">
        <h1>
          <span className="print-only">Tracer study outcomes annex — </span>
          <span className="no-print">Outcomes — </span>
          {o.survey.title}
        </h1>
        <div className="row no-print">
          <Link to={`/admin/surveys/${o.survey.id}/responses`} className="btn">
            Responses
          </Link>
          <Link to="/admin/surveys">All Surveys</Link>
        </div>
      </div>
      <p className="muted outcome-meta">
        {cohort} · Computed <DateTime iso={o.generatedAt} />
      </p>
      <div className="row survey-toolbar no-print">
        <a
          href={`/api/surveys/${o.survey.id}/outcomes?format=csv`}
          className="btn btn-primary"
          download
        >
          Download CSV
        </a>
        <button type="button" className="btn" onClick={() => window.print()}>
          Print / Save as PDF
        </button>
      </div>

      <section className="stat-grid outcome-headline" aria-label="Headline figures">
        {(
          [
            ["Responded", `${o.responded} of ${o.targeted}`],
            ["Response rate", pct(o.responseRate) ?? "—"],
            ["Employment rate", pct(o.employmentRate)],
            [
              "Median months to first job",
              o.medianMonthsToFirstJob === null ? null : String(o.medianMonthsToFirstJob),
            ],
            ["Related to programme", pct(o.relatedToCourseRate)],
            [
              "Placed through Runway",
              o.placedThroughRunway === null ? null : String(o.placedThroughRunway),
            ],
          ] as Array<[string, string | null]>
        ).map(([label, value]) => (
          <div className="card stat-card" key={label}>
            <p className="stat-label">{label}</p>
            <p className="stat-value">
              <Figure value={value} suppressed={o.suppressed} />
            </p>
          </div>
        ))}
      </section>

      <div className="chart-grid outcome-charts">
        {charts.map((c) => (
          <BarChartCard key={c.title} {...c} orientation="bars" />
        ))}
      </div>

      <FigureTable
        caption="By programme"
        groupHeader="Programme"
        figures={GROUP_FIGURES}
        rows={o.byCourse.map((c) => ({ key: c.courseId ?? "none", name: c.courseName, f: c }))}
      />
      <FigureTable
        caption="By graduation year"
        groupHeader="Graduation year"
        figures={GROUP_FIGURES}
        rows={o.byGraduationYear.map((y) => ({
          key: String(y.graduationYear),
          name: y.graduationYear === null ? "Unknown" : String(y.graduationYear),
          f: y,
        }))}
      />
      <FigureTable
        caption="Hired by their OJT host"
        groupHeader="Programme / Year"
        figures={HIRE_FIGURES}
        rows={[
          { key: "all", name: "All", f: o.ojtHires.overall },
          ...o.ojtHires.byCourse.map((c) => ({
            key: `c:${c.courseId ?? ""}`,
            name: c.courseName,
            f: c,
          })),
          ...o.ojtHires.byGraduationYear.map((y) => ({
            key: `y:${y.graduationYear ?? ""}`,
            name: y.graduationYear === null ? "Unknown year" : String(y.graduationYear),
            f: y,
          })),
        ]}
      />

      <section className="card outcome-definitions" aria-labelledby="definitions-heading">
        <h2 id="definitions-heading">Definitions</h2>
        <dl>
          {DEFINITIONS.map(([term, text]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data ? `Outcomes: ${data.outcomes.survey.title} — Runway` : "Survey outcomes — Runway",
  },
];

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
