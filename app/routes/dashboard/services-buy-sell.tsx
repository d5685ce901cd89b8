import type { EntityScreenConfig } from "~/components/dashboard/logistics/entity-screen";
import { EntityScreen } from "~/components/dashboard/logistics/entity-screen";
import {
  addedFrom,
  addedTo,
  brandOptions,
  formatDate,
  kmBandOptions,
  priceBandOptions,
  stateOptions,
} from "~/components/dashboard/logistics/options";
import { formatIndianNumber, formatRupees } from "~/lib/dashboard/money";
import { formatPhone } from "../../../schemas/phone";
import { formatVehicleNumber } from "../../../schemas/vehicle";
import { buySellInputSchema, buySellUpdateSchema, type BuySell } from "../../../schemas/logistics";

export function meta() {
  return [{ title: "Buy & Sell | GCC View 360 Console" }];
}

const config: EntityScreenConfig<BuySell> = {
  title: "Buy & Sell",
  noun: "listing",
  plural: "listings",
  endpoint: "/api/buy_sell",
  dataKey: "buy_sell",
  idOf: (b) => b.buy_sell_id,
  describe: (b) => `listing ${formatVehicleNumber(b.vehicle_number)}`,
  searchPlaceholder: "Search owner, phone, vehicle number, location or brand",
  createSchema: buySellInputSchema,
  updateSchema: buySellUpdateSchema,
  nameField: "owner_name",
  vehicleField: true,
  images: true,
  filters: [
    { name: "state", label: "State", options: stateOptions },
    { name: "brand", label: "Brand", options: brandOptions },
    { name: "km_band", label: "Kilometres driven", options: kmBandOptions },
    { name: "price_band", label: "Price", options: priceBandOptions },
    addedFrom,
    addedTo,
  ],
  columns: [
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
          <span className="grid h-12 w-16 place-items-center rounded-md bg-slate-100 text-xs text-slate-500">
            No photo
          </span>
        ),
    },
    {
      key: "vehicle_number",
      header: "Vehicle",
      render: (b) => (
        <div>
          <div className="font-mono font-semibold text-navy-900">{formatVehicleNumber(b.vehicle_number)}</div>
          <div className="text-xs text-slate-500">
            {b.brand} · {b.model_year}
          </div>
        </div>
      ),
    },
    {
      key: "kms_driven",
      header: "Kms driven",
      sortable: true,
      render: (b) => `${formatIndianNumber(b.kms_driven)} km`,
    },
    {
      key: "price",
      header: "Price",
      sortable: true,
      className: "text-right",
      render: (b) => <span className="font-semibold">{formatRupees(b.price)}</span>,
    },
    { key: "location", header: "Location", render: (b) => b.location },
    {
      key: "owner_name",
      header: "Owner",
      sortable: true,
      render: (b) => (
        <div>
          <div>{b.owner_name}</div>
          <div className="whitespace-nowrap text-xs text-slate-500">{formatPhone(b.contact_no)}</div>
        </div>
      ),
    },
    {
      key: "created_at",
      header: "Listed",
      sortable: true,
      className: "whitespace-nowrap",
      render: (b) => formatDate(b.created_at),
    },
  ],
  fields: [
    { name: "owner_name", label: "Owner name", kind: "text" },
    { name: "brand", label: "Brand", kind: "select", options: brandOptions },
    { name: "model_year", label: "Model year", kind: "number", placeholder: "2019" },
    { name: "kms_driven", label: "Kilometres driven", kind: "number", placeholder: "245000" },
    { name: "price", label: "Price (₹)", kind: "rupees", placeholder: "₹18,50,000" },
    { name: "location", label: "Location", kind: "text" },
    { name: "state", label: "State", kind: "select", options: stateOptions, numeric: true },
  ],
  toForm: (b) => ({
    contact_no: b.contact_no,
    owner_name: b.owner_name,
    vehicle_number: b.vehicle_number,
    brand: b.brand,
    model_year: String(b.model_year),
    kms_driven: String(b.kms_driven),
    price: formatIndianNumber(b.price),
    location: b.location,
    state: String(b.state),
  }),
};

export default function BuySellListings() {
  return <EntityScreen config={config} />;
}
