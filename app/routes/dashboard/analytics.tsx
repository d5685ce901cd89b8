import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { DataTable, type Column } from "~/components/dashboard/data-table";
import { formatDay } from "~/components/dashboard/logistics/options";
import { Spinner } from "~/components/dashboard/modal";
import { api } from "~/lib/dashboard/api";
import { formatIndianNumber, formatRupees } from "~/lib/dashboard/money";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import {
  addDays,
  analyticsEntities,
  daysBetween,
  isRealDate,
  MAX_ANALYTICS_DAYS,
  todayInIndia,
  type AnalyticsEntity,
} from "../../../schemas/logistics";
import { analyticsPeriods } from "../../../schemas/logistics-options";

// Recharts is loaded only when this screen renders (never by the public site or other console screens).
const OverallChart = lazy(() =>
  import("~/components/dashboard/charts/analytics-charts").then((m) => ({ default: m.OverallChart })),
);
const EntityLineChart = lazy(() =>
  import("~/components/dashboard/charts/analytics-charts").then((m) => ({ default: m.EntityLineChart })),
);

export function meta() {
  return [{ title: "Analytics | GCC View 360 Console" }];
}

type Period = (typeof analyticsPeriods)[number]["value"];
interface Kpi {
  key: string;
  label: string;
  current: number;
  previous: number;
  change_pct: number | null;
}
interface Overall {
  period: Period;
  current: { from: string; to: string };
  previous: { from: string; to: string };
  kpis: Kpi[];
  chart: Record<string, string | number>[];
}
type Row = Record<string, string | number> & { id: number };

const colors: Record<string, string> = {
  member: "#0b6e5e",
  load: "#1a4275",
  truck: "#e9a21f",
  driver: "#7c3aed",
  buy_sell: "#db2777",
  service_request: "#0891b2",
};
const entityLabel: Record<AnalyticsEntity, string> = {
  load: "Load",
  truck: "Truck",
  driver: "Driver",
  buy_sell: "Buy & Sell",
};
const previousLabel: Record<Period, string> = {
  today: "yesterday",
  last_7_days: "the 7 days before",
  this_month: "the same days last month",
};

const text = (key: string, header: string): Column<Row> => ({
  key,
  header,
  render: (r) => String(r[key] ?? "") || "—",
});
const common: Column<Row>[] = [
  { key: "date", header: "Date", className: "whitespace-nowrap", render: (r) => formatDay(String(r.date)) },
  {
    key: "phone_number",
    header: "Phone number",
    className: "whitespace-nowrap",
    render: (r) => formatPhone(String(r.phone_number)),
  },
  text("name", "Name"),
];
/** The spec's table columns per entity (section 3). */
const columns: Record<AnalyticsEntity, Column<Row>[]> = {
  load: [
    ...common,
    text("company_name", "Company name"),
    text("from", "From"),
    text("to", "To"),
    text("material", "Material"),
  ],
  truck: [
    ...common,
    text("company_name", "Company name"),
    text("from", "From"),
    text("to", "To"),
    {
      key: "vehicle_number",
      header: "Vehicle number",
      className: "whitespace-nowrap",
      render: (r) => formatVehicleNumber(String(r.vehicle_number)),
    },
  ],
  driver: [
    ...common,
    text("company_name", "Company name"),
    text("from", "From"),
    text("to", "To"),
    {
      key: "vehicle_number",
      header: "Vehicle number",
      className: "whitespace-nowrap",
      render: (r) => formatVehicleNumber(String(r.vehicle_number)),
    },
  ],
  buy_sell: [
    ...common,
    {
      key: "kms_driven",
      header: "Kms driven",
      render: (r) => `${formatIndianNumber(Number(r.kms_driven))} km`,
    },
    text("location", "location"),
    text("owner_name", "Owner name"),
    {
      key: "vehicle_number",
      header: "Vehicle number",
      className: "whitespace-nowrap",
      render: (r) => formatVehicleNumber(String(r.vehicle_number)),
    },
    { key: "price", header: "Price", className: "text-right", render: (r) => formatRupees(Number(r.price)) },
  ],
};

