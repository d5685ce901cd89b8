import type { Column } from "~/components/dashboard/data-table";
import { resourceScreen } from "~/components/dashboard/logistics/resource-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import { formatDate } from "~/components/dashboard/logistics/options";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import type { Driver } from "../../../schemas/logistics";
import { driverResource } from "../../../schemas/directory/drivers";
import { stateLabel } from "../../../schemas/logistics-options";

export function meta() {
  return [{ title: "Drivers | GCC View 360 Console" }];
}

const columns: Column<Driver>[] = [
  {
    key: "created_at",
    header: "Added",
    className: "whitespace-nowrap",
    render: (d) => formatDate(d.created_at),
  },
  {
    key: "driver_name",
    header: "Driver",
    render: (d) => (
      <div>
        <div className="font-medium text-navy-900">{d.driver_name}</div>
        <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(d.contact_no)}</div>
      </div>
    ),
  },
  {
    key: "vehicle_number",
    header: "Vehicle",
    render: (d) => <span className="font-mono">{formatVehicleNumber(d.vehicle_number)}</span>,
  },
  {
    key: "licence_number",
    header: "Licence",
    render: (d) => <span className="font-mono text-xs">{d.licence_number}</span>,
  },
  { key: "company_name", header: "Company", render: (d) => d.company_name || "—" },
  { key: "state", header: "State", render: (d) => stateLabel(d.state) },
];

const config = resourceScreen(driverResource, columns);

export default function Drivers() {
  return <EntityScreen config={config} />;
}
