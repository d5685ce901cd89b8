import { eq, sql, type AnyColumn } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  buySellListings,
  buySellSearch,
  drivers,
  driverSearch,
  loads,
  loadSearch,
  members,
  trucks,
  truckSearch,
} from "#db/schema/index.ts";
import { analyticsColumns } from "#schemas/analytics.ts";

const ZONE = sql.raw(`'Asia/Kolkata'`);

export interface TableRow {
  id: number;
  created_at: string;
  date: string;
  phone_number: string;
  name: string;
  [key: string]: string | number;
}

const dayOf = (column: AnyColumn) =>
  sql<string>`to_char((${column} at time zone ${ZONE})::date, 'YYYY-MM-DD')`;

/** The per-entity view: the spec's columns (section 3), search, and the creation date range. */
export const entityViews = {
  load: {
    created: loads.createdAt,
    search: loadSearch(loads),
    columns: analyticsColumns.load,
    select: (db: Database) =>
      db
        .select({
          id: loads.id,
          created_at: loads.createdAt,
          date: dayOf(loads.createdAt),
          phone_number: loads.contactNo,
          name: loads.contactName,
          company_name: loads.companyName,
          from: loads.fromCity,
          to: loads.toCity,
          material: loads.material,
        })
        .from(loads),
    table: loads,
  },
  truck: {
    created: trucks.createdAt,
    search: truckSearch(trucks),
    columns: analyticsColumns.truck,
    select: (db: Database) =>
      db
        .select({
          id: trucks.id,
          created_at: trucks.createdAt,
          date: dayOf(trucks.createdAt),
          phone_number: trucks.contactNo,
          name: trucks.ownerName,
          company_name: trucks.companyName,
          from: trucks.fromCity,
          to: trucks.toCity,
          vehicle_number: trucks.vehicleNumber,
        })
        .from(trucks),
    table: trucks,
  },
  driver: {
    created: drivers.createdAt,
    search: driverSearch(drivers),
    columns: analyticsColumns.driver,
    select: (db: Database) =>
      db
        .select({
          id: drivers.id,
          created_at: drivers.createdAt,
          date: dayOf(drivers.createdAt),
          phone_number: drivers.contactNo,
          name: drivers.driverName,
          company_name: drivers.companyName,
          from: drivers.fromCity,
          to: drivers.toCity,
          vehicle_number: drivers.vehicleNumber,
        })
        .from(drivers),
    table: drivers,
  },
  buy_sell: {
    created: buySellListings.createdAt,
    search: buySellSearch(buySellListings),
    columns: analyticsColumns.buy_sell,
    select: (db: Database) =>
      db
        .select({
          id: buySellListings.id,
          created_at: buySellListings.createdAt,
          date: dayOf(buySellListings.createdAt),
          phone_number: buySellListings.contactNo,
          name: sql<string>`coalesce(${members.firstName} || ' ' || ${members.lastName}, ${buySellListings.ownerName})`,
          kms_driven: buySellListings.kmsDriven,
          location: buySellListings.location,
          owner_name: buySellListings.ownerName,
          vehicle_number: buySellListings.vehicleNumber,
          price: buySellListings.price,
        })
        .from(buySellListings)
        .leftJoin(members, eq(members.id, buySellListings.memberId)),
    table: buySellListings,
  },
} as const;
