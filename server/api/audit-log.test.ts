import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, jobApplications, operators } from "#db/schema/index.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

// GET /api/audit_log: search (record name, action, entity, operator) and filters (operator, action, entity,
// India days), each entry with its record's name and whether its delete can still be restored.

const { ctx, call, db } = logisticsTestAppPerFile();

interface Entry {
  id: number;
  operator: string;
  action: string;
  entity: string;
  entity_id: string;
  record_name: string | null;
  restorable: boolean;
}
async function log(query: string) {
  const res = await call("GET", `/api/audit_log?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { audit_log_data: Entry[]; total_no_of_data: number };
}

describe("the audit log's search and filters", () => {
  let postId = 0;
  let otherId = 0;
  beforeAll(async () => {
    const created = async (heading: string, role: "admin" | "editor") => {
      const res = await call("POST", "/api/blog", { heading, status: "draft" }, role);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    postId = await created("Monsoon freight outlook", "admin");
    otherId = await created("Quarterly hiring notes", "editor");
    expect((await call("DELETE", `/api/blog/${postId}`)).statusCode).toBe(200);
  });

  it("finds a post's entries by its title, names the record, and marks its delete restorable", async () => {
    const found = await log("search=monsoon%20freight");
    expect(found.total_no_of_data).toBe(2);
    expect(found.audit_log_data.map((e) => e.action)).toEqual(["delete", "create"]);
    for (const e of found.audit_log_data)
      expect(e).toMatchObject({
        entity: "blog_post",
        entity_id: String(postId),
        record_name: "Monsoon freight outlook",
      });
    expect(found.audit_log_data.map((e) => e.restorable)).toEqual([true, false]);

    // Restored: the delete entry can no longer be restored (its trash row is gone).
    const restored = await call("POST", "/api/recently_deleted/restore", {
      type: "blog_post",
      ids: [postId],
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const after = await log("search=monsoon%20freight");
    expect(after.audit_log_data.map((e) => e.action)).toEqual(["restore", "delete", "create"]);
    expect(after.audit_log_data.every((e) => !e.restorable)).toBe(true);
  });

  it("filters by action, entity and operator, and searches actions and entity names", async () => {
    const deletes = await log("action=delete");
    expect(deletes.total_no_of_data).toBeGreaterThan(0);
    expect(deletes.audit_log_data.every((e) => e.action === "delete")).toBe(true);
    // Every action the log records can be filtered on, the sign-in ones too (one list for both).
    const signIns = await log("action=sign_in");
    expect(signIns.audit_log_data.every((e) => e.action === "sign_in")).toBe(true);
    for (const action of ["two_factor_failed", "password_reset"])
      expect((await log(`action=${action}`)).total_no_of_data, action).toBe(0);

    const byEditor = await log("operator=logistics-editor&entity=blog_post");
    expect(byEditor.audit_log_data.map((e) => [e.action, e.entity_id])).toEqual([
      ["create", String(otherId)],
    ]);

    const searchedAction = await log("search=delete");
    expect(searchedAction.audit_log_data.some((e) => e.action === "delete")).toBe(true);
    expect(searchedAction.audit_log_data.some((e) => e.record_name === "Quarterly hiring notes")).toBe(false);
    const searchedEntity = await log("search=blog%20post");
    expect(searchedEntity.total_no_of_data).toBeGreaterThanOrEqual(3);
    expect(searchedEntity.audit_log_data.every((e) => e.entity === "blog_post")).toBe(true);
    // Nothing matches: no widening to the whole log.
    expect((await log("search=no-such-record-xyz")).total_no_of_data).toBe(0);
  });

  it("names records whose entries keep no name by the record as it is now; an erased candidate by none", async () => {
    const [operator] = await db().select().from(operators).where(eq(operators.username, "logistics-editor"));
    const [candidate, erased] = await db()
      .insert(jobApplications)
      .values([
        { firstName: "Meera", lastName: "Iyer", email: "meera@example.com", phone: "+91 98400 00000" },
        { firstName: "", lastName: "", email: "", phone: "", anonymisedAt: new Date() },
      ])
      .returning();
    const actor = { operatorId: operator!.id, username: "logistics-admin" };
    const audit = ctx().app.services.audit;
    await audit.record(actor, "two_factor_enabled", "operator", operator!.id, null, null);
    await audit.record(actor, "note_added", "job_application", candidate!.id, null, { note_id: 1 });
    await audit.record(actor, "personal_data_erased", "job_application", erased!.id, null, null);
    const named = async (action: string) =>
      (await log(`action=${action}`)).audit_log_data.map((e) => e.record_name);
    expect(await named("two_factor_enabled")).toEqual(["logistics-editor"]);
    expect(await named("note_added")).toEqual(["Meera Iyer"]);
    expect(await named("personal_data_erased")).toEqual([null]);
    expect((await log("search=meera%20iyer")).audit_log_data.map((e) => e.action)).toEqual(["note_added"]);
  });

  it("filters by India days: an entry at 00:30 IST belongs to that day, not to the UTC day before", async () => {
    const [entry] = await db()
      .insert(auditLog)
      .values({
        operatorName: "night-shift",
        action: "update",
        entity: "job",
        entityId: "1",
        after: { job_title: "Night entry" },
        // 2 March 2026, 00:30 in India.
        createdAt: new Date("2026-03-01T19:00:00Z"),
      })
      .returning();
    const ids = async (query: string) =>
      (await log(`operator=night-shift&${query}`)).audit_log_data.map((e) => e.id);
    expect(await ids("created_from=2026-03-02&created_to=2026-03-02")).toEqual([entry!.id]);
    expect(await ids("created_to=2026-03-01")).toEqual([]);
    expect(await ids("created_from=2026-03-03")).toEqual([]);
  });

  it("refuses bad filters with a message that names them", async () => {
    const cases: [string, RegExp][] = [
      ["action=erase", /action must be one of: create, update, delete/],
      ["entity=Blog-Post", /entity must be a record type/],
      ["created_from=2026-02-30", /created_from must be a real calendar date/],
      ["created_from=2026-03-05&created_to=2026-03-01", /created_from must be on or before created_to/],
      ["who=admin", /Unknown query parameter "who"/],
    ];
    for (const [query, message] of cases) {
      const res = await call("GET", `/api/audit_log?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    const editor = await call("GET", "/api/audit_log", undefined, "editor");
    expect(editor.statusCode).toBe(403);
  });
});
