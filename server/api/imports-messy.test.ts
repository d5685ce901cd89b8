import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, importValueAnswers, members, memberVehicles, trucks } from "#db/schema/index.ts";
import { messySheet } from "#scripts/messy-sheet.ts";
import { importClient } from "#tests/support/imports.ts";
import { memberBody, nextPhone } from "#tests/support/logistics-bodies.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

// The sheet an Indian office keeps, imported as it is: headers and values read by meaning, the values
// nothing recognises asked about once and remembered, members made from the owner columns in the same
// transaction, the preview showing what is stored, and the failed rows there at every step.

const { ctx, call, db } = logisticsTestAppPerFile();
let client: ReturnType<typeof importClient>;
beforeAll(async () => {
  client = importClient(ctx().app, () => ctx().tokens.admin);
});

let serial = 2000;
const nextVehicle = () => `WB02CD${++serial}`;
const HEADER = "Vehicle No.,Owner Name,Mobile No.,Company,Make,No. of Tyres,Capacity (Tons),Body,State";
const spaced = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

async function newMember(over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/members", memberBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { user_id: number; phone: string };
}

async function stage(csv: string) {
  const res = await client.upload("trucks", csv, "office sheet.csv");
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    mapping: (string | null)[];
    missing_members: { phones: number; rows: number } | null;
  };
}

describe("a sheet as an office keeps it", () => {
  it("accepts at least 95% of a generated messy sheet without editing it", async () => {
    const sheet = messySheet(600, 7);
    // A fifth of the owners are members already: their trucks link to them by phone.
    for (const owner of sheet.owners.filter((_, i) => i % 5 === 0))
      await newMember({ phone: owner.phone, first_name: owner.first_name, last_name: owner.last_name });
    const staged = await stage(sheet.csv);
    expect(staged.mapping).toEqual([
      null,
      "vehicle_number",
      "owner_name",
      "contact_no",
      "company_name",
      "brand",
      "tyres",
      "tonnage_band",
      "body_type",
      "state",
      "from_city",
      "to_city",
    ]);
    expect(staged.missing_members!.phones).toBe(sheet.owners.length - Math.ceil(sheet.owners.length / 5));
    const plan = { mapping: staged.mapping, create_members: true };
    const { last } = await client.commit(staged.id, plan);
    const counts = last.data!.counts;
    expect(counts.invalid).toBeLessThanOrEqual(sheet.bad + 2);
    expect(counts.new! / 600).toBeGreaterThanOrEqual(0.95);
  });

  it("shows what will be stored, not what was typed", async () => {
    const member = await newMember({ phone: "8332181960" });
    const vehicle = nextVehicle();
    const csv = `${HEADER}\r\n${vehicle.toLowerCase()},Asha Rao,08332181960,,Tata Motors,10 wheeler,9 MT,Open,W.B.\r\n`;
    const staged = await stage(`\uFEFF${csv}`);
    expect(staged.missing_members).toEqual({ phones: 0, rows: 0 });
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(check.counts).toMatchObject({ new: 1, invalid: 0 });
    expect(check.unrecognised).toEqual([]);
    expect(check.rows[0].stored).toEqual([
      `WB 02 CD ${vehicle.slice(-4)}`,
      "Asha Rao",
      "+91 83321 81960",
      "",
      "Tata",
      "10 tyres",
      "5-10 Ton",
      "Open body",
      "West Bengal",
    ]);
    expect(member.phone).toBe("+918332181960");
  });
});

