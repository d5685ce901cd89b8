import { z } from "zod";
import { normalizePhone, PHONE_MESSAGE } from "./phone";
import { isValidVehicleNumber, normalizeVehicleNumber, VEHICLE_MESSAGE } from "./vehicle";
import { recordId } from "./blog";
import {
  analyticsPeriods,
  bodyTypes,
  feedbackKinds,
  feedbackStatuses,
  kmBands,
  leadStatuses,
  loadStatuses,
  priceBands,
  serviceCategories,
  serviceRequestStatuses,
  tonnageBands,
  truckBrands,
  tyreCounts,
} from "./logistics-options";
import { listQuerySchema } from "./list-query";

/* ------------------------------------------------------------------ field rules (browser and API) */

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `${capital(label)} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${capital(label)} must be text` })
    .trim()
    .max(max, `${capital(label)} must be at most ${max} characters`);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Any common way of typing an Indian mobile number, stored as E.164 (+91…). */
export const phoneField = z.string({ error: PHONE_MESSAGE }).transform((v, ctx) => {
  const phone = normalizePhone(v);
  if (!phone) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
    return z.NEVER;
  }
  return phone;
});

/** Indian registration numbers, stored upper case without spaces or dashes. */
export const vehicleNumberField = z.string({ error: VEHICLE_MESSAGE }).transform((v, ctx) => {
  const n = normalizeVehicleNumber(v);
  if (!isValidVehicleNumber(n)) {
    ctx.addIssue({ code: "custom", message: VEHICLE_MESSAGE });
    return z.NEVER;
  }
  return n;
});

const LICENCE_MESSAGE = "Enter a driving licence number like MH1420110062821 (15 characters)";
/** Indian driving licence: state code, 2-digit RTO, 4-digit year, 7 digits; stored compact. */
export const licenceField = z.string({ error: LICENCE_MESSAGE }).transform((v, ctx) => {
  const n = v
    .trim()
    .toUpperCase()
    .replace(/[\s/-]/g, "");
  if (!/^[A-Z]{2}\d{2}(19|20)\d{2}\d{7}$/.test(n)) {
    ctx.addIssue({ code: "custom", message: LICENCE_MESSAGE });
    return z.NEVER;
  }
  return n;
});

const stateField = z
  .number({ error: "Choose a state" })
  .int("Choose a state")
  .min(1, "Choose a state")
  .max(33, "Choose a state");
const wholeNumber = (label: string, min: number, max: number, unit = "") =>
  z
    .number({ error: `Enter the ${label}` })
    .int(`${capital(label)} must be a whole number`)
    .min(min, `${capital(label)} must be at least ${min.toLocaleString("en-IN")}${unit}`)
    .max(max, `${capital(label)} must be at most ${max.toLocaleString("en-IN")}${unit}`);

