import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import {
  buySellListings,
  buySellSearch,
  drivers,
  driverSearch,
  kmBandOf,
  priceBandOf,
  loads,
  loadSearch,
  trucks,
  truckSearch,
} from "#db/schema/index.ts";
import { buySellResource } from "#schemas/directory/buy-sell.ts";
import { driverResource } from "#schemas/directory/drivers.ts";
import { loadResource } from "#schemas/directory/loads.ts";
import { truckResource } from "#schemas/directory/trucks.ts";
import { kmBands, priceBands, type Band } from "#schemas/logistics-options.ts";
import type { AuditService } from "../audit/service";
import { createDirectoryService } from "./directory";
import type { MemberService } from "./members";

/** A numeric column within a band's bounds (the buy-and-sell kilometre and price filters), by band number. */
function inBand(
  bandOf: (column: AnyPgColumn) => SQL,
  column: AnyPgColumn,
  bands: readonly Band[],
  value: string,
) {
  const n = bands.findIndex((b) => b.value === value);
  return n >= 0 ? sql`${bandOf(column)} = ${sql.raw(String(n + 1))}` : undefined;
}

/** The directory's four record types, each its declaration (schemas/directory) bound to its table. */
export function createDirectoryRecords(db: Database, audit: AuditService, members: MemberService) {
  return {
    trucks: createDirectoryService(db, audit, members, {
      resource: truckResource,
      table: trucks,
      search: truckSearch(trucks),
      remembersVehicle: true,
    }),
    drivers: createDirectoryService(db, audit, members, {
      resource: driverResource,
      table: drivers,
      search: driverSearch(drivers),
      remembersVehicle: true,
    }),
    loads: createDirectoryService(db, audit, members, {
      resource: loadResource,
      table: loads,
      search: loadSearch(loads),
      // The spec's single state filter is the pickup state.
      where: {
        state: (state) => eq(loads.fromState, state),
        to_state: (state) => eq(loads.toState, state),
      },
      onCreate: (input, member) => ({
        contactName: input.contact_name || `${member.firstName} ${member.lastName}`.trim(),
      }),
    }),
    buySell: createDirectoryService(db, audit, members, {
      resource: buySellResource,
      table: buySellListings,
      search: buySellSearch(buySellListings),
      remembersVehicle: true,
      where: {
        km_band: (band) => inBand(kmBandOf, buySellListings.kmsDriven, kmBands, band),
        price_band: (band) => inBand(priceBandOf, buySellListings.price, priceBands, band),
      },
    }),
  };
}
