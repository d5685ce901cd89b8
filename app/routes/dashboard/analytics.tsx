import { useSearchParams } from "react-router";
import { OverallSection } from "#app/components/dashboard/analytics/overall-section.tsx";
import { RecordsSection } from "#app/components/dashboard/analytics/records-section.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import {
  analyticsEntities,
  todayInIndia,
  type AnalyticsEntity,
  type AnalyticsPeriod,
} from "#schemas/logistics.ts";
import { analyticsPeriods } from "#schemas/logistics-options.ts";

export const meta = () => consoleMeta("Analytics");

/** Overall KPIs and per-entity records; period, entity, range and table state all live in the URL. */
export default function Analytics() {
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const period = (analyticsPeriods.find((p) => p.value === params.get("period"))?.value ??
    "today") as AnalyticsPeriod;
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

  return (
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <h1 className="text-2xl font-bold text-navy-900">Analytics</h1>
      <OverallSection period={period} onPeriod={(p) => set({ period: p === "today" ? null : p })} />
      <RecordsSection
        entity={entity}
        from={from}
        to={to}
        today={today}
        search={params.get("search") ?? ""}
        onChange={set}
      />
    </div>
  );
}
