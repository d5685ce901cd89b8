import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  crmLeads,
  crmNotes,
  deletedRecords,
  importBatches,
  importRows,
  loads,
  members,
  memberVehicles,
  trucks,
} from "#db/schema/index.ts";
import { purgeExpiredTrash } from "#domain/trash.ts";
import { importSpecs, type ImportType } from "#schemas/imports.ts";
import { VEHICLE_MESSAGE } from "#schemas/vehicle.ts";
import { importClient } from "#tests/support/imports.ts";
import {
  buySellBody,
  driverBody,
  loadBody,
  memberBody,
  nextPhone,
  truckBody,
} from "#tests/support/logistics-bodies.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

const { ctx, call, db } = logisticsTestAppPerFile();
let client: ReturnType<typeof importClient>;
beforeAll(async () => {
  client = importClient(ctx().app, () => ctx().tokens.admin);
});

async function newMember(over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/members", memberBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { user_id: number; phone: string };
}
async function newTruck(phone: string, over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/trucks", truckBody(phone, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { truck_id: number; vehicle_number: string };
}
/** A valid registration number unlike any other this file makes. */
let vehicleSerial = 1000;
const nextVehicle = () => `KA01AB${++vehicleSerial}`;
const local = (e164: string) => e164.slice(3);

const TRUCK_HEADER =
  "Vehicle number,Phone number,Owner name,Company name,Body type,Tyres,Tonnage,Brand,State";

describe("files as spreadsheets save them", () => {
  it("imports an Excel file: byte order mark, semicolons, CRLF, state by name", async () => {
    const member = await newMember();
    const vehicle = nextVehicle();
    const csv = `\uFEFF${TRUCK_HEADER.replaceAll(",", ";")}\r\n${vehicle.toLowerCase()};${local(member.phone)};Asha Rao;Rao Transport, Pune;Container;10;10-20;Tata;Maharashtra\r\n`;
    const uploaded = await client.upload("trucks", csv, "Trucks (Excel).csv");
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const staged = uploaded.json().data;
    expect(staged).toMatchObject({
      type: "trucks",
      file_name: "Trucks (Excel).csv",
      row_count: 1,
      headers: TRUCK_HEADER.split(","),
      mapping: [
        "vehicle_number",
        "contact_no",
        "owner_name",
        "company_name",
        "body_type",
        "tyres",
        "tonnage_band",
        "brand",
        "state",
      ],
      key: "Vehicle number",
    });

    const check = await client.check(staged.id, { mapping: staged.mapping });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.counts).toEqual({ new: 1, updated: 0, unchanged: 0, skipped: 0, invalid: 0 });

    const committed = await client.commit(staged.id, { mapping: staged.mapping });
    expect(committed.last, JSON.stringify(committed.last)).toMatchObject({ type: "done" });
    expect(committed.progress.at(-1)).toEqual({ type: "progress", done: 1, total: 1 });
    const [truck] = await db().select().from(trucks).where(eq(trucks.vehicleNumber, vehicle));
    expect(truck).toMatchObject({
      ownerName: "Asha Rao",
      companyName: "Rao Transport, Pune",
      tyres: 10,
      state: 18,
      memberId: member.user_id,
    });
    // As the console's form does, the vehicle joins the member's list.
    const listed = await db()
      .select()
      .from(memberVehicles)
      .where(eq(memberVehicles.memberId, member.user_id));
    expect(listed.map((v) => v.vehicleNo)).toContain(vehicle);
  });

  it("imports a Google Sheets file: commas, LF, quoted cells with commas, quotes and line breaks", async () => {
    const phone = nextPhone();
    const csv = `Name,Phone number,Company,Interest,Status,Follow-up date,Note\n"Rao, Meera",${phone},Rao Logistics,"Needs 10 trucks,\n""urgent"" by Friday",HOT,31/01/2030,"Met at the expo;\nwants a call"\n`;
    const { last } = await client.importCsv("leads", csv);
    expect(last, JSON.stringify(last)).toMatchObject({
      type: "done",
      data: { counts: { new: 1, invalid: 0 } },
    });
    const [lead] = await db()
      .select()
      .from(crmLeads)
      .where(eq(crmLeads.contactNo, `+91${phone}`));
    expect(lead).toMatchObject({
      name: "Rao, Meera",
      interest: 'Needs 10 trucks,\n"urgent" by Friday',
      status: "HOT",
      followUpDate: "2030-01-31",
    });
    const notes = await db().select().from(crmNotes).where(eq(crmNotes.leadId, lead!.id));
    expect(notes.map((n) => n.note)).toEqual(["Met at the expo;\nwants a call"]);
  });

  it("refuses text that is not UTF-8 CSV with a message saying how to save it, keeping nothing", async () => {
    const before = [await db().$count(importBatches), await db().$count(importRows)];
    for (const [bytes, message] of [
      [Buffer.from([0xff, 0xfe, 0x41, 0x00]), /UTF-16/],
      [Buffer.from("PK\u0003\u0004rest-of-a-zip"), /workbook/],
      [Buffer.from([...Buffer.from("Name,Phone number\nJos"), 0xe9, 0x0a]), /not UTF-8/],
      [Buffer.from('Name,Phone number\n"Asha,98100 00001\n'), /quoted cell is never closed/],
      [Buffer.from(""), /empty/],
      [Buffer.from("Name,Phone number\n\n"), /no rows/],
    ] as const) {
      const res = await client.upload("leads", bytes);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toMatch(message);
    }
    expect([await db().$count(importBatches), await db().$count(importRows)]).toEqual(before);
  });
});

