import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { kmBands, priceBands, type Band } from "#schemas/logistics-options.ts";
import { createdAt, ownedBy } from "./columns";

/**
 * Search documents: the text each list's search box looks in, one expression per table. A pg_trgm GIN
 * index on the same expression serves `ILIKE '%text%'` (the query must use exactly this expression).
 */
const doc = (...columns: AnyPgColumn[]): SQL => sql.join(columns, sql` || ' ' || `);
const trigram = (name: string, expression: SQL) =>
  index(name).using("gin", sql`(${expression}) gin_trgm_ops`);

/**
 * The import that created the row (domain/imports), null for a row added by hand or signed up: analytics counts
 * the two apart. No foreign key: the import's own rows are purged after the trash window, the mark stays.
 */
const importedBy = () => integer("import_batch_id");

const memberRef = () => integer("member_id").references(() => members.id, { onDelete: "set null" });

/** A user of the logistics marketplace; phone is E.164 (+91…) and identifies the member. */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone").notNull(),
    company: text("company").notNull().default(""),
    state: integer("state").notNull(),
    serviceCategory: text("service_category").notNull(),
    createdAt: createdAt(),
    importBatchId: importedBy(),
  },
  (t) => [
    uniqueIndex("members_phone_key").on(t.phone),
    // With the search document's columns (all short: at most 400 characters together) after the order, as
    // in drivers_filter_idx.
    index("members_filter_idx").on(
      t.state,
      t.serviceCategory,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.firstName,
      t.lastName,
      t.phone,
      t.company,
    ),
    index("members_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Covers the after-sale view's state + search: the search document's columns are checked in the index.
    index("members_state_search_idx").on(t.state, t.firstName, t.lastName, t.phone, t.company, t.id),
    trigram("members_search_idx", memberSearch(t)),
  ],
);

