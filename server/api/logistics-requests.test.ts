import { beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { auditLog, feedback, serviceHistory, serviceRequests } from "#db/schema/index.ts";
import { checkReview } from "#domain/logistics/feedback.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";
import { memberBody } from "#tests/support/logistics-bodies.ts";

const { call, db } = logisticsTestAppPerFile();
let memberId = 0;
beforeAll(async () => {
  memberId = (
    await call("POST", "/api/members", memberBody({ first_name: "Lakshmi", last_name: "Iyer" }))
  ).json().data.user_id;
});

describe("insurance and FASTag requests", () => {
  it("lists each kind under its own key, filters by status, updates status and notes, and deletes", async () => {
    await db()
      .insert(serviceRequests)
      .values([
        {
          kind: "insurance",
          memberId,
          vehicleNumber: "MH12AB0001",
          contactNo: "+919800000001",
          status: "new",
        },
        {
          kind: "insurance",
          memberId,
          vehicleNumber: "MH12AB0002",
          contactNo: "+919800000001",
          status: "done",
        },
        {
          kind: "fast_tag",
          memberId,
          vehicleNumber: "MH12AB0003",
          contactNo: "+919800000001",
          status: "new",
        },
      ]);
    const insurance = (await call("GET", "/api/insurance")).json();
    expect(insurance.total_no_of_data).toBe(2);
    expect(insurance.insurance_data[0]).toMatchObject({ kind: "insurance", member_name: "Lakshmi Iyer" });
    const fastTag = (await call("GET", "/api/fast_tag?status=new")).json();
    expect(fastTag.fast_tag_data.map((r: { vehicle_number: string }) => r.vehicle_number)).toEqual([
      "MH12AB0003",
    ]);
    const id = insurance.insurance_data.find((r: { status: string }) => r.status === "new").id;
    const res = await call("PATCH", `/api/insurance/${id}`, { status: "in_progress", notes: "Quote sent" });
    expect(res.json().data).toMatchObject({ status: "in_progress", notes: "Quote sent" });
    // A FASTag path cannot reach an insurance request.
    expect((await call("PATCH", `/api/fast_tag/${id}`, { status: "done" })).statusCode).toBe(404);
    expect((await call("PATCH", `/api/insurance/${id}`, { status: "lost" })).statusCode).toBe(400);
    expect((await call("GET", "/api/insurance?status=maybe")).statusCode).toBe(400);
    const csv = await call("GET", "/api/insurance/export.csv?status=in_progress");
    expect(csv.body.trim().split("\r\n")).toHaveLength(2);
    expect(csv.body).toContain("Quote sent");
    expect((await call("DELETE", `/api/insurance/${id}`)).statusCode).toBe(200);
    expect((await call("GET", "/api/insurance")).json().total_no_of_data).toBe(1);
    expect((await call("GET", "/api/insurance", undefined, "editor")).statusCode).toBe(403);
  });
});

describe("feedback and complaints", () => {
  it("answers the spec's shape: an array whose first item holds `feedback`", async () => {
    await db()
      .insert(feedback)
      .values([
        { memberId, kind: "complaint", text: "Driver did not turn up" },
        { memberId, kind: "feedback", text: "Great matching" },
      ]);
    const body = (await call("GET", "/api/feedback")).json();
    expect(Array.isArray(body)).toBe(true);
    expect(body[0].total_no_of_data).toBe(2);
    expect(body[0].feedback).toHaveLength(2);
    const complaints = (await call("GET", "/api/feedback?kind=complaint&status=open")).json()[0];
    expect(complaints.feedback).toHaveLength(1);
    expect(complaints.feedback[0]).toMatchObject({
      kind: "complaint",
      member_name: "Lakshmi Iyer",
      status: "open",
    });
    expect((await call("GET", "/api/feedback?kind=praise")).statusCode).toBe(400);
  });

  it("logs feedback on a member's behalf, linked by phone, and validates it", async () => {
    const phone = (await call("GET", `/api/members/${memberId}`)).json().profile_data[0].phone as string;
    const res = await call("POST", "/api/feedback", {
      kind: "complaint",
      text: "Truck arrived late",
      contact_no: phone.slice(3),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: "complaint",
      status: "open",
      user_id: memberId,
      member_name: "Lakshmi Iyer",
    });
    expect((await call("POST", "/api/feedback", { kind: "praise", text: "" })).json().errors).toMatchObject({
      kind: "kind must be feedback or complaint",
      text: "Enter the message",
    });
    expect((await call("POST", "/api/feedback", { kind: "feedback", text: "x" }, "editor")).statusCode).toBe(
      403,
    );
    await db().delete(feedback);
  });

  it("reviews forward only, and resolving needs a reply", async () => {
    const [row] = await db()
      .insert(feedback)
      .values({ memberId, kind: "complaint", text: "Payment delayed" })
      .returning();
    const id = row!.id;
    expect((await call("PATCH", `/api/feedback/${id}`, { status: "in_progress" })).json().data.status).toBe(
      "in_progress",
    );
    const noReply = await call("PATCH", `/api/feedback/${id}`, { status: "resolved" });
    expect(noReply.statusCode).toBe(400);
    expect(noReply.json().errors.reply).toBe("Write a reply note before resolving.");
    const resolved = await call("PATCH", `/api/feedback/${id}`, {
      status: "resolved",
      reply: "Refunded on 3 March",
    });
    expect(resolved.json().data).toMatchObject({ status: "resolved", reply: "Refunded on 3 March" });
    const back = await call("PATCH", `/api/feedback/${id}`, { status: "open" });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe("An item that is resolved cannot go back to open.");
    expect(checkReview("open", "resolved", "ok")).toBeNull();
  });
});

describe("CRM", () => {
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const shift = (days: number) =>
    new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it("adds a before-sale lead with a first note, changes status and follow-up, keeps a notes timeline", async () => {
    const created = await call("POST", "/api/crm/leads", {
      name: "Farhan Ali",
      contact_no: "98111 22233",
      company: "Ali Freight",
      status: "WARM",
      follow_up_date: shift(-2),
      note: "Met at the Pune expo",
    });
    expect(created.statusCode).toBe(201);
    const lead = created.json().data;
    expect(lead).toMatchObject({ contact_no: "+919811122233", status: "WARM", overdue: true, note_count: 1 });
    const changed = await call("PATCH", `/api/crm/leads/${lead.id}`, {
      status: "HOT",
      follow_up_date: shift(3),
    });
    expect(changed.json().data).toMatchObject({ status: "HOT", overdue: false, follow_up_date: shift(3) });
    expect(
      (await call("POST", `/api/crm/leads/${lead.id}/notes`, { note: "Sent the annual plan" })).statusCode,
    ).toBe(201);
    const detail = (await call("GET", `/api/crm/leads/${lead.id}`)).json().data;
    expect(detail.lead.note_count).toBe(2);
    expect((await call("GET", "/api/crm/leads?search=Farhan")).json().lead_data[0].note_count).toBe(2);
    expect(detail.notes.map((n: { note: string }) => n.note)).toEqual([
      "Sent the annual plan",
      "Met at the Pune expo",
    ]);
    expect(
      (await call("PATCH", `/api/crm/leads/${lead.id}`, { status: "LUKEWARM" })).json().errors.status,
    ).toBe("status must be HOT, WARM or COLD");
    expect(
      (await call("PATCH", `/api/crm/leads/${lead.id}`, { follow_up_date: "2025-13-01" })).statusCode,
    ).toBe(400);
    expect((await call("POST", `/api/crm/leads/${lead.id}/notes`, { note: "  " })).statusCode).toBe(400);
  });

  it("lists leads with row_count, filters overdue follow-ups, and groups a board by status with counts", async () => {
    for (const [name, status, days] of [
      ["Board A", "HOT", -1],
      ["Board B", "COLD", 0],
      ["Board C", "COLD", 5],
    ] as const) {
      await call("POST", "/api/crm/leads", {
        name,
        contact_no: "9822200000",
        status,
        follow_up_date: shift(days),
      });
    }
    const overdue = (await call("GET", "/api/crm/leads?search=Board&follow_up=overdue")).json();
    expect(overdue).toMatchObject({ row_count: 1, total_no_of_data: 1 });
    expect(overdue.lead_data[0]).toMatchObject({ name: "Board A", overdue: true });
    expect((await call("GET", "/api/crm/leads?search=Board&status=COLD")).json().row_count).toBe(2);
    const board = (await call("GET", "/api/crm/board?search=Board")).json().board_data;
    expect(board.map((c: { status: string; count: number }) => [c.status, c.count])).toEqual([
      ["HOT", 1],
      ["WARM", 0],
      ["COLD", 2],
    ]);
    expect(board[2].leads.map((l: { name: string }) => l.name)).toEqual(["Board B", "Board C"]);
    expect((await call("GET", "/api/crm/leads?follow_up=someday")).statusCode).toBe(400);
  });

  it("shows after-sale customers with their service history", async () => {
    await db()
      .insert(serviceHistory)
      .values([
        { memberId, service: "Insurance", amount: 12000 },
        { memberId, service: "FASTag", amount: 500 },
      ]);
    const list = (await call("GET", "/api/crm/after_sale")).json();
    expect(list.row_count).toBe(1);
    expect(list.profile_data[0]).toMatchObject({
      user_id: memberId,
      first_name: "Lakshmi",
      service_count: 2,
      total_amount: 12500,
    });
    const detail = (await call("GET", `/api/crm/after_sale/${memberId}`)).json();
    expect(detail.profile_data[0].user_id).toBe(memberId);
    expect(detail.service_history.map((h: { service: string }) => h.service).sort()).toEqual([
      "FASTag",
      "Insurance",
    ]);
    expect((await call("GET", "/api/crm/after_sale?state=99")).statusCode).toBe(400);
  });

  it("moves a lead between columns, audited with the move, and undoes it by moving back (audited too)", async () => {
    const lead = (
      await call("POST", "/api/crm/leads", { name: "Mover Lead", contact_no: "98222 33344", status: "WARM" })
    ).json().data;
    const audits = () =>
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(lead.id)))
        .orderBy(desc(auditLog.id));
    const moved = await call("POST", `/api/crm/leads/${lead.id}/move`, { status: "HOT", from: "WARM" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ message: "Mover Lead moved to HOT.", data: { status: "HOT" } });
    let [entry] = await audits();
    expect(entry).toMatchObject({ action: "update", entity: "crm_lead", operatorName: "logistics-admin" });
    expect(entry!.before).toMatchObject({ status: "WARM" });
    expect(entry!.after).toMatchObject({ status: "HOT" });

    // Undo: the board moves it back from where it now is.
    const undone = await call("POST", `/api/crm/leads/${lead.id}/move`, { status: "WARM", from: "HOT" });
    expect(undone.json().data.status).toBe("WARM");
    [entry] = await audits();
    expect(entry!.before).toMatchObject({ status: "HOT" });
    expect(entry!.after).toMatchObject({ status: "WARM" });
    expect(await audits()).toHaveLength(3);

    // A stale drag (the card left a column it is no longer in) and bad input change nothing.
    const stale = await call("POST", `/api/crm/leads/${lead.id}/move`, { status: "COLD", from: "HOT" });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/already in WARM.*reload the board/);
    const bad = await call("POST", `/api/crm/leads/${lead.id}/move`, { status: "LUKEWARM" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe("status must be HOT, WARM or COLD");
    expect(bad.body).not.toMatch(/at .*\.ts:/);
    expect((await call("POST", "/api/crm/leads/999999/move", { status: "HOT" })).statusCode).toBe(404);
    expect(
      (await call("POST", `/api/crm/leads/${lead.id}/move`, { status: "HOT" }, "editor")).statusCode,
    ).toBe(403);
    expect(await audits()).toHaveLength(3);
    expect((await call("GET", `/api/crm/leads/${lead.id}`)).json().data.lead.status).toBe("WARM");
  });

  it("exports leads with India-time dates and readable phone numbers", async () => {
    const csv = await call("GET", "/api/crm/leads/export.csv?search=Mover");
    const [header, line] = csv.body.trim().split("\r\n");
    expect(header).toMatch(/^Lead id,Created \(IST\),Name,Phone number,/);
    expect(line).toMatch(/^\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2},Mover Lead,"=""\+91 98222 33344""",/);
    const created = line!.split(",")[1];
    const now = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Kolkata",
      dateStyle: "short",
    }).format(new Date());
    expect(created!.slice(0, 10)).toBe(now);
  });

  it("bulk-deletes leads and refuses editors", async () => {
    const ids = (await call("GET", "/api/crm/leads?search=Board"))
      .json()
      .lead_data.map((l: { id: number }) => l.id);
    expect((await call("POST", "/api/crm/leads/bulk_delete", { ids })).json().data.deleted).toBe(3);
    expect((await call("GET", "/api/crm/leads", undefined, "editor")).statusCode).toBe(403);
    expect((await call("POST", "/api/crm/leads", {}, "editor")).statusCode).toBe(403);
  });
});
