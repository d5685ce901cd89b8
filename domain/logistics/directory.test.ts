import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { auditLog, trucks } from "#db/schema/index.ts";
import { truckResource } from "#schemas/directory/trucks.ts";
import { csvColumns } from "#schemas/resource.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createAuditService, type Actor } from "../audit/service";
import { csvPhone } from "../csv";
import { csvDateTime } from "#shared/india-time.ts";
import { createActor } from "#tests/support/factories.ts";
import { createLogisticsService, type LogisticsService } from "./index";

let handle: DatabaseHandle;
let logistics: LogisticsService;
let actor: Actor;
/** An operator whose account is gone: the audit entry's foreign key refuses it, as a real failure would. */
const vanished = { operatorId: 987_654, username: "gone" };
const phone = "+919812345678";
const truck = {
  vehicle_number: "MH12AB1234",
  contact_no: phone,
  owner_name: "Ravi Kumar",
  body_type: "Open body",
  tyres: 10,
  tonnage_band: "10-20",
  brand: "Tata",
  state: 18,
} as const;

beforeAll(async () => {
  handle = await createTestDatabase();
  actor = await createActor(handle.db);
  logistics = createLogisticsService(handle.db, createAuditService(handle.db));
  await logistics.members.create(actor, {
    first_name: "Ravi",
    phone,
    state: 18,
    service_category: "Lorry Owner",
  });
});
afterAll(() => handle.close());

const auditEntries = async (entity: string) =>
  handle.db.select().from(auditLog).where(eq(auditLog.entity, entity));

describe("directory records: each write commits with its audit entry", () => {
  it("keeps no truck when its audit entry cannot be written", async () => {
    await expect(logistics.trucks.create(vanished, truck)).rejects.toThrow();
    expect(await handle.db.select().from(trucks)).toHaveLength(0);
    expect(await logistics.members.verify(phone)).toMatchObject({ vehicle_list: [] });
  });

  it("keeps an edit and a delete only together with their audit entries", async () => {
    const created = await logistics.trucks.create(actor, truck);
    await expect(
      logistics.trucks.update(vanished, created.truck_id, { owner_name: "Someone Else" }),
    ).rejects.toThrow();
    expect((await logistics.trucks.get(created.truck_id)).owner_name).toBe("Ravi Kumar");
    await expect(logistics.trucks.remove(vanished, created.truck_id)).rejects.toThrow();
    await expect(logistics.trucks.removeMany(vanished, [created.truck_id])).rejects.toThrow();
    expect((await logistics.trucks.get(created.truck_id)).truck_id).toBe(created.truck_id);

    await logistics.trucks.removeMany(actor, [created.truck_id]);
    await expect(logistics.trucks.get(created.truck_id)).rejects.toMatchObject({ code: "not_found" });
    const entries = await auditEntries("truck");
    expect(entries.map((e) => e.action)).toEqual(["create", "delete"]);
    expect(entries[1]!.before).toMatchObject({ truck_id: created.truck_id, owner_name: "Ravi Kumar" });
  });
});

describe("a record's API row and CSV come from its declaration", () => {
  it("answers every declared field under its API name and exports the declared columns", async () => {
    const created = await logistics.trucks.create(actor, { ...truck, vehicle_number: "KA01CD5678" });
    expect(Object.keys(created).sort()).toEqual(
      ["truck_id", "user_id", "created_at", ...Object.keys(truckResource.fields)].sort(),
    );
    expect(created).toMatchObject({ company_name: "", from_city: "", brand: "Tata", state: 18 });
    const csv = await logistics.trucks.exportCsv({});
    const [header, first] = csv.trim().split("\r\n");
    expect(header).toBe(csvColumns(truckResource).headers.join(","));
    expect(header).toBe(
      "Truck id,Added (IST),Vehicle number,Phone number,Owner name,Company name,Body type,Tyres,Tonnage,Brand,State,From,To",
    );
    expect(first).toContain(
      `${created.truck_id},${csvDateTime(new Date(created.created_at))},KA01CD5678,"=""${csvPhone(phone)}""",Ravi Kumar`,
    );
    expect(first).toContain(",Tata,Maharashtra,,");
  });
});
