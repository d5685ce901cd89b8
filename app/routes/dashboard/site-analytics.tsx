import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { ChartTable } from "#app/components/dashboard/charts/chart-table.tsx";
import { RankedBars } from "#app/components/dashboard/site-analytics/ranked-bars.tsx";
import { Segmented } from "#app/components/dashboard/segmented.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { formatIndianNumber } from "#app/lib/dashboard/money.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { conversionLabels, type SiteAnalytics } from "#schemas/site-analytics.ts";
import { formatDay } from "#shared/india-time.ts";

export const meta = () => consoleMeta("Site analytics");

// Recharts is loaded only when a chart renders (never by the public site).
const OverallChart = lazy(() =>
  import("#app/components/dashboard/charts/analytics-charts.tsx").then((m) => ({ default: m.OverallChart })),
);

const periods = [
  { value: "7", label: "Last 7 days" },
  { value: "28", label: "Last 28 days" },
] as const;
type Days = (typeof periods)[number]["value"];

const countryName = new Intl.DisplayNames(["en"], { type: "region" });
const plural = (n: number, one: string) => `${formatIndianNumber(n)} ${one}${n === 1 ? "" : "s"}`;

/**
 * Who came to the public site, from where, and what they did: the last 7 (or 28) days against the ones before.
 * Counted without cookies or personal data (the privacy page says how).
 */
export default function SiteAnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const days: Days = params.get("days") === "28" ? "28" : "7";
  const query = useQuery({
    queryKey: ["/api/site_analytics", days],
    queryFn: ({ signal }) => call("GET /api/site_analytics", { query: { days: Number(days) }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data?.data;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-navy-900">Site analytics</h1>
          {data ? (
            <p className="text-sm text-slate-600">
              {formatDay(data.from)} – {formatDay(data.to)}, against the {days} days before. No cookies, no
              personal data; bots and visitors who ask not to be tracked are not counted.
            </p>
          ) : null}
        </div>
        <Segmented
          label="Period"
          options={periods}
          value={days}
          onChange={(value) => setParams(value === "7" ? {} : { days: value }, { replace: true })}
        />
      </div>
      {query.isPending ? (
        <div className="py-10">
          <Spinner label="Loading site analytics…" />
        </div>
      ) : query.isError || !data ? (
        <p role="alert" className="py-6 text-red-700">
          {query.error?.message ?? "Could not load site analytics."}
        </p>
      ) : (
        <Figures data={data} dim={query.isPlaceholderData} />
      )}
    </div>
  );
}

function Figures({ data, dim }: { data: SiteAnalytics; dim: boolean }) {
  const tiles = [
    { key: "visitors", label: "Visitors", ...data.visitors },
    { key: "views", label: "Page views", ...data.views },
    { key: "conversions", label: "Conversions", ...data.conversions },
  ];
  const chart = data.days.map((d) => ({
    bucket: d.date,
    visitors: d.visitors,
    previous_visitors: d.previous_visitors,
  }));
  const series = [
    { key: "visitors", label: "Visitors", color: "#0f766e" },
    { key: "previous_visitors", label: "Same day, period before", color: "#94a3b8" },
  ];
  return (
    <div className={`space-y-5 ${dim ? "opacity-60" : ""}`}>
      <ul aria-label="Key figures" className="grid gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.key} className="rounded-xl border border-slate-200 bg-white p-4" data-kpi={tile.key}>
            <p className="text-sm font-medium text-slate-600">{tile.label}</p>
            <p className="mt-1 text-3xl font-bold text-navy-900">{formatIndianNumber(tile.current)}</p>
            <p className="mt-1 text-xs text-slate-600">
              {formatIndianNumber(tile.previous)} in the period before
            </p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="visitors-title" className="rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="visitors-title" className="text-base font-semibold text-navy-900">
          Visitors per day
        </h2>
        <Suspense
          fallback={
            <div className="grid h-72 place-items-center">
              <Spinner label="Loading chart…" />
            </div>
          }
        >
          <OverallChart data={chart} series={series} hourly={false} measure="Visitors" />
        </Suspense>
        <ChartTable
          caption={`Visitors and page views per day, ${formatDay(data.from)} – ${formatDay(data.to)}`}
          bucketHeader="Day"
          bucketKey="date"
          formatBucket={formatDay}
          series={[
            { key: "visitors", label: "Visitors" },
            { key: "views", label: "Page views" },
            { key: "previous_visitors", label: "Visitors, period before" },
          ]}
          data={data.days}
        />
      </section>
      <div className="grid gap-5 lg:grid-cols-2">
        <RankedBars
          title="Sources"
          unit="visitors"
          empty="No visitors yet in this period."
          rows={data.sources.map((s) => ({
            key: s.source,
            label: s.source,
            value: s.visitors,
            note: s.conversions ? plural(s.conversions, "conversion") : undefined,
          }))}
        />
        <RankedBars
          title="Pages"
          unit="views"
          empty="No page views yet in this period."
          rows={data.pages.map((p) => ({ key: p.path, label: p.path, value: p.views }))}
        />
        <RankedBars
          title="Conversions"
          unit="this period (before)"
          empty="No conversions."
          rows={data.conversion_kinds.map((c) => ({
            key: c.kind,
            label: conversionLabels[c.kind],
            value: c.current,
            note: `${formatIndianNumber(c.previous)} before`,
          }))}
        />
        <RankedBars
          title="Countries"
          unit="visitors"
          empty="No visitors yet in this period."
          rows={data.countries.map((c) => ({
            key: c.country ?? "none",
            label: c.country ? (countryName.of(c.country) ?? c.country) : "Not told",
            value: c.visitors,
          }))}
        />
      </div>
    </div>
  );
}
