import type { AnalyticsEntity, AnalyticsPeriod } from "./logistics";

/** How the console shows a column's values; the CSV export writes them as they are. */
export type AnalyticsColumnKind = "day" | "phone" | "vehicle" | "km" | "rupees" | "text";

export interface AnalyticsColumn {
  /** The field of an analytics row. */
  key: string;
  header: string;
  kind: AnalyticsColumnKind;
}

const contact: AnalyticsColumn[] = [
  { key: "date", header: "Date", kind: "day" },
  { key: "phone_number", header: "Phone number", kind: "phone" },
  { key: "name", header: "Name", kind: "text" },
];
const route: AnalyticsColumn[] = [
  { key: "company_name", header: "Company name", kind: "text" },
  { key: "from", header: "From", kind: "text" },
  { key: "to", header: "To", kind: "text" },
];
const vehicle: AnalyticsColumn = { key: "vehicle_number", header: "Vehicle number", kind: "vehicle" };

/** The spec's table columns per entity (section 3): the console's tables and the CSV exports. */
export const analyticsColumns: Record<AnalyticsEntity, readonly AnalyticsColumn[]> = {
  load: [...contact, ...route, { key: "material", header: "Material", kind: "text" }],
  truck: [...contact, ...route, vehicle],
  driver: [...contact, ...route, vehicle],
  buy_sell: [
    ...contact,
    { key: "kms_driven", header: "Kms driven", kind: "km" },
    { key: "location", header: "location", kind: "text" },
    { key: "owner_name", header: "Owner name", kind: "text" },
    vehicle,
    { key: "price", header: "Price", kind: "rupees" },
  ],
};

/** A row of GET /api/analytics/:entity: the fields of its columns and the record's id. */
export type AnalyticsRow = Record<string, string | number> & { id: number };

/** One point of an entity's daily line (GET /api/analytics/:entity `chart_data`). */
export interface AnalyticsDay {
  date: string;
  count: number;
}

/** First and last day, inclusive (India dates, YYYY-MM-DD). */
export interface DateRange {
  from: string;
  to: string;
}

/** One KPI tile: records added in the period and in the one before it. */
export interface AnalyticsKpi {
  key: string;
  label: string;
  current: number;
  previous: number;
  /** Percent, one decimal; null when there was nothing before to compare with. */
  change_pct: number | null;
}

/** GET /api/analytics/overall `data`: the KPI tiles and the chart (hourly for today, else daily). */
export interface AnalyticsOverall {
  period: AnalyticsPeriod;
  current: DateRange;
  previous: DateRange;
  kpis: AnalyticsKpi[];
  chart: Record<string, string | number>[];
}
