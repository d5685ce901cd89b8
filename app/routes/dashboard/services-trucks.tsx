import type { Column } from "#app/components/dashboard/data-table/index.ts";
import { personColumn, stateColumn, timeColumn } from "#app/components/dashboard/columns.tsx";
import { formatDate } from "#shared/india-time.ts";
import { resourceScreen } from "#app/components/dashboard/logistics/resource-screen.ts";
import { EntityScreen } from "#app/components/dashboard/logistics/entity-screen.tsx";
import { formatVehicleNumber } from "#schemas/vehicle.ts";
import type { Truck } from "#schemas/logistics.ts";
import { truckResource } from "#schemas/directory/trucks.ts";

export function meta() {
  return [{ title: "Trucks | GCC View 360 Console" }];
}

const columns: Column<Truck>[] = [
  timeColumn("created_at", "Added", formatDate),
  {
    key: "vehicle_number",
    primary: true,
    header: "Vehicle",
    render: (t) => (
      <span className="whitespace-nowrap font-mono font-semibold text-navy-900">
        {formatVehicleNumber(t.vehicle_number)}
      </span>
    ),
  },
  {
    key: "truck",
    header: "Truck",
    render: (t) => `${t.brand} · ${t.body_type} · ${t.tyres} tyres · ${t.tonnage_band}`,
  },
  personColumn("owner_name", "Owner", (t) => t.owner_name),
  stateColumn(),
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
