/**
 * The summary above the response cards (beyond the spec's list of cards): a bar chart of counts per choice question,
 * average and distribution for ratings, the number answered for text questions. The series come
 * from the model; this only renders. Every chart has its numbers as text beside it (the text
 * alternative, and what shows before JavaScript draws the chart).
 */
import { useEffect, useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { QuestionSummary, SurveySummary as Summary } from "~/models/survey/survey.server";

function useHydrated() {
  const [h, setH] = useState(false);
  useEffect(() => setH(true), []);
  return h;
}

const short = (s: string) => (s.length > 18 ? `${s.slice(0, 17)}…` : s);

function Bars({ data }: { data: { label: string; count: number }[] }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const height = Math.max(140, data.length * 34 + 40);
  return (
    <div className="survey-chart" aria-hidden="true" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height }}>
        <BarChart
          accessibilityLayer={false}
          data={data.map((d) => ({ ...d, short: short(d.label) }))}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="short" width={130} />
          <Tooltip
            formatter={(v) => [String(v), "Responses"]}
            labelFormatter={(_, p) => String(p?.[0]?.payload?.label ?? "")}
          />
          <Bar dataKey="count" fill="var(--accent)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function Counts({ data, caption }: { data: { label: string; count: number }[]; caption: string }) {
  return (
    <table className="table survey-counts">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Answer</th>
          <th scope="col">Responses</th>
        </tr>
      </thead>
      <tbody>
        {data.map((d) => (
          <tr key={d.label}>
            <td>{d.label}</td>
            <td>{d.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuestionBlock({ q }: { q: QuestionSummary }) {
  const title = `${q.text}${q.archived ? " (removed)" : ""}`;
  return (
    <figure className="card stack survey-summary-item">
      <figcaption>
        <strong>{title}</strong>
        <span className="muted"> · {q.answered} answered</span>
      </figcaption>
      {q.counts ? (
        <>
          <Bars data={q.counts} />
          <Counts data={q.counts} caption={`Counts for ${title}`} />
        </>
      ) : q.distribution ? (
        <>
          <p>
            Average:{" "}
            <strong>
              {q.average === null || q.average === undefined ? "-" : q.average.toFixed(2)}
            </strong>
            <span className="muted"> out of {q.distribution.length}</span>
          </p>
          <Bars data={q.distribution.map((d) => ({ label: `${d.label} ★`, count: d.count }))} />
          <Counts
            data={q.distribution.map((d) => ({ label: `${d.label} ★`, count: d.count }))}
            caption={`Rating distribution for ${title}`}
          />
        </>
      ) : null}
    </figure>
  );
}

export function SurveySummary({ summary }: { summary: Summary }) {
  return (
    <section className="stack survey-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">
        Summary{" "}
        <span className="muted">
          ({summary.total} response{summary.total === 1 ? "" : "s"})
        </span>
      </h2>
      {summary.questions.length ? (
        <div className="survey-summary-grid">
          {summary.questions
            .filter((q) => !q.archived || q.answered)
            .map((q) => (
              <QuestionBlock key={q.questionId} q={q} />
            ))}
        </div>
      ) : (
        <p className="muted">This survey has no questions.</p>
      )}
    </section>
  );
}
