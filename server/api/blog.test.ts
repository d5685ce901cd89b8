import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blogComments, blogPosts } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { createComment, createPost, daysAgo, knownCommenter } from "#tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000", PUBLIC_BASE_URL: "https://www.example.com" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.database.db.delete(blogPosts);
});

const db = () => t.app.database.db;
const get = (url: string) => t.app.inject({ method: "GET", url });
const postComment = (payload: unknown, app = t.app, ip = "10.0.0.1") =>
  app.inject({ method: "POST", url: "/api/blog_comments/", payload: payload as object, remoteAddress: ip });

describe("GET /api/blog_details/", () => {
  it("answers a plain array of published posts, newest first, with the list fields only", async () => {
    const older = await createPost(db(), { heading: "Older", publishedAt: daysAgo(5) });
    const newer = await createPost(db(), { heading: "Newer", publishedAt: daysAgo(1) });
    await createPost(db(), { heading: "Draft", status: "draft" });
    await createPost(db(), { heading: "Scheduled", publishedAt: new Date(Date.now() + 86_400_000) });

    const res = await get("/api/blog_details/");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual([
      {
        id: newer.id,
        feature_image: newer.featureImage,
        image_alt_text: newer.imageAltText,
        heading: "Newer",
        sub_heading: newer.subHeading,
      },
      expect.objectContaining({ id: older.id, heading: "Older" }),
    ]);
    expect(Object.keys(body[1]).sort()).toEqual([
      "feature_image",
      "heading",
      "id",
      "image_alt_text",
      "sub_heading",
    ]);
    // The same answer without the trailing slash.
    expect((await get("/api/blog_details")).json()).toHaveLength(2);
  });

  it("pages with ?page=&page_size= and still answers a plain array", async () => {
    for (let i = 0; i < 5; i++) await createPost(db(), { heading: `P${i}`, publishedAt: daysAgo(10 - i) });
    const res = await get("/api/blog_details/?page=2&page_size=2");
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { heading: string }) => p.heading)).toEqual(["P2", "P1"]);
    expect(res.headers["x-total-count"]).toBe("5");
    expect((await get("/api/blog_details/?page=3&page_size=2")).json()).toHaveLength(1);
    expect((await get("/api/blog_details/?page=9&page_size=2")).json()).toEqual([]);
  });

  it("lists only the published posts with ?tag= (any case), paged with their total", async () => {
    const older = await createPost(db(), { tags: "GCC, Payroll", publishedAt: daysAgo(3) });
    const newer = await createPost(db(), { tags: "payroll", publishedAt: daysAgo(1) });
    await createPost(db(), { tags: "GCC, Payroll Rules", publishedAt: daysAgo(2) });
    await createPost(db(), { tags: "Payroll", status: "draft" });
    const ids = (res: { json: () => { id: number }[] }) => res.json().map((p) => p.id);
    expect(ids(await get("/api/blog_details/?tag=Payroll"))).toEqual([newer.id, older.id]);
    const paged = await get("/api/blog_details/?tag=PAYROLL&page=2&page_size=1");
    expect(ids(paged)).toEqual([older.id]);
    expect(paged.headers["x-total-count"]).toBe("2");
    expect((await get("/api/blog_details/?tag=Nothing")).json()).toEqual([]);
  });

  it.each([
    ["page_size=51", "page_size: page_size must be a whole number from 1 to 50"],
    ["page_size=0", "page_size: page_size must be a whole number from 1 to 50"],
    ["page=abc", "page: page must be a whole number from 1 to 100000"],
    ["page=1.5", "page: page must be a whole number from 1 to 100000"],
    ["page=-1", "page: page must be a whole number from 1 to 100000"],
    ["tag=", "tag: Choose a tag"],
    [`tag=${"x".repeat(101)}`, "tag: A tag is at most 100 characters"],
    ["tag=GCC%00", "tag: A tag cannot contain control characters"],
  ])("rejects ?%s with a message", async (query, message) => {
    const res = await get(`/api/blog_details/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("GET /api/blog_details/{id}/", () => {
  it("answers the detail fields with the body sanitised on the way out", async () => {
    const post = await createPost(db(), {
      heading: "Detail",
      fullDescription: '<p onclick="x()">Safe</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      seoTitle: "SEO title",
      metaDescription: "Meta",
      tags: "GCC, Tax",
    });
    const res = await get(`/api/blog_details/${post.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: post.id,
      heading: "Detail",
      sub_heading: post.subHeading,
      full_description: "<p>Safe</p>",
      feature_image: post.featureImage,
      image_alt_text: post.imageAltText,
      seo_title: "SEO title",
      meta_description: "Meta",
      tags: "GCC, Tax",
    });
  });

  it("answers 404 JSON for unknown, draft and scheduled posts", async () => {
    const draft = await createPost(db(), { status: "draft" });
    const scheduled = await createPost(db(), { publishedAt: new Date(Date.now() + 86_400_000) });
    for (const id of [draft.id, scheduled.id, 999_999]) {
      const res = await get(`/api/blog_details/${id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "Blog post not found", data: [] });
    }
  });

  it.each(["12abc", "-1", "1.5", "0", "012", "99999999999", "2147483648", "1e3", "%20"])(
    "refuses the id %j with 400, never another post",
    async (id) => {
      await createPost(db());
      const res = await get(`/api/blog_details/${id}/`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("id: Enter a valid id (a positive whole number)");
    },
  );
});

describe("GET /api/blog_comments/", () => {
  it("lists visible comments of published posts without e-mail addresses", async () => {
    const post = await createPost(db());
    const other = await createPost(db());
    const draft = await createPost(db(), { status: "draft" });
    const c1 = await createComment(db(), {
      blogId: post.id,
      name: "Asha",
      comment: "First",
      createdAt: daysAgo(2),
    });
    await createComment(db(), { blogId: post.id, comment: "Hidden", hidden: true });
    await createComment(db(), { blogId: draft.id, comment: "On a draft" });
    await createComment(db(), { blogId: other.id, comment: "Elsewhere", createdAt: daysAgo(1) });

    const all = (await get("/api/blog_comments/")).json();
    expect(all.map((c: { comment: string }) => c.comment)).toEqual(["First", "Elsewhere"]);
    expect(all[0]).toEqual({
      id: c1.id,
      blog_id: post.id,
      name: "Asha",
      comment: "First",
      created_at: c1.createdAt.toISOString(),
    });
    expect(JSON.stringify(all)).not.toContain("@example.com");

    const res = await get(`/api/blog_comments/?blog_id=${other.id}`);
    // Someone who just posted must see their comment: clients always revalidate.
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const one = res.json();
    expect(one.map((c: { comment: string }) => c.comment)).toEqual(["Elsewhere"]);
    expect((await get("/api/blog_comments/?blog_id=999999")).json()).toEqual([]);
  });

  it("pages from the newest when asked, each page in the order written, with the total", async () => {
    const post = await createPost(db());
    for (let i = 0; i < 3; i++)
      await createComment(db(), { blogId: post.id, comment: `C${i}`, createdAt: daysAgo(5 - i) });
    const texts = async (query: string) => {
      const res = await get(`/api/blog_comments/?blog_id=${post.id}&${query}`);
      expect(res.headers["x-total-count"]).toBe("3");
      return res.json().map((c: { comment: string }) => c.comment);
    };
    expect(await texts("page=1&page_size=2")).toEqual(["C1", "C2"]);
    expect(await texts("page=2&page_size=2")).toEqual(["C0"]);
    expect(await texts("page=3&page_size=2")).toEqual([]);
    // One of the two alone: page_size defaults to the post page's 20, page to 1.
    expect(await texts("page=1")).toEqual(["C0", "C1", "C2"]);
    expect(await texts("page_size=1")).toEqual(["C2"]);
  });

  it("answers at most the newest 100 without paging parameters, still a plain array in the order written", async () => {
    const post = await createPost(db());
    const other = await createPost(db());
    const start = Date.now() - 1_000_000;
    await db()
      .insert(blogComments)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          blogId: post.id,
          name: `Reader ${i}`,
          emailId: `r${i}@example.com`,
          comment: `Comment ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
    await createComment(db(), { blogId: other.id, comment: "Elsewhere", createdAt: new Date(start - 1000) });
    const res = await get(`/api/blog_comments/?blog_id=${post.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(100);
    expect(body[0].comment).toBe("Comment 50");
    expect(body[99].comment).toBe("Comment 149");
    expect(Object.keys(body[0]).sort()).toEqual(["blog_id", "comment", "created_at", "id", "name"]);
    expect(res.headers["x-total-count"]).toBe("150");
    // All posts together: the newest 100 of 151 (rows inserted directly do not move the content version).
    t.app.pageCache.clear();
    const all = await get("/api/blog_comments/");
    expect(all.json()).toHaveLength(100);
    expect(all.headers["x-total-count"]).toBe("151");
    const last = await get(`/api/blog_comments/?blog_id=${post.id}&page=2&page_size=100`);
    expect(last.json().map((c: { comment: string }) => c.comment)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Comment ${i}`),
    );
  });

  it.each([
    ["page_size=101", "page_size: page_size must be a whole number from 1 to 100"],
    ["page_size=0", "page_size: page_size must be a whole number from 1 to 100"],
    ["page=0", "page: page must be a whole number from 1 to 100000"],
    ["page=1.5", "page: page must be a whole number from 1 to 100000"],
  ])("refuses ?%s with 400", async (query, message) => {
    const res = await get(`/api/blog_comments/?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each(["abc", "12abc", "-1", "1.5", "99999999999"])("refuses blog_id=%s with 400", async (value) => {
    const res = await get(`/api/blog_comments/?blog_id=${value}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("blog_id: blog_id must be a positive whole number");
  });
});

