import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ReactNode } from "react";
import { drawAsBars } from "./chart-table";
import { formatShortDay } from "#shared/india-time.ts";

/** Recharts lives here only, and the analytics route loads this module lazily: no other bundle carries it. */

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

const axis = { fontSize: 12, fill: "#475569" };

/**
 * A chart drawn as bars or as lines (drawAsBars decides), described for a screen reader by `label`. Recharts
 * reads its children's types, so the shared parts (grid, axes, tooltip) and the marks come in as elements.
 */
function chart({
  className,
  bars,
  label,
  data,
  xAxis,
  tooltip,
  legend = false,
  marks,
}: {
  className: string;
  bars: boolean;
  label: string;
  data: object[];
  xAxis: ReactNode;
  tooltip: ReactNode;
  legend?: boolean;
  marks: { bars: ReactNode; lines: ReactNode };
}) {
  const margin = { top: 8, right: 16, bottom: 0, left: -8 };
  const parts = (
    <>
      <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
      {xAxis}
      <YAxis allowDecimals={false} tick={axis} width={48} />
      {tooltip}
      {legend ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
    </>
  );
  return (
    <div className={className} role="img" data-chart-kind={bars ? "bars" : "lines"} aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        {bars ? (
          <BarChart data={data} margin={margin}>
            {parts}
            {marks.bars}
          </BarChart>
        ) : (
          <LineChart data={data} margin={margin}>
            {parts}
            {marks.lines}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

export function OverallChart({
  data,
  series,
  hourly,
  measure = "New records",
}: {
  data: Record<string, string | number>[];
  series: SeriesSpec[];
  hourly: boolean;
  /** What the chart counts, for its description. */
  measure?: string;
}) {
  const bars = drawAsBars(
    data,
    series.map((s) => s.key),
  );
  const xAxis = (
    <XAxis
      dataKey="bucket"
      tick={axis}
      tickFormatter={(v: string) => (hourly ? v : formatShortDay(v))}
      minTickGap={16}
    />
  );
  const tooltip = (
    <Tooltip labelFormatter={(v) => (hourly ? `Today ${String(v)}` : formatShortDay(String(v)))} />
  );
  return chart({
    className: "h-72 w-full",
    bars,
    label: `${measure} per ${hourly ? "hour today" : "day"} for ${series.map((s) => s.label).join(", ")}, drawn as ${bars ? "bars" : "lines"}; the table below has the numbers`,
    data,
    xAxis,
    tooltip,
    legend: true,
    marks: {
      // Stacked: six side-by-side bars per hour are hairlines; one bar per hour shows each type's share.
      bars: series.map((s) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={s.color}
          stackId="records"
          isAnimationActive={false}
        />
      )),
      lines: series.map((s) => (
        <Line
          key={s.key}
          type="linear"
          dataKey={s.key}
          name={s.label}
          stroke={s.color}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      )),
    },
  });
}

export function EntityLineChart({
  data,
  label,
  color,
}: {
  data: { date: string; count: number }[];
  label: string;
  color: string;
}) {
  const bars = drawAsBars(data, ["count"]);
  const xAxis = <XAxis dataKey="date" tick={axis} tickFormatter={formatShortDay} minTickGap={16} />;
  const tooltip = <Tooltip labelFormatter={(v) => formatShortDay(String(v))} />;
  return chart({
    className: "h-64 w-full",
    bars,
    label: `${label} added per day, drawn as ${bars ? "bars" : "a line"}; the table below has the numbers`,
    data,
    xAxis,
    tooltip,
    marks: {
      bars: <Bar dataKey="count" name={label} fill={color} isAnimationActive={false} />,
      lines: (
        <Line
          type="linear"
          dataKey="count"
          name={label}
          stroke={color}
          strokeWidth={2.5}
          dot={data.length <= 31}
          isAnimationActive={false}
        />
      ),
    },
  });
}
