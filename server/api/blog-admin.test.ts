import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, blogPosts, blogRevisions } from "../../db/schema/index";
import { createPreviewTokens } from "../../domain/blog/preview";
import { operatorToken } from "../../tests/support/auth";
import { createPost } from "../../tests/support/factories";
import { createTestApp, type TestApp } from "../../tests/support/app";

let t: TestApp;
let token = "";

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: "https://www.example.com" });
  token = await operatorToken(t.app, "editor");
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const call = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
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

/** The token part of a preview URL (…/blog/preview/{id}/{token}). */
async function previewToken(id: number) {
  const res = await call("GET", `/api/blog/${id}/preview_link`);
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
    const expired = signer.sign(id, new Date(Date.now() - 1000));
    const [payload, signature] = good.split(".");
    // The payload of another post with this post's signature, and this payload with a flipped signature.
    const otherPayload = (await previewToken(other)).split(".")[0];
    const flipped = `${payload}.${signature!.startsWith("A") ? "B" : "A"}${signature!.slice(1)}`;
    const foreign = createPreviewTokens("another-secret-that-is-long-enough-0123456789").sign(id);

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
    expect((await get(`/api/blog/${id}/preview_link`)).statusCode).toBe(401);
    expect((await call("GET", "/api/blog/999999/preview_link")).statusCode).toBe(404);
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
