import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  blogComments,
  blogPosts,
  deletedRecords,
  serviceRequests,
  trucks,
} from "#db/schema/index.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createComment, createPost } from "#tests/support/factories.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";
import { memberBody, truckBody } from "#tests/support/logistics-bodies.ts";

// Undoable deletes (domain/trash.ts): a delete moves the record into deleted_records with its audit entry,
// POST <resource>/restore puts it back with its id, and the trash is purged after the `trash_days` setting (30 days unless set).

const { ctx, call, db } = logisticsTestAppPerFile();
let editorToken = "";
beforeAll(async () => {
  editorToken = await operatorToken(ctx().app, "editor");
});
const asEditor = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  ctx().app.inject({ method, url, payload, headers: { authorization: `Bearer ${editorToken}` } });

async function newMemberPhone() {
  const res = await call("POST", "/api/members", memberBody());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.phone as string;
}
async function newTruck(phone: string, over: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/trucks", { ...truckBody(phone), ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { truck_id: number; owner_name: string; created_at: string };
}
const auditOf = (entity: string, id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe("undoable deletes", () => {
  it("moves a deleted truck into the trash and restores it with its id, both audited", async () => {
    const truck = await newTruck(await newMemberPhone(), { owner_name: "Undo Owner" });
    const deleted = await call("DELETE", `/api/trucks/${truck.truck_id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, restorable: true });
    expect((await call("GET", `/api/trucks/${truck.truck_id}`)).statusCode).toBe(404);
    const [trashed] = await db()
      .select()
      .from(deletedRecords)
      .where(and(eq(deletedRecords.resource, "truck"), eq(deletedRecords.recordId, truck.truck_id)));
    expect(trashed?.row).toMatchObject({ id: truck.truck_id, owner_name: "Undo Owner" });

    const restored = await call("POST", "/api/trucks/restore", { ids: [truck.truck_id] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ success: true, data: { restored: 1 } });
    const back = (await call("GET", `/api/trucks/${truck.truck_id}`)).json().data;
    expect(back).toMatchObject({
      truck_id: truck.truck_id,
      owner_name: "Undo Owner",
      created_at: truck.created_at,
    });
    expect((await auditOf("truck", truck.truck_id)).map((e) => e.action)).toEqual([
      "create",
      "delete",
      "restore",
    ]);
    const entries = await auditOf("truck", truck.truck_id);
    expect(entries[1]!.before).toMatchObject({ owner_name: "Undo Owner" });
    expect(entries[2]!.after).toMatchObject({ truck_id: truck.truck_id, owner_name: "Undo Owner" });
    // The trash entry is used up: a second undo has nothing to put back.
    expect(await db().$count(deletedRecords, eq(deletedRecords.recordId, truck.truck_id))).toBe(0);
  });

  it("answers 404 with a message for an id that is not in the trash, and changes nothing", async () => {
    const truck = await newTruck(await newMemberPhone());
    const before = await db().$count(auditLog);
    const res = await call("POST", "/api/trucks/restore", { ids: [truck.truck_id + 100000] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      `Truck ${truck.truck_id + 100000} cannot be restored: it is not in Recently deleted (deletes can be undone for 30 days).`,
    );
    // All or nothing: one missing id among deleted ones restores none.
    await call("DELETE", `/api/trucks/${truck.truck_id}`);
    const mixed = await call("POST", "/api/trucks/restore", { ids: [truck.truck_id, 999999] });
    expect(mixed.statusCode).toBe(404);
    expect((await call("GET", `/api/trucks/${truck.truck_id}`)).statusCode).toBe(404);
    expect(await db().$count(auditLog)).toBe(before + 1);
    for (const bad of [{}, { ids: [] }, { ids: ["x"] }, { ids: [1], extra: 1 }]) {
      const answer = await call("POST", "/api/trucks/restore", bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
  });

  it("purges trash older than its window on the next delete; such a record cannot be restored", async () => {
    const phone = await newMemberPhone();
    const old = await newTruck(phone);
    await call("DELETE", `/api/trucks/${old.truck_id}`);
    await db()
      .update(deletedRecords)
      .set({ deletedAt: sql`now() - interval '30 days 1 minute'` })
      .where(eq(deletedRecords.recordId, old.truck_id));
    const late = await call("POST", "/api/trucks/restore", { ids: [old.truck_id] });
    expect(late.statusCode).toBe(404);
    const fresh = await newTruck(phone);
    await call("DELETE", `/api/trucks/${fresh.truck_id}`);
    expect(await db().$count(deletedRecords, eq(deletedRecords.recordId, old.truck_id))).toBe(0);
    expect(await db().$count(deletedRecords, eq(deletedRecords.recordId, fresh.truck_id))).toBe(1);
  });

  it("deletes all rows matching a filter (beyond one page), then undoes them in one call", async () => {
    const phone = await newMemberPhone();
    const marker = `Matchall ${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await newTruck(phone, { owner_name: marker })).truck_id);
    const other = await newTruck(phone, { owner_name: "Someone Else" });
    const query = `search=${encodeURIComponent(marker)}&page=1&page_size=10`;
    const csv = await call("GET", `/api/trucks/export.csv?${query}`);
    expect(csv.body.trim().split("\r\n")).toHaveLength(13);
    const ticked = await call("GET", `/api/trucks/export.csv?ids=${ids.slice(0, 2).join(",")}`);
    expect(ticked.body.trim().split("\r\n")).toHaveLength(3);

    const res = await call("POST", `/api/trucks/bulk_delete?${query}`, { all_matching: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "12 trucks deleted.", data: { deleted: 12 } });
    expect([...res.json().data.ids].sort()).toEqual([...ids].sort());
    expect((await call("GET", `/api/trucks?${query}`)).json().total_no_of_data).toBe(0);
    expect((await call("GET", `/api/trucks/${other.truck_id}`)).statusCode).toBe(200);
    const audited = await db()
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "truck"),
          eq(auditLog.action, "delete"),
          inArray(auditLog.entityId, ids.map(String)),
        ),
      );
    expect(audited.map((row) => Number(row.entityId)).sort((a, b) => a - b)).toEqual(ids);

    const undo = await call("POST", "/api/trucks/restore", { ids });
    expect(undo.json()).toMatchObject({ data: { restored: 12 } });
    expect((await call("GET", `/api/trucks?${query}`)).json().total_no_of_data).toBe(12);

    for (const bad of [{}, { ids: [ids[0]], all_matching: true }, { all_matching: false }]) {
      expect((await call("POST", `/api/trucks/bulk_delete?${query}`, bad)).statusCode).toBe(400);
    }
    expect((await call("GET", `/api/trucks?${query}`)).json().total_no_of_data).toBe(12);
  });

  it("deletes every member a filter selects and exports only the members ticked", async () => {
    const marker = `Allmembers${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call("POST", "/api/members", memberBody({ company: marker }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.user_id);
    }
    const bystander = (
      await call("POST", "/api/members", memberBody({ company: "Elsewhere Roadways" }))
    ).json().data.user_id as number;
    const query = `search=${marker}&page=1&page_size=10`;
    const ticked = await call("GET", `/api/members/export.csv?${query}&ids=${ids.slice(0, 3).join(",")}`);
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.body.trim().split("\r\n")).toHaveLength(4);

    const res = await call("POST", `/api/members/bulk_delete?${query}`, { all_matching: true });
    expect(res.json()).toMatchObject({
      message: "11 members deleted.",
      data: { deleted: 11 },
      restorable: true,
    });
    expect((await call("GET", `/api/members?${query}`)).json().total_no_of_data).toBe(0);
    expect((await call("GET", `/api/members?search=Elsewhere`)).json().members_data).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: bystander })]),
    );
    const undo = await call("POST", "/api/members/restore", { ids });
    expect(undo.json()).toMatchObject({ data: { restored: 11 } });
    expect((await call("GET", `/api/members?${query}`)).json().total_no_of_data).toBe(11);
  });

  it("selects all matching on feedback, insurance requests and CRM leads: ticked export, delete by filter, undo", async () => {
    const marker = `Everyone${Date.now()}`;
    const lists = [
      { path: "/api/feedback", noun: "items", ids: [] as number[] },
      { path: "/api/insurance", noun: "insurance requests", ids: [] as number[] },
      { path: "/api/crm/leads", noun: "leads", ids: [] as number[] },
    ];
    for (let i = 0; i < 11; i++) {
      const fb = await call("POST", "/api/feedback", { kind: "complaint", text: `${marker} complaint ${i}` });
      lists[0]!.ids.push(fb.json().data.id);
      const [req] = await db()
        .insert(serviceRequests)
        .values({
          kind: "insurance",
          vehicleNumber: `MH12ZZ${1000 + i}`,
          contactNo: "+919800000001",
          notes: marker,
        })
        .returning();
      lists[1]!.ids.push(req!.id);
      const lead = await call("POST", "/api/crm/leads", {
        name: `${marker} ${i}`,
        status: "COLD",
        contact_no: `98111 3${String(i).padStart(4, "0")}`,
      });
      expect(lead.statusCode, lead.body).toBe(201);
      lists[2]!.ids.push(lead.json().data.id);
    }
    for (const { path, noun, ids } of lists) {
      const query = `search=${marker}&page=1&page_size=10`;
      const ticked = await call("GET", `${path}/export.csv?${query}&ids=${ids.slice(0, 2).join(",")}`);
      expect(ticked.statusCode, `${path} ${ticked.body}`).toBe(200);
      expect(ticked.body.trim().split("\r\n"), path).toHaveLength(3);
      const res = await call("POST", `${path}/bulk_delete?${query}`, { all_matching: true });
      expect(res.json(), path).toMatchObject({ message: `11 ${noun} deleted.`, data: { deleted: 11 } });
      expect([...res.json().data.ids].sort(), path).toEqual([...ids].sort());
      const undo = await call("POST", `${path}/restore`, { ids });
      expect(undo.json(), path).toMatchObject({ data: { restored: 11 } });
    }
  });

  it("restores a blog post together with the comments the cascade dropped", async () => {
    const post = await createPost(db(), { heading: "Undo me" });
    await createComment(db(), { blogId: post.id, comment: "Kept through the undo" });
    expect((await asEditor("DELETE", `/api/blog/${post.id}`)).statusCode).toBe(200);
    expect(await db().$count(blogComments, eq(blogComments.blogId, post.id))).toBe(0);
    const res = await asEditor("POST", "/api/blog/restore", { ids: [post.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().$count(blogPosts, eq(blogPosts.id, post.id))).toBe(1);
    const comments = await db().select().from(blogComments).where(eq(blogComments.blogId, post.id));
    expect(comments.map((c) => c.comment)).toEqual(["Kept through the undo"]);
    expect((await auditOf("blog_post", post.id)).map((e) => e.action)).toEqual(["delete", "restore"]);
  });

  it("restores a post trashed before a later migration added a column: the column takes its default", async () => {
    const post = await createPost(db(), { heading: "Trashed before the upgrade" });
    expect((await asEditor("DELETE", `/api/blog/${post.id}`)).statusCode).toBe(200);
    // What a row trashed before 0012 looks like: no preview_version key in the saved JSON.
    await db()
      .update(deletedRecords)
      .set({ row: sql`${deletedRecords.row} - 'preview_version'` })
      .where(and(eq(deletedRecords.resource, "blog_post"), eq(deletedRecords.recordId, post.id)));
    const res = await asEditor("POST", "/api/blog/restore", { ids: [post.id] });
    expect(res.statusCode, res.body).toBe(200);
    const [restored] = await db().select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(restored).toMatchObject({ heading: "Trashed before the upgrade", previewVersion: 0 });
  });

  it("undoes deletes of feedback (one and bulk) and of an enquiry", async () => {
    const made: number[] = [];
    for (const text of ["Undo feedback one", "Undo feedback two"]) {
      const res = await call("POST", "/api/feedback", { kind: "complaint", text });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().data.id);
    }
    expect((await call("DELETE", `/api/feedback/${made[0]}`)).json()).toMatchObject({ restorable: true });
    expect((await call("POST", "/api/feedback/bulk_delete", { ids: [made[1]] })).json()).toMatchObject({
      restorable: true,
      data: { deleted: 1 },
    });
    const undo = await call("POST", "/api/feedback/restore", { ids: made });
    expect(undo.json()).toMatchObject({ message: "2 items restored.", data: { restored: 2 } });
    const list = (await call("GET", "/api/feedback?search=Undo%20feedback")).json();
    expect(list[0].total_no_of_data).toBe(2);
    expect((await auditOf("feedback", made[1]!)).map((e) => e.action)).toEqual([
      "create",
      "delete",
      "restore",
    ]);

    const enquiry = await ctx().app.inject({
      method: "POST",
      url: "/api/contact_requests",
      payload: {
        first_name: "Undo",
        last_name: "Enquirer",
        email: "undo@example.com",
        message: "Put me back",
        privacy_consent: true,
      },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const id = enquiry.json().data.id as number;
    expect((await asEditor("DELETE", `/api/contact_requests/${id}`)).json()).toMatchObject({
      restorable: true,
    });
    expect((await asEditor("POST", "/api/contact_requests/restore", { ids: [id] })).json()).toMatchObject({
      message: "Enquiry restored.",
    });
    const inbox = (await asEditor("GET", "/api/contact_requests?search=Enquirer")).json();
    expect(inbox.contact_requests_data.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await auditOf("enquiry", id)).map((e) => e.action)).toEqual(["delete", "restore"]);
    expect((await asEditor("POST", "/api/contact_requests/restore", { ids: [id] })).statusCode).toBe(404);
  });

  it("restores a deleted CRM lead with its notes", async () => {
    const created = await call("POST", "/api/crm/leads", {
      name: "Undo Lead",
      contact_no: "98111 22299",
      status: "WARM",
      note: "First call",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect((await call("POST", `/api/crm/leads/${id}/notes`, { note: "Second call" })).statusCode).toBe(201);
    expect((await call("DELETE", `/api/crm/leads/${id}`)).json()).toMatchObject({ restorable: true });
    expect((await call("GET", `/api/crm/leads/${id}`)).statusCode).toBe(404);

    const undo = await call("POST", "/api/crm/leads/restore", { ids: [id] });
    expect(undo.json()).toMatchObject({ message: "1 lead restored.", data: { restored: 1 } });
    const { lead: back, notes } = (await call("GET", `/api/crm/leads/${id}`)).json().data;
    expect(back).toMatchObject({ id, name: "Undo Lead", status: "WARM" });
    expect(notes.map((n: { note: string }) => n.note).sort()).toEqual(["First call", "Second call"]);
    expect((await auditOf("crm_lead", id)).map((e) => e.action)).toEqual(["create", "delete", "restore"]);
  });

  it("restores a member with their vehicles, and points their directory records back at them", async () => {
    const member = (await call("POST", "/api/members", memberBody())).json().data as {
      user_id: number;
      phone: string;
    };
    expect(
      (await call("POST", `/api/members/${member.user_id}/vehicles`, { vehicle_no: "MH12ZZ9999" }))
        .statusCode,
    ).toBe(201);
    const truck = await newTruck(member.phone);
    expect((await call("DELETE", `/api/members/${member.user_id}`)).json()).toMatchObject({
      restorable: true,
    });
    expect((await call("GET", `/api/trucks/${truck.truck_id}`)).json().data.user_id).toBeNull();

    const res = await call("POST", "/api/members/restore", { ids: [member.user_id] });
    expect(res.json()).toMatchObject({ message: "1 member restored." });
    const profile = (await call("GET", `/api/members/${member.user_id}`)).json();
    expect(profile.profile_data[0].phone).toBe(member.phone);
    expect(profile.vehicle_data.map((v: { vehicle_no: string }) => v.vehicle_no)).toContain("MH12ZZ9999");
    expect((await call("GET", `/api/trucks/${truck.truck_id}`)).json().data.user_id).toBe(member.user_id);
    expect((await auditOf("member", member.user_id)).map((e) => e.action)).toEqual([
      "create",
      "delete",
      "restore",
    ]);
  });

  it("keeps restore for the resource's own access level", async () => {
    const truck = await newTruck(await newMemberPhone());
    await call("DELETE", `/api/trucks/${truck.truck_id}`);
    expect((await asEditor("POST", "/api/trucks/restore", { ids: [truck.truck_id] })).statusCode).toBe(403);
    expect(await db().$count(trucks, eq(trucks.id, truck.truck_id))).toBe(0);
  });
});
