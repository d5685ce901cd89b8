import type { EntityScreenConfig } from "~/components/dashboard/logistics/entity-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import {
  addedFrom,
  addedTo,
  bodyTypeOptions,
  formatDate,
  formatDay,
  loadStatusLabel,
  loadStatusOptions,
  stateOptions,
  tonnageOptions,
  tyreOptions,
} from "~/components/dashboard/logistics/options";
import { Chip } from "~/components/dashboard/logistics/ui";
import { formatPhone } from "../../../schemas/phone";
import { loadInputSchema, loadUpdateSchema, type Load } from "../../../schemas/logistics";
import { stateLabel } from "../../../schemas/logistics-options";

export function meta() {
  return [{ title: "Loads | GCC View 360 Console" }];
}

const tone = { open: "amber", assigned: "sky", delivered: "green", cancelled: "slate" } as const;

const config: EntityScreenConfig<Load> = {
  title: "Loads",
  noun: "load",
  plural: "loads",
  endpoint: "/api/loads",
  dataKey: "load",
  idOf: (l) => l.load_id,
  describe: (l) => `load ${l.load_id} ${l.from_city} to ${l.to_city}`,
  searchPlaceholder: "Search phone, name, company, city or material",
  createSchema: loadInputSchema,
  updateSchema: loadUpdateSchema,
  filters: [
    { name: "state", label: "From state", options: stateOptions },
    { name: "to_state", label: "To state", options: stateOptions },
    { name: "body_type", label: "Body type", options: bodyTypeOptions },
    { name: "tyres", label: "Tyres", options: tyreOptions },
    { name: "tonnage_band", label: "Tonnage", options: tonnageOptions },
    { name: "status", label: "Status", options: loadStatusOptions },
    addedFrom,
    addedTo,
  ],
  columns: [
    {
      key: "created_at",
      header: "Posted",
      sortable: true,
      className: "whitespace-nowrap",
      render: (l) => formatDate(l.created_at),
    },
    {
      key: "route",
      header: "Route",
      render: (l) => (
        <div>
          <div className="font-medium text-navy-900">
            {l.from_city} → {l.to_city}
          </div>
          <div className="text-xs text-slate-500">
            {stateLabel(l.from_state)} → {stateLabel(l.to_state)}
          </div>
        </div>
      ),
    },
    { key: "material", header: "Material", render: (l) => `${l.material} · ${l.weight_tons} t` },
    {
      key: "truck",
      header: "Truck needed",
      render: (l) => `${l.body_type}, ${l.tyres} tyres, ${l.tonnage_band}`,
    },
    {
      key: "contact",
      header: "Contact",
      render: (l) => (
        <div>
          <div>{l.contact_name || "—"}</div>
          <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(l.contact_no)}</div>
        </div>
      ),
    },
    {
      key: "pickup_date",
      header: "Pickup",
      sortable: true,
      className: "whitespace-nowrap",
      render: (l) => formatDay(l.pickup_date),
    },
    {
      key: "status",
      header: "Status",
      sortable: true,
      render: (l) => <Chip tone={tone[l.status]}>{loadStatusLabel[l.status]}</Chip>,
    },
  ],
  fields: [
    { name: "contact_name", label: "Contact name", kind: "text" },
    { name: "company_name", label: "Company name", kind: "text" },
    { name: "from_city", label: "From city", kind: "text" },
    { name: "from_state", label: "From state", kind: "select", options: stateOptions, numeric: true },
    { name: "to_city", label: "To city", kind: "text" },
    { name: "to_state", label: "To state", kind: "select", options: stateOptions, numeric: true },
    { name: "material", label: "Material", kind: "text" },
    { name: "weight_tons", label: "Weight (tonnes)", kind: "number" },
    { name: "body_type", label: "Body type", kind: "select", options: bodyTypeOptions },
    { name: "tyres", label: "Tyres", kind: "select", options: tyreOptions, numeric: true },
    { name: "tonnage_band", label: "Tonnage", kind: "select", options: tonnageOptions },
    { name: "pickup_date", label: "Pickup date", kind: "date" },
    { name: "status", label: "Status", kind: "select", options: loadStatusOptions, editOnly: true },
  ],
  toForm: (l) => ({
    contact_no: l.contact_no,
    contact_name: l.contact_name,
    company_name: l.company_name,
    from_city: l.from_city,
    from_state: String(l.from_state),
    to_city: l.to_city,
    to_state: String(l.to_state),
    material: l.material,
    weight_tons: String(l.weight_tons),
    body_type: l.body_type,
    tyres: String(l.tyres),
    tonnage_band: l.tonnage_band,
    pickup_date: l.pickup_date,
    status: l.status,
  }),
};

export default function Loads() {
  return <EntityScreen config={config} />;
}