describe("POST /api/blog_comments/", () => {
  const valid = (blogId: number) => ({
    blog_id: blogId,
    name: "Asha Verma",
    email_id: "asha@example.com",
    comment: "Very useful, thank you.",
  });
  const stored = () => db().select().from(blogComments);

  it("publishes a returning commenter's comment at once and answers 201 without the e-mail address", async () => {
    const post = await createPost(db());
    await knownCommenter(db(), "asha@example.com");
    const res = await postComment(valid(post.id));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: "Comment submitted successfully!",
      data: { blog_id: post.id, name: "Asha Verma", comment: "Very useful, thank you." },
    });
    expect(body.data.email_id).toBeUndefined();
    expect((await stored()).find((c) => c.blogId === post.id)).toMatchObject({
      emailId: "asha@example.com",
      hidden: false,
      status: "published",
    });
    const listed = (await get(`/api/blog_comments/?blog_id=${post.id}`)).json();
    expect(listed.map((c: { name: string }) => c.name)).toEqual(["Asha Verma"]);
  });

  it("accepts blog_id as a numeric string, as HTML forms send it", async () => {
    const post = await createPost(db());
    expect((await postComment({ ...valid(post.id), blog_id: String(post.id) })).statusCode).toBe(201);
  });

  it("stores markup as typed and answers it back as text", async () => {
    const post = await createPost(db());
    const markup = '<img src=x onerror=window.__xss=1> <script>alert("x")</script> & <b>bold</b>';
    await knownCommenter(db(), "asha@example.com");
    await postComment({ ...valid(post.id), comment: markup, name: "<img src=x onerror=alert(1)>Mallory" });
    const [comment] = (await get(`/api/blog_comments/?blog_id=${post.id}`)).json();
    expect(comment.comment).toBe(markup);
    expect(comment.name).toBe("<img src=x onerror=alert(1)>Mallory");
  });

  it.each([
    ["no name", { name: undefined }, "name: Enter your name"],
    ["a blank name", { name: "   " }, "name: Enter your name"],
    ["no e-mail", { email_id: "" }, "email_id: Enter your e-mail address"],
    ["a bad e-mail", { email_id: "not-an-email" }, "email_id: Enter a valid e-mail address"],
    ["no comment", { comment: "" }, "comment: Write your comment"],
    ["a name of 101 characters", { name: "n".repeat(101) }, "name: Name must be at most 100 characters"],
    [
      "a comment of 2,001 characters",
      { comment: "c".repeat(2001) },
      "comment: Comment must be at most 2,000 characters",
    ],
    ["no blog_id", { blog_id: undefined }, "blog_id: Choose a valid blog post"],
    ["blog_id 12abc", { blog_id: "12abc" }, "blog_id: Choose a valid blog post"],
    ["blog_id 1.5", { blog_id: 1.5 }, "blog_id: Choose a valid blog post"],
    ["blog_id -1", { blog_id: -1 }, "blog_id: Choose a valid blog post"],
    ["a huge blog_id", { blog_id: 2 ** 40 }, "blog_id: Choose a valid blog post"],
  ])("rejects %s with 400 and stores nothing", async (_name, change, message) => {
    const post = await createPost(db());
    const res = await postComment({ ...valid(post.id), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it("keeps texts at the limits whole", async () => {
    const post = await createPost(db());
    const name = "n".repeat(100);
    const comment = "c".repeat(2000);
    expect((await postComment({ ...valid(post.id), name, comment })).statusCode).toBe(201);
    expect((await stored())[0]).toMatchObject({ name, comment });
  });

  it("answers 404 for a post that does not exist or is not published", async () => {
    const draft = await createPost(db(), { status: "draft" });
    for (const id of [draft.id, 999_999]) {
      const res = await postComment(valid(id));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("This blog post does not exist or is not published.");
    }
    expect(await stored()).toHaveLength(0);
  });

  it("rejects a filled honeypot and stores nothing", async () => {
    const post = await createPost(db());
    const res = await postComment({ ...valid(post.id), url_hp: "http://spam.example" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("url_hp: Your comment could not be posted.");
    expect(await stored()).toHaveLength(0);
  });

  it("refuses the same comment from the same address on the same post within a minute", async () => {
    const post = await createPost(db());
    const other = await createPost(db());
    expect((await postComment(valid(post.id))).statusCode).toBe(201);
    const again = await postComment({ ...valid(post.id), email_id: "ASHA@example.com" }, t.app, "10.0.0.2");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      message: "You posted this comment a moment ago; there is no need to send it again.",
    });
    expect(await stored()).toHaveLength(1);
    expect((await postComment({ ...valid(post.id), comment: "One more thought." })).statusCode).toBe(201);
    expect((await postComment(valid(other.id))).statusCode).toBe(201);
    expect((await postComment({ ...valid(post.id), email_id: "ravi@example.com" })).statusCode).toBe(201);
    await db()
      .update(blogComments)
      .set({ createdAt: new Date(Date.now() - 61_000) });
    expect((await postComment(valid(post.id))).statusCode).toBe(201);
    expect(await stored()).toHaveLength(5);
  });

  it("publishes one of two identical comments sent at the same moment (a double click)", async () => {
    const post = await createPost(db());
    const answers = await Promise.all([postComment(valid(post.id)), postComment(valid(post.id))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await stored()).toHaveLength(1);
  });

  it("limits each IP with 429 and a message", async () => {
    const limited = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "2" });
    try {
      const post = await createPost(limited.app.database.db);
      const nth = (n: number) => ({ ...valid(post.id), comment: `Comment ${n}` });
      expect((await postComment(nth(1), limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await postComment(nth(2), limited.app, "10.9.9.9")).statusCode).toBe(201);
      const res = await postComment(nth(3), limited.app, "10.9.9.9");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/);
      expect((await postComment(nth(4), limited.app, "10.9.9.10")).statusCode).toBe(201);
      expect(await limited.app.database.db.$count(blogComments)).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it("counts accepted comments against the limit; refused ones only against a higher one", async () => {
    const limited = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "2" });
    try {
      const post = await createPost(limited.app.database.db);
      const typo = { ...valid(post.id), comment: "" };
      for (let i = 0; i < 5; i++)
        expect((await postComment(typo, limited.app, "10.9.9.9")).statusCode).toBe(400);
      // Five refused posts did not use up the two accepted ones (each its own text: a repeat is refused).
      const nth = (n: number) => ({ ...valid(post.id), comment: `Comment ${n}` });
      expect((await postComment(nth(1), limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await postComment(nth(2), limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await postComment(nth(3), limited.app, "10.9.9.9")).statusCode).toBe(429);
      // Every attempt is bounded too: 2 × ATTEMPTS_PER_ACCEPTED = 8 were allowed, the ninth is refused unread.
      const flood = await postComment(typo, limited.app, "10.9.9.9");
      expect(flood.statusCode).toBe(429);
      expect(flood.json().message).toMatch(/^Too many requests\./);
      expect(await limited.app.database.db.$count(blogComments)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe("blog in sitemap.xml and rss.xml", () => {
  it("lists every published post in the sitemap with its last change", async () => {
    const post = await createPost(db(), {
      heading: "Hello, GCC World!",
      updatedAt: new Date("2026-03-04T05:06:07Z"),
    });
    await createPost(db(), { heading: "Secret draft", status: "draft" });
    const body = (await get("/sitemap.xml")).body;
    expect(body).toContain(
      `<loc>https://www.example.com/blog/${post.id}-hello-gcc-world</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>`,
    );
    expect(body).not.toContain("secret-draft");
  });

  it("serves the latest 20 published posts as escaped RSS 2.0", async () => {
    for (let i = 0; i < 22; i++)
      await createPost(db(), { heading: `Post ${i}`, publishedAt: daysAgo(30 - i) });
    await createPost(db(), {
      heading: 'Tom & Jerry <script>"x"</script>',
      subHeading: "A < B & C",
      tags: "A&B, Tax",
      publishedAt: daysAgo(0.5),
    });
    await createPost(db(), { heading: "Draft", status: "draft" });
    const res = await get("/rss.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const items = [...res.body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(20);
    expect(items[0]).toContain("<title>Tom &amp; Jerry &lt;script&gt;&quot;x&quot;&lt;/script&gt;</title>");
    expect(items[0]).toContain("<description>A &lt; B &amp; C</description>");
    expect(items[0]).toContain("<category>A&amp;B</category>");
    expect(items[0]).toMatch(
      /<link>https:\/\/www\.example\.com\/blog\/\d+-tom-jerry-script-x-script<\/link>/,
    );
    expect(items[0]).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    expect(items[1]).toContain("<title>Post 21</title>");
    expect(res.body).not.toContain("<title>Post 1</title>");
    expect(res.body).not.toContain("Draft");
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
  });
});
