import type { EntityScreenConfig } from "~/components/dashboard/logistics/entity-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import {
  addedFrom,
  addedTo,
  bodyTypeOptions,
  brandOptions,
  formatDate,
  stateOptions,
  tonnageOptions,
  tyreOptions,
} from "~/components/dashboard/logistics/options";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import { truckInputSchema, truckUpdateSchema, type Truck } from "../../../schemas/logistics";
import { stateLabel } from "../../../schemas/logistics-options";

export function meta() {
  return [{ title: "Trucks | GCC View 360 Console" }];
}

const config: EntityScreenConfig<Truck> = {
  title: "Trucks",
  noun: "truck",
  plural: "trucks",
  endpoint: "/api/trucks",
  dataKey: "truck",
  idOf: (t) => t.truck_id,
  describe: (t) => `truck ${formatVehicleNumber(t.vehicle_number)}`,
  searchPlaceholder: "Search vehicle number, phone, owner, company or city",
  createSchema: truckInputSchema,
  updateSchema: truckUpdateSchema,
  vehicleField: true,
  filters: [
    { name: "state", label: "State", options: stateOptions },
    { name: "body_type", label: "Body type", options: bodyTypeOptions },
    { name: "tyres", label: "Tyres", options: tyreOptions },
    { name: "tonnage_band", label: "Tonnage", options: tonnageOptions },
    { name: "brand", label: "Brand", options: brandOptions },
    addedFrom,
    addedTo,
  ],
  columns: [
    {
      key: "created_at",
      header: "Added",
      sortable: true,
      className: "whitespace-nowrap",
      render: (t) => formatDate(t.created_at),
    },
    {
      key: "vehicle_number",
      header: "Vehicle",
      sortable: true,
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
      sortable: true,
      render: (t) => (
        <div>
          <div>{t.owner_name}</div>
          <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(t.contact_no)}</div>
        </div>
      ),
    },
    { key: "state", header: "State", sortable: true, render: (t) => stateLabel(t.state) },
    {
      key: "route",
      header: "Usual route",
      render: (t) => (t.from_city || t.to_city ? `${t.from_city || "—"} → ${t.to_city || "—"}` : "—"),
    },
  ],
  fields: [
    { name: "owner_name", label: "Owner name", kind: "text" },
    { name: "company_name", label: "Company name", kind: "text" },
    { name: "brand", label: "Brand", kind: "select", options: brandOptions },
    { name: "body_type", label: "Body type", kind: "select", options: bodyTypeOptions },
    { name: "tyres", label: "Tyres", kind: "select", options: tyreOptions, numeric: true },
    { name: "tonnage_band", label: "Tonnage", kind: "select", options: tonnageOptions },
    { name: "state", label: "State", kind: "select", options: stateOptions, numeric: true },
    { name: "from_city", label: "From city", kind: "text" },
    { name: "to_city", label: "To city", kind: "text" },
  ],
  toForm: (t) => ({
    contact_no: t.contact_no,
    vehicle_number: t.vehicle_number,
    owner_name: t.owner_name,
    company_name: t.company_name,
    brand: t.brand,
    body_type: t.body_type,
    tyres: String(t.tyres),
    tonnage_band: t.tonnage_band,
    state: String(t.state),
    from_city: t.from_city,
    to_city: t.to_city,
  }),
};

export default function Trucks() {
  return <EntityScreen config={config} />;
}
