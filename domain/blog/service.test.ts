import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { blogPosts, jobs } from "#db/schema/index.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createPost, daysAgo } from "#tests/support/factories.ts";
import { createCareersService } from "../careers/service";
import { createSettingsService } from "../settings/service";
import { createBlogService } from "./service";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const dirty =
  '<h1>Title</h1><p onclick="steal()">Text</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
const clean = "<h2>Title</h2><p>Text</p><a>x</a>";

describe("blog service writes", () => {
  it("sanitises the body before storing it", async () => {
    const blog = createBlogService(handle.db);
    const post = await blog.create({ heading: "Safe", full_description: dirty, status: "published" });
    const [row] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row?.fullDescription).toBe(clean);
    expect(row?.publishedAt).toBeInstanceOf(Date);
  });

  it("sanitises on update and stamps the first publication only", async () => {
    const blog = createBlogService(handle.db);
    const draft = await blog.create({ heading: "Draft", full_description: "<p>v1</p>" });
    expect(await blog.getPublished(draft.id)).toBeNull();
    await blog.update(draft.id, { heading: "Draft", full_description: dirty, status: "published" });
    const first = await blog.getPublished(draft.id);
    expect(first?.full_description).toBe(clean);
    await blog.update(draft.id, { heading: "Renamed", full_description: "<p>v3</p>", status: "published" });
    const second = await blog.getPublished(draft.id);
    expect(second?.heading).toBe("Renamed");
    expect(second?.published_at.getTime()).toBe(first?.published_at.getTime());
    expect(await blog.update(999_999, { heading: "x" })).toBeNull();
  });

  it("refuses invalid input with the schema's message", async () => {
    const blog = createBlogService(handle.db);
    await expect(blog.create({ heading: " " })).rejects.toThrow("Enter a heading");
    await expect(blog.create({ heading: "x", seo_title: "t".repeat(71) })).rejects.toThrow(
      "SEO title must be at most 70 characters",
    );
  });
});

describe("blog service tag list", () => {
  it("lists and counts only published posts carrying the tag, whatever its case and spacing, with their dates", async () => {
    const blog = createBlogService(handle.db);
    const older = await createPost(handle.db, { tags: "GCC,Payroll Rules", publishedAt: daysAgo(3) });
    const newer = await createPost(handle.db, { tags: " payroll rules , India", publishedAt: daysAgo(1) });
    await createPost(handle.db, { tags: "Payroll Rules Extra, Payroll", publishedAt: daysAgo(2) });
    await createPost(handle.db, { tags: "Payroll Rules", status: "draft" });
    await createPost(handle.db, { tags: "Payroll Rules", publishedAt: new Date(Date.now() + 86_400_000) });

    const listed = await blog.listPublished(undefined, { tag: "Payroll Rules" });
    expect(listed.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(listed[1]?.published_at).toEqual(older.publishedAt);
    expect(await blog.countPublished({ tag: "Payroll Rules" })).toBe(2);
    expect(await blog.listPublished({ page: 2, pageSize: 1 }, { tag: "Payroll Rules" })).toMatchObject([
      { id: older.id },
    ]);
    expect(await blog.countPublished({ tag: "Nobody's tag" })).toBe(0);
    expect((await blog.listPublished()).length).toBe(await blog.countPublished());
  });
});

describe("blog service translations of a post", () => {
  it("names the published translations only: never a draft, a scheduled one or another group's post", async () => {
    const blog = createBlogService(handle.db);
    const english = await createPost(handle.db, { heading: "Group source", publishedAt: daysAgo(3) });
    const hindi = await createPost(handle.db, {
      translationGroup: english.id,
      language: "Hindi",
      publishedAt: daysAgo(2),
    });
    await createPost(handle.db, { translationGroup: english.id, language: "Tamil", status: "draft" });
    await createPost(handle.db, { heading: "Another group", language: "Tamil" });
    // The post page's language links and hreflang come from this list.
    expect((await blog.publishedTranslations(english.id)).map((t) => [t.id, t.language])).toEqual([
      [english.id, "English"],
      [hindi.id, "Hindi"],
    ]);
    // Published with a date ahead: scheduled, not public yet.
    const other = await createPost(handle.db, { heading: "Second source", publishedAt: daysAgo(1) });
    await createPost(handle.db, {
      translationGroup: other.id,
      language: "Hindi",
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    expect((await blog.publishedTranslations(other.id)).map((t) => t.id)).toEqual([other.id]);
  });
});

describe("careers service writes", () => {
  it("sanitises the job description before storing it", async () => {
    const careers = createCareersService(handle.db, { settings: createSettingsService(handle.db) });
    const job = await careers.create({
      job_title: "Analyst",
      company: "Acme",
      location: "Pune",
      job_description: dirty,
    });
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.jobDescription).toBe(clean);
  });
});
