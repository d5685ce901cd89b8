import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { crmLeads } from "#db/schema/index.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

const { call, db } = logisticsTestAppPerFile();

/** A lead whose created time is set by hand (the database stamps now()). */
async function leadCreatedAt(name: string, createdAt: string) {
  const lead = (
    await call("POST", "/api/crm/leads", { name, contact_no: "9822211111", status: "WARM" })
  ).json().data;
  await db()
    .update(crmLeads)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(crmLeads.id, lead.id));
  return lead.id as number;
}

describe("a lead's created date", () => {
  it("filters the list, the board and the export by whole India days, and shows in the details", async () => {
    // 23:59 India time on 10 March is 18:29 UTC the same day; 00:10 India time on 11 March is 18:40 UTC on 10 March.
    await leadCreatedAt("Created Early", "2026-03-01T06:00:00Z");
    const lateOn10 = await leadCreatedAt("Created Late", "2026-03-10T18:29:00Z");
    await leadCreatedAt("Created Next", "2026-03-10T18:40:00Z");

    const names = async (query: string) =>
      (await call("GET", `/api/crm/leads?search=Created&sort=created_at&${query}`))
        .json()
        .lead_data.map((l: { name: string }) => l.name);
    expect(await names("created_from=2026-03-02&created_to=2026-03-10")).toEqual(["Created Late"]);
    expect(await names("created_from=2026-03-11")).toEqual(["Created Next"]);
    expect(await names("created_to=2026-03-10")).toEqual(["Created Early", "Created Late"]);
    expect(await names("created_from=")).toHaveLength(3);

    const board = (
      await call("GET", "/api/crm/board?search=Created&created_from=2026-03-10&created_to=2026-03-10")
    ).json().board_data;
    expect(board.find((c: { status: string }) => c.status === "WARM")).toMatchObject({ count: 1 });

    const csv = (await call("GET", "/api/crm/leads/export.csv?search=Created&created_to=2026-03-01")).body;
    expect(csv).toContain("Created Early");
    expect(csv).not.toContain("Created Late");

    const detail = (await call("GET", `/api/crm/leads/${lateOn10}`)).json().data.lead;
    expect(detail.created_at).toBe("2026-03-10T18:29:00.000Z");
  });

  it("refuses a date that is not one, naming the field", async () => {
    const bad = await call("GET", "/api/crm/leads?created_from=2026-02-30");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/created_from/i);
  });
});
