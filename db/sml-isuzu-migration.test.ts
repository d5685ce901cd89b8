import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations as they were before the brand fix: the journal stops just before `*_sml_isuzu`. */
function migrationsBeforeFix() {
  const dir = mkdtempSync(join(tmpdir(), "migrations-"));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const fix = journal.entries.findIndex((e) => e.tag.endsWith("_sml_isuzu"));
  expect(fix).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, fix);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("migration sml_isuzu", () => {
  it("rewrites stored 'SML Lsuzu' brands of trucks and buy/sell listings, and nothing else", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await client.exec("create extension if not exists pg_trgm");
    await migrate(drizzle(client), { migrationsFolder: migrationsBeforeFix() });
    await client.exec(`
      insert into trucks (vehicle_number, contact_no, owner_name, body_type, tyres, tonnage_band, brand, state)
      values ('MH12AB00001', '+919800000001', 'Old', 'Trailer', 14, '10-20', 'SML Lsuzu', 18),
             ('MH12AB00002', '+919800000002', 'Other', 'Trailer', 14, '10-20', 'Tata', 18);
      insert into buy_sell_listings (owner_name, contact_no, vehicle_number, brand, model_year, kms_driven, price, location, state)
      values ('Old', '+919800000003', 'MH12AB00003', 'SML Lsuzu', 2020, 1000, 500000, 'Pune', 18);
    `);
    await migrate(drizzle(client), { migrationsFolder });
    const trucks = await client.query<{ brand: string }>("select brand from trucks order by id");
    const listings = await client.query<{ brand: string }>("select brand from buy_sell_listings");
    expect(trucks.rows.map((r) => r.brand)).toEqual(["SML Isuzu", "Tata"]);
    expect(listings.rows.map((r) => r.brand)).toEqual(["SML Isuzu"]);
    await client.close();
  }, 60_000);
});
