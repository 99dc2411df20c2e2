/**
 * The recharts drawing of a BarChartCard (bar-chart.tsx), in its own module so that recharts is a
 * chunk of its own, loaded by `React.lazy` in the browser once the page is hydrated.
 */
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
import type { ChartDatum } from "./bar-chart";

const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export default function BarChartDrawing({
  data,
  orientation,
  valueHeader,
}: {
  data: ChartDatum[];
  orientation: "columns" | "bars";
  valueHeader: string;
}) {
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
          <YAxis type="category" dataKey="label" width={84} tick={{ fontSize: 12 }} interval={0} />
          {tip}
          {valueBar(true)}
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
          {valueBar(false)}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}

/**
 * The bars and their value labels, lying (`horizontal`, labels on the right) or standing (labels
 * on top). Called, not rendered as a component: recharts finds its <Bar> among the chart's
 * direct children by type.
 */
function valueBar(horizontal: boolean) {
  return (
    <Bar
      dataKey="value"
      fill="var(--accent)"
      radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
      maxBarSize={horizontal ? 24 : 56}
      isAnimationActive={false}
    >
      <LabelList dataKey="value" position={horizontal ? "right" : "top"} fontSize={12} />
    </Bar>
  );
}
