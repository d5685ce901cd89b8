import type { Column } from "#app/components/dashboard/data-table/index.ts";
import { personColumn, timeColumn } from "#app/components/dashboard/columns.tsx";
import { formatDate } from "#shared/india-time.ts";
import { resourceScreen } from "#app/components/dashboard/logistics/resource-screen.ts";
import { EntityScreen } from "#app/components/dashboard/logistics/entity-screen.tsx";
import { formatIndianNumber, formatRupees } from "#app/lib/dashboard/money.ts";
import { formatVehicleNumber } from "#schemas/vehicle.ts";
import type { BuySell } from "#schemas/logistics.ts";
import { buySellResource } from "#schemas/directory/buy-sell.ts";

export function meta() {
  return [{ title: "Buy & Sell | GCC View 360 Console" }];
}

const columns: Column<BuySell>[] = [
  {
    key: "photo",
    header: "Photo",
    render: (b) =>
      b.images[0] ? (
        <img
          src={b.images[0]}
          alt={`${b.brand} ${formatVehicleNumber(b.vehicle_number)}`}
          className="h-12 w-16 rounded-md object-cover"
          loading="lazy"
        />
      ) : (
        <span className="grid h-12 w-16 place-items-center rounded-md bg-slate-100 text-xs text-slate-600">
          No photo
        </span>
      ),
  },
  {
    key: "vehicle_number",
    primary: true,
    header: "Vehicle",
    render: (b) => (
      <div>
        <div className="whitespace-nowrap font-mono font-semibold text-navy-900">
          {formatVehicleNumber(b.vehicle_number)}
        </div>
        <div className="text-xs text-slate-500">
          {b.brand} · {b.model_year}
        </div>
      </div>
    ),
  },
  {
    key: "kms_driven",
    header: "Kms driven",
    render: (b) => `${formatIndianNumber(b.kms_driven)} km`,
  },
  {
    key: "price",
    header: "Price",
    className: "text-right",
    render: (b) => <span className="font-semibold">{formatRupees(b.price)}</span>,
  },
  { key: "location", header: "Location", render: (b) => b.location },
  personColumn("owner_name", "Owner", (b) => b.owner_name),
  timeColumn("created_at", "Listed", formatDate),
];

const config = resourceScreen(buySellResource, columns);

export default function BuySellListings() {
  return <EntityScreen config={config} />;
}