export default function Analytics() {
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const period = (analyticsPeriods.find((p) => p.value === params.get("period"))?.value ?? "today") as Period;
  const entity = (analyticsEntities as readonly string[]).includes(params.get("entity") ?? "")
    ? (params.get("entity") as AnalyticsEntity)
    : "load";
  const from = params.get("from_date") ?? today;
  const to = params.get("to_date") ?? today;
  const set = (changes: Record<string, string | null>, resetPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        if (resetPage) next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );

  const rangeError =
    !isRealDate(from) || !isRealDate(to)
      ? "Enter both dates."
      : from > to
        ? "The start date must be on or before the end date."
        : daysBetween(from, to) >= MAX_ANALYTICS_DAYS
          ? `Choose at most ${MAX_ANALYTICS_DAYS} days.`
          : null;

  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold text-navy-900">Analytics</h1>
      <OverallSection period={period} onPeriod={(p) => set({ period: p === "today" ? null : p })} />

      <section aria-labelledby="entity-title" className="rounded-2xl border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="entity-title" className="text-lg font-semibold text-navy-900">
              Records added per day
            </h2>
            <div
              role="tablist"
              aria-label="Record type"
              className="mt-3 inline-flex rounded-lg border border-slate-300 p-1"
            >
              {analyticsEntities.map((e) => (
                <button
                  key={e}
                  role="tab"
                  type="button"
                  aria-selected={entity === e}
                  onClick={() => set({ entity: e === "load" ? null : e, search: null }, true)}
                  className={`rounded-md px-3 py-1.5 text-sm font-semibold ${entity === e ? "bg-navy-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {entityLabel[e]}
                </button>
              ))}
            </div>
          </div>
          <fieldset className="flex flex-wrap items-end gap-3">
            <legend className="sr-only">Date range</legend>
            <div>
              <label htmlFor="from-date" className="block text-sm font-medium text-slate-700">
                From
              </label>
              <input
                id="from-date"
                type="date"
                value={from}
                max={today}
                onChange={(e) => set({ from_date: e.target.value || null }, true)}
                className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
              />
            </div>
            <div>
              <label htmlFor="to-date" className="block text-sm font-medium text-slate-700">
                To
              </label>
              <input
                id="to-date"
                type="date"
                value={to}
                onChange={(e) => set({ to_date: e.target.value || null }, true)}
                className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
              />
            </div>
            <div className="flex gap-1">
              {[
                ["Today", 0],
                ["7 days", 6],
                ["30 days", 29],
              ].map(([label, days]) => (
                <button
                  key={label}
                  type="button"
                  className="btn border border-slate-300 px-3 text-sm text-slate-700 hover:bg-slate-100"
                  onClick={() =>
                    set({ from_date: days ? addDays(today, -Number(days)) : null, to_date: null }, true)
                  }
                >
                  {label}
                </button>
              ))}
            </div>
          </fieldset>
        </div>
        {rangeError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            {rangeError}
          </p>
        ) : (
          <>
            <EntityChart entity={entity} from={from} to={to} search={params.get("search") ?? ""} />
            <div className="mt-6">
              <DataTable<Row>
                key={entity}
                title={`${entityLabel[entity]} records, ${formatDay(from)}${from === to ? "" : ` – ${formatDay(to)}`}`}
                titleLevel={2}
                endpoint={`/api/analytics/${entity}`}
                dataKey={entity}
                extraQuery={{ from_date: from, to_date: to }}
                rowKey={(r) => r.id}
                columns={columns[entity]}
                searchPlaceholder="Search phone, name, company, city…"
                csvExport
                emptyText="Nothing was added in this range."
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}

function OverallSection({ period, onPeriod }: { period: Period; onPeriod: (p: Period) => void }) {
  const query = useQuery({
    queryKey: ["/api/analytics/overall", period],
    queryFn: ({ signal }) => api<{ data: Overall }>(`/api/analytics/overall?period=${period}`, { signal }),
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
              {previousLabel[data.period]}
            </p>
          ) : null}
        </div>
        <div
          role="group"
          aria-label="Overall period"
          className="inline-flex rounded-lg border border-slate-300 p-1"
        >
          {analyticsPeriods.map((p) => (
            <button
              key={p.value}
              type="button"
              aria-pressed={period === p.value}
              onClick={() => onPeriod(p.value)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${period === p.value ? "bg-navy-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {p.label}
            </button>
          ))}
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
            className={`mt-5 grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-6 ${query.isPlaceholderData ? "opacity-60" : ""}`}
            aria-label="Key figures"
          >
            {data.kpis.map((k) => (
              <li key={k.key} className="rounded-xl border border-slate-200 p-4" data-kpi={k.key}>
                <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
                  <span
                    aria-hidden="true"
                    className="size-2.5 rounded-full"
                    style={{ background: colors[k.key] }}
                  />
                  {k.label}
                </p>
                <p className="mt-1 text-3xl font-bold text-navy-900">{formatIndianNumber(k.current)}</p>
                <Change kpi={k} />
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
                  color: colors[k.key] ?? "#334155",
                }))}
              />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}

function Change({ kpi }: { kpi: Kpi }) {
  if (kpi.change_pct === null)
    return (
      <p className="mt-1 text-xs text-slate-500">
        {kpi.previous === 0 && kpi.current === 0 ? "No change" : `New (none before; was ${kpi.previous})`}
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
      <span className="font-normal text-slate-500">vs {formatIndianNumber(kpi.previous)}</span>
    </p>
  );
}

function EntityChart({
  entity,
  from,
  to,
  search,
}: {
  entity: AnalyticsEntity;
  from: string;
  to: string;
  search: string;
}) {
  const qs = new URLSearchParams({
    from_date: from,
    to_date: to,
    page: "1",
    page_size: "10",
    ...(search ? { search } : {}),
  });
  const query = useQuery({
    queryKey: [`/api/analytics/${entity}`, "chart", qs.toString()],
    queryFn: ({ signal }) =>
      api<{ chart_data: { date: string; count: number }[]; total_no_of_data: number }>(
        `/api/analytics/${entity}?${qs}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const [color] = useState(() => ({
    load: colors.load!,
    truck: colors.truck!,
    driver: colors.driver!,
    buy_sell: colors.buy_sell!,
  }));
  if (query.isPending)
    return (
      <div className="grid h-64 place-items-center">
        <Spinner label="Loading chart…" />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="mt-4 text-red-700">
        {query.error.message}
      </p>
    );
  return (
    <div className="mt-5">
      <p className="mb-2 text-sm text-slate-600">
        <span className="font-semibold text-navy-900">{formatIndianNumber(query.data.total_no_of_data)}</span>{" "}
        {entityLabel[entity].toLowerCase()} records in this range
      </p>
      <Suspense
        fallback={
          <div className="grid h-64 place-items-center">
            <Spinner label="Loading chart…" />
          </div>
        }
      >
        <EntityLineChart data={query.data.chart_data} label={entityLabel[entity]} color={color[entity]} />
      </Suspense>
    </div>
  );
}
