import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** Recharts lives here only, and the analytics route loads this module lazily: no other bundle carries it. */

export interface SeriesSpec {
  key: string;
  label: string;
  color: string;
}

const axis = { fontSize: 12, fill: "#475569" };

export function OverallChart({
  data,
  series,
  hourly,
}: {
  data: Record<string, string | number>[];
  series: SeriesSpec[];
  hourly: boolean;
}) {
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`New records per ${hourly ? "hour today" : "day"} for ${series.map((s) => s.label).join(", ")}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis
            dataKey="bucket"
            tick={axis}
            tickFormatter={(v: string) => (hourly ? v : shortDay(v))}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={axis} width={48} />
          <Tooltip labelFormatter={(v) => (hourly ? `Today ${String(v)}` : shortDay(String(v)))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {series.map((s) => (
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
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
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
  return (
    <div className="h-64 w-full" role="img" aria-label={`${label} added per day`}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="date" tick={axis} tickFormatter={shortDay} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axis} width={48} />
          <Tooltip labelFormatter={(v) => shortDay(String(v))} />
          <Line
            type="linear"
            dataKey="count"
            name={label}
            stroke={color}
            strokeWidth={2.5}
            dot={data.length <= 31}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