export const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** An ISO calendar date (YYYY-MM-DD) that exists. */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2025-01-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2025-01-31`)
    .refine(isRealDate, `${label} must be a real calendar date`);

/** Uploaded image addresses as POST /api/uploads answers them (`/media/<id>/<width>.webp`). */
export const imageUrlField = z
  .string()
  .regex(/^\/media\/[0-9a-f]{32}\/\d{2,4}\.webp$/, "Images must be uploaded through the console");
export const MAX_IMAGES = 10;

const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, message);
const tyreField = z
  .number({ error: "Choose the number of tyres" })
  .refine((v) => (tyreCounts as readonly number[]).includes(v), "Choose the number of tyres");

/* ------------------------------------------------------------------ records: create and edit */

export const memberInputSchema = z
  .object({
    first_name: requiredText("first name", 100),
    last_name: optionalText("last name", 100).optional(),
    phone: phoneField,
    company: optionalText("company", 200).optional(),
    state: stateField,
    service_category: enumOf(serviceCategories, "Choose a service category"),
  })
  .strict();
export const memberUpdateSchema = memberInputSchema.partial().strict();
export type MemberInput = z.input<typeof memberInputSchema>;

export const memberVehicleSchema = z.object({ vehicle_no: vehicleNumberField }).strict();
export const verifyQuerySchema = z.object({ phone: phoneField });

export const loadInputSchema = z
  .object({
    contact_no: phoneField,
    contact_name: optionalText("contact name", 100).optional(),
    company_name: optionalText("company name", 200).optional(),
    from_city: requiredText("pickup city", 100),
    from_state: stateField,
    to_city: requiredText("drop city", 100),
    to_state: stateField,
    material: requiredText("material", 100),
    weight_tons: wholeNumber("weight", 1, 100, " t"),
    body_type: enumOf(bodyTypes, "Choose a body type"),
    tyres: tyreField,
    tonnage_band: enumOf(tonnageBands, "Choose a tonnage band"),
    pickup_date: isoDate("Pickup date"),
    status: enumOf(loadStatuses, "status must be open, assigned, delivered or cancelled").optional(),
  })
  .strict();
export const loadUpdateSchema = loadInputSchema.partial().strict();

export const truckInputSchema = z
  .object({
    contact_no: phoneField,
    vehicle_number: vehicleNumberField,
    owner_name: requiredText("owner name", 100),
    company_name: optionalText("company name", 200).optional(),
    body_type: enumOf(bodyTypes, "Choose a body type"),
    tyres: tyreField,
    tonnage_band: enumOf(tonnageBands, "Choose a tonnage band"),
    brand: enumOf(truckBrands, "Choose a brand"),
    state: stateField,
    from_city: optionalText("from city", 100).optional(),
    to_city: optionalText("to city", 100).optional(),
  })
  .strict();
export const truckUpdateSchema = truckInputSchema.partial().strict();

export const driverInputSchema = z
  .object({
    contact_no: phoneField,
    driver_name: requiredText("driver name", 100),
    vehicle_number: vehicleNumberField,
    licence_number: licenceField,
    company_name: optionalText("company name", 200).optional(),
    state: stateField,
    from_city: optionalText("from city", 100).optional(),
    to_city: optionalText("to city", 100).optional(),
  })
  .strict();
export const driverUpdateSchema = driverInputSchema.partial().strict();

const thisYear = new Date().getUTCFullYear();
export const buySellInputSchema = z
  .object({
    contact_no: phoneField,
    owner_name: requiredText("owner name", 100),
    vehicle_number: vehicleNumberField,
    brand: enumOf(truckBrands, "Choose a brand"),
    model_year: wholeNumber("model year", 1980, thisYear + 1),
    kms_driven: wholeNumber("kilometres driven", 0, 5_000_000, " km"),
    price: wholeNumber("price", 1, 1_000_000_000),
    location: requiredText("location", 100),
    state: stateField,
    images: z
      .array(imageUrlField, "images must be a list")
      .max(MAX_IMAGES, `Add at most ${MAX_IMAGES} images`)
      .optional(),
  })
  .strict();
export const buySellUpdateSchema = buySellInputSchema.partial().strict();

export const serviceRequestUpdateSchema = z
  .object({
    status: enumOf(serviceRequestStatuses, "status must be new, in_progress, done or rejected").optional(),
    notes: optionalText("notes", 5000).optional(),
  })
  .strict();

/** Feedback or a complaint an operator logs on a member's behalf (e.g. received by phone). */
export const feedbackInputSchema = z
  .object({
    kind: enumOf(feedbackKinds, "kind must be feedback or complaint"),
    text: requiredText("message", 5000),
    contact_no: phoneField.optional(),
  })
  .strict();

export const feedbackUpdateSchema = z
  .object({
    status: enumOf(feedbackStatuses, "status must be open, in_progress or resolved").optional(),
    reply: optionalText("reply", 5000).optional(),
  })
  .strict();

export const leadInputSchema = z
  .object({
    name: requiredText("name", 100),
    contact_no: phoneField,
    company: optionalText("company", 200).optional(),
    interest: optionalText("interest", 200).optional(),
    status: enumOf(leadStatuses, "status must be HOT, WARM or COLD"),
    follow_up_date: isoDate("Follow-up date").nullable().optional(),
    note: optionalText("note", 2000).optional(),
  })
  .strict();
export const leadUpdateSchema = leadInputSchema.omit({ note: true }).partial().strict();
export const leadNoteSchema = z.object({ note: requiredText("note", 2000) }).strict();

export const bulkDeleteSchema = z
  .object({
    ids: z
      .array(recordId(), "ids must be a list of record ids")
      .min(1, "Select at least one row")
      .max(100, "Delete at most 100 rows at once"),
  })
  .strict();

/* ------------------------------------------------------------------ list queries */

/** An empty query value means "no filter". */
const opt = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const stateQuery = (name: string) =>
  z
    .string()
    .regex(/^([1-9]|[12]\d|3[0-3])$/, `${name} must be a number from 1 to 33`)
    .transform(Number);
const queryEnum = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, `${name} must be one of: ${values.join(", ")}`);
const tyreQuery = z
  .string()
  .refine(
    (v) => (tyreCounts as readonly number[]).map(String).includes(v),
    `tyres must be one of: ${tyreCounts.join(", ")}`,
  )
  .transform(Number);
const bandValues = <T extends readonly { value: string }[]>(bands: T) =>
  bands.map((b) => b.value) as [T[number]["value"], ...T[number]["value"][]];

/** Records added between two dates (inclusive, India time). */
const createdRange = {
  created_from: opt(isoDate("created_from")),
  created_to: opt(isoDate("created_to")),
};

export const memberListQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
  service_category: opt(queryEnum("service_category", serviceCategories)),
  ...createdRange,
});
export const loadListQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
  to_state: opt(stateQuery("to_state")),
  body_type: opt(queryEnum("body_type", bodyTypes)),
  tyres: opt(tyreQuery),
  tonnage_band: opt(queryEnum("tonnage_band", tonnageBands)),
  status: opt(queryEnum("status", loadStatuses)),
  ...createdRange,
});
export const truckListQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
  body_type: opt(queryEnum("body_type", bodyTypes)),
  tyres: opt(tyreQuery),
  tonnage_band: opt(queryEnum("tonnage_band", tonnageBands)),
  brand: opt(queryEnum("brand", truckBrands)),
  ...createdRange,
});
export const driverListQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
  ...createdRange,
});
export const buySellListQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
  brand: opt(queryEnum("brand", truckBrands)),
  km_band: opt(queryEnum("km_band", bandValues(kmBands))),
  price_band: opt(queryEnum("price_band", bandValues(priceBands))),
  ...createdRange,
});
export const serviceRequestListQuerySchema = listQuerySchema.extend({
  status: opt(queryEnum("status", serviceRequestStatuses)),
  ...createdRange,
});
export const feedbackListQuerySchema = listQuerySchema.extend({
  kind: opt(queryEnum("kind", feedbackKinds)),
  status: opt(queryEnum("status", feedbackStatuses)),
  ...createdRange,
});
export const leadListQuerySchema = listQuerySchema.extend({
  status: opt(queryEnum("status", leadStatuses)),
  follow_up: opt(queryEnum("follow_up", ["overdue", "today", "upcoming", "none"] as const)),
});
export const afterSaleQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
});

export type MemberListQuery = z.output<typeof memberListQuerySchema>;
export type LoadListQuery = z.output<typeof loadListQuerySchema>;
export type TruckListQuery = z.output<typeof truckListQuerySchema>;
export type DriverListQuery = z.output<typeof driverListQuerySchema>;
export type BuySellListQuery = z.output<typeof buySellListQuerySchema>;
export type ServiceRequestListQuery = z.output<typeof serviceRequestListQuerySchema>;
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;
export type LeadListQuery = z.output<typeof leadListQuerySchema>;
export type AfterSaleQuery = z.output<typeof afterSaleQuerySchema>;

/* ------------------------------------------------------------------ analytics */

export const analyticsEntities = ["load", "truck", "driver", "buy_sell"] as const;
export type AnalyticsEntity = (typeof analyticsEntities)[number];
export const MAX_ANALYTICS_DAYS = 366;

export const overallQuerySchema = z.object({
  period: opt(
    queryEnum("period", analyticsPeriods.map((p) => p.value) as ["today", "last_7_days", "this_month"]),
  ).transform((v) => v ?? "today"),
});
export const analyticsEntityParams = z.object({ entity: queryEnum("entity", analyticsEntities) });
export const analyticsQuerySchema = listQuerySchema
  .extend({ from_date: opt(isoDate("from_date")), to_date: opt(isoDate("to_date")) })
  .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
    message: "from_date must be on or before to_date",
    path: ["from_date"],
  })
  .refine((q) => !q.from_date || !q.to_date || daysBetween(q.from_date, q.to_date) < MAX_ANALYTICS_DAYS, {
    message: `Choose a range of at most ${MAX_ANALYTICS_DAYS} days`,
    path: ["to_date"],
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export type AnalyticsPeriod = z.output<typeof overallQuerySchema>["period"];

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The directory works in India time: "today" is the calendar date in Asia/Kolkata. */
export const BUSINESS_TIME_ZONE = "Asia/Kolkata";
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/* ------------------------------------------------------------------ API answers */

export interface Member {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  state: number;
  service_category: string;
  vehicle_count: number;
  created_at: string;
}
export interface MemberVehicle {
  id: number;
  vehicle_no: string;
}
export interface VerifiedMember {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  vehicle_list: string[];
}
export interface Load {
  load_id: number;
  user_id: number | null;
  contact_no: string;
  contact_name: string;
  company_name: string;
  from_city: string;
  from_state: number;
  to_city: string;
  to_state: number;
  material: string;
  weight_tons: number;
  body_type: string;
  tyres: number;
  tonnage_band: string;
  pickup_date: string;
  status: (typeof loadStatuses)[number];
  created_at: string;
}
export interface Truck {
  truck_id: number;
  user_id: number | null;
  vehicle_number: string;
  contact_no: string;
  owner_name: string;
  company_name: string;
  body_type: string;
  tyres: number;
  tonnage_band: string;
  brand: string;
  state: number;
  from_city: string;
  to_city: string;
  created_at: string;
}
export interface Driver {
  driver_id: number;
  user_id: number | null;
  driver_name: string;
  vehicle_number: string;
  licence_number: string;
  contact_no: string;
  company_name: string;
  state: number;
  from_city: string;
  to_city: string;
  created_at: string;
}
export interface BuySell {
  buy_sell_id: number;
  user_id: number | null;
  owner_name: string;
  contact_no: string;
  vehicle_number: string;
  brand: string;
  model_year: number;
  kms_driven: number;
  price: number;
  location: string;
  state: number;
  images: string[];
  created_at: string;
}
export interface ServiceRequest {
  id: number;
  kind: "insurance" | "fast_tag";
  user_id: number | null;
  member_name: string;
  vehicle_number: string;
  contact_no: string;
  status: (typeof serviceRequestStatuses)[number];
  notes: string;
  created_at: string;
}
export interface FeedbackItem {
  id: number;
  user_id: number | null;
  member_name: string;
  contact_no: string;
  kind: (typeof feedbackKinds)[number];
  text: string;
  status: (typeof feedbackStatuses)[number];
  reply: string;
  created_at: string;
}
export interface Lead {
  id: number;
  name: string;
  contact_no: string;
  company: string;
  interest: string;
  status: (typeof leadStatuses)[number];
  follow_up_date: string | null;
  overdue: boolean;
  note_count: number;
  created_at: string;
}
export interface LeadNote {
  id: number;
  note: string;
  created_at: string;
}
export interface AfterSaleCustomer {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  state: number;
  service_count: number;
  total_amount: number;
  last_service_at: string;
}
export interface ServiceHistoryEntry {
  id: number;
  service: string;
  note: string;
  amount: number;
  created_at: string;
}
