import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { call } from "#app/lib/dashboard/api.ts";
import { formatIndianNumber } from "#app/lib/dashboard/money.ts";
import type { AnalyticsEntity } from "#schemas/logistics.ts";
import { ChartTable } from "../charts/chart-table";
import { formatDay } from "#shared/india-time.ts";
import { Spinner } from "../spinner";
import { entityColor, entityLabel } from "./labels";

// Recharts is loaded only when this screen renders (never by the public site or other console screens).
const EntityLineChart = lazy(() =>
  import("../charts/analytics-charts").then((m) => ({ default: m.EntityLineChart })),
);

const loadingChart = (
  <div className="grid h-64 place-items-center">
    <Spinner label="Loading chart…" />
  </div>
);

/** One entity's records per day over the range (with the table's search), and how many in all. */
export function EntityChart({
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
      call("GET /api/analytics/:entity", { params: { entity }, search: qs.toString(), signal }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return loadingChart;
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
      <Suspense fallback={loadingChart}>
        <EntityLineChart
          data={query.data.chart_data}
          label={entityLabel[entity]}
          color={entityColor[entity]}
        />
      </Suspense>
      <ChartTable
        caption={`${entityLabel[entity]} records added per day, ${formatDay(from)} to ${formatDay(to)}`}
        bucketHeader="Day"
        bucketKey="date"
        formatBucket={formatDay}
        series={[{ key: "count", label: `${entityLabel[entity]} records` }]}
        data={query.data.chart_data}
      />
    </div>
  );
}
