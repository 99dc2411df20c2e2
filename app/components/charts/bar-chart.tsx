/**
 * A bar chart card (recharts) with a text alternative. The series comes computed from the server;
 * this only draws it. recharts measures the DOM, so the chart renders in the browser only, in a box
 * of fixed height (no layout shift, no SSR width warnings). The data table beside it is visually
 * hidden for screen readers, and shown instead of the chart when JavaScript is off.
 */
import { Suspense, lazy, useId } from "react";
import { useHydrated } from "../ui/use-hydrated";

// recharts (~240 KB before gzip) is fetched only when a chart is drawn, after hydration: it is
// not in the shared chunks of the pages that merely import this card.
const BarChartDrawing = lazy(() => import("./bar-chart-drawing"));

export interface ChartDatum {
  /** Short axis label (fits a phone). */
  label: string;
  value: number;
  /** Full name for the tooltip and the table, when the label is shortened. */
  title?: string;
}

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
              <Suspense fallback={null}>
                <BarChartDrawing data={data} orientation={orientation} valueHeader={valueHeader} />
              </Suspense>
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
