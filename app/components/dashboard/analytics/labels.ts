import type { AnalyticsEntity } from "#schemas/logistics.ts";

export const entityLabel: Record<AnalyticsEntity, string> = {
  load: "Load",
  truck: "Truck",
  driver: "Driver",
  buy_sell: "Buy & Sell",
};

export const entityColor: Record<AnalyticsEntity, string> = {
  load: "#1a4275",
  truck: "#e9a21f",
  driver: "#7c3aed",
  buy_sell: "#db2777",
};

/** The colour of each KPI tile and its series in the overall chart. */
export const kpiColor: Record<string, string> = {
  member: "#0b6e5e",
  ...entityColor,
  service_request: "#0891b2",
  enquiry: "#b45309",
  lead: "#4d7c0f",
  imported: "#64748b",
};