describe("fix-values", () => {
  it("lists each unrecognised value once with its rows, and remembers the answer for the next import", async () => {
    const member = await newMember();
    const digits = member.phone.slice(3);
    const row = (state: string, make = "Tata") =>
      `${nextVehicle()},Asha Rao,${spaced(digits)},,${make},10,5-10,Open,${state}`;
    const csv = [HEADER, row("Bombay"), row("bombay "), row("Bombay", "Tatta"), row("Goa")].join("\n");
    const first = await stage(csv);
    const check = (await client.check(first.id, { mapping: first.mapping })).json().data;
    expect(check.counts).toMatchObject({ new: 1, invalid: 3 });
    expect(check.unrecognised).toEqual([
      { column: 8, field: "state", text: "Bombay", rows: 3, suggestion: null },
      { column: 4, field: "brand", text: "Tatta", rows: 1, suggestion: "Tata" },
    ]);
    // Problems by column and kind, with counts.
    expect(check.groups).toEqual([
      { column: 8, kind: "State not recognised", count: 3, rows: [2, 3, 4] },
      { column: 4, kind: "Brand not recognised", count: 1, rows: [4] },
    ]);

    // An answer that is no option is refused, naming the options.
    const wrong = await client.check(first.id, {
      mapping: first.mapping,
      answers: [{ field: "state", text: "Bombay", value: "99" }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/"99" is not a state; use one of: /);

    const answers = [
      { field: "state", text: "Bombay", value: "18" },
      { field: "brand", text: "Tatta", value: "Tata" },
    ];
    const answered = (await client.check(first.id, { mapping: first.mapping, answers })).json().data;
    expect(answered.counts).toMatchObject({ new: 4, invalid: 0 });
    // A check writes no answer: only the commit remembers them.
    expect(await db().$count(importValueAnswers)).toBe(0);
    const { last } = await client.commit(first.id, { mapping: first.mapping, answers });
    expect(last.data?.counts).toMatchObject({ new: 4 });
    const stored = await db().select().from(trucks).where(eq(trucks.memberId, member.user_id));
    expect(stored.map((t) => t.state).sort((a, b) => a - b)).toEqual([8, 18, 18, 18]);
    expect(
      await db()
        .select({
          field: importValueAnswers.field,
          folded: importValueAnswers.folded,
          value: importValueAnswers.value,
        })
        .from(importValueAnswers)
        .orderBy(importValueAnswers.field),
    ).toEqual([
      { field: "brand", folded: "tatta", value: "Tata" },
      { field: "state", folded: "bombay", value: "18" },
    ]);

    // The next file: applied without asking.
    const next = await stage([HEADER, row("BOMBAY", "Tatta")].join("\n"));
    const again = (await client.check(next.id, { mapping: next.mapping })).json().data;
    expect(again.unrecognised).toEqual([]);
    expect(again.counts).toMatchObject({ new: 1, invalid: 0 });
    expect(again.rows[0].stored.at(-1)).toBe("Maharashtra");
    // Shown as read by an answer, so a wrong one can be seen; an answer in the plan wins over the stored one.
    expect(again.remembered).toEqual([
      { column: 4, field: "brand", text: "Tatta", rows: 1, value: "Tata" },
      { column: 8, field: "state", text: "BOMBAY", rows: 1, value: "18" },
    ]);
    const changed = (
      await client.check(next.id, {
        mapping: next.mapping,
        answers: [{ field: "state", text: "BOMBAY", value: "17" }],
      })
    ).json().data;
    expect(changed.rows[0].stored.at(-1)).toBe("Madhya Pradesh");
    // Remembered per list: a members import still asks.
    const memberCsv = `First name,Mobile No.,State,Category\nAsha,${nextPhone()},Bombay,Truck owner\n`;
    const staged = (await client.upload("members", memberCsv)).json().data;
    const memberCheck = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(memberCheck.unrecognised).toMatchObject([{ field: "state", text: "Bombay", rows: 1 }]);
  });
});

describe("trucks whose member is missing", () => {
  const owners = () => {
    const known = nextPhone();
    const unknown = nextPhone();
    return { known, unknown };
  };

  it("counts them on upload, refuses them unless asked, and makes the members in the same import", async () => {
    const { known, unknown } = owners();
    const member = await newMember({ phone: known });
    const [v1, v2, v3] = [nextVehicle(), nextVehicle(), nextVehicle()];
    const csv = [
      HEADER,
      `${v1},Ravi Kumar,${known},,Tata,10,5-10,Open,Kerela`,
      `${v2},Murugan Selvam Pillai,0${unknown},"Selvam Roadways, Salem",Eicher Motors,6,9 MT,Tipper,TN`,
      `${v3},Murugan Selvam Pillai,${spaced(unknown)},"Selvam Roadways, Salem",Leyland,12,25,Trailer,Tamilnadu`,
    ].join("\r\n");
    const staged = await stage(csv);
    expect(staged.missing_members).toEqual({ phones: 1, rows: 2 });

    const refused = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(refused.counts).toMatchObject({ new: 1, invalid: 2 });
    expect(refused.members).toEqual({ missing: 1, created: 0 });

    const plan = { mapping: staged.mapping, create_members: true };
    const check = (await client.check(staged.id, plan)).json().data;
    expect(check.counts).toMatchObject({ new: 3, invalid: 0 });
    expect(check.members).toEqual({ missing: 1, created: 1 });

    const { last } = await client.commit(staged.id, plan);
    expect(last.data?.counts).toMatchObject({ new: 3 });
    const [made] = await db()
      .select()
      .from(members)
      .where(eq(members.phone, `+91${unknown}`));
    expect(made).toMatchObject({
      firstName: "Murugan",
      lastName: "Selvam Pillai",
      company: "Selvam Roadways, Salem",
      state: 28,
      serviceCategory: "Lorry Owner",
    });
    const linked = await db()
      .select({ vehicle: trucks.vehicleNumber, memberId: trucks.memberId })
      .from(trucks)
      .where(inArray(trucks.vehicleNumber, [v1, v2, v3]))
      .orderBy(trucks.vehicleNumber);
    expect(linked).toEqual(
      [
        { vehicle: v1, memberId: member.user_id },
        { vehicle: v2, memberId: made!.id },
        { vehicle: v3, memberId: made!.id },
      ].sort((a, b) => a.vehicle.localeCompare(b.vehicle)),
    );
    expect(await db().$count(memberVehicles, eq(memberVehicles.memberId, made!.id))).toBe(2);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "import"),
          eq(auditLog.entity, "import_batch"),
          eq(auditLog.entityId, String(staged.id)),
        ),
      );
    expect(audit?.after).toMatchObject({ new: 3, members_created: 1 });
  });

  it("makes nothing when the import fails: the members go with the trucks (all or nothing)", async () => {
    const { unknown } = owners();
    const vehicles = Array.from({ length: 60 }, nextVehicle);
    const csv = [HEADER, ...vehicles.map((v) => `${v},Imran Khan,${unknown},,Tata,10,5-10,Open,Goa`)].join(
      "\n",
    );
    const staged = await stage(csv);
    await db().execute(
      sql.raw(`create function refuse_row_60() returns trigger language plpgsql as $$ begin
        if new.vehicle_number = '${vehicles[59]}' then raise exception 'row 60 refused'; end if;
        return new; end $$`),
    );
    await db().execute(
      sql.raw(
        "create trigger refuse_row_60 before insert on trucks for each row execute function refuse_row_60()",
      ),
    );
    try {
      const failed = await client.commit(staged.id, { mapping: staged.mapping, create_members: true });
      expect(failed.last.type).toBe("error");
    } finally {
      await db().execute(sql.raw("drop trigger refuse_row_60 on trucks"));
      await db().execute(sql.raw("drop function refuse_row_60()"));
    }
    expect(await db().$count(members, eq(members.phone, `+91${unknown}`))).toBe(0);
    expect(await db().$count(trucks, inArray(trucks.vehicleNumber, vehicles))).toBe(0);
  });

  it("refuses a row whose owner columns cannot make a member, saying why", async () => {
    const { unknown } = owners();
    const csv = [HEADER, `${nextVehicle()},Asha Rao,${unknown},,Tata,10,5-10,Open,`].join("\n");
    const staged = await stage(csv);
    const check = (await client.check(staged.id, { mapping: staged.mapping, create_members: true })).json()
      .data;
    expect(check.counts).toMatchObject({ new: 0, invalid: 1 });
    expect(check.rows[0].errors[0].message).toMatch(/^State is blank; it must be one of: /);
  });
});

describe("failed rows at every step", () => {
  it("hands back every row of an upload whose rows all fail, before anything is imported", async () => {
    const csv = [
      HEADER,
      `NOPE,Asha,12345,,Tata,10,5-10,Open,Goa`,
      `${nextVehicle()},Ravi,,,Hyundai,7,5-10,Open,Atlantis`,
    ].join("\n");
    const staged = await stage(csv);
    // Before any check: read with the suggested mapping.
    const before = await client.failedRows(staged.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.body.trim().split("\r\n")).toHaveLength(3);
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(check.counts).toMatchObject({ new: 0, invalid: 2 });
    const failed = await client.failedRows(staged.id);
    const lines = failed.body.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(
      'Make: Brand ""Hyundai"" is not recognised. Brand must be one of: Ashok Leyland, Tata',
    );
    expect(lines[2]).toContain("State: State ");
  });
});