describe("limits", () => {
  it("answers 413 to a 6 MB file, before or while reading it", async () => {
    const before = await db().$count(importRows);
    const row = `${"x".repeat(60)},98100 00001\n`;
    const big = `Name,Phone number\n${row.repeat(Math.ceil((6 * 1024 * 1024) / row.length))}`;
    const res = await client.upload("leads", big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 5 MB/);
    expect(await db().$count(importRows)).toBe(before);
  });

  it("answers 413 when the file passes 5 MB inside a body whose declared size looked acceptable", async () => {
    const before = await db().$count(importRows);
    const row = `${"y".repeat(60)},98100 00001\n`;
    const header = "Name,Phone number\n";
    const body = header + row.repeat(Math.ceil((5 * 1024 * 1024 + 10_000) / row.length));
    const res = await client.upload("leads", body);
    expect(res.statusCode, res.body).toBe(413);
    expect(await db().$count(importRows)).toBe(before);
  });

  it("refuses 10,001 rows with the count, and keeps none of them", async () => {
    const before = await db().$count(importRows);
    const rows = Array.from({ length: 10_001 }, (_, i) => `Lead ${i},98${String(i).padStart(8, "0")}`);
    const res = await client.upload("leads", `Name,Phone number\n${rows.join("\n")}\n`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "The file has 10,001 rows; one import takes at most 10,000. Split it into files of 10,000 rows or fewer.",
    );
    expect(await db().$count(importRows)).toBe(before);
  });

  it("takes exactly 10,000 rows", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `Lead ${i},97${String(i).padStart(8, "0")},COLD`);
    const uploaded = await client.upload("leads", `Name,Phone number,Status\n${rows.join("\n")}\n`);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().data.row_count).toBe(10_000);
  });
});

describe("matching by natural key", () => {
  it("never overwrites a stored value with a blank cell, and counts a row that changes nothing as unchanged", async () => {
    const member = await newMember();
    const kept = await newTruck(member.phone, {
      vehicle_number: nextVehicle(),
      company_name: "Kumar Roadways",
    });
    const same = await newTruck(member.phone, { vehicle_number: nextVehicle(), owner_name: "Ravi Kumar" });
    const csv = `Vehicle number,Owner name,Company name,To\n${kept.vehicle_number},Sunil Kumar,,\n${same.vehicle_number},Ravi Kumar,,\n`;
    const { last } = await client.importCsv("trucks", csv);
    expect(last.data?.counts).toMatchObject({ updated: 1, unchanged: 1, new: 0, invalid: 0 });
    const [after] = await db().select().from(trucks).where(eq(trucks.id, kept.truck_id));
    expect(after).toMatchObject({ ownerName: "Sunil Kumar", companyName: "Kumar Roadways", toCity: "Delhi" });
  });

  it("skips existing records when asked to, and updates them otherwise", async () => {
    const member = await newMember();
    const truck = await newTruck(member.phone, { vehicle_number: nextVehicle() });
    const csv = `Vehicle number,Owner name\n${truck.vehicle_number},Changed Owner\n`;
    const skipped = await client.importCsv("trucks", csv, { mode: "skip" });
    expect(skipped.last.data?.counts).toMatchObject({ skipped: 1, updated: 0 });
    const [untouched] = await db().select().from(trucks).where(eq(trucks.id, truck.truck_id));
    expect(untouched!.ownerName).toBe("Ravi Kumar");
    const updated = await client.importCsv("trucks", csv, { mode: "update" });
    expect(updated.last.data?.counts).toMatchObject({ skipped: 0, updated: 1 });
    const [changed] = await db().select().from(trucks).where(eq(trucks.id, truck.truck_id));
    expect(changed!.ownerName).toBe("Changed Owner");
  });

  it("matches members by mobile number in any spelling, and creates the others", async () => {
    const existing = await newMember({ company: "Old Name Roadways" });
    const fresh = nextPhone();
    const csv = `First name,Phone,Company,State,Service category\nRavi,+91 ${local(existing.phone).slice(0, 5)} ${local(existing.phone).slice(5)},New Name Roadways,,\nLata,0${fresh},,Karnataka,logistics\n`;
    const { last } = await client.importCsv("members", csv);
    expect(last.data?.counts).toMatchObject({ updated: 1, new: 1, invalid: 0 });
    const [renamed] = await db().select().from(members).where(eq(members.id, existing.user_id));
    expect(renamed!.company).toBe("New Name Roadways");
    const [created] = await db()
      .select()
      .from(members)
      .where(eq(members.phone, `+91${fresh}`));
    expect(created).toMatchObject({ firstName: "Lata", state: 14, serviceCategory: "Logistics" });
  });

  it("matches leads by phone number; a new lead's note starts its timeline", async () => {
    const phone = nextPhone();
    const lead = await call("POST", "/api/crm/leads", {
      name: "Asha",
      contact_no: phone,
      status: "WARM",
    });
    expect(lead.statusCode).toBe(201);
    const other = nextPhone();
    const csv = `Phone number,Status,Name,Note\n${phone},HOT,,Ignored for an existing lead\n${other},COLD,Kiran,Call in March\n`;
    const { last } = await client.importCsv("leads", csv);
    expect(last.data?.counts).toMatchObject({ updated: 1, new: 1 });
    const [updated] = await db().select().from(crmLeads).where(eq(crmLeads.id, lead.json().data.id));
    expect(updated).toMatchObject({ name: "Asha", status: "HOT" });
    expect(await db().$count(crmNotes, eq(crmNotes.leadId, updated!.id))).toBe(0);
  });

  it("refuses a key twice in one file, and a key two stored records share", async () => {
    const member = await newMember();
    const twice = nextVehicle();
    const shared = nextVehicle();
    await newTruck(member.phone, { vehicle_number: shared });
    await newTruck(member.phone, { vehicle_number: shared });
    const row = (vehicle: string) =>
      `${vehicle},${local(member.phone)},Owner,,Container,10,10-20,Tata,Maharashtra`;
    const csv = `${TRUCK_HEADER}\n${row(twice)}\n${row(twice.toLowerCase())}\n${row(shared)}\n`;
    const uploaded = (await client.upload("trucks", csv)).json().data;
    const check = (await client.check(uploaded.id, { mapping: uploaded.mapping })).json().data;
    expect(check.counts).toMatchObject({ new: 1, invalid: 2 });
    expect(check.rows.filter((r: { outcome: string }) => r.outcome === "invalid")).toEqual([
      {
        row: 3,
        outcome: "invalid",
        cells: expect.any(Array),
        stored: expect.any(Array),
        errors: [
          {
            column: 0,
            message: "Row 2 has the same vehicle number: keep one row per truck.",
            kind: "Same vehicle number as an earlier row",
          },
        ],
      },
      {
        row: 4,
        outcome: "invalid",
        cells: expect.any(Array),
        stored: expect.any(Array),
        errors: [
          {
            column: 0,
            message:
              "2 trucks have this vehicle number: edit them in the console (or delete the duplicates), then import again.",
            kind: "Trucks stored twice with this vehicle number",
          },
        ],
      },
    ]);
  });

  it("creates loads, drivers and listings every time (no natural key), filling what the form fills", async () => {
    const member = await newMember({ first_name: "Geeta", last_name: "Shah" });
    const csv = `Phone number,From city,From state,To city,To state,Material,Weight (t),Body type,Tyres,Tonnage,Pickup date\n${local(member.phone)},Pune,Maharashtra,Chennai,Tamil Nadu,Cement,12.5,Trailer,14 tyres,10-20 Ton,05-06-2030\n`;
    for (let i = 0; i < 2; i++) {
      const { last } = await client.importCsv("loads", csv);
      expect(last.data?.counts).toMatchObject({ new: 1 });
    }
    const made = await db().select().from(loads).where(eq(loads.memberId, member.user_id));
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({
      contactName: "Geeta Shah",
      weightTons: 12.5,
      tyres: 14,
      tonnageBand: "10-20",
      pickupDate: "2030-06-05",
      fromState: 18,
      toState: 28,
      status: "open",
    });
  });
});

