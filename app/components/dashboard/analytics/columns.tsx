import type { ReactNode } from "react";
import { formatIndianNumber, formatRupees } from "#app/lib/dashboard/money.ts";
import { analyticsColumns, type AnalyticsColumnKind, type AnalyticsRow } from "#schemas/analytics.ts";
import type { AnalyticsEntity } from "#schemas/logistics.ts";
import { formatPhone } from "#schemas/phone.ts";
import { formatVehicleNumber } from "#schemas/vehicle.ts";
import type { Column } from "../data-table";
import { formatDay } from "#shared/india-time.ts";

const show: Record<AnalyticsColumnKind, (value: string | number | undefined) => ReactNode> = {
  day: (v) => formatDay(String(v)),
  phone: (v) => formatPhone(String(v)),
  vehicle: (v) => formatVehicleNumber(String(v)),
  km: (v) => `${formatIndianNumber(Number(v))} km`,
  rupees: (v) => formatRupees(Number(v)),
  text: (v) => String(v ?? "") || "—",
};

const cellClass: Partial<Record<AnalyticsColumnKind, string>> = {
  day: "whitespace-nowrap",
  phone: "whitespace-nowrap",
  vehicle: "whitespace-nowrap",
  rupees: "text-right",
};

/** The table columns of one entity, as schemas/analytics declares them for the table and the CSV. */
export const tableColumns = (entity: AnalyticsEntity): Column<AnalyticsRow>[] =>
  analyticsColumns[entity].map(({ key, header, kind }) => ({
    key,
    header,
    className: cellClass[kind],
    // A phone's card is titled by the person's name; the date is one of its facts.
    primary: key === "name",
    render: (row) => show[kind](row[key]),
  }));
