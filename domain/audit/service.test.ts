import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { auditLog } from "#db/schema/index.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createActor } from "#tests/support/factories.ts";
import { createAuditService, type Actor } from "./service";

let handle: DatabaseHandle;
let actor: Actor;
beforeAll(async () => {
  handle = await createTestDatabase();
  actor = await createActor(handle.db, "ops");
});
afterAll(() => handle.close());

describe("audit recordDeletes", () => {
  it("writes one delete entry per record, with what each was, in a single INSERT", async () => {
    const audit = createAuditService(handle.db);
    const inserts: unknown[] = [];
    const counting = new Proxy(handle.db, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name !== "insert" || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          inserts.push(args[0]);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    await createAuditService(counting).recordDeletes(actor, "truck", [
      { id: 1, before: { vehicle_number: "MH12AB1234" } },
      { id: 2, before: { vehicle_number: "KA01CD5678" } },
      { id: 3, before: { vehicle_number: "DL3CEF9012" } },
    ]);
    expect(inserts).toHaveLength(1);
    const rows = (await handle.db.select().from(auditLog)).filter((r) => r.entity === "truck");
    expect(rows.map((r) => [r.action, r.entityId, r.operatorName, r.before, r.after])).toEqual([
      ["delete", "1", "ops", { vehicle_number: "MH12AB1234" }, null],
      ["delete", "2", "ops", { vehicle_number: "KA01CD5678" }, null],
      ["delete", "3", "ops", { vehicle_number: "DL3CEF9012" }, null],
    ]);
    const { total } = await audit.list({ page: 1, page_size: 10, search: "" });
    expect(total).toBe(3);
  });

  it("writes nothing for an empty delete", async () => {
    const inserted: unknown[] = [];
    const db = new Proxy(handle.db, {
      get: (target, name, receiver) =>
        name === "insert" ? (...args: unknown[]) => inserted.push(args) : Reflect.get(target, name, receiver),
    });
    await createAuditService(db).recordDeletes(actor, "load", []);
    expect(inserted).toEqual([]);
  });
});
