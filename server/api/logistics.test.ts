import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, buySellListings, drivers, loads, members, trucks } from "#db/schema/index.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";
import {
  buySellBody,
  driverBody,
  loadBody,
  mediaUrl,
  memberBody,
  nextPhone,
  truckBody,
} from "#tests/support/logistics-bodies.ts";

const { call, db } = logisticsTestAppPerFile();

async function newMember(over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/members", memberBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { user_id: number; phone: string; first_name: string; state: number };
}

describe("members (the console's home)", () => {
  it("creates a member with the phone normalised to E.164 and lists them with row_count and the total", async () => {
    const phone = nextPhone();
    const created = await newMember({
      phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      first_name: "Anand",
    });
    expect(created.phone).toBe(`+91${phone}`);
    const list = (await call("GET", `/api/members?search=${phone.slice(2, 8)}`)).json();
    expect(list).toMatchObject({ success: true, row_count: 1, total_no_of_data: 1 });
    expect(list.members_data[0]).toMatchObject({
      user_id: created.user_id,
      first_name: "Anand",
      phone: `+91${phone}`,
      vehicle_count: 0,
    });
  });

  it("refuses a duplicate phone in any spelling with a friendly 409 and writes nothing", async () => {
    const phone = nextPhone();
    await newMember({ phone });
    const before = await db().$count(members);
    const res = await call("POST", "/api/members", memberBody({ phone: `0${phone}`, first_name: "Copy" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^A member with the mobile number \+91 \d{5} \d{5} already exists \(Ravi Kumar\)\.$/,
    );
    expect(res.json().errors.phone).toBeDefined();
    expect(await db().$count(members)).toBe(before);
  });

  it("validates with per-field messages", async () => {
    const res = await call("POST", "/api/members", {
      first_name: "",
      phone: "12345",
      state: 40,
      service_category: "Pilot",
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors).toMatchObject({
      first_name: "Enter the first name",
      phone: "Enter a 10-digit Indian mobile number, e.g. 98765 43210",
      state: "Choose a state",
      service_category: "Choose a service category",
    });
  });

  it("filters by state and service category", async () => {
    const a = await newMember({ state: 7, service_category: "Fastag", last_name: "Filterone" });
    await newMember({ state: 7, service_category: "Driver", last_name: "Filterone" });
    await newMember({ state: 9, service_category: "Fastag", last_name: "Filterone" });
    const res = (await call("GET", "/api/members?state=7&service_category=Fastag&search=Filterone")).json();
    expect(res.members_data.map((m: { user_id: number }) => m.user_id)).toEqual([a.user_id]);
    expect((await call("GET", "/api/members?search=Filterone&state=9")).json().total_no_of_data).toBe(1);
  });

  it("records and filters members in all 36 states and union territories, the last three added ones included", async () => {
    const added = { 34: "Andaman and Nicobar Islands", 35: "Chandigarh", 36: "Lakshadweep" };
    for (const state of Object.keys(added)) {
      await newMember({ state: Number(state), last_name: "Territory" });
    }
    for (const [state, label] of Object.entries(added)) {
      const res = (await call("GET", `/api/members?search=Territory&state=${state}`)).json();
      expect(
        res.members_data.map((m: { state: number }) => m.state),
        label,
      ).toEqual([Number(state)]);
    }
    const beyond = await call("POST", "/api/members", memberBody({ state: 37 }));
    expect(beyond.json().errors).toMatchObject({ state: "Choose a state" });
    const filter = await call("GET", "/api/members?state=37");
    expect(filter.json().message).toMatch(/state must be a number from 1 to 36/);
  });

  it("sorts members and trucks by the state's name, the three added territories among the others", async () => {
    const states = [33, 34, 7, 35]; // West Bengal, Andaman and Nicobar Islands, Delhi, Chandigarh
    const byName = [34, 35, 7, 33];
    for (const [i, state] of states.entries()) {
      const m = await newMember({ state, last_name: "Statesort" });
      const truck = await call(
        "POST",
        "/api/trucks",
        truckBody(m.phone, { vehicle_number: `KA01SS100${i}`, state }),
      );
      expect(truck.statusCode, truck.body).toBe(201);
    }
    const memberStates = async (sort: string) =>
      (await call("GET", `/api/members?search=Statesort&sort=${sort}`))
        .json()
        .members_data.map((m: { state: number }) => m.state);
    expect(await memberStates("state")).toEqual(byName);
    expect(await memberStates("-state")).toEqual([...byName].reverse());
    const truckStates = (await call("GET", "/api/trucks?search=KA01SS100&sort=state"))
      .json()
      .truck_data.map((t: { state: number }) => t.state);
    expect(truckStates).toEqual(byName);
  });

  it("shows the profile and vehicle list; vehicles are added (normalised) and removed, each answer carrying the new list", async () => {
    const m = await newMember();
    const added = await call("POST", `/api/members/${m.user_id}/vehicles`, { vehicle_no: "ka-01 a 1234" });
    expect(added.statusCode).toBe(201);
    expect(added.json().vehicle_data.map((v: { vehicle_no: string }) => v.vehicle_no)).toEqual(["KA01A1234"]);
    const again = await call("POST", `/api/members/${m.user_id}/vehicles`, { vehicle_no: "KA01A1234" });
    expect(again.statusCode).toBe(409);
    expect(
      (await call("POST", `/api/members/${m.user_id}/vehicles`, { vehicle_no: "KA01" })).json().errors
        .vehicle_no,
    ).toMatch(/MH12AB1234/);
    await call("POST", `/api/members/${m.user_id}/vehicles`, { vehicle_no: "22BH1234AB" });
    const profile = (await call("GET", `/api/members/${m.user_id}`)).json();
    expect(profile).toMatchObject({ success: true, row_count: 1 });
    expect(profile.profile_data[0]).toMatchObject({ user_id: m.user_id, vehicle_count: 2 });
    expect(profile.vehicle_data.map((v: { vehicle_no: string }) => v.vehicle_no)).toEqual([
      "22BH1234AB",
      "KA01A1234",
    ]);
    const listed = (await call("GET", `/api/members?search=${m.phone.slice(3)}`)).json().members_data[0];
    expect(listed.vehicle_count).toBe(2);
    const removed = await call("DELETE", `/api/members/${m.user_id}/vehicles/${profile.vehicle_data[0].id}`);
    expect(removed.json().vehicle_data.map((v: { vehicle_no: string }) => v.vehicle_no)).toEqual([
      "KA01A1234",
    ]);
    expect(
      (await call("DELETE", `/api/members/${m.user_id}/vehicles/${profile.vehicle_data[0].id}`)).statusCode,
    ).toBe(404);
  });

  it("verifies a mobile number: first_name and vehicle_list when found, a clear 404 when not", async () => {
    const m = await newMember({ first_name: "Meena" });
    await call("POST", `/api/members/${m.user_id}/vehicles`, { vehicle_no: "TN09AB4321" });
    const found = await call(
      "GET",
      `/api/members/verify?phone=${encodeURIComponent(m.phone.replace("+91", "0"))}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({
      user_id: m.user_id,
      first_name: "Meena",
      phone: m.phone,
      state: m.state,
      vehicle_list: ["TN09AB4321"],
    });
    const missing = await call("GET", "/api/members/verify?phone=6000000009");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      success: false,
      data: [],
      message: "No member has the mobile number +91 60000 00009. Create the member to continue.",
    });
    expect((await call("GET", "/api/members/verify?phone=abc")).statusCode).toBe(400);
  });

  it("edits, refusing another member's phone, and deletes (audited)", async () => {
    const a = await newMember();
    const b = await newMember();
    expect((await call("PATCH", `/api/members/${a.user_id}`, { phone: b.phone })).statusCode).toBe(409);
    const ok = await call("PATCH", `/api/members/${a.user_id}`, { company: "New Co", state: 1 });
    expect(ok.json().data).toMatchObject({ company: "New Co", state: 1 });
    expect((await call("PATCH", `/api/members/${a.user_id}`, {})).statusCode).toBe(400);
    expect((await call("DELETE", `/api/members/${a.user_id}`)).statusCode).toBe(200);
    expect((await call("GET", `/api/members/${a.user_id}`)).statusCode).toBe(404);
    const [last] = await db()
      .select()
      .from(auditLog)
      .orderBy(auditLog.id)
      .limit(1)
      .offset((await db().$count(auditLog)) - 1);
    expect(last).toMatchObject({
      action: "delete",
      entity: "member",
      entityId: String(a.user_id),
      operatorName: "logistics-admin",
    });
  });

  it("exports the filtered members as CSV and bulk-deletes selected rows", async () => {
    const a = await newMember({ last_name: "Bulkzz" });
    const b = await newMember({ last_name: "Bulkzz" });
    const csv = await call("GET", "/api/members/export.csv?search=Bulkzz");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.trim().split("\r\n")).toHaveLength(3);
    const res = await call("POST", "/api/members/bulk_delete", { ids: [a.user_id, b.user_id, 999999] });
    expect(res.json()).toMatchObject({ success: true, message: "2 members deleted.", data: { deleted: 2 } });
    expect((await call("GET", "/api/members?search=Bulkzz")).json().total_no_of_data).toBe(0);
    for (const bad of [
      { ids: [] },
      { ids: ["x"] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      {},
    ]) {
      expect((await call("POST", "/api/members/bulk_delete", bad)).statusCode).toBe(400);
    }
  });
});

describe("a load's weight and pickup date", () => {
  it("keeps 12.5 tonnes, refuses a third decimal, and asks for a missing pickup date", async () => {
    const m = await newMember();
    const made = await call("POST", "/api/loads", loadBody(m.phone, { weight_tons: 12.5 }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.load_id as number;
    const listed = (await call("GET", `/api/loads?search=${m.phone.slice(3)}`)).json();
    expect(listed.load_data.find((l: { load_id: number }) => l.load_id === id).weight_tons).toBe(12.5);

    const fine = await call("POST", "/api/loads", loadBody(m.phone, { weight_tons: 12.555 }));
    expect(fine.statusCode).toBe(400);
    expect(fine.json().message).toMatch("Weight can have at most two decimals, e.g. 12.5");

    const { pickup_date: _, ...undated } = loadBody(m.phone);
    const missing = await call("POST", "/api/loads", undated);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch("Choose the pickup date");
    expect(missing.json().message).not.toMatch("2025-01-31");
  });
});

describe.each([
  {
    path: "/api/loads",
    key: "load",
    idKey: "load_id",
    body: loadBody,
    table: loads,
    search: "Steel coils",
    change: { material: "Cement bags" },
  },
  {
    path: "/api/trucks",
    key: "truck",
    idKey: "truck_id",
    body: truckBody,
    table: trucks,
    search: "MH 12 AB",
    change: { vehicle_number: "mh 14 xy 0001" },
  },
  {
    path: "/api/drivers",
    key: "driver",
    idKey: "driver_id",
    body: driverBody,
    table: drivers,
    search: "Suresh",
    change: { driver_name: "Suresh P." },
  },
  {
    path: "/api/buy_sell",
    key: "buy_sell",
    idKey: "buy_sell_id",
    body: buySellBody,
    table: buySellListings,
    search: "Nashik",
    change: { price: 1750000 },
  },
])("$path", ({ path, key, idKey, body, table, search, change }) => {
  it("creates for a verified member, lists with <entity>_data and total, edits and deletes", async () => {
    const m = await newMember();
    const created = await call("POST", path, body(m.phone));
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json().data;
    expect(record).toMatchObject({ user_id: m.user_id, contact_no: m.phone });
    const list = (await call("GET", `${path}?search=${encodeURIComponent(m.phone.slice(3))}`)).json();
    expect(list.success).toBe(true);
    expect(list.total_no_of_data).toBe(1);
    expect(list[`${key}_data`][0][idKey]).toBe(record[idKey]);
    expect(
      (await call("GET", `${path}?search=${encodeURIComponent(search)}`)).json().total_no_of_data,
    ).toBeGreaterThan(0);

    const edited = await call("PATCH", `${path}/${record[idKey]}`, change);
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = (await call("GET", `${path}/${record[idKey]}`)).json().data;
    for (const [field, value] of Object.entries(change)) {
      expect(stored[field]).toBe(
        field === "vehicle_number" ? String(value).toUpperCase().replace(/\s/g, "") : value,
      );
    }
    expect((await call("DELETE", `${path}/${record[idKey]}`)).statusCode).toBe(200);
    expect((await call("GET", `${path}/${record[idKey]}`)).statusCode).toBe(404);
    expect((await call("DELETE", `${path}/${record[idKey]}`)).statusCode).toBe(404);
  });

  it("refuses a phone that belongs to no member, and bad fields, writing nothing", async () => {
    const before = await db().$count(table);
    const orphan = await call("POST", path, body("6999999999"));
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toMatch(
      /^No member has the mobile number \+91 69999 99999\. Create the member first/,
    );
    expect(orphan.json().errors.contact_no).toBeDefined();
    const m = await newMember();
    const bad = await call("POST", path, { ...body(m.phone), contact_no: "12", unknown_field: true });
    expect(bad.statusCode).toBe(400);
    expect(await db().$count(table)).toBe(before);
  });

  it("pages with the allowed sizes only and treats hostile search text as plain text", async () => {
    expect((await call("GET", `${path}?page=99999&page_size=50`)).json()[`${key}_data`]).toEqual([]);
    for (const bad of [
      "page=0",
      "page=-3",
      "page=1.5",
      "page=99999999999",
      "page_size=15",
      "page_size=500",
      "state=37",
      "state=07",
      "state=abc",
      "created_from=2025-02-30",
      "sort=1;drop table",
    ]) {
      const res = await call("GET", `${path}?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: [] });
    }
    for (const s of ["' or 1=1 --", "%", "_", "\\", "'; drop table loads; --"]) {
      const res = await call("GET", `${path}?search=${encodeURIComponent(s)}`);
      expect(res.statusCode, s).toBe(200);
      expect(res.json().total_no_of_data).toBe(0);
    }
  });

  it("exports exactly the filtered rows and bulk-deletes selected rows with one call", async () => {
    const m = await newMember();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call("POST", path, body(m.phone))).json().data[idKey]);
    const csv = await call("GET", `${path}/export.csv?search=${m.phone.slice(3)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(
      new RegExp(`attachment; filename="${key}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    expect(csv.body.trim().split("\r\n")).toHaveLength(4);
    const res = await call("POST", `${path}/bulk_delete`, { ids: ids.slice(0, 2) });
    expect(res.json().data.deleted).toBe(2);
    expect((await call("GET", `${path}?search=${m.phone.slice(3)}`)).json().total_no_of_data).toBe(1);
  });

  it("is for administrators only: editors get 403", async () => {
    for (const [method, url] of [
      ["GET", path],
      ["POST", path],
      ["PATCH", `${path}/1`],
      ["DELETE", `${path}/1`],
      ["GET", `${path}/export.csv`],
      ["POST", `${path}/bulk_delete`],
    ] as const) {
      expect(
        (await call(method, url, method === "GET" || method === "DELETE" ? undefined : {}, "editor"))
          .statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });
});

describe("entity filters", () => {
  it("filters loads by state, to_state, body type, tyres, tonnage and status", async () => {
    const m = await newMember();
    const base = loadBody(m.phone, { material: "Filtertest" });
    const a = (
      await call("POST", "/api/loads", {
        ...base,
        from_state: 7,
        body_type: "Tanker",
        tyres: 6,
        tonnage_band: "2.5-5",
      })
    ).json().data;
    await call("POST", "/api/loads", {
      ...base,
      from_state: 7,
      body_type: "Tipper",
      tyres: 6,
      tonnage_band: "2.5-5",
    });
    await call("POST", "/api/loads", {
      ...base,
      from_state: 9,
      to_state: 1,
      body_type: "Tanker",
      tyres: 22,
      tonnage_band: "above 40 Ton",
      status: "delivered",
    });
    const ids = async (q: string) =>
      (await call("GET", `/api/loads?search=Filtertest&${q}`))
        .json()
        .load_data.map((l: { load_id: number }) => l.load_id);
    expect(await ids("state=7&body_type=Tanker")).toEqual([a.load_id]);
    expect(await ids("tyres=6")).toHaveLength(2);
    expect(await ids("tonnage_band=above%2040%20Ton")).toHaveLength(1);
    expect(await ids("to_state=1")).toHaveLength(1);
    expect(await ids("status=delivered")).toHaveLength(1);
    expect(await ids("state=&body_type=")).toHaveLength(3);
    for (const bad of ["body_type=Rocket", "tyres=5", "tonnage_band=huge", "status=lost", "to_state=0"]) {
      expect((await call("GET", `/api/loads?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it("filters trucks by state, body type, tyres, tonnage and brand, and drivers by state and date added", async () => {
    const m = await newMember();
    await call(
      "POST",
      "/api/trucks",
      truckBody(m.phone, {
        vehicle_number: "GJ01AA0001",
        state: 9,
        brand: "Volvo",
        body_type: "Tanker",
        tyres: 12,
        tonnage_band: "20-40",
      }),
    );
    await call(
      "POST",
      "/api/trucks",
      truckBody(m.phone, {
        vehicle_number: "GJ01AA0002",
        state: 9,
        brand: "Tata",
        body_type: "Tanker",
        tyres: 12,
        tonnage_band: "20-40",
      }),
    );
    const count = async (q: string) =>
      (await call("GET", `/api/trucks?search=GJ01AA000&${q}`)).json().total_no_of_data;
    expect(await count("state=9&brand=Volvo")).toBe(1);
    expect(await count("body_type=Tanker&tyres=12&tonnage_band=20-40")).toBe(2);
    expect((await call("GET", "/api/trucks?brand=Lamborghini")).statusCode).toBe(400);

    await call("POST", "/api/drivers", driverBody(m.phone, { driver_name: "Datefilter Driver", state: 26 }));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect(
      (
        await call("GET", `/api/drivers?search=Datefilter&state=26&created_from=${today}&created_to=${today}`)
      ).json().total_no_of_data,
    ).toBe(1);
    expect(
      (await call("GET", `/api/drivers?search=Datefilter&state=26&created_to=2001-01-01`)).json()
        .total_no_of_data,
    ).toBe(0);
  });

  it("shows the brand as SML Isuzu and accepts the old 'SML Lsuzu' spelling, storing the new one", async () => {
    const m = await newMember();
    const truck = await call(
      "POST",
      "/api/trucks",
      truckBody(m.phone, { vehicle_number: "GJ01AB0007", brand: "SML Lsuzu" }),
    );
    expect(truck.statusCode, truck.body).toBe(201);
    expect(truck.json().data.brand).toBe("SML Isuzu");
    const listing = await call("POST", "/api/buy_sell", buySellBody(m.phone, { brand: "SML Lsuzu" }));
    expect(listing.json().data.brand).toBe("SML Isuzu");
    const id = listing.json().data.buy_sell_id;
    expect((await call("PATCH", `/api/buy_sell/${id}`, { brand: "SML Lsuzu" })).json().data.brand).toBe(
      "SML Isuzu",
    );
    const stored = await db()
      .select({ brand: trucks.brand })
      .from(trucks)
      .where(sql`vehicle_number = 'GJ01AB0007'`);
    expect(stored).toEqual([{ brand: "SML Isuzu" }]);
    // An old bookmarked filter still finds the truck.
    expect(
      (await call("GET", "/api/trucks?search=GJ01AB0007&brand=SML%20Lsuzu")).json().total_no_of_data,
    ).toBe(1);
    expect(
      (await call("GET", "/api/trucks?search=GJ01AB0007&brand=SML%20Isuzu")).json().total_no_of_data,
    ).toBe(1);
  });

  it("filters buy-and-sell by km and price bands (rupees) and brand", async () => {
    const m = await newMember();
    const make = (over: Record<string, unknown>) =>
      call("POST", "/api/buy_sell", buySellBody(m.phone, { location: "Bandtown", ...over }));
    await make({ kms_driven: 5000, price: 450000 });
    await make({ kms_driven: 10001, price: 500001 });
    await make({ kms_driven: 2500000, price: 9500000, brand: "Scania" });
    const count = async (q: string) =>
      (await call("GET", `/api/buy_sell?search=Bandtown&${q}`)).json().total_no_of_data;
    expect(await count("km_band=0-10000")).toBe(1);
    expect(await count("km_band=10001-50000")).toBe(1);
    expect(await count("km_band=2000001%2B")).toBe(1);
    expect(await count("price_band=0-500000")).toBe(1);
    expect(await count("price_band=500001-1000000")).toBe(1);
    expect(await count("price_band=9000001%2B&brand=Scania")).toBe(1);
    expect((await call("GET", "/api/buy_sell?price_band=cheap")).statusCode).toBe(400);
  });
});

describe("vehicle numbers and images", () => {
  it("normalises vehicle numbers, refuses bad ones, and adds the vehicle to the member's list", async () => {
    const m = await newMember();
    const res = await call("POST", "/api/trucks", truckBody(m.phone, { vehicle_number: "dl-1c-ab-1234" }));
    expect(res.json().data.vehicle_number).toBe("DL1CAB1234");
    expect(
      (await call("GET", `/api/members/verify?phone=${m.phone.slice(3)}`)).json().data.vehicle_list,
    ).toContain("DL1CAB1234");
    const bad = await call("POST", "/api/trucks", truckBody(m.phone, { vehicle_number: "XX99" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.vehicle_number).toBe("Enter a vehicle number like MH12AB1234 or 22BH1234AB");
    const badLicence = await call("POST", "/api/drivers", driverBody(m.phone, { licence_number: "123" }));
    expect(badLicence.json().errors.licence_number).toMatch(/driving licence/);
  });

  it("keeps up to 10 uploaded images; removing one from the list removes it from the listing", async () => {
    const m = await newMember();
    const images = [mediaUrl(1), mediaUrl(2), mediaUrl(3)];
    const created = (await call("POST", "/api/buy_sell", buySellBody(m.phone, { images }))).json().data;
    expect(created.images).toEqual(images);
    const edited = await call("PATCH", `/api/buy_sell/${created.buy_sell_id}`, {
      images: [images[0], images[2]],
    });
    expect(edited.json().data.images).toEqual([images[0], images[2]]);
    const tooMany = await call("PATCH", `/api/buy_sell/${created.buy_sell_id}`, {
      images: Array.from({ length: 11 }, (_, i) => mediaUrl(i + 1)),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.images).toBe("Add at most 10 images");
    for (const bad of ["https://evil.example/x.png", "/media/../../etc/passwd", "javascript:alert(1)"]) {
      expect(
        (await call("PATCH", `/api/buy_sell/${created.buy_sell_id}`, { images: [bad] })).statusCode,
        bad,
      ).toBe(400);
    }
    expect((await call("GET", `/api/buy_sell/${created.buy_sell_id}`)).json().data.images).toEqual([
      images[0],
      images[2],
    ]);
  });
});

describe("bounded totals", () => {
  it("counts exactly up to 10,000 matches and reports 10,000 with total_capped beyond", async () => {
    const m = await newMember();
    await db().execute(sql`
      insert into loads (member_id, contact_no, contact_name, from_city, from_state, to_city, to_state, material, weight_tons, body_type, tyres, tonnage_band, pickup_date)
      select ${m.user_id}, ${m.phone}, 'Bulk', 'Surat', 9, 'Delhi', 7, case when g <= 25 then 'Capcheck rare' else 'Capcheck' end, 10, 'LCV', 4, '1-2.5', '2030-01-01'
      from generate_series(1, 10005) g`);
    const all = (await call("GET", "/api/loads?search=Capcheck&page=1000")).json();
    expect(all).toMatchObject({ total_no_of_data: 10000, total_capped: true });
    expect(all.load_data).toHaveLength(10);
    expect((await call("GET", "/api/loads?search=Capcheck&page=1001")).json().load_data).toHaveLength(5);
    const rare = (await call("GET", "/api/loads?search=Capcheck%20rare")).json();
    expect(rare).toMatchObject({ total_no_of_data: 25, total_capped: false });
    await db().execute(sql`delete from loads where material like 'Capcheck%'`);
  });
});
