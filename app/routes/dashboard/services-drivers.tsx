import type { EntityScreenConfig } from "~/components/dashboard/logistics/entity-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import { addedFrom, addedTo, formatDate, stateOptions } from "~/components/dashboard/logistics/options";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import { driverInputSchema, driverUpdateSchema, type Driver } from "../../../schemas/logistics";
import { stateLabel } from "../../../schemas/logistics-options";

export function meta() {
  return [{ title: "Drivers | GCC View 360 Console" }];
}

const config: EntityScreenConfig<Driver> = {
  title: "Drivers",
  noun: "driver",
  plural: "drivers",
  endpoint: "/api/drivers",
  dataKey: "driver",
  idOf: (d) => d.driver_id,
  describe: (d) => `driver ${d.driver_name}`,
  searchPlaceholder: "Search name, vehicle number, licence, phone or company",
  createSchema: driverInputSchema,
  updateSchema: driverUpdateSchema,
  nameField: "driver_name",
  vehicleField: true,
  filters: [{ name: "state", label: "State", options: stateOptions }, addedFrom, addedTo],
  columns: [
    {
      key: "created_at",
      header: "Added",
      sortable: true,
      className: "whitespace-nowrap",
      render: (d) => formatDate(d.created_at),
    },
    {
      key: "driver_name",
      header: "Driver",
      sortable: true,
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
      sortable: true,
      render: (d) => <span className="font-mono">{formatVehicleNumber(d.vehicle_number)}</span>,
    },
    {
      key: "licence_number",
      header: "Licence",
      render: (d) => <span className="font-mono text-xs">{d.licence_number}</span>,
    },
    { key: "company_name", header: "Company", render: (d) => d.company_name || "—" },
    { key: "state", header: "State", sortable: true, render: (d) => stateLabel(d.state) },
  ],
  fields: [
    { name: "driver_name", label: "Driver name", kind: "text" },
    { name: "licence_number", label: "Driving licence number", kind: "text", placeholder: "MH1420110062821" },
    { name: "company_name", label: "Company name", kind: "text" },
    { name: "state", label: "State", kind: "select", options: stateOptions, numeric: true },
    { name: "from_city", label: "From city", kind: "text" },
    { name: "to_city", label: "To city", kind: "text" },
  ],
  toForm: (d) => ({
    contact_no: d.contact_no,
    driver_name: d.driver_name,
    vehicle_number: d.vehicle_number,
    licence_number: d.licence_number,
    company_name: d.company_name,
    state: String(d.state),
    from_city: d.from_city,
    to_city: d.to_city,
  }),
};

export default function Drivers() {
  return <EntityScreen config={config} />;
}
