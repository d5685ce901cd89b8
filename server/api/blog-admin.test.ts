import { and, eq, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedFields } from "#app/lib/dashboard/audit-changes.ts";
import { auditLog, blogPosts, blogRevisions, deletedRecords } from "#db/schema/index.ts";
import { createPreviewTokens } from "#domain/blog/preview.ts";
import { purgeExpiredTrash } from "#domain/trash.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createPost } from "#tests/support/factories.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
let token = "";

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: "https://www.example.com" });
  token = await operatorToken(t.app, "editor");
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const get = (url: string) => t.app.inject({ method: "GET", url });

const draft = {
  heading: "Draft heading",
  sub_heading: "Draft sub heading",
  full_description: "<p>First words of the draft</p>",
  feature_image: null,
  image_alt_text: "",
  tags: "GCC",
  language: "English",
  author: "Editor",
  status: "draft",
};

async function createDraft(overrides: object = {}) {
  const res = await call("POST", "/api/blog", { ...draft, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

/** A new preview link of post `id`; answers the token part of its URL (…/blog/preview/{id}/{token}). */
async function previewToken(id: number) {
  const res = await call("POST", `/api/blog/${id}/preview_link`);
  expect(res.statusCode).toBe(200);
  const { url, expires_at } = res.json().data;
  expect(url).toMatch(new RegExp(`^https://www\\.example\\.com/blog/preview/${id}/[\\w-]+\\.[\\w-]+$`));
  // About seven days from now.
  expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  return (url as string).split("/").pop()!;
}

describe("draft preview links", () => {
  it("open the draft without signing in, noindex and never stored by the page cache", async () => {
    const id = await createDraft();
    const tokenOfDraft = await previewToken(id);
    // The page cache does work in this app: a public detail is stored on its first answer.
    const published = await createPost(db());
    expect((await get(`/api/blog_details/${published.id}/`)).headers["x-cache"]).toBe("MISS");

    const sizeBefore = t.app.pageCache.size();
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/blog_preview/${id}/${tokenOfDraft}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id,
        heading: "Draft heading",
        full_description: "<p>First words of the draft</p>",
      });
      expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["x-cache"]).toBeUndefined();
    }
    expect(t.app.pageCache.size()).toBe(sizeBefore);
    // Still a draft for everyone else: not in the public API, the sitemap or the feed.
    expect((await get(`/api/blog_details/${id}/`)).statusCode).toBe(404);
    expect((await get("/sitemap.xml")).body).not.toContain(`/blog/${id}-`);
    expect((await get("/rss.xml")).body).not.toContain("Draft heading");
  });

  it("refuse an expired, a tampered or another post's token, with a message and noindex", async () => {
    const id = await createDraft();
    const other = await createDraft({ heading: "Another draft" });
    const good = await previewToken(id);
    const signer = createPreviewTokens(t.config.JWT_SECRET);
    // The post's first link made its preview version 1.
    const expired = signer.sign(id, 1, new Date(Date.now() - 1000));
    const [payload, signature] = good.split(".");
    // The payload of another post with this post's signature, and this payload with a flipped signature.
    const otherPayload = (await previewToken(other)).split(".")[0];
    const flipped = `${payload}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    const foreign = createPreviewTokens("another-secret-that-is-long-enough-0123456789").sign(id, 1);

    const cases: [string, number, RegExp][] = [
      [`/api/blog_preview/${id}/${expired}`, 410, /expired/],
      [`/api/blog_preview/${id}/${flipped}`, 403, /not valid/],
      [`/api/blog_preview/${id}/${otherPayload}.${signature}`, 403, /not valid/],
      [`/api/blog_preview/${other}/${good}`, 403, /not valid/],
      [`/api/blog_preview/${id}/${foreign}`, 403, /not valid/],
      [`/api/blog_preview/${id}/not-a-token`, 400, /not valid/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toMatch(message);
      expect(res.json().message).not.toMatch(/at |Error/);
      if (status !== 400) expect(res.headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
    // The draft is still reachable with the right token.
    expect((await get(`/api/blog_preview/${id}/${good}`)).statusCode).toBe(200);
  });

  it("are for editors only, and only for posts that exist", async () => {
    const id = await createDraft();
    for (const method of ["POST", "DELETE"] as const) {
      expect((await t.app.inject({ method, url: `/api/blog/${id}/preview_link` })).statusCode).toBe(401);
      const missing = await call(method, "/api/blog/999999/preview_link");
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe("Post not found");
    }
  });

  const opens = async (id: number, token: string) => {
    const res = await get(`/api/blog_preview/${id}/${token}`);
    return { status: res.statusCode, message: res.json().message as string | undefined };
  };
  const revoked = {
    status: 410,
    message: "This preview link was replaced or revoked. Ask an editor for a new one.",
  };

  it("stop working when a new link is made: only the newest opens the post", async () => {
    const id = await createDraft();
    const first = await previewToken(id);
    const second = await previewToken(id);
    expect(await opens(id, first)).toEqual(revoked);
    expect((await opens(id, second)).status).toBe(200);
    // A new link of another post leaves this one's alone.
    await previewToken(await createDraft({ heading: "Another draft" }));
    expect((await opens(id, second)).status).toBe(200);
  });

  it("are all voided by Revoke links, which the audit log records", async () => {
    const id = await createDraft();
    const link = await previewToken(id);
    const res = await call("DELETE", `/api/blog/${id}/preview_link`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Preview links revoked: no link made so far opens this post.",
      data: [],
    });
    expect(await opens(id, link)).toEqual(revoked);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries.map((e) => e.after)).toContainEqual({ preview_version: 2, preview_links: "revoked" });
    expect(entries.map((e) => e.after)).toContainEqual({ preview_version: 1, preview_links: "new link" });
    // The post itself is untouched, and a link made after the revoke works.
    expect((await call("GET", `/api/blog/${id}`)).json().data.heading).toBe("Draft heading");
    expect((await opens(id, await previewToken(id))).status).toBe(200);
  });

  it("die with a deleted post and stay dead when it is restored from the trash", async () => {
    const id = await createDraft();
    const link = await previewToken(id);
    expect((await call("DELETE", `/api/blog/${id}`)).statusCode).toBe(200);
    expect((await opens(id, link)).status).toBe(404);
    const restored = await call("POST", "/api/blog/restore", { ids: [id] });
    expect(restored.statusCode).toBe(200);
    expect((await call("GET", `/api/blog/${id}`)).json().data.heading).toBe("Draft heading");
    expect(await opens(id, link)).toEqual(revoked);
    expect((await opens(id, await previewToken(id))).status).toBe(200);
  });
});

describe("audit entries of saves", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const entriesOf = async (id: number) =>
    (
      await t.app.inject({
        url: `/api/audit_log?entity=blog_post&search=${id}&page_size=50`,
        headers: { authorization: `Bearer ${await operatorToken(t.app, "admin")}` },
      })
    )
      .json()
      .audit_log_data.filter((e: { entity_id: string }) => e.entity_id === String(id))
      .reverse() as { action: string; before: unknown; after: unknown; record_name: string }[];

  it("keep the heading and the changed fields only, a long body as its length and SHA-256", async () => {
    const body = `<p>${"A long article about capability centres in Pune. ".repeat(2_000)}</p>`;
    const id = await createDraft({ full_description: body });
    const shortEdit = { ...draft, full_description: body, tags: "GCC, Pune", sub_heading: "Shorter" };
    expect((await call("PATCH", `/api/blog/${id}`, shortEdit)).statusCode).toBe(200);
    const newBody = body.replace("Pune", "Chennai");
    const bodyEdit = { ...shortEdit, heading: "Renamed", full_description: newBody };
    expect((await call("PATCH", `/api/blog/${id}`, bodyEdit)).statusCode).toBe(200);
    expect((await call("PATCH", `/api/blog/${id}`, bodyEdit)).statusCode).toBe(200);

    const [created, tagsAndSub, renamed, unchanged] = await entriesOf(id);
    expect(created!.action).toBe("create");
    expect(created!.after).toMatchObject({
      heading: "Draft heading",
      tags: "GCC",
      full_description: { length: body.length, sha256: sha256(body) },
    });
    expect(tagsAndSub).toMatchObject({
      before: { heading: "Draft heading", tags: "GCC", sub_heading: "Draft sub heading" },
      after: { heading: "Draft heading", tags: "GCC, Pune", sub_heading: "Shorter" },
    });
    expect(Object.keys(tagsAndSub!.after as object).sort()).toEqual(["heading", "sub_heading", "tags"]);
    expect(renamed).toMatchObject({
      record_name: "Renamed",
      before: { heading: "Draft heading", full_description: { length: body.length, sha256: sha256(body) } },
      after: { heading: "Renamed", full_description: { length: newBody.length, sha256: sha256(newBody) } },
    });
    expect(unchanged).toMatchObject({ before: { heading: "Renamed" }, after: { heading: "Renamed" } });
    // A 100 KB body no longer travels into the log on every save: each entry is a few hundred bytes.
    for (const entry of [created, tagsAndSub, renamed, unchanged])
      expect(JSON.stringify(entry).length).toBeLessThan(1_000);
    // The audit log screen's "Changed fields" column, from these entries (jsonb orders the keys its own way).
    const shown = (e: { before: unknown; after: unknown }) =>
      changedFields(e.before, e.after).split(", ").sort();
    expect(shown(tagsAndSub!)).toEqual(["sub_heading", "tags"]);
    expect(shown(renamed!)).toEqual(["full_description", "heading"]);
    expect(changedFields(unchanged!.before, unchanged!.after)).toBe("");
  });
});

describe("revisions", () => {
  it("keeps one per save, lists them newest first and restores one as a new, audited save", async () => {
    const id = await createDraft();
    const v2 = { ...draft, heading: "Second heading", full_description: "<p>Rewritten words</p>" };
    expect((await call("PATCH", `/api/blog/${id}`, v2)).statusCode).toBe(200);
    const published = { ...v2, status: "published" };
    expect((await call("PATCH", `/api/blog/${id}`, published)).statusCode).toBe(200);

    const list = (await call("GET", `/api/blog/${id}/revisions`)).json().data;
    expect(list.map((r: { heading: string }) => r.heading)).toEqual([
      "Second heading",
      "Second heading",
      "Draft heading",
    ]);
    expect(list[0]).toMatchObject({ status: "published", saved_by: expect.stringMatching(/^editor-/) });
    const first = list[2].id;
    const old = (await call("GET", `/api/blog/${id}/revisions/${first}`)).json().data;
    expect(old).toMatchObject({
      heading: "Draft heading",
      full_description: "<p>First words of the draft</p>",
    });

    const restored = await call("POST", `/api/blog/${id}/revisions/${first}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      message: "Revision restored.",
      data: { heading: "Draft heading" },
    });
    const full = (await call("GET", `/api/blog/${id}`)).json().data;
    expect(full).toMatchObject({
      heading: "Draft heading",
      full_description: "<p>First words of the draft</p>",
      // Restoring brings back words, not the old status: the post stays published.
      status: "published",
    });
    expect((await get(`/api/blog_details/${id}/`)).json().heading).toBe("Draft heading");

    const after = (await call("GET", `/api/blog/${id}/revisions`)).json().data;
    expect(after).toHaveLength(4);
    expect(after[0].heading).toBe("Draft heading");
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    const restoreEntry = entries.find(
      (e) => e.action === "update" && (e.after as { heading?: string }).heading === "Draft heading",
    );
    expect(restoreEntry?.before).toMatchObject({ heading: "Second heading" });
    expect(entries.filter((e) => e.entity === "blog_post")).toHaveLength(4);
  });

  it("adds none for a save identical to the newest revision, nor for restoring the version in place", async () => {
    const id = await createDraft();
    const count = async () => (await call("GET", `/api/blog/${id}/revisions`)).json().data.length;
    expect((await call("PATCH", `/api/blog/${id}`, draft)).statusCode).toBe(200);
    expect(await count()).toBe(1);
    const edited = { ...draft, tags: "GCC, Pune" };
    expect((await call("PATCH", `/api/blog/${id}`, edited)).statusCode).toBe(200);
    expect((await call("PATCH", `/api/blog/${id}`, edited)).statusCode).toBe(200);
    expect(await count()).toBe(2);
    const [newest] = (await call("GET", `/api/blog/${id}/revisions`)).json().data;
    expect((await call("POST", `/api/blog/${id}/revisions/${newest.id}/restore`)).statusCode).toBe(200);
    expect(await count()).toBe(2);
    // Back to the first words: that is a change, so a revision again.
    expect((await call("PATCH", `/api/blog/${id}`, draft)).statusCode).toBe(200);
    expect(await count()).toBe(3);
  });

  it("refuses a revision of another post or an unknown one, changing nothing", async () => {
    const a = await createDraft({ heading: "Post A" });
    const b = await createDraft({ heading: "Post B" });
    const [revisionOfB] = await db().select().from(blogRevisions).where(eq(blogRevisions.postId, b));
    const res = await call("POST", `/api/blog/${a}/revisions/${revisionOfB!.id}/restore`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Revision not found for this post");
    expect((await call("POST", `/api/blog/${a}/revisions/abc/restore`)).statusCode).toBe(400);
    expect((await call("GET", `/api/blog/${a}`)).json().data.heading).toBe("Post A");
    expect((await call("GET", `/api/blog/${a}/revisions`)).json().data).toHaveLength(1);
    expect((await get(`/api/blog/${a}/revisions`)).statusCode).toBe(401);
  });

  it("keeps the last 50 saves and the last save of each of the last 30 days, pruned as each save commits", async () => {
    const id = await createDraft();
    // Three saves at 12:00, 12:10 and 12:20 India time on each of the 40 days before today (none on day 30,
    // whose noon is within or beyond 30 days depending on the hour the test runs).
    const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" })
      .format(new Date())
      .split("-")
      .map(Number);
    const atIndiaNoon = (daysAgo: number, minutes: number) =>
      new Date(Date.UTC(y!, m! - 1, d! - daysAgo, 6, 30 + minutes));
    const days = Array.from({ length: 40 }, (_, i) => i + 1).filter((k) => k !== 30);
    const old = await db()
      .insert(blogRevisions)
      .values(
        days.flatMap((k) =>
          [0, 10, 20].map((minutes) => ({
            postId: id,
            heading: `Day ${k} at ${minutes}`,
            savedAt: atIndiaNoon(k, minutes),
            savedBy: "fixture",
          })),
        ),
      )
      .returning({ id: blogRevisions.id, heading: blogRevisions.heading });
    for (let i = 1; i <= 55; i++)
      expect((await call("PATCH", `/api/blog/${id}`, { ...draft, heading: `Save ${i}` })).statusCode).toBe(
        200,
      );

    const kept = await db()
      .select({ id: blogRevisions.id, heading: blogRevisions.heading })
      .from(blogRevisions)
      .where(eq(blogRevisions.postId, id));
    const headings = kept.map((r) => r.heading).sort();
    // Today's 56 saves (the create and 55 edits): the newest 50, "Save 6" to "Save 55".
    const newest = Array.from({ length: 50 }, (_, i) => `Save ${i + 6}`);
    // Earlier days: the day's last save, for the days within 30 days only.
    const daily = days.filter((k) => k < 30).map((k) => `Day ${k} at 20`);
    expect(headings).toEqual([...newest, ...daily].sort());
    expect(kept.filter((r) => old.some((o) => o.id === r.id))).toHaveLength(29);
    const listed = (await call("GET", `/api/blog/${id}/revisions`)).json().data;
    expect(listed).toHaveLength(79);
    expect(listed[0].heading).toBe("Save 55");
    expect(listed[50].heading).toBe("Day 1 at 20");
  });

  it("stay in place while their post is in the trash, come back with it, and go when its trash entry is purged", async () => {
    const id = await createDraft();
    for (let i = 1; i <= 3; i++)
      expect((await call("PATCH", `/api/blog/${id}`, { ...draft, heading: `Edit ${i}` })).statusCode).toBe(
        200,
      );
    const before = (await call("GET", `/api/blog/${id}/revisions`)).json().data;
    expect(before).toHaveLength(4);
    const revisionsOf = () => db().select().from(blogRevisions).where(eq(blogRevisions.postId, id));

    expect((await call("DELETE", `/api/blog/${id}`)).statusCode).toBe(200);
    // Not copied into the trash (large bodies made that hold the server), and not readable while there.
    const [entry] = await db()
      .select()
      .from(deletedRecords)
      .where(and(eq(deletedRecords.resource, "blog_post"), eq(deletedRecords.recordId, id)));
    expect(Object.keys(entry!.dependents as object)).not.toContain("blog_revisions");
    expect(await revisionsOf()).toHaveLength(4);
    expect((await call("GET", `/api/blog/${id}/revisions`)).statusCode).toBe(404);
    expect((await call("GET", `/api/blog/${id}/revisions/${before[0].id}`)).statusCode).toBe(404);

    expect((await call("POST", "/api/blog/restore", { ids: [id] })).statusCode).toBe(200);
    expect((await call("GET", `/api/blog/${id}/revisions`)).json().data).toEqual(before);

    // Deleted again: an older trash entry expiring leaves them while a newer one can still be restored.
    expect((await call("DELETE", `/api/blog/${id}`)).statusCode).toBe(200);
    await db()
      .insert(deletedRecords)
      .values({
        resource: "blog_post",
        recordId: id,
        row: {},
        deletedAt: sql`now() - interval '400 days'`,
      });
    await purgeExpiredTrash(db());
    expect(await revisionsOf()).toHaveLength(4);
    // Once the post's last entry expires, its revisions are purged with it; another post's stay.
    const other = await createDraft({ heading: "Another draft" });
    await db()
      .update(deletedRecords)
      .set({ deletedAt: sql`now() - interval '400 days'` })
      .where(eq(deletedRecords.recordId, id));
    await purgeExpiredTrash(db());
    expect(await revisionsOf()).toHaveLength(0);
    expect(await db().select().from(blogRevisions).where(eq(blogRevisions.postId, other))).toHaveLength(1);
  });

  it("records nothing when a save is refused", async () => {
    const id = await createDraft();
    const res = await call("PATCH", `/api/blog/${id}`, { ...draft, heading: "" });
    expect(res.statusCode).toBe(400);
    expect((await call("GET", `/api/blog/${id}/revisions`)).json().data).toHaveLength(1);
  });
});

