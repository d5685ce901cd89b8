import type { Column } from "~/components/dashboard/data-table";
import { resourceScreen } from "~/components/dashboard/logistics/resource-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import { formatDate } from "~/components/dashboard/logistics/options";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import type { Truck } from "../../../schemas/logistics";
import { truckResource } from "../../../schemas/directory/trucks";
import { stateLabel } from "../../../schemas/logistics-options";

export function meta() {
  return [{ title: "Trucks | GCC View 360 Console" }];
}

const columns: Column<Truck>[] = [
  {
    key: "created_at",
    header: "Added",
    className: "whitespace-nowrap",
    render: (t) => formatDate(t.created_at),
  },
  {
    key: "vehicle_number",
    header: "Vehicle",
    render: (t) => (
      <span className="font-mono font-semibold text-navy-900">{formatVehicleNumber(t.vehicle_number)}</span>
    ),
  },
  {
    key: "truck",
    header: "Truck",
    render: (t) => `${t.brand} · ${t.body_type} · ${t.tyres} tyres · ${t.tonnage_band}`,
  },
  {
    key: "owner_name",
    header: "Owner",
    render: (t) => (
      <div>
        <div>{t.owner_name}</div>
        <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(t.contact_no)}</div>
      </div>
    ),
  },
  { key: "state", header: "State", render: (t) => stateLabel(t.state) },
  {
    key: "route",
    header: "Usual route",
    render: (t) => (t.from_city || t.to_city ? `${t.from_city || "—"} → ${t.to_city || "—"}` : "—"),
  },
];

const config = resourceScreen(truckResource, columns);

export default function Trucks() {
  return <EntityScreen config={config} />;
}