describe("rows with problems", () => {
  it("shows each bad cell's message from the form's rules, imports the rest, and hands back the failed rows as CSV", async () => {
    const member = await newMember();
    const good = nextVehicle();
    const row = (vehicle: string, phone: string, owner: string, tyres: string, state: string) =>
      `${vehicle},${phone},${owner},,Container,${tyres},10-20,Tata,${state}`;
    const csv = [
      TRUCK_HEADER,
      row(good, local(member.phone), "Good Owner", "10", "Maharashtra"),
      row("NOT A NUMBER", local(member.phone), "Bad Vehicle", "10", "Maharashtra"),
      row(nextVehicle(), "12345", '=HYPERLINK("http://x")', "7", "Atlantis"),
      row(nextVehicle(), nextPhone(), "No Member", "10", "Goa"),
    ].join("\n");
    const staged = (await client.upload("trucks", csv, "trucks, March.csv")).json().data;
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(check.counts).toMatchObject({ new: 1, invalid: 3 });
    const problems = Object.fromEntries(
      check.rows
        .filter((r: { outcome: string }) => r.outcome === "invalid")
        .map((r: { row: number; errors: unknown[] }) => [r.row, r.errors]),
    );
    expect(problems).toEqual({
      3: [{ column: 0, message: VEHICLE_MESSAGE }],
      4: [
        { column: 1, message: "Enter a 10-digit Indian mobile number, e.g. 98765 43210" },
        {
          column: 5,
          message:
            'Tyres "7" is not recognised. Tyres must be one of: 4 tyres, 6 tyres, 10 tyres, 12 tyres, 14 tyres, 16 tyres, 18 tyres, 20 tyres, 22 tyres.',
          kind: "Tyres not recognised",
        },
        {
          column: 8,
          message: expect.stringMatching(
            /^State "Atlantis" is not recognised\. State must be one of: Andaman and Nicobar Islands, Andhra Pradesh, .*, West Bengal\.$/,
          ),
          kind: "State not recognised",
        },
      ],
      5: [
        {
          column: 1,
          message: expect.stringMatching(
            /^No member has the mobile number \+91 .*: import or create the member first, or choose “Create the missing members” in the import\.$/,
          ),
          kind: "No member has this mobile number",
        },
      ],
    });

    const committed = await client.commit(staged.id, { mapping: staged.mapping });
    expect(committed.last.data?.counts).toMatchObject({ new: 1, invalid: 3 });
    expect(await db().$count(trucks, eq(trucks.vehicleNumber, good))).toBe(1);
    // Once imported, only the refused rows' cells are kept.
    const kept = await db()
      .select()
      .from(importRows)
      .where(eq(importRows.batchId, staged.id))
      .orderBy(importRows.sheetRow);
    expect(kept.map((r) => [r.outcome, r.cells.length > 0])).toEqual([
      ["new", false],
      ["invalid", true],
      ["invalid", true],
      ["invalid", true],
    ]);

    const failed = await client.failedRows(staged.id);
    expect(failed.statusCode).toBe(200);
    expect(failed.headers["content-disposition"]).toMatch(
      /filename="trucks-March-failed-rows-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = failed.body.trim().split("\r\n");
    expect(lines[0]).toBe(`${TRUCK_HEADER},Error`);
    expect(lines).toHaveLength(4);
    // A cell a spreadsheet would run as a formula goes out as text, as every export does.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
    // The Error column names what each cell may be, so the file can be fixed without the console.
    expect(lines[2]).toContain('Tyres: Tyres ""7"" is not recognised. Tyres must be one of: 4 tyres');
    expect(lines[2]).toContain('State: State ""Atlantis"" is not recognised. State must be one of:');

    // Fixed and imported again: the Error column is not one of a truck's, so it is left alone.
    const fixed = failed.body.replace("NOT A NUMBER", nextVehicle());
    const again = (await client.upload("trucks", fixed)).json().data;
    expect(again.mapping.at(-1)).toBeNull();
    const recheck = (await client.check(again.id, { mapping: again.mapping })).json().data;
    expect(recheck.counts).toMatchObject({ new: 1, invalid: 2 });
  });

  it("says which required fields no column holds", async () => {
    const staged = (
      await client.upload("trucks", `Vehicle number,Owner name\n${nextVehicle()},Asha\n`)
    ).json().data;
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(check.missing).toEqual(["Phone number", "Brand", "Body type", "Tyres", "Tonnage", "State"]);
    expect(check.rows[0].errors).toContainEqual({ column: null, message: "Choose a body type" });
  });

  it("leaves columns it does not know alone, and lets the operator ignore or re-map one", async () => {
    const phone = nextPhone();
    const csv = `Full name,Mobile,Status,Our notes,Interest\nAsha Rao,${phone},WARM,call back,Fleet of 20\n`;
    const staged = (await client.upload("leads", csv)).json().data;
    // "Full name" and "Mobile" are matched by meaning; "Our notes" is no field.
    expect(staged.mapping).toEqual(["name", "contact_no", "status", null, "interest"]);
    const mapping = ["name", "contact_no", "status", null, null];
    const { last } = await client.commit(staged.id, { mapping });
    expect(last.data?.counts).toMatchObject({ new: 1 });
    const [lead] = await db()
      .select()
      .from(crmLeads)
      .where(eq(crmLeads.contactNo, `+91${phone}`));
    expect(lead).toMatchObject({ name: "Asha Rao", interest: "" });
  });

  it("refuses a plan that does not fit the file, naming the problem", async () => {
    const staged = (await client.upload("leads", `Name,Phone number\nAsha,${nextPhone()}\n`)).json().data;
    const plans: [{ mapping: string[]; mode?: string }, RegExp][] = [
      [{ mapping: ["name"] }, /each of the file's 2 columns/],
      [{ mapping: ["name", "vehicle_number"] }, /"vehicle_number" is not a field of leads/],
      [{ mapping: ["name", "name"] }, /Name is taken from two columns \(Name and Phone number\)/],
      [{ mapping: ["name", "contact_no"], mode: "merge" }, /mode must be update or skip/],
    ];
    for (const [plan, message] of plans) {
      const res = await client.check(staged.id, plan);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it("imports a file once: a second commit of it answers 409 and changes nothing", async () => {
    const staged = (
      await client.upload("leads", `Name,Phone number,Status\nAsha,${nextPhone()},HOT\n`)
    ).json().data;
    expect((await client.commit(staged.id, { mapping: staged.mapping })).last.type).toBe("done");
    const leads = await db().$count(crmLeads);
    const again = await client.commit(staged.id, { mapping: staged.mapping });
    expect(again.status).toBe(409);
    expect(again.last.message).toMatch(/was imported already/);
    expect(await db().$count(crmLeads)).toBe(leads);
  });
});

describe("round trip: a list's own export imports back unchanged", () => {
  it.each([
    ["members", "/api/members/export.csv"],
    ["trucks", "/api/trucks/export.csv"],
    ["leads", "/api/crm/leads/export.csv"],
    ["loads", "/api/loads/export.csv"],
  ])("%s", async (type, exportUrl) => {
    const member = await newMember();
    await newTruck(member.phone, { vehicle_number: nextVehicle() });
    await call("POST", "/api/crm/leads", {
      name: "Round Trip",
      contact_no: member.phone,
      status: "COLD",
    });
    await call(
      "POST",
      "/api/loads",
      loadBody(member.phone, { pickup_date: "2030-02-03", weight_tons: 7.25 }),
    );
    // The records of this test only (search by the member's or lead's phone number).
    const exported = await call("GET", `${exportUrl}?search=${local(member.phone)}`);
    expect(exported.statusCode).toBe(200);
    const staged = (await client.upload(type, exported.body)).json().data;
    const spec = importSpecs[type as ImportType];
    // Every field the list has a column for is matched by its export header.
    const exportedFields = staged.mapping.filter(Boolean);
    expect(exportedFields.length).toBeGreaterThan(3);
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    if (spec.key)
      expect(check.counts).toEqual({
        new: 0,
        updated: 0,
        unchanged: staged.row_count,
        skipped: 0,
        invalid: 0,
      });
    else expect(check.counts).toMatchObject({ new: staged.row_count, invalid: 0 });
  });
});

describe("round trip through a spreadsheet's file: Hindi and Tamil names, +91 phones", () => {
  const BOM = [0xef, 0xbb, 0xbf];

  it("exports with a byte order mark and phones Excel keeps, and imports the file back unchanged", async () => {
    const company = `Lipi Roadways ${nextPhone()}`;
    const hindi = await newMember({ first_name: "राजेश", last_name: "कुमार", company });
    const tamil = await newMember({ first_name: "முருகன்", last_name: "செல்வம்", company });
    const exported = await call("GET", `/api/members/export.csv?search=${encodeURIComponent(company)}`);
    expect(exported.statusCode).toBe(200);
    expect([...exported.rawPayload.subarray(0, 3)]).toEqual(BOM);
    expect(exported.body).toContain(
      `"=""+91 ${local(hindi.phone).slice(0, 5)} ${local(hindi.phone).slice(5)}"""`,
    );
    expect(exported.body).toContain("राजेश,कुमार");
    expect(exported.body).toContain("முருகன்,செல்வம்");
    expect(exported.body).not.toMatch(/(^|,)'/m);

    const staged = (await client.upload("members", exported.rawPayload)).json().data;
    expect(staged.row_count).toBe(2);
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    expect(check.counts).toEqual({ new: 0, updated: 0, unchanged: 2, skipped: 0, invalid: 0 });
    const stored = await db()
      .select({ firstName: members.firstName, lastName: members.lastName, phone: members.phone })
      .from(members)
      .where(inArray(members.phone, [hindi.phone, tamil.phone]))
      .orderBy(members.id);
    expect(stored).toEqual([
      { firstName: "राजेश", lastName: "कुमार", phone: hindi.phone },
      { firstName: "முருகன்", lastName: "செல்வம்", phone: tamil.phone },
    ]);
  });

  it("hands back failed rows as typed, no quote before a phone, a formula still neutralised", async () => {
    const digits = nextPhone();
    const phone = `+91${digits}`;
    const typed = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
    const csv = `First name,Last name,Phone,Company,State,Service category\r\nமீனா,=HYPERLINK("http://x"),${typed},सूर्य ट्रांसपोर्ट,Atlantis,Lorry Owner\r\n`;
    const { id, last } = await client.importCsv("members", csv);
    expect(last.data?.counts).toMatchObject({ new: 0, invalid: 1 });
    const failed = await client.failedRows(id);
    expect([...failed.rawPayload.subarray(0, 3)]).toEqual(BOM);
    const [header, row] = failed.body.trim().split("\r\n");
    expect(header).toBe("First name,Last name,Phone,Company,State,Service category,Error");
    expect(row).toMatch(
      new RegExp(`^மீனா,"'=HYPERLINK\\(""http://x""\\)","=""\\${typed}""",सूर्य ट्रांसपोर्ट,Atlantis,Lorry Owner,`),
    );

    // Fixed in the spreadsheet and imported again: what was typed is what is stored.
    const fixed = failed.body.replace(",Atlantis,", ",Goa,");
    const again = await client.importCsv("members", fixed);
    expect(again.last.data?.counts).toMatchObject({ new: 1, invalid: 0 });
    const [stored] = await db()
      .select({ firstName: members.firstName, lastName: members.lastName, company: members.company })
      .from(members)
      .where(eq(members.phone, phone));
    expect(stored).toEqual({
      firstName: "மீனா",
      lastName: '=HYPERLINK("http://x")',
      company: "सूर्य ट्रांसपोर्ट",
    });
  });
});

describe("round trip of the create-only lists: an export imports back as new records", () => {
  it.each([
    ["drivers", "/api/drivers", "driver_data", "driver_id"],
    ["buy_sell", "/api/buy_sell", "buy_sell_data", "buy_sell_id"],
  ])("%s", async (type, endpoint, dataKey, idKey) => {
    const member = await newMember();
    const bodies =
      type === "drivers"
        ? [
            driverBody(member.phone, { vehicle_number: nextVehicle(), company_name: "Patil, Sons & Co" }),
            driverBody(member.phone, { vehicle_number: nextVehicle(), driver_name: "Anil Jadhav" }),
          ]
        : [
            buySellBody(member.phone, { vehicle_number: nextVehicle(), price: 1_250_000 }),
            buySellBody(member.phone, { vehicle_number: nextVehicle(), location: "Pune, Hadapsar" }),
          ];
    for (const body of bodies) {
      const res = await call("POST", endpoint, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    type Listed = Record<string, unknown>;
    const listOf = async () =>
      (await call("GET", `${endpoint}?page_size=50&search=${local(member.phone)}`)).json()[
        dataKey
      ] as Listed[];
    const before = await listOf();
    expect(before).toHaveLength(2);
    const exported = await call("GET", `${endpoint}/export.csv?search=${local(member.phone)}`);
    expect(exported.statusCode).toBe(200);

    const staged = (await client.upload(type, exported.body)).json().data;
    expect(staged.row_count).toBe(2);
    // Every importable field is matched by the export's own header; the id and date columns are left out.
    const fields = importSpecs[type as ImportType].fields.map((f) => f.name);
    expect([...staged.mapping].filter(Boolean).sort()).toEqual([...fields].sort());
    const check = (await client.check(staged.id, { mapping: staged.mapping })).json().data;
    // No natural key: every row is new, even the ones that are the stored records, in either mode.
    expect(check.counts).toEqual({ new: 2, updated: 0, unchanged: 0, skipped: 0, invalid: 0 });
    const skipCheck = (await client.check(staged.id, { mapping: staged.mapping, mode: "skip" })).json().data;
    expect(skipCheck.counts).toEqual(check.counts);

    const { last } = await client.commit(staged.id, { mapping: staged.mapping });
    expect(last.data?.counts).toMatchObject({ new: 2, updated: 0, invalid: 0 });
    const after = await listOf();
    expect(after).toHaveLength(4);
    const originals = new Set(before.map((r) => r[idKey]));
    const created = after.filter((r) => !originals.has(r[idKey]));
    // The copies hold what the originals hold, apart from their ids and dates.
    const comparable = ({ [idKey]: _id, created_at: _at, ...rest }: Listed) => rest;
    const byVehicle = (rows: Listed[]) =>
      rows.map(comparable).sort((a, b) => String(a.vehicle_number).localeCompare(String(b.vehicle_number)));
    expect(byVehicle(created)).toEqual(byVehicle(before));
  });
});

describe("undo", () => {
  it("removes what the import created and puts back what it updated, audited as one entry each way", async () => {
    const member = await newMember();
    const truck = await newTruck(member.phone, { vehicle_number: nextVehicle(), owner_name: "Before Owner" });
    const added = nextVehicle();
    const csv = `${TRUCK_HEADER}\n${truck.vehicle_number},,After Owner,,,,,,\n${added},${local(member.phone)},New Owner,,Tipper,6,5-10,Eicher,Goa\n`;
    const auditBefore = await db().$count(auditLog);
    const { id, last } = await client.importCsv("trucks", csv);
    expect(last.data?.counts).toMatchObject({ new: 1, updated: 1 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "import"), eq(auditLog.entityId, String(id))));
    expect(await db().$count(auditLog)).toBe(auditBefore + 1);
    expect(entry).toMatchObject({
      entity: "import_batch",
      entityId: String(id),
      after: { type: "trucks", file_name: "upload.csv", mode: "update", new: 1, updated: 1, invalid: 0 },
    });

    const undone = await client.undo(id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      message: "Import undone: 1 truck removed (in Recently deleted), 1 truck put back as they were.",
      data: { status: "undone", undo_until: null },
    });
    const [restored] = await db().select().from(trucks).where(eq(trucks.id, truck.truck_id));
    expect(restored!.ownerName).toBe("Before Owner");
    expect(await db().$count(trucks, eq(trucks.vehicleNumber, added))).toBe(0);
    expect(await db().$count(deletedRecords, eq(deletedRecords.resource, "truck"))).toBeGreaterThan(0);
    // The vehicle the import added to the member's list goes with it; the member's own stays.
    const vehicles = await db()
      .select()
      .from(memberVehicles)
      .where(eq(memberVehicles.memberId, member.user_id));
    expect(vehicles.map((v) => v.vehicleNo)).toEqual([truck.vehicle_number]);
    expect(await db().$count(auditLog)).toBe(auditBefore + 2);
    const [undoEntry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "import_undo"), eq(auditLog.entityId, String(id))));
    expect(undoEntry!.after).toMatchObject({ removed: 1, restored: 1 });

    const twice = await client.undo(id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/undone already/);
  });

  it("is one batch in Recently deleted: one entry for what it removed, restored all together with one audit entry", async () => {
    const member = await newMember();
    const kept = await newTruck(member.phone, { vehicle_number: nextVehicle(), owner_name: "Kept Owner" });
    // More new trucks than one restore step (50), so the restore works in several steps.
    const vehicles = Array.from({ length: 120 }, () => nextVehicle());
    const csv = [
      TRUCK_HEADER,
      `${kept.vehicle_number},,Imported Owner,,,,,,`,
      ...vehicles.map((v) => `${v},${local(member.phone)},Batch Owner,,Tipper,6,5-10,Eicher,Goa`),
    ].join("\n");
    const staged = (await client.upload("trucks", csv, "fleet, April.csv")).json().data;
    const { last } = await client.commit(staged.id, { mapping: staged.mapping });
    expect(last.data?.counts).toMatchObject({ new: 120, updated: 1 });
    const id = staged.id as number;
    const created = (
      await db().select({ id: trucks.id }).from(trucks).where(inArray(trucks.vehicleNumber, vehicles))
    ).map((t) => t.id);
    // A truck deleted on its own stays an entry of its own.
    const single = await newTruck(member.phone, { vehicle_number: nextVehicle() });
    expect((await call("DELETE", `/api/trucks/${single.truck_id}`)).statusCode).toBe(200);

    expect((await client.undo(id)).statusCode).toBe(200);
    const listed = async (query: string) => {
      const res = await call("GET", `/api/recently_deleted?page_size=50&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        recently_deleted_data: Record<string, unknown>[];
        total_no_of_data: number;
      };
    };
    const trash = await listed("type=truck");
    const ofImport = trash.recently_deleted_data.filter((e) => e.import_batch_id === id);
    expect(ofImport).toEqual([
      expect.objectContaining({
        type: "truck",
        record_id: null,
        count: 120,
        name: "Import of fleet, April.csv: 120 trucks",
        deleted_by: "logistics-admin",
      }),
    ]);
    // None of the 120 is listed on its own; the single delete is, as before.
    expect(trash.recently_deleted_data.filter((e) => created.includes(e.record_id as number))).toEqual([]);
    expect(trash.recently_deleted_data.find((e) => e.record_id === single.truck_id)).toMatchObject({
      import_batch_id: null,
      count: 1,
      name: single.vehicle_number,
    });
    expect(trash.total_no_of_data).toBe(trash.recently_deleted_data.length);
    // The search finds the batch by its file's name, or by a record in it.
    for (const search of ["april", vehicles[7]!])
      expect(
        (await listed(`search=${encodeURIComponent(search)}`)).recently_deleted_data.map(
          (e) => e.import_batch_id,
        ),
      ).toEqual([id]);

    // The file's name stays on the entry as long as the entry: the batch is purged with its Undo's trash.
    await db()
      .update(importBatches)
      .set({ committedAt: sql`now() - interval '31 days'` })
      .where(eq(importBatches.id, id));
    await purgeExpiredTrash(db());
    expect(await db().$count(importBatches, eq(importBatches.id, id))).toBe(1);

    // Only its type, only an admin.
    const wrongType = await call("POST", "/api/recently_deleted/restore", {
      type: "member",
      import_batch: id,
    });
    expect(wrongType.statusCode).toBe(404);
    const editor = await call(
      "POST",
      "/api/recently_deleted/restore",
      { type: "truck", import_batch: id },
      "editor",
    );
    expect(editor.statusCode).toBe(403);
    for (const body of [{ type: "truck" }, { type: "truck", ids: [1], import_batch: id }])
      expect((await call("POST", "/api/recently_deleted/restore", body)).statusCode).toBe(400);

    const auditBefore = await db().$count(auditLog);
    const restored = await call("POST", "/api/recently_deleted/restore", {
      type: "truck",
      import_batch: id,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ message: "120 Trucks restored.", data: { restored: 120 } });
    const back = await db()
      .select({ id: trucks.id })
      .from(trucks)
      .where(inArray(trucks.vehicleNumber, vehicles));
    expect(back.map((t) => t.id).sort()).toEqual([...created].sort());
    expect(await db().$count(deletedRecords, eq(deletedRecords.importBatchId, id))).toBe(0);
    // One audit entry for the whole batch.
    expect(await db().$count(auditLog)).toBe(auditBefore + 1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "restore"),
          eq(auditLog.entity, "import_batch"),
          eq(auditLog.entityId, String(id)),
        ),
      );
    expect(entry!.after).toEqual({ type: "trucks", file_name: "fleet, April.csv", restored: 120 });
    // What the Undo put back as it was stays so.
    const [reverted] = await db().select().from(trucks).where(eq(trucks.id, kept.truck_id));
    expect(reverted!.ownerName).toBe("Kept Owner");

    expect((await listed("type=truck")).recently_deleted_data.some((e) => e.import_batch_id === id)).toBe(
      false,
    );
    const again = await call("POST", "/api/recently_deleted/restore", {
      type: "truck",
      import_batch: id,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/not in Recently deleted/);
  });

  it("restores a batch all or nothing: a clash with a record created since changes nothing", async () => {
    const phones = [nextPhone(), nextPhone()];
    const { id, last } = await client.importCsv(
      "members",
      `First name,Phone,State,Service category\n${phones.map((p) => `Batch,${p},Goa,Lorry Owner`).join("\n")}\n`,
    );
    expect(last.data?.counts).toMatchObject({ new: 2 });
    expect((await client.undo(id)).statusCode).toBe(200);
    // Meanwhile someone adds the second member again by hand.
    const again = await call("POST", "/api/members", memberBody({ phone: phones[1] }));
    expect(again.statusCode, again.body).toBe(201);
    const res = await call("POST", "/api/recently_deleted/restore", { type: "member", import_batch: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Member cannot be restored: a record with the same id or key exists/);
    expect(await db().$count(members, eq(members.phone, `+91${phones[0]}`))).toBe(0);
    expect(await db().$count(deletedRecords, eq(deletedRecords.importBatchId, id))).toBe(2);
  });

  it("refuses (changing nothing) when a record was edited after the import", async () => {
    const member = await newMember();
    const truck = await newTruck(member.phone, { vehicle_number: nextVehicle(), owner_name: "First" });
    const { id } = await client.importCsv(
      "trucks",
      `Vehicle number,Owner name\n${truck.vehicle_number},Second\n`,
    );
    const edit = await call("PATCH", `/api/trucks/${truck.truck_id}`, { owner_name: "Third" });
    expect(edit.statusCode).toBe(200);
    const res = await client.undo(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Undo would overwrite later work: the trucks of row 2 of upload.csv were edited or deleted after the import. Nothing was undone.",
    );
    const [after] = await db().select().from(trucks).where(eq(trucks.id, truck.truck_id));
    expect(after!.ownerName).toBe("Third");
    const [batch] = await db().select().from(importBatches).where(eq(importBatches.id, id));
    expect(batch!.status).toBe("committed");
  });

  it("lists recent imports with how long they can be undone", async () => {
    const { id } = await client.importCsv("leads", `Name,Phone number,Status\nListed,${nextPhone()},HOT\n`);
    const res = await call("GET", "/api/imports?type=leads");
    expect(res.statusCode).toBe(200);
    const [latest] = res.json().data;
    expect(latest).toMatchObject({ id, type: "leads", status: "committed", operator: "logistics-admin" });
    const days = (Date.parse(latest.undo_until) - Date.parse(latest.committed_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });
});

describe("a commit that fails part-way", () => {
  it("keeps nothing of the import when the database refuses row 110 of 120, and can be committed again", async () => {
    const member = await newMember();
    const vehicles = Array.from({ length: 120 }, nextVehicle);
    const csv = [
      TRUCK_HEADER,
      ...vehicles.map((v) => `${v},${local(member.phone)},Part Way,,Tipper,6,5-10,Eicher,Goa`),
    ];
    const staged = (await client.upload("trucks", csv.join("\n"))).json().data;
    // Rows pass every check; the database itself refuses the 110th, two chunks after the first writes.
    await db().execute(
      sql.raw(`create function refuse_row_110() returns trigger language plpgsql as $$ begin
        if new.vehicle_number = '${vehicles[109]}' then raise exception 'row 110 refused'; end if;
        return new; end $$`),
    );
    await db().execute(
      sql.raw(
        "create trigger refuse_row_110 before insert on trucks for each row execute function refuse_row_110()",
      ),
    );
    try {
      const failed = await client.commit(staged.id, { mapping: staged.mapping });
      expect(failed.progress.length).toBe(2);
      expect(failed.last.type).toBe("error");
    } finally {
      await db().execute(sql.raw("drop trigger refuse_row_110 on trucks"));
      await db().execute(sql.raw("drop function refuse_row_110()"));
    }
    expect(await db().$count(trucks, inArray(trucks.vehicleNumber, vehicles))).toBe(0);
    expect(
      await db().$count(
        auditLog,
        and(eq(auditLog.entity, "import"), eq(auditLog.entityId, String(staged.id))),
      ),
    ).toBe(0);
    const [batch] = await db().select().from(importBatches).where(eq(importBatches.id, staged.id));
    expect(batch).toMatchObject({ status: "staged", committedAt: null });

    const again = await client.commit(staged.id, { mapping: staged.mapping });
    expect(again.last.data?.counts).toMatchObject({ new: 120 });
    expect(await db().$count(trucks, inArray(trucks.vehicleNumber, vehicles))).toBe(120);
  });
});

describe("the commit's progress", () => {
  it("streams a progress line after each step, before the result, over a real connection", async () => {
    const member = await newMember();
    const rows = Array.from(
      { length: 260 },
      () => `${nextVehicle()},${local(member.phone)},Stream Owner,,Tipper,6,5-10,Eicher,Goa`,
    );
    const staged = (await client.upload("trucks", [TRUCK_HEADER, ...rows].join("\n"))).json().data;
    await ctx().app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx().app.server.address() as { port: number };
    // fetch asks for gzip: the answer must still come line by line, not when a compressor flushes.
    const res = await fetch(`http://127.0.0.1:${port}/api/imports/${staged.id}/commit`, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx().tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ mapping: staged.mapping }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get("content-encoding")).toBeNull();
    // Each line with the read that completed it.
    const lines: { read: number; line: { type: string; done?: number; total?: number } }[] = [];
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = "";
    for (let read = 0; ; read++) {
      const { done, value } = await reader.read();
      if (done) break;
      pending += value;
      const complete = pending.split("\n");
      pending = complete.pop()!;
      for (const text of complete) if (text) lines.push({ read, line: JSON.parse(text) });
    }
    expect(pending).toBe("");
    expect(lines.map((l) => l.line.type)).toEqual([...Array(6).fill("progress"), "done"]);
    expect(lines.slice(0, 6).map((l) => [l.line.done, l.line.total])).toEqual(
      [50, 100, 150, 200, 250, 260].map((done) => [done, 260]),
    );
    expect(lines.at(-1)!.line).toMatchObject({ data: { counts: { new: 260 } } });
    // The first step's line reached the client before the transaction ended, in a read of its own.
    expect(lines[0]!.read).toBeLessThan(lines.at(-1)!.read);
  });
});

describe("what is kept, and for how long", () => {
  it("forgets an upload not imported within an hour, and an import once the trash window has passed", async () => {
    const staged = (
      await client.upload("leads", `Name,Phone number,Status\nStale,${nextPhone()},HOT\n`)
    ).json().data;
    const { id: done } = await client.importCsv(
      "leads",
      `Name,Phone number,Status\nOld,${nextPhone()},HOT\n`,
    );
    await db()
      .update(importBatches)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(importBatches.id, staged.id));
    const stale = await client.check(staged.id, { mapping: staged.mapping });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toMatch(/not imported within 60 minutes is removed.*Upload the file again/);

    await db()
      .update(importBatches)
      .set({ committedAt: sql`now() - interval '31 days'` })
      .where(eq(importBatches.id, done));
    const late = await client.undo(done);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "Imports can be undone for 30 days; upload.csv was imported before that.",
    );

    await purgeExpiredTrash(db());
    const left = await db()
      .select({ id: importBatches.id })
      .from(importBatches)
      .where(inArray(importBatches.id, [staged.id, done]));
    expect(left).toEqual([]);
    expect(await db().$count(importRows, inArray(importRows.batchId, [staged.id, done]))).toBe(0);
  });
});

describe("access", () => {
  it("is the list's own role: editors are refused every import route, anonymous callers too", async () => {
    const staged = (await client.upload("leads", `Name,Phone number\nAsha,${nextPhone()}\n`)).json().data;
    const editor = importClient(ctx().app, () => ctx().tokens.editor);
    const anonymous = importClient(ctx().app, () => "");
    for (const as of [editor, anonymous]) {
      const answers = [
        await as.upload("leads", "Name\nAsha\n"),
        await as.check(staged.id, { mapping: staged.mapping }),
        await as.commit(staged.id, { mapping: staged.mapping }),
        await as.undo(staged.id),
        await as.failedRows(staged.id),
      ];
      const statuses = answers.map((a) => ("statusCode" in a ? a.statusCode : a.status));
      expect(statuses).toEqual(Array(5).fill(as === editor ? 403 : 401));
    }
    const list = await call("GET", "/api/imports", undefined, "editor");
    expect(list.statusCode).toBe(403);
  });
});