describe("body images", () => {
  it("keeps an uploaded image with its alt text and drops one from a foreign host", async () => {
    const id = await createDraft({
      status: "published",
      full_description:
        '<p>Before</p><img src="/media/0123456789abcdef0123456789abcdef/960.webp" alt="Team at the Pune office">' +
        '<img src="https://tracker.example/pixel.gif" alt="Tracker">',
    });
    const body = (await get(`/api/blog_details/${id}/`)).json().full_description;
    expect(body).toContain('src="/media/0123456789abcdef0123456789abcdef/960.webp"');
    expect(body).toContain('alt="Team at the Pune office"');
    expect(body).not.toContain("tracker.example");
  });

  it("refuses a body image without alt text, with a sentence", async () => {
    const res = await call("POST", "/api/blog", {
      ...draft,
      full_description: '<img src="/media/0123456789abcdef0123456789abcdef/960.webp" alt=" ">',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Describe every image in the article/);
  });
});

describe("scheduled posts", () => {
  it("refuse a publication date that is not a date, with a sentence", async () => {
    const res = await call("POST", "/api/blog", { ...draft, published_at: "tomorrow" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Publication date must be a date/);
  });

  it("an emptied date means the time you publish: a scheduled post goes public now; a past date stays", async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString().replace("Z", "+00:00");
    const edit = { ...draft, heading: "Unscheduled heading", status: "published" };
    const id = await createDraft({ ...edit, published_at: future });
    const stored = async () =>
      (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!.publishedAt!;
    // Left out, the stored date stays: still scheduled.
    expect((await call("PATCH", `/api/blog/${id}`, edit)).statusCode).toBe(200);
    expect((await stored()).getTime()).toBeGreaterThan(Date.now());
    expect((await call("PATCH", `/api/blog/${id}`, { ...edit, published_at: "" })).statusCode).toBe(200);
    const now = (await stored()).getTime();
    expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
    expect((await get(`/api/blog_details/${id}/`)).statusCode).toBe(200);
    // An already public post keeps its date when the field is emptied.
    await new Promise((r) => setTimeout(r, 20));
    expect((await call("PATCH", `/api/blog/${id}`, { ...edit, published_at: null })).statusCode).toBe(200);
    expect((await stored()).getTime()).toBe(now);
  });

  it("stay out of the API, sitemap and feed until their time, then appear without a content change", async () => {
    // Before the post exists, the public list is stored by the page cache.
    expect((await get("/api/blog_details/")).statusCode).toBe(200);
    const at = new Date(Date.now() + 3000);
    const id = await createDraft({
      heading: "Scheduled heading",
      status: "published",
      published_at: at.toISOString().replace("Z", "+00:00"),
    });
    const row = (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;
    expect(row.publishedAt?.getTime()).toBe(Math.floor(at.getTime()));
    const visible = async () => ({
      detail: (await get(`/api/blog_details/${id}/`)).statusCode,
      list: (await get("/api/blog_details/")).body.includes("Scheduled heading"),
      sitemap: (await get("/sitemap.xml")).body.includes(`/blog/${id}-`),
      rss: (await get("/rss.xml")).body.includes("Scheduled heading"),
    });
    expect(await visible()).toEqual({ detail: 404, list: false, sitemap: false, rss: false });

    await new Promise((r) => setTimeout(r, 3500));
    // The detail appears at its time (a 404 is never stored); the list is still the stored answer.
    expect(await visible()).toMatchObject({ detail: 200, list: false });
    // Stored answers are rendered again within the page cache's 30 s time to live, with no write in between.
    await new Promise((r) => setTimeout(r, 30_000));
    expect(await visible()).toEqual({ detail: 200, list: true, sitemap: true, rss: true });
  }, 60_000);
});
