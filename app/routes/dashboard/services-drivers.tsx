import type { Column } from "~/components/dashboard/data-table";
import { personColumn, stateColumn, timeColumn } from "~/components/dashboard/columns";
import { formatDate } from "../../../shared/india-time";
import { resourceScreen } from "~/components/dashboard/logistics/resource-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import type { Driver } from "../../../schemas/logistics";
import { driverResource } from "../../../schemas/directory/drivers";

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
