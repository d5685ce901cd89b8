import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { lazy, Suspense } from "react";
import { call } from "#app/lib/dashboard/api.ts";
import { formatIndianNumber } from "#app/lib/dashboard/money.ts";
import type { AnalyticsKpi, AnalyticsOverall } from "#schemas/analytics.ts";
import type { AnalyticsPeriod } from "#schemas/logistics.ts";
import { analyticsPeriods } from "#schemas/logistics-options.ts";
import { ChartTable } from "../charts/chart-table";
import { formatClock, formatDay } from "#shared/india-time.ts";
import { Spinner } from "../spinner";
import { Segmented } from "../segmented";
import { kpiColor } from "./labels";

// Recharts is loaded only when this screen renders (never by the public site or other console screens).
const OverallChart = lazy(() =>
  import("../charts/analytics-charts").then((m) => ({ default: m.OverallChart })),
);

const previousLabel: Record<AnalyticsPeriod, string> = {
  today: "yesterday",
  last_7_days: "the 7 days before",
  this_week: "the same days last week",
  last_week: "the week before",
  this_month: "the same days last month",
  last_month: "the month before",
};
/** Periods that have ended are compared whole; the others up to the time of day it is now. */
const whole: ReadonlySet<AnalyticsPeriod> = new Set(["last_week", "last_month"]);
/** "yesterday up to 14:35 IST", or "the week before" for a week that has ended. */
const comparedWith = (data: AnalyticsOverall) =>
  whole.has(data.period)
    ? previousLabel[data.period]
    : `${previousLabel[data.period]} up to ${formatClock(data.previous_until)}`;

/**
 * KPI tiles for today, the last 7 days, this or last week (ISO, Monday to Sunday) or this or last month against
 * the period before, and their chart. Records an import created count in "Imported", not as new ones.
 */
export function OverallSection({
  period,
  onPeriod,
}: {
  period: AnalyticsPeriod;
  onPeriod: (p: AnalyticsPeriod) => void;
}) {
  const query = useQuery({
    queryKey: ["/api/analytics/overall", period],
    queryFn: ({ signal }) => call("GET /api/analytics/overall", { query: { period }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data?.data;
  return (
    <section aria-labelledby="overall-title" className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="overall-title" className="text-lg font-semibold text-navy-900">
            Overall
          </h2>
          {data ? (
            <p className="text-sm text-slate-600">
              {formatDay(data.current.from)}
              {data.current.from === data.current.to ? "" : ` – ${formatDay(data.current.to)}`}, compared with{" "}
              {comparedWith(data)}
            </p>
          ) : null}
        </div>
        {/* Six choices: a row of buttons from 640 px, a select on a phone. */}
        <Segmented
          label="Overall period"
          options={analyticsPeriods}
          value={period}
          onChange={onPeriod}
          className="max-sm:hidden"
        />
        <div className="w-full sm:hidden">
          <label htmlFor="overall-period" className="block text-sm font-medium text-slate-700">
            Period
          </label>
          <select
            id="overall-period"
            value={period}
            onChange={(e) => onPeriod(e.target.value as AnalyticsPeriod)}
            className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
          >
            {analyticsPeriods.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isPending ? (
        <div className="py-10">
          <Spinner label="Loading analytics…" />
        </div>
      ) : query.isError || !data ? (
        <p role="alert" className="py-6 text-red-700">
          {query.error?.message ?? "Could not load analytics."}
        </p>
      ) : (
        <>
          <ul
            className={`mt-5 grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4 ${query.isPlaceholderData ? "opacity-60" : ""}`}
            aria-label="Key figures"
          >
            {data.kpis.map((k) => (
              <li key={k.key} className="rounded-xl border border-slate-200 p-4" data-kpi={k.key}>
                <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-full"
                    style={{ background: kpiColor[k.key] }}
                  />
                  {k.label}
                </p>
                <p className="mt-1 text-3xl font-bold text-navy-900">{formatIndianNumber(k.current)}</p>
                <Change kpi={k} compared={comparedWith(data)} />
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <Suspense
              fallback={
                <div className="grid h-72 place-items-center">
                  <Spinner label="Loading chart…" />
                </div>
              }
            >
              <OverallChart
                data={data.chart}
                hourly={data.period === "today"}
                series={data.kpis.map((k) => ({
                  key: k.key,
                  label: k.label,
                  color: kpiColor[k.key] ?? "#334155",
                }))}
              />
            </Suspense>
            <ChartTable
              caption={`New records per ${data.period === "today" ? "hour today" : "day"}, ${formatDay(data.current.from)}${data.current.from === data.current.to ? "" : ` – ${formatDay(data.current.to)}`}`}
              bucketHeader={data.period === "today" ? "Hour" : "Day"}
              bucketKey="bucket"
              formatBucket={data.period === "today" ? (v) => v : formatDay}
              series={data.kpis.map((k) => ({ key: k.key, label: k.label }))}
              data={data.chart}
            />
          </div>
        </>
      )}
    </section>
  );
}

function Change({ kpi, compared }: { kpi: AnalyticsKpi; compared: string }) {
  if (kpi.change_pct === null)
    return (
      <p className="mt-1 text-xs text-slate-500">
        {kpi.current === 0 ? "No change" : "New"} <span>vs 0 {compared}</span>
      </p>
    );
  const up = kpi.change_pct > 0;
  const flat = kpi.change_pct === 0;
  const Icon = flat ? Minus : up ? ArrowUpRight : ArrowDownRight;
  return (
    <p
      className={`mt-1 flex items-center gap-1 text-xs font-semibold ${flat ? "text-slate-600" : up ? "text-emerald-700" : "text-red-700"}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {flat ? "No change" : `${up ? "+" : ""}${kpi.change_pct}%`}{" "}
      <span className="font-normal text-slate-500">
        vs {formatIndianNumber(kpi.previous)} {compared}
      </span>
    </p>
  );
}