export const memberVehicles = pgTable(
  "member_vehicles",
  {
    id: serial("id").primaryKey(),
    memberId: ownedBy("member_id", () => members.id),
    vehicleNo: text("vehicle_no").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_vehicles_key").on(t.memberId, t.vehicleNo)],
);

export const loads = pgTable(
  "loads",
  {
    id: serial("id").primaryKey(),
    memberId: memberRef(),
    contactNo: text("contact_no").notNull(),
    contactName: text("contact_name").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    fromCity: text("from_city").notNull(),
    fromState: integer("from_state").notNull(),
    toCity: text("to_city").notNull(),
    toState: integer("to_state").notNull(),
    material: text("material").notNull(),
    // Tonnes to two decimals (12.5 t); read back as a JS number.
    weightTons: numeric("weight_tons", { precision: 6, scale: 2, mode: "number" }).notNull(),
    bodyType: text("body_type").notNull(),
    tyres: integer("tyres").notNull(),
    tonnageBand: text("tonnage_band").notNull(),
    pickupDate: date("pickup_date", { mode: "string" }).notNull(),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    importBatchId: importedBy(),
  },
  (t) => [
    // The search document's columns after the order (at most 600 characters together; as drivers_filter_idx).
    index("loads_filter_idx").on(
      t.fromState,
      t.bodyType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.contactNo,
      t.contactName,
      t.companyName,
      t.fromCity,
      t.toCity,
      t.material,
    ),
    index("loads_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trigram("loads_search_idx", loadSearch(t)),
  ],
);

export const trucks = pgTable(
  "trucks",
  {
    id: serial("id").primaryKey(),
    memberId: memberRef(),
    vehicleNumber: text("vehicle_number").notNull(),
    contactNo: text("contact_no").notNull(),
    ownerName: text("owner_name").notNull().default(""),
    companyName: text("company_name").notNull().default(""),
    bodyType: text("body_type").notNull(),
    tyres: integer("tyres").notNull(),
    tonnageBand: text("tonnage_band").notNull(),
    brand: text("brand").notNull(),
    state: integer("state").notNull(),
    fromCity: text("from_city").notNull().default(""),
    toCity: text("to_city").notNull().default(""),
    createdAt: createdAt(),
    importBatchId: importedBy(),
  },
  (t) => [
    index("trucks_filter_idx").on(
      t.state,
      t.bodyType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("trucks_brand_idx").on(t.state, t.brand, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("trucks_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The import matches a row to its truck by vehicle number (domain/imports).
    index("trucks_vehicle_number_idx").on(t.vehicleNumber),
    trigram("trucks_search_idx", truckSearch(t)),
  ],
);

export const drivers = pgTable(
  "drivers",
  {
    id: serial("id").primaryKey(),
    memberId: memberRef(),
    driverName: text("driver_name").notNull(),
    vehicleNumber: text("vehicle_number").notNull(),
    licenceNumber: text("licence_number").notNull(),
    contactNo: text("contact_no").notNull(),
    companyName: text("company_name").notNull().default(""),
    state: integer("state").notNull(),
    fromCity: text("from_city").notNull().default(""),
    toCity: text("to_city").notNull().default(""),
    createdAt: createdAt(),
    importBatchId: importedBy(),
  },
  (t) => [
    // The search document's (short) columns after the order: a state + date + search list, deep pages too,
    // is answered from the index without reading a row it skips (domain/logistics/common.ts, pageIds).
    index("drivers_filter_idx").on(
      t.state,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.driverName,
      t.vehicleNumber,
      t.licenceNumber,
      t.contactNo,
      t.companyName,
    ),
    index("drivers_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trigram("drivers_search_idx", driverSearch(t)),
  ],
);

export const buySellListings = pgTable(
  "buy_sell_listings",
  {
    id: serial("id").primaryKey(),
    memberId: memberRef(),
    ownerName: text("owner_name").notNull(),
    contactNo: text("contact_no").notNull(),
    vehicleNumber: text("vehicle_number").notNull(),
    brand: text("brand").notNull(),
    modelYear: integer("model_year").notNull(),
    kmsDriven: integer("kms_driven").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    location: text("location").notNull(),
    state: integer("state").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    importBatchId: importedBy(),
  },
  (t) => [
    index("buy_sell_filter_idx").on(
      t.state,
      t.brand,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("buy_sell_price_idx").on(t.price),
    // The price and km band filters are equalities on the band's number: with a search, newest first and a
    // deep page, the index walks in order and stops at the page (answered from the index, like drivers').
    index("buy_sell_band_idx").on(
      priceBandOf(t.price),
      kmBandOf(t.kmsDriven),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.ownerName,
      t.contactNo,
      t.vehicleNumber,
      t.location,
      t.brand,
      // The banded columns themselves: PostgreSQL answers from the index only when it holds them too.
      t.price,
      t.kmsDriven,
    ),
    index("buy_sell_kms_idx").on(t.kmsDriven),
    index("buy_sell_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trigram("buy_sell_search_idx", buySellSearch(t)),
  ],
);

/** Insurance and FASTag requests share one shape; `kind` tells them apart. */
export const serviceRequests = pgTable(
  "service_requests",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["insurance", "fast_tag"] }).notNull(),
    memberId: memberRef(),
    vehicleNumber: text("vehicle_number").notNull(),
    contactNo: text("contact_no").notNull(),
    status: text("status", { enum: ["new", "in_progress", "done", "rejected"] })
      .notNull()
      .default("new"),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("service_requests_kind_idx").on(
      t.kind,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("service_requests_kind_created_idx").on(
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("service_requests_created_idx").on(t.createdAt),
    trigram("service_requests_search_idx", serviceRequestSearch(t)),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    memberId: memberRef(),
    kind: text("kind", { enum: ["feedback", "complaint"] }).notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["open", "in_progress", "resolved"] })
      .notNull()
      .default("open"),
    reply: text("reply").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("feedback_status_idx").on(
      t.status,
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("feedback_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    trigram("feedback_search_idx", feedbackSearch(t)),
  ],
);

export const crmLeads = pgTable(
  "crm_leads",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    contactNo: text("contact_no").notNull(),
    company: text("company").notNull().default(""),
    interest: text("interest").notNull().default(""),
    status: text("status", { enum: ["HOT", "WARM", "COLD"] })
      .notNull()
      .default("WARM"),
    followUpDate: date("follow_up_date", { mode: "string" }),
    createdAt: createdAt(),
    importBatchId: importedBy(),
  },
  (t) => [
    // The search document's columns too (at most 500 characters; as drivers_filter_idx).
    index("crm_leads_status_idx").on(
      t.status,
      t.followUpDate,
      t.id,
      t.name,
      t.contactNo,
      t.company,
      t.interest,
    ),
    index("crm_leads_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The import matches a row to its lead by phone number (domain/imports).
    index("crm_leads_contact_no_idx").on(t.contactNo),
    trigram("crm_leads_search_idx", leadSearch(t)),
  ],
);

export const crmNotes = pgTable(
  "crm_notes",
  {
    id: serial("id").primaryKey(),
    leadId: ownedBy("lead_id", () => crmLeads.id),
    note: text("note").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("crm_notes_lead_idx").on(t.leadId, t.createdAt.desc())],
);

/** After-sale service history of a member (the CRM's "after_sale" view). */
export const serviceHistory = pgTable(
  "service_history",
  {
    id: serial("id").primaryKey(),
    memberId: ownedBy("member_id", () => members.id),
    service: text("service").notNull(),
    note: text("note").notNull().default(""),
    amount: bigint("amount", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("service_history_member_idx").on(t.memberId, t.createdAt.desc())],
);

/**
 * Rows added per India day of members, loads, trucks, drivers and buy & sell listings, by hand or imported:
 * the analytics' charts and tiles read these instead of counting millions of rows. Kept by statement
 * triggers on those tables (migration 0037), so every insert, update, delete, restore and import moves them.
 */
export const logisticsDailyCounts = pgTable(
  "logistics_daily_counts",
  {
    tableName: text("table_name").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    imported: boolean("imported").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.day, t.imported] })],
);

/**
 * The number (1 = first) of the band of schemas/logistics-options.ts that holds a value; bands are whole
 * numbers from each one's minimum to the next one's, so this equals "min <= value <= max" of band n.
 */
const bandOf = (bands: readonly Band[], type: "int" | "bigint") => (column: AnyPgColumn) =>
  sql`width_bucket(${column}, ${sql.raw(`array[${bands.map((b) => b.min).join(",")}]::${type}[]`)})`;
export const priceBandOf = bandOf(priceBands, "bigint");
export const kmBandOf = bandOf(kmBands, "int");

/* Search documents per table (see `doc`); services import these so the query matches the index. */
type Cols<K extends string> = Record<K, AnyPgColumn>;
export function memberSearch(t: Cols<"firstName" | "lastName" | "phone" | "company">) {
  return doc(t.firstName, t.lastName, t.phone, t.company);
}
export function loadSearch(
  t: Cols<"contactNo" | "contactName" | "companyName" | "fromCity" | "toCity" | "material">,
) {
  return doc(t.contactNo, t.contactName, t.companyName, t.fromCity, t.toCity, t.material);
}
export function truckSearch(
  t: Cols<"vehicleNumber" | "contactNo" | "ownerName" | "companyName" | "fromCity" | "toCity">,
) {
  return doc(t.vehicleNumber, t.contactNo, t.ownerName, t.companyName, t.fromCity, t.toCity);
}
export function driverSearch(
  t: Cols<"driverName" | "vehicleNumber" | "licenceNumber" | "contactNo" | "companyName">,
) {
  return doc(t.driverName, t.vehicleNumber, t.licenceNumber, t.contactNo, t.companyName);
}
export function buySellSearch(t: Cols<"ownerName" | "contactNo" | "vehicleNumber" | "location" | "brand">) {
  return doc(t.ownerName, t.contactNo, t.vehicleNumber, t.location, t.brand);
}
export function serviceRequestSearch(t: Cols<"vehicleNumber" | "contactNo" | "notes">) {
  return doc(t.vehicleNumber, t.contactNo, t.notes);
}
export function feedbackSearch(t: Cols<"text" | "reply">) {
  return doc(t.text, t.reply);
}
export function leadSearch(t: Cols<"name" | "contactNo" | "company" | "interest">) {
  return doc(t.name, t.contactNo, t.company, t.interest);
}
