import { z } from "zod";
import { timestamp } from "./api-responses";
import type { AnalyticsEntity, AnalyticsPeriod } from "./logistics";
import { analyticsPeriods } from "./logistics-options";

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

const columnValue: Record<AnalyticsColumnKind, z.ZodType> = {
  day: z.string(),
  phone: z.string(),
  vehicle: z.string(),
  km: z.number().int(),
  rupees: z.number(),
  text: z.string(),
};

/** An entity's row as the API sends it: the record's id, when it was added, and its columns' fields. */
export const analyticsRowSchemaOf = (entity: AnalyticsEntity) =>
  z.object({
    id: z.number().int(),
    created_at: timestamp(),
    ...Object.fromEntries(analyticsColumns[entity].map((column) => [column.key, columnValue[column.kind]])),
  });

/** One point of an entity's daily line (GET /api/analytics/:entity `chart_data`). */
export const analyticsDaySchema = z.object({ date: z.string(), count: z.number().int() });
export type AnalyticsDay = z.output<typeof analyticsDaySchema>;

/** First and last day, inclusive (India dates, YYYY-MM-DD). */
export const dateRangeSchema = z.object({ from: z.string(), to: z.string() });
export type DateRange = z.output<typeof dateRangeSchema>;

/** One KPI tile: records added in the period and in the one before it. */
export const analyticsKpiSchema = z.object({
  key: z.string(),
  label: z.string(),
  current: z.number().int(),
  previous: z.number().int(),
  change_pct: z.number().nullable().describe("Percent, one decimal; null when there was nothing before."),
});
export type AnalyticsKpi = z.output<typeof analyticsKpiSchema>;

/** GET /api/analytics/overall `data`: the KPI tiles and the chart (hourly for today, else daily). */
export const analyticsOverallSchema = z.object({
  period: z.enum(analyticsPeriods.map((p) => p.value) as [AnalyticsPeriod, ...AnalyticsPeriod[]]),
  current: dateRangeSchema,
  previous: dateRangeSchema,
  /** ISO moment: the period before is counted up to the same time of its last day as now. */
  previous_until: z.string(),
  kpis: z.array(analyticsKpiSchema),
  chart: z
    .array(z.record(z.string(), z.union([z.string(), z.number()])))
    .describe("One point per hour or day: `bucket` (its label) and a count per KPI key."),
});
export type AnalyticsOverall = z.output<typeof analyticsOverallSchema>;
