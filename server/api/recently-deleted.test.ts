import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, blogPosts, deletedRecords, trucks } from "#db/schema/index.ts";
import { createPost } from "#tests/support/factories.ts";
import { memberBody, truckBody } from "#tests/support/logistics-bodies.ts";
import { logisticsTestAppPerFile } from "./logistics-fixtures";

// "Recently deleted" (domain/recently-deleted.ts): every type's trash in one list, restore by type, the
// window a site setting (trash_days, 30 by default) that listing, restore and the purge all follow.

const { ctx, call, db } = logisticsTestAppPerFile();
const putSettings = (payload: object) =>
  ctx().app.inject({
    method: "PUT",
    url: "/api/site_settings",
    payload,
    headers: { authorization: `Bearer ${ctx().tokens.admin}` },
  });

interface Entry {
  id: number;
  type: string;
  record_id: number;
  name: string;
  deleted_by: string | null;
  deleted_at: string;
  expires_at: string;
}
const listed = async (query = "", role: "admin" | "editor" = "admin") => {
  const res = await call("GET", `/api/recently_deleted${query}`, undefined, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().recently_deleted_data as Entry[];
};
async function deletedPost(heading: string) {
  const post = await createPost(db(), { heading });
  expect((await call("DELETE", `/api/blog/${post.id}`)).statusCode).toBe(200);
  return post;
}
async function deletedTruck(vehicle: string) {
  const member = await call("POST", "/api/members", memberBody());
  expect(member.statusCode, member.body).toBe(201);
  const res = await call("POST", "/api/trucks", {
    ...truckBody(member.json().data.phone),
    vehicle_number: vehicle,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.truck_id as number;
  expect((await call("DELETE", `/api/trucks/${id}`)).statusCode).toBe(200);
  return id;
}
/** Moves a trash entry back in time, as if the clock had moved on by `interval`. */
const ageTrash = (type: string, id: number, interval: string) =>
  db()
    .update(deletedRecords)
    .set({ deletedAt: sql`now() - ${interval}::interval` })
    .where(and(eq(deletedRecords.resource, type), eq(deletedRecords.recordId, id)));

describe("Recently deleted", () => {
  it("lists deleted records of every type with name, who and when, newest first; filters by type and searches", async () => {
    const post = await deletedPost("Trash list post");
    const truck = await deletedTruck("KA05TR1234");
    const all = await listed();
    const postEntry = all.find((e) => e.type === "blog_post" && e.record_id === post.id);
    const truckEntry = all.find((e) => e.type === "truck" && e.record_id === truck);
    expect(postEntry).toMatchObject({ name: "Trash list post", deleted_by: "logistics-admin" });
    expect(truckEntry).toMatchObject({ name: "KA05TR1234", deleted_by: "logistics-admin" });
    expect(all.indexOf(truckEntry!)).toBeLessThan(all.indexOf(postEntry!));
    // Kept for the default 30 days.
    const kept = Date.parse(postEntry!.expires_at) - Date.parse(postEntry!.deleted_at);
    expect(kept).toBe(30 * 86_400_000);

    const posts = await listed("?type=blog_post");
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((e) => e.type === "blog_post")).toBe(true);
    expect((await listed("?search=trash%20list")).map((e) => e.record_id)).toEqual([post.id]);
    expect((await listed("?type=truck&search=trash%20list")).length).toBe(0);
  });

  it("restores a record from the list, audited, and it leaves the list; a second restore answers 404", async () => {
    const post = await deletedPost("Restore me from the list");
    const res = await call("POST", "/api/recently_deleted/restore", { type: "blog_post", ids: [post.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "Blog post restored.", data: { restored: 1 } });
    expect(await db().$count(blogPosts, eq(blogPosts.id, post.id))).toBe(1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "blog_post"),
          eq(auditLog.entityId, String(post.id)),
          eq(auditLog.action, "restore"),
        ),
      );
    expect(entry).toMatchObject({ operatorName: "logistics-admin" });
    expect((await listed("?type=blog_post")).some((e) => e.record_id === post.id)).toBe(false);
    const again = await call("POST", "/api/recently_deleted/restore", { type: "blog_post", ids: [post.id] });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/not in Recently deleted \(deletes can be undone for 30 days\)/);
  });

  it("shows an editor only the types of their screens, and refuses the others with 403", async () => {
    const post = await deletedPost("Editor can see this");
    const truck = await deletedTruck("KA05ED4321");
    const mine = await listed("", "editor");
    expect(mine.some((e) => e.type === "blog_post" && e.record_id === post.id)).toBe(true);
    expect(mine.some((e) => e.type === "truck")).toBe(false);
    const typed = await call("GET", "/api/recently_deleted?type=truck", undefined, "editor");
    expect(typed.statusCode).toBe(403);
    expect(typed.json().message).toBe("Trucks can be restored by an administrator only.");
    const restore = await call(
      "POST",
      "/api/recently_deleted/restore",
      { type: "truck", ids: [truck] },
      "editor",
    );
    expect(restore.statusCode).toBe(403);
    expect(await db().$count(trucks, eq(trucks.id, truck))).toBe(0);
    const own = await call(
      "POST",
      "/api/recently_deleted/restore",
      { type: "blog_post", ids: [post.id] },
      "editor",
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it("follows the trash_days setting: older entries leave the list and cannot be restored, the purge drops them", async () => {
    const settings = (await call("GET", "/api/site_settings")).json().data;
    for (const bad of [0, 366, 2.5, "7"]) {
      const res = await putSettings({ ...settings, trash_days: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors?.trash_days ?? res.json().message).toMatch(/day/);
    }
    const saved = await putSettings({ ...settings, trash_days: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.trash_days).toBe(2);
    try {
      const old = await deletedPost("Three days gone");
      const recent = await deletedPost("One day gone");
      await ageTrash("blog_post", old.id, "3 days");
      await ageTrash("blog_post", recent.id, "1 day");
      const ids = (await listed("?type=blog_post")).map((e) => e.record_id);
      expect(ids).toContain(recent.id);
      expect(ids).not.toContain(old.id);
      const late = await call("POST", "/api/recently_deleted/restore", { type: "blog_post", ids: [old.id] });
      expect(late.statusCode).toBe(404);
      expect(late.json().message).toMatch(/deletes can be undone for 2 days/);
      // The next delete purges what is past the window, and only that.
      await deletedPost("Trigger a purge");
      expect(await db().$count(deletedRecords, eq(deletedRecords.recordId, old.id))).toBe(0);
      expect(await db().$count(deletedRecords, eq(deletedRecords.recordId, recent.id))).toBe(1);
    } finally {
      await putSettings(settings);
    }
  });

  it("refuses unknown types, keys and bodies with a message", async () => {
    for (const query of ["?type=planet", "?sort=name", "?typo=1", "?page=0"]) {
      const res = await call("GET", `/api/recently_deleted${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBeTruthy();
    }
    for (const body of [{}, { type: "blog_post" }, { type: "planet", ids: [1] }, { type: "job", ids: [] }]) {
      const res = await call("POST", "/api/recently_deleted/restore", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const anonymous = await ctx().app.inject({ method: "GET", url: "/api/recently_deleted" });
    expect(anonymous.statusCode).toBe(401);
  });
});
