import type { Column } from "#app/components/dashboard/data-table/index.ts";
import { personColumn, timeColumn } from "#app/components/dashboard/columns.tsx";
import { resourceScreen } from "#app/components/dashboard/logistics/resource-screen.ts";
import { EntityScreen } from "#app/components/dashboard/logistics/entity-screen.tsx";
import { loadStatusLabel } from "#app/components/dashboard/logistics/options.ts";
import { formatDate, formatDay } from "#shared/india-time.ts";
import { Chip } from "#app/components/dashboard/logistics/ui.tsx";
import type { Load } from "#schemas/logistics.ts";
import { loadResource } from "#schemas/directory/loads.ts";
import { stateLabel } from "#schemas/logistics-options.ts";

export function meta() {
  return [{ title: "Loads | GCC View 360 Console" }];
}

const tone = { open: "amber", assigned: "sky", delivered: "green", cancelled: "slate" } as const;

const columns: Column<Load>[] = [
  timeColumn("created_at", "Posted", formatDate),
  {
    key: "route",
    primary: true,
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
  personColumn("contact", "Contact", (l) => l.contact_name || "—"),
  {
    key: "pickup_date",
    header: "Pickup",
    className: "whitespace-nowrap",
    render: (l) => formatDay(l.pickup_date),
  },
  {
    key: "status",
    header: "Status",
    render: (l) => <Chip tone={tone[l.status]}>{loadStatusLabel[l.status]}</Chip>,
  },
];

const config = resourceScreen(loadResource, columns);

export default function Loads() {
  return <EntityScreen config={config} />;
}
