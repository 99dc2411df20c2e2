/**
 * A bar chart card (recharts) with a text alternative. The series comes computed from the server;
 * this only draws it. recharts measures the DOM, so the chart renders in the browser only, in a box
 * of fixed height (no layout shift, no SSR width warnings). The data table beside it is visually
 * hidden for screen readers, and shown instead of the chart when JavaScript is off.
 */
import { useId } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useHydrated } from "../ui/use-hydrated";

export interface ChartDatum {
  /** Short axis label (fits a phone). */
  label: string;
  value: number;
  /** Full name for the tooltip and the table, when the label is shortened. */
  title?: string;
}

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function BarChartCard({
  title,
  data,
  orientation = "columns",
  labelHeader,
  valueHeader,
  emptyText = "No data yet.",
}: {
  title: string;
  data: ChartDatum[];
  /** columns: vertical bars; bars: horizontal bars (long category lists). */
  orientation?: "columns" | "bars";
  labelHeader: string;
  valueHeader: string;
  emptyText?: string;
}) {
  const hydrated = useHydrated();
  const headingId = useId();
  const height = orientation === "bars" ? Math.max(140, data.length * 30 + 40) : 260;
  const tip = (
    <Tooltip
      cursor={{ fill: "var(--accent-soft)" }}
      formatter={(v) => [String(v), valueHeader]}
      labelFormatter={(label, payload) =>
        (payload?.[0]?.payload as ChartDatum | undefined)?.title ?? String(label)
      }
    />
  );
  return (
    <section className="card chart-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="chart-title">
        {title}
      </h2>
      {data.length === 0 ? (
        <p className="muted chart-empty">{emptyText}</p>
      ) : (
        <>
          <div className="chart-area" style={{ height }} aria-hidden="true">
            {hydrated ? (
              <ResponsiveContainer width="100%" height="100%">
                {orientation === "bars" ? (
                  <BarChart
                    data={data}
                    layout="vertical"
                    margin={{ top: 4, right: 32, bottom: 4, left: 4 }}
                    accessibilityLayer={false}
                  >
                    <CartesianGrid horizontal={false} strokeDasharray="3 3" />
                    <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                    <YAxis
                      type="category"
                      dataKey="label"
                      width={84}
                      tick={{ fontSize: 12 }}
                      interval={0}
                    />
                    {tip}
                    <Bar
                      dataKey="value"
                      fill="var(--accent)"
                      radius={[0, 4, 4, 0]}
                      maxBarSize={24}
                      isAnimationActive={false}
                    >
                      <LabelList dataKey="value" position="right" fontSize={12} />
                    </Bar>
                  </BarChart>
                ) : (
                  <BarChart
                    data={data}
                    margin={{ top: 20, right: 8, bottom: 4, left: 0 }}
                    accessibilityLayer={false}
                  >
                    <CartesianGrid vertical={false} strokeDasharray="3 3" />
                    <XAxis
                      dataKey="label"
                      interval={0}
                      tick={{ fontSize: 12 }}
                      tickFormatter={(v: string) => truncate(v, data.length > 4 ? 10 : 16)}
                      angle={data.length > 4 ? -35 : 0}
                      textAnchor={data.length > 4 ? "end" : "middle"}
                      height={data.length > 4 ? 64 : 30}
                    />
                    <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} />
                    {tip}
                    <Bar
                      dataKey="value"
                      fill="var(--accent)"
                      radius={[4, 4, 0, 0]}
                      maxBarSize={56}
                      isAnimationActive={false}
                    >
                      <LabelList dataKey="value" position="top" fontSize={12} />
                    </Bar>
                  </BarChart>
                )}
              </ResponsiveContainer>
            ) : null}
          </div>
          {/* The wrapper hides it: a table ignores the 1px width of .visually-hidden. */}
          <div className="visually-hidden chart-data">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{labelHeader}</th>
                  <th scope="col">{valueHeader}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((d) => (
                  <tr key={d.title ?? d.label}>
                    <th scope="row">{d.title ?? d.label}</th>
                    <td>{d.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** Without JavaScript the charts cannot draw: show their data tables instead (once per page). */
export function ChartsNoScript() {
  return (
    <noscript
      dangerouslySetInnerHTML={{
        __html:
          "<style>.chart-area{display:none}.chart-data{position:static!important;width:auto!important;height:auto!important;margin:0!important;clip:auto!important;overflow:visible!important;white-space:normal!important}</style>",
      }}
    />
  );
}
