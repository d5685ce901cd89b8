import type { AnalyticsRow } from "#schemas/analytics.ts";
import {
  addDays,
  analyticsEntities,
  daysBetween,
  isRealDate,
  MAX_ANALYTICS_DAYS,
  type AnalyticsEntity,
} from "#schemas/logistics.ts";
import { DataTable } from "../data-table";
import { formatDay } from "#shared/india-time.ts";
import { TabList, TabPanels, Tabs } from "../tabs";
import { tableColumns } from "./columns";
import { EntityChart } from "./entity-chart";
import { entityLabel } from "./labels";

/** Records added per day for one entity over a date range: the tabs, the range, the line and the table. */
export function RecordsSection({
  entity,
  from,
  to,
  today,
  search,
  onChange,
}: {
  entity: AnalyticsEntity;
  from: string;
  to: string;
  today: string;
  /** The table's search, which the line follows. */
  search: string;
  /** Sets (or with null removes) URL parameters; `resetPage` goes back to the table's first page. */
  onChange: (changes: Record<string, string | null>, resetPage?: boolean) => void;
}) {
  const rangeError =
    !isRealDate(from) || !isRealDate(to)
      ? "Enter both dates."
      : from > to
        ? "The start date must be on or before the end date."
        : daysBetween(from, to) >= MAX_ANALYTICS_DAYS
          ? `Choose at most ${MAX_ANALYTICS_DAYS} days.`
          : null;
  const tabs = analyticsEntities.map((e) => ({ value: e, label: entityLabel[e] }));

  return (
    <Tabs
      as="section"
      value={entity}
      onChange={(e) => onChange({ entity: e === "load" ? null : e, search: null }, true)}
      aria-labelledby="entity-title"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="entity-title" className="text-lg font-semibold text-navy-900">
            Records added per day
          </h2>
          <TabList label="Record type" options={tabs} className="mt-3" />
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
              onChange={(e) => onChange({ from_date: e.target.value || null }, true)}
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
              onChange={(e) => onChange({ to_date: e.target.value || null }, true)}
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
                  onChange({ from_date: days ? addDays(today, -Number(days)) : null, to_date: null }, true)
                }
              >
                {label}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <TabPanels options={tabs} value={entity}>
        {rangeError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            {rangeError}
          </p>
        ) : (
          <>
            <EntityChart entity={entity} from={from} to={to} search={search} />
            <div className="mt-6">
              <DataTable<AnalyticsRow>
                key={entity}
                title={`${entityLabel[entity]} records, ${formatDay(from)}${from === to ? "" : ` – ${formatDay(to)}`}`}
                titleLevel={2}
                endpoint={`/api/analytics/${entity}`}
                extraQuery={{ from_date: from, to_date: to }}
                rowKey={(r) => r.id}
                columns={tableColumns(entity)}
                searchPlaceholder="Search phone, name, company, city…"
                csvExport
                emptyText="Nothing was added in this range."
              />
            </div>
          </>
        )}
      </TabPanels>
    </Tabs>
  );
}
