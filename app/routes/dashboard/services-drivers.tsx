import type { Column } from "#app/components/dashboard/data-table/index.ts";
import { personColumn, stateColumn, timeColumn } from "#app/components/dashboard/columns.tsx";
import { formatDate } from "#shared/india-time.ts";
import { resourceScreen } from "#app/components/dashboard/logistics/resource-screen.ts";
import { EntityScreen } from "#app/components/dashboard/logistics/entity-screen.tsx";
import { formatVehicleNumber } from "#schemas/vehicle.ts";
import type { Driver } from "#schemas/logistics.ts";
import { driverResource } from "#schemas/directory/drivers.ts";

export function meta() {
  return [{ title: "Drivers | GCC View 360 Console" }];
}

const columns: Column<Driver>[] = [
  timeColumn("created_at", "Added", formatDate),
  {
    ...personColumn<Driver>("driver_name", "Driver", (d) => (
      <span className="font-medium text-navy-900">{d.driver_name}</span>
    )),
    primary: true,
  },
  {
    key: "vehicle_number",
    header: "Vehicle",
    render: (d) => (
      <span className="whitespace-nowrap font-mono">{formatVehicleNumber(d.vehicle_number)}</span>
    ),
  },
  {
    key: "licence_number",
    header: "Licence",
    render: (d) => <span className="font-mono text-xs">{d.licence_number}</span>,
  },
  { key: "company_name", header: "Company", render: (d) => d.company_name || "—" },
  stateColumn(),
];

const config = resourceScreen(driverResource, columns);

export default function Drivers() {
  return <EntityScreen config={config} />;
}
