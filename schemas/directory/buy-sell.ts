import { formatVehicleNumber } from "../vehicle";
import {
  bandValues,
  brandField,
  brandQuery,
  imageUrlField,
  MAX_IMAGES,
  phoneField,
  queryEnum,
  requiredText,
  stateField,
  stateQuery,
  vehicleNumberField,
  wholeNumber,
} from "../logistics-fields";
import { z } from "zod";
import {
  brandOptions,
  kmBandOptions,
  kmBands,
  priceBandOptions,
  priceBands,
  stateLabel,
  stateOptions,
} from "../logistics-options";
import { defineResource } from "../resource";

const thisYear = new Date().getUTCFullYear();

export const buySellResource = defineResource({
  noun: "listing",
  plural: "listings",
  title: "Buy & Sell",
  auditName: "buy_sell",
  endpoint: "/api/buy_sell",
  dataKey: "buy_sell",
  idKey: "buy_sell_id",
  searchPlaceholder: "Search owner, phone, vehicle number, location or brand",
  fields: {
    owner_name: requiredText("owner name", 100),
    contact_no: phoneField,
    vehicle_number: vehicleNumberField,
    brand: brandField,
    model_year: wholeNumber("model year", 1980, thisYear + 1),
    kms_driven: wholeNumber("kilometres driven", 0, 5_000_000, " km"),
    price: wholeNumber("price", 1, 1_000_000_000),
    location: requiredText("location", 100),
    state: stateField,
    /** Replaces the stored list on an edit: an image left out is removed from the listing. */
    images: z
      .array(imageUrlField, "images must be a list")
      .max(MAX_IMAGES, `Add at most ${MAX_IMAGES} images`)
      .optional(),
  },
  filters: {
    state: { label: "State", query: stateQuery("state"), options: stateOptions },
    brand: { label: "Brand", query: brandQuery, options: brandOptions },
    km_band: {
      label: "Kilometres driven",
      query: queryEnum("km_band", bandValues(kmBands)),
      options: kmBandOptions,
    },
    price_band: {
      label: "Price",
      query: queryEnum("price_band", bandValues(priceBands)),
      options: priceBandOptions,
    },
  },
  sortable: ["created_at", "price", "kms_driven", "model_year", "owner_name", "brand"],
  form: {
    contact_no: { kind: "member-phone" },
    vehicle_number: { kind: "vehicle" },
    owner_name: { kind: "text", label: "Owner name", fromMember: "first_name" },
    brand: { kind: "select", label: "Brand", options: brandOptions },
    model_year: { kind: "number", label: "Model year", placeholder: "2019" },
    kms_driven: { kind: "number", label: "Kilometres driven", placeholder: "245000" },
    price: { kind: "rupees", label: "Price (₹)", placeholder: "₹18,50,000" },
    location: { kind: "text", label: "Location" },
    state: { kind: "select", label: "State", options: stateOptions, numeric: true },
    images: { kind: "images" },
  },
  csv: {
    buy_sell_id: "Listing id",
    created_at: "Listed (IST)",
    owner_name: "Owner name",
    contact_no: "Phone number",
    vehicle_number: "Vehicle number",
    brand: "Brand",
    model_year: "Model year",
    kms_driven: "Kms driven",
    price: "Price (INR)",
    location: "Location",
    state: { header: "State", value: (b) => stateLabel(b.state) },
    images: { header: "Images", value: (b) => b.images.length },
    user_id: null,
  },
  describe: (b) => `listing ${formatVehicleNumber(b.vehicle_number)}`,
});
