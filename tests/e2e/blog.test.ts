import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost, daysAgo, startSite, type RunningSite } from "../support/factories";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";

// Its own server: the list's order, counts and the demo posts' comments are asserted exactly, and other files
// publish posts and post comments on the shared one while this file runs.
let server: RunningServer | undefined;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});
const baseURL = () => server!.url;
const browser = setupBrowser(baseURL);

// Demo content: posts are inserted in this order (ids 1-7); the seventh is a draft. Then the Hindi and Tamil
// versions of posts 1 and 2 (ids 8-11, published after their originals), whose cards say "View Details" in
// their own language.
const BOT = { id: 3, path: "/blog/3-build-operate-transfer-what-actually-happens-in-each-phase" };
const AI = { id: 5, path: "/blog/5-ai-led-hiring-for-gccs-faster-shortlists-without-losing-the-human-touch" };
const FIRST_100 = { id: 6, path: "/blog/6-the-first-100-days-of-a-new-gcc" };

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jsonLdOf = async (page: Page, type: string) => {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === type);
};
const fetchManual = (path: string) => fetch(`${baseURL()}${path}`, { redirect: "manual" });
const pathOf = (url: string | null) => (url ? new URL(url).pathname + new URL(url).search : url);
const failing = () => Promise.reject(new Error("database unavailable"));

describe("blog list", () => {
  it("shows published posts newest first with slugged 'View Details' links", async () => {
    const { page, errors, status } = await browser.open("/blog");
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Blog");
    const headings = await page.locator("article h2").allTextContents();
    expect(headings).toHaveLength(10);
    expect(headings[0]).toBe("The First 100 Days of a New GCC");
    expect(headings).not.toContain("Compliance and Tax Basics for a GCC in India");
    const links = page.getByRole("link", { name: /^View Details/ });
    expect(await links.count()).toBe(6);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toContain(BOT.path);
    expect(hrefs).toContain("/blog/2-choosing-a-city-for-your-gcc-bengaluru-hyderabad-pune-chennai-or-ncr");
    // Each demo post has its own cover, and its alt text describes that picture.
    expect(await page.locator("article img").first().getAttribute("alt")).toBe(
      "Illustration: a winding road with milestones marked 30, 60 and 100 days, ending at a gold flag",
    );
    expect(await page.locator("article img").first().getAttribute("src")).toBe("/images/blog/cover-6.svg");
    // The whole blog's feed first, then one per language.
    expect(
      await page.locator('link[rel="alternate"][type="application/rss+xml"]').first().getAttribute("href"),
    ).toBe("/rss.xml");
    expect(pathOf(await page.locator('link[rel="canonical"]').getAttribute("href"))).toBe("/blog");
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("shows each card's publication date as the post page shows it", async () => {
    const { page } = await browser.open("/blog");
    const cardDate = page.locator("article").first().locator("time");
    const shown = await cardDate.textContent();
    expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const { page: post } = await browser.open(FIRST_100.path);
    expect(await post.locator("article header time").textContent()).toBe(shown);
    expect(await post.locator("article header time").getAttribute("datetime")).toBe(
      await cardDate.getAttribute("datetime"),
    );
  });

  it("links each tag of a post to the list of published posts with that tag, and back to all posts", async () => {
    const { page, errors } = await browser.open("/blog/4");
    await waitForHydration(page);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByRole("complementary").getByRole("link", { name: "Compliance", exact: true }).click();
    await page.waitForURL("**/blog?tag=Compliance");
    await page.getByRole("heading", { name: "Posts tagged “Compliance”" }).waitFor();
    // The draft "Compliance and Tax Basics" carries the tag too but is not published.
    expect(await page.locator("article h2").allTextContents()).toEqual([heading]);
    expect(pathOf(await page.locator('link[rel="canonical"]').getAttribute("href"))).toBe(
      "/blog?tag=Compliance",
    );
    expect(await page.title()).toContain("Posts tagged Compliance");
    await expectAccessible(page);

    const { page: direct, status } = await browser.open("/blog?tag=BOT");
    expect(status).toBe(200);
    expect(await direct.locator("article h2").allTextContents()).toEqual([
      "Build, Operate, Transfer: What Actually Happens in Each Phase?",
    ]);
    expect((await fetch(`${baseURL()}/blog?tag=No%20such%20tag`)).status).toBe(404);

    await page.getByRole("link", { name: "All posts" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.search === "");
    await expect.poll(() => page.locator("article").count()).toBe(10);
    expect(errors).toEqual([]);
  });

  it("shows 'Loading blogs...' while the list loads", async () => {
    const { page } = await browser.open("/blog");
    await waitForHydration(page);
    await page.route("**/blog.data*", async (route) => {
      await delay(1500);
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await page.getByRole("status").filter({ hasText: "Loading blogs..." }).waitFor();
    await page.locator("article").first().waitFor();
    expect(await page.getByText("Loading blogs...").count()).toBe(0);
  });

  it("answers 404 for pages that do not exist", async () => {
    expect((await fetchManual("/blog?page=2")).status).toBe(404);
    expect((await fetchManual("/blog?page=abc")).status).toBe(404);
    expect((await fetchManual("/blog?page=1")).status).toBe(200);
  });
});

describe("blog post", () => {
  it("redirects a wrong or missing slug to the canonical address with 301", async () => {
    for (const path of [`/blog/${BOT.id}-wrong-slug`, `/blog/${BOT.id}`, `/blog/${BOT.id}-Build-Operate`]) {
      const res = await fetchManual(path);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(BOT.path);
    }
    expect((await fetchManual(BOT.path)).status).toBe(200);
  });

  it.each([
    "/blog/12abc",
    "/blog/12abc-title",
    "/blog/-1-x",
    "/blog/1.5-x",
    "/blog/03-x",
    "/blog/99999-x",
    "/blog/99999999999-x",
    "/blog/7-compliance-and-tax-basics-for-a-gcc-in-india",
  ])("answers %s with the not-found page", async (path) => {
    const res = await fetchManual(path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Page not found");
  });

  it("renders the article with its SEO tags, structured data, tags and comments", async () => {
    const { page, errors, status } = await browser.open(BOT.path);
    expect(status).toBe(200);
    // The editor's SEO title as written (the spec's rule); no meta description, so the sub heading.
    expect(await page.title()).toBe("Build-Operate-Transfer (BOT) GCC Model Explained Phase by Phase");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "A phase-by-phase look at the BOT model, from the first workshop to the day the centre becomes fully yours.",
    );
    expect(pathOf(await page.locator('link[rel="canonical"]').getAttribute("href"))).toBe(BOT.path);
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    expect(await page.locator('meta[property="article:published_time"]').getAttribute("content")).toMatch(
      /^\d{4}-/,
    );
    expect(await page.locator('meta[property="article:tag"]').count()).toBeGreaterThan(0);
    const ld = await jsonLdOf(page, "BlogPosting");
    expect(ld).toMatchObject({
      headline: "Build, Operate, Transfer: What Actually Happens in Each Phase?",
      author: { "@type": "Person", name: "Arjun Mehta" },
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(pathOf(ld?.url as string)).toBe(BOT.path);
    expect(pathOf((ld?.image as string[])[0]!)).toBe("/images/blog/cover-3.svg");

    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Build, Operate, Transfer: What Actually Happens in Each Phase?",
    );
    const image = page.locator("article img").first();
    expect(await image.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("400px");
    expect(await page.locator(".prose-content h2").first().textContent()).toBe("Phase 1: Initiation");
    const tags = await page.getByRole("complementary").locator("#tags-heading + ul li").allTextContents();
    expect(tags).toEqual(["GCC", "Build Operate Transfer", "BOT", "Engagement Models"]);
    expect(await page.locator("#comments-heading").textContent()).toBe("1 Comment");
    expect(await page.getByRole("heading", { name: "Leave a Reply" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("offers share links and a link preview image that networks show: a 1200×630 JPEG", async () => {
    const { page } = await browser.open(BOT.path);
    const share = page.getByRole("region", { name: "Share this post" }).getByRole("link");
    expect(await share.allTextContents()).toEqual(
      ["Facebook", "Twitter", "LinkedIn", "WhatsApp"].map((n) => `${n} (opens in a new tab)`),
    );
    expect(await share.first().getAttribute("href")).toContain(encodeURIComponent(BOT.path));
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(
      await page
        .locator('meta[property="twitter:image"], meta[name="twitter:image"]')
        .getAttribute("content"),
    ).toBe(image);
    const res = await fetch(image!.replace(/^https?:\/\/[^/]+/, baseURL()));
    expect(res.status).toBe(200);
    expect(["image/jpeg", "image/png"]).toContain(res.headers.get("content-type"));
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    expect(await page.locator('meta[property="og:image:width"]').getAttribute("content")).toBe("1200");
    await expectAccessible(page);
  });

  it("falls back to the heading and sub heading without SEO fields", async () => {
    const { page } = await browser.open(AI.path);
    expect(await page.title()).toBe(
      "AI-Led Hiring for GCCs: Faster Shortlists Without Losing the Human Touch",
    );
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "How AI matching, structured screening and human judgement together fill GCC roles faster and more fairly.",
    );
    expect(await page.locator("#comments-heading").textContent()).toBe("2 Comments");
  });

  it("shows 'Loading blog...' while another post loads", async () => {
    const { page } = await browser.open(BOT.path);
    await waitForHydration(page);
    await page.route("**/blog/*.data*", async (route) => {
      await delay(1500);
      await route.continue();
    });
    await page
      .getByRole("complementary")
      .getByRole("link", { name: "The First 100 Days of a New GCC" })
      .click();
    await page.getByRole("status").filter({ hasText: "Loading blog..." }).waitFor();
    await page.waitForURL(`**${FIRST_100.path}`);
    await page.getByRole("heading", { level: 1, name: "The First 100 Days of a New GCC" }).waitFor();
    expect(await page.getByText("Loading blog...").count()).toBe(0);
  });

  it("shows 'Loading blog...' on the list while a post opens", async () => {
    const { page } = await browser.open("/blog");
    await waitForHydration(page);
    await page.route("**/blog/*.data*", async (route) => {
      await delay(1500);
      await route.continue();
    });
    await page
      .getByRole("link", { name: /^View Details/ })
      .nth(2)
      .click();
    await page.getByRole("status").filter({ hasText: "Loading blog..." }).waitFor();
    await page.getByRole("heading", { name: "Leave a Reply" }).waitFor();
  });
});

describe("comments", () => {
  const form = (page: Page) =>
    page.locator("form").filter({ has: page.getByRole("textbox", { name: "Comment" }) });

  it("asks for every field, then posts, clears the form and shows the new comment", async () => {
    const { page, errors } = await browser.open(FIRST_100.path);
    await waitForHydration(page);
    expect(await page.getByLabel("Email").getAttribute("type")).toBe("email");
    const before = Number((await page.locator("#comments-heading").textContent())?.match(/\d+/)?.[0] ?? 0);

    await page.getByLabel("Name").fill("Meera Pillai");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.getByText("Please fill all the fields").waitFor();
    expect(await form(page).getByRole("alert").locator("p").allTextContents()).toEqual([
      "Please check the form",
      "All fields are required",
    ]);

    // A returning commenter (the demo data has a published comment from this address): published at once.
    await page.getByLabel("Email").fill("sarah.collins@example.com");
    await page
      .getByRole("textbox", { name: "Comment" })
      .fill("Clear and practical.\nThe 30-60-100 split works.");
    // Held until released, also when the request reaches the route after release() was called.
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    await page.route("**/api/blog_comments/", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("button", { name: "Post Comment" }).click();
    const busy = page.getByRole("button", { name: "Submitting..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await page.getByText("Comment submitted successfully!").waitFor();
    await expect
      .poll(() => page.locator("#comments-heading").textContent())
      .toBe(`${before + 1} Comment${before + 1 === 1 ? "" : "s"}`);
    const last = page.getByTestId("comment").last();
    expect(await last.textContent()).toContain("Meera Pillai");
    expect(await last.locator("p").last().innerText()).toBe(
      "Clear and practical.\nThe 30-60-100 split works.",
    );
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Comment" }).inputValue()).toBe("");
    expect(await form(page).getByRole("alert").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
  });

  it("posts one comment on a double click of 'Post Comment'", async () => {
    const { page } = await browser.open(BOT.path);
    await waitForHydration(page);
    const text = `Double-clicked ${Date.now()}`;
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/blog_comments/")) posts.push(r.url());
    });
    await page.getByLabel("Name").fill("Quick Clicker");
    await page.getByLabel("Email").fill("priya.sharma@example.com");
    await page.getByRole("textbox", { name: "Comment" }).fill(text);
    await page.getByRole("button", { name: "Post Comment" }).dblclick();
    await page.getByTestId("comment").filter({ hasText: text }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(posts).toHaveLength(1);
    expect(await page.getByTestId("comment").filter({ hasText: text }).count()).toBe(1);
    const stored = (await (await fetch(`${baseURL()}/api/blog_comments/?blog_id=${BOT.id}`)).json()) as {
      comment: string;
    }[];
    expect(stored.filter((c) => c.comment === text)).toHaveLength(1);
  });

  it("shows a new comment after the post was opened by client navigation (no stale cached data)", async () => {
    const { page } = await browser.open("/blog");
    await waitForHydration(page);
    await page.getByRole("link", { name: /^View Details about Build, Operate, Transfer/ }).click();
    await page.getByRole("heading", { name: "Leave a Reply" }).waitFor();
    await page.getByLabel("Name").fill("Navigating Reader");
    await page.getByLabel("Email").fill("ishita.ghosh@example.com");
    await page.getByRole("textbox", { name: "Comment" }).fill("Posted after a client-side navigation.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.getByTestId("comment").filter({ hasText: "Posted after a client-side navigation." }).waitFor();
  });

  it("checks the e-mail address before posting", async () => {
    const { page } = await browser.open(FIRST_100.path);
    await waitForHydration(page);
    let posted = false;
    await page.route("**/api/blog_comments/", (route) => {
      posted = true;
      return route.continue();
    });
    await page.getByLabel("Name").fill("Meera");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("textbox", { name: "Comment" }).fill("Hi");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await form(page).getByRole("link", { name: "Email: Enter a valid e-mail address" }).waitFor();
    expect(posted).toBe(false);
  });

  it.each([
    [
      "the server's message",
      {
        status: 429,
        body: JSON.stringify({ message: "Too many requests. Please wait 9 minute(s) and try again." }),
      },
      "Too many requests. Please wait 9 minute(s) and try again.",
    ],
    ["'Failed to submit comment' without one", { status: 500, body: "oops" }, "Failed to submit comment"],
    [
      "'An error occurred. Please try again later.' on a network failure",
      null,
      "An error occurred. Please try again later.",
    ],
  ])("toasts %s", async (_name, answer, message) => {
    const { page } = await browser.open(FIRST_100.path);
    await waitForHydration(page);
    await page.route("**/api/blog_comments/", (route) =>
      answer
        ? route.fulfill({ ...answer, contentType: "application/json" })
        : route.abort("internetdisconnected"),
    );
    await page.getByLabel("Name").fill("Meera");
    await page.getByLabel("Email").fill("meera@example.com");
    await page.getByRole("textbox", { name: "Comment" }).fill("Hello");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.locator("[data-toast]").filter({ hasText: message }).waitFor();
    // A failed post keeps what was typed, and the form's summary says why.
    expect(await form(page).getByRole("alert").count()).toBe(1);
    expect(await page.getByRole("textbox", { name: "Comment" }).inputValue()).toBe("Hello");
  });

  it("keeps the success toast 5 s while an error toast closes after 1.6 s", async () => {
    const { page } = await browser.newPage();
    await page.clock.install();
    await page.goto(FIRST_100.path);
    await waitForHydration(page);
    // Time stands still from here on, so only runFor moves the toasts' timers.
    await page.clock.pauseAt(Date.now() + 60_000);
    const success = page.getByText("Comment submitted successfully!");
    await page.getByLabel("Name").fill("Timed Reader");
    await page.getByLabel("Email").fill("timed@example.com");
    await page.getByRole("textbox", { name: "Comment" }).fill("Long enough to read.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await success.waitFor();
    await page.clock.runFor(4_900);
    expect(await success.isVisible()).toBe(true);
    await page.clock.runFor(200);
    await success.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Post Comment" }).click();
    const error = page.getByText("Please fill all the fields");
    await error.waitFor();
    await page.clock.runFor(1_500);
    expect(await error.isVisible()).toBe(true);
    await page.clock.runFor(200);
    await error.waitFor({ state: "detached" });
  });

  it("never runs markup stored in a comment", async () => {
    const payload = "<img src=x onerror=window.__xss=1><script>window.__xss=2</script>";
    const res = await fetch(`${baseURL()}/api/blog_comments/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        blog_id: AI.id,
        // A name is one line without links (no slash), so its markup has no closing tag.
        name: "<b onmouseover=window.__xss=3>Mallory",
        // A returning commenter (the demo data has a published comment from this address): published at once.
        email_id: "meera.nair@example.com",
        comment: payload,
      }),
    });
    expect(res.status).toBe(201);
    const { page, errors } = await browser.open(AI.path);
    await waitForHydration(page);
    const comment = page.getByTestId("comment").filter({ hasText: "Mallory" });
    expect(await comment.locator("p").last().textContent()).toBe(payload);
    expect(await comment.locator("p").first().textContent()).toBe("<b onmouseover=window.__xss=3>Mallory");
    expect(await comment.locator("img, script, b").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});

describe("blog with many posts", () => {
  let site: RunningSite;
  beforeAll(async () => {
    // Demo content plus 14 older posts: 24 published posts, two pages of 12.
    site = await startSite({
      seed: async (db) => {
        for (let i = 1; i <= 14; i++)
          await createPost(db, { heading: `Extra post ${i}`, publishedAt: daysAgo(100 + i) });
      },
    });
  }, 120_000);
  afterAll(() => site?.close());

  it("shows 12 posts per page with links between the pages", async () => {
    const { page } = await browser.open(`${site.url}/blog`);
    await waitForHydration(page);
    expect(await page.locator("article").count()).toBe(12);
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    expect(await pager.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await page.route("**/blog.data*", async (route) => {
      await delay(1500);
      await route.continue();
    });
    await pager.getByRole("link", { name: "Next" }).click();
    await page.getByRole("status").filter({ hasText: "Loading blogs..." }).waitFor();
    await page.waitForURL("**/blog?page=2");
    await expect.poll(() => page.locator("article").count()).toBe(12);
    expect(await page.locator("article h2").last().textContent()).toBe("Extra post 14");
    expect(pathOf(await page.locator('link[rel="canonical"]').getAttribute("href"))).toBe("/blog?page=2");
    expect((await fetch(`${site.url}/blog?page=3`)).status).toBe(404);
    await expectAccessible(page);
  });
});

describe("a post with 2,000 comments", () => {
  let site: RunningSite;
  let path = "";
  // 2,000 comments of 2,000 characters (the longest allowed), one a minute: once an 11 MB page.
  const TOTAL = 2000;
  beforeAll(async () => {
    site = await startSite({
      seed: async (db) => {
        const post = await createPost(db, { heading: "A much discussed post", publishedAt: daysAgo(30) });
        path = `/blog/${post.id}-a-much-discussed-post`;
        await db.execute(sql`
          insert into blog_comments (blog_id, name, email_id, comment, created_at)
          select ${post.id}, 'Reader ' || i, 'reader' || i || '@example.com',
                 'Comment number ' || i || '. ' || repeat('Thoughtful words. ', 110),
                 now() - interval '3 days' + i * interval '1 minute'
          from generate_series(1, ${TOTAL}) as i`);
      },
    });
  }, 120_000);
  afterAll(() => site?.close());

  const names = (page: Page) => page.getByTestId("comment").locator("p.font-semibold").allTextContents();

  it("shows the newest 20 with a link to older ones, in a small page the cache keeps", async () => {
    const first = await fetch(`${site.url}${path}`, { headers: { "accept-encoding": "identity" } });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html.length).toBeLessThan(200_000);
    expect(html).toContain(`href="${path}?comments=2#comments"`);
    // The same bytes again, from the page cache (stored entries are at most 2 MB).
    const again = await fetch(`${site.url}${path}`, { headers: { "accept-encoding": "identity" } });
    expect(again.headers.get("x-cache")).toBe("HIT");

    const { page, errors } = await browser.open(`${site.url}${path}`);
    await waitForHydration(page);
    expect(await page.locator("#comments-heading").textContent()).toBe("2,000 Comments");
    expect(await names(page)).toEqual(Array.from({ length: 20 }, (_, i) => `Reader ${1981 + i}`));
    const pager = page.getByRole("navigation", { name: "Comment pages" });
    expect(await pager.textContent()).toContain("Showing comments 1,981–2,000 of 2,000 (the newest).");
    expect(await pager.getByRole("link", { name: "Newer comments" }).count()).toBe(0);
    expect((await jsonLdOf(page, "BlogPosting"))?.commentCount).toBe(2000);

    await pager.getByRole("link", { name: "Older comments" }).click();
    await page.waitForURL(`**${path}?comments=2#comments`);
    await expect.poll(() => names(page)).toEqual(Array.from({ length: 20 }, (_, i) => `Reader ${1961 + i}`));
    expect(await pager.textContent()).toContain("Showing comments 1,961–1,980 of 2,000.");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("comments-heading");
    await pager.getByRole("link", { name: "Newer comments" }).click();
    await page.waitForURL(`**${path}#comments`);
    await expect.poll(() => names(page)).toEqual(Array.from({ length: 20 }, (_, i) => `Reader ${1981 + i}`));
    expect(errors).toEqual([]);
    await page.mouse.move(0, 0);
    await expectAccessible(page);
  });

  it("serves every page of comments at its own cacheable address, and nothing beyond the last", async () => {
    const last = await fetch(`${site.url}${path}?comments=100`);
    expect(last.status).toBe(200);
    const html = await last.text();
    expect(html).toContain("Showing comments 1–20 of 2,000.");
    expect(html).toContain("Reader 1<");
    expect(html).not.toContain(">Older comments<");
    expect((await fetch(`${site.url}${path}?comments=100`)).headers.get("x-cache")).toBe("HIT");
    const manual = (url: string) => fetch(`${site.url}${url}`, { redirect: "manual" });
    for (const bad of ["101", "0", "abc", "1.5", "-1", "02"])
      expect((await manual(`${path}?comments=${bad}`)).status, bad).toBe(404);
    const one = await manual(`${path}?comments=1`);
    expect(one.status).toBe(301);
    expect(one.headers.get("location")).toBe(path);
    // A wrong slug keeps the page of comments.
    const slug = await manual(`${path.replace("much", "very")}?comments=7`);
    expect(slug.status).toBe(301);
    expect(slug.headers.get("location")).toBe(`${path}?comments=7`);
  });

  it("works without script: the links are plain links", async () => {
    const { page } = await browser.open(`${site.url}${path}?comments=3`, { javaScriptEnabled: false });
    expect(await names(page)).toEqual(Array.from({ length: 20 }, (_, i) => `Reader ${1941 + i}`));
    await page.getByRole("link", { name: "Older comments" }).click();
    await page.waitForURL(`**${path}?comments=4#comments`);
    expect((await names(page))[0]).toBe("Reader 1921");
  });

  it("shows a comment posted from an older page on the first page", async () => {
    const { page } = await browser.open(`${site.url}${path}?comments=5`);
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Late Reader");
    await page.getByLabel("Email").fill("anjali.deshpande@example.com");
    const text = page.getByRole("textbox", { name: "Comment" });
    await text.fill("x".repeat(2100));
    // The box takes at most 2,000 characters and says so.
    expect((await text.inputValue()).length).toBe(2000);
    expect(await page.locator("#field-comment-hint").textContent()).toContain(
      "Plain text, up to 2,000 characters.",
    );
    await text.fill("Posted from page five.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.waitForURL(`**${path}#comments`);
    await expect.poll(() => names(page).then((n) => n.at(-1))).toBe("Late Reader");
    expect(await page.locator("#comments-heading").textContent()).toBe("2,001 Comments");
  });
});

describe("blog when loading fails", () => {
  let site: RunningSite;
  const broken = { list: false, post: false, comments: false };
  beforeAll(async () => {
    site = await startSite({
      patch: (services) => {
        const { blog } = services;
        const listPublished = blog.listPublished.bind(blog);
        const getPublished = blog.getPublished.bind(blog);
        const listComments = blog.listComments.bind(blog);
        blog.listPublished = (paging) =>
          broken.list && paging?.pageSize === 12 ? failing() : listPublished(paging);
        blog.getPublished = (id) => (broken.post ? failing() : getPublished(id));
        blog.listComments = (filter) => (broken.comments ? failing() : listComments(filter));
      },
    });
  }, 120_000);
  afterAll(() => site?.close());
  const set = (state: Partial<typeof broken>) =>
    Object.assign(broken, { list: false, post: false, comments: false }, state);

  it("shows 'Failed to load blogs.' in an alert", async () => {
    set({ list: true });
    const { page, status } = await browser.open(`${site.url}/blog`);
    expect(status).toBe(500);
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load blogs." });
    expect((await alert.textContent())?.trim()).toBe("Failed to load blogs.");
    await expectAccessible(page);
  });

  it("shows 'Failed to load blogs.' after a client navigation too", async () => {
    set({});
    const { page } = await browser.open(`${site.url}${FIRST_100.path}`);
    await waitForHydration(page);
    set({ list: true });
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Blog" }).click();
    await page.getByRole("alert").filter({ hasText: "Failed to load blogs." }).waitFor();
    expect(await page.locator("header").count()).toBe(1);
  });

  it("replaces the page with a centred red message when the post cannot be loaded", async () => {
    set({ post: true });
    const { page, status } = await browser.open(`${site.url}${BOT.path}`);
    expect(status).toBe(503);
    const alert = page
      .getByRole("alert")
      .filter({ hasText: "Failed to load blog details. Please try again later." });
    expect(await alert.count()).toBe(1);
    // Tailwind's red-700: a strongly saturated colour with a red hue (oklch hue 20-35).
    expect(await alert.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /^oklch\(0\.\d+ 0\.(1[5-9]|2)\d* (2\d|3[0-5])[.\d]*\)$/,
    );
    expect(await alert.evaluate((el) => getComputedStyle(el).textAlign)).toBe("center");
    expect(await page.getByRole("heading", { name: "Leave a Reply" }).count()).toBe(0);
    await expectAccessible(page);
  });

  it("shows 'Failed to load comments. Please try again later.' when only the comments fail, also on navigation", async () => {
    set({ comments: true });
    const { page, status } = await browser.open(`${site.url}${BOT.path}`);
    expect(status).toBe(503);
    expect(
      await page
        .getByRole("alert")
        .filter({ hasText: "Failed to load comments. Please try again later." })
        .count(),
    ).toBe(1);

    set({});
    const list = await browser.open(`${site.url}/blog`);
    await waitForHydration(list.page);
    set({ comments: true });
    await list.page
      .getByRole("link", { name: /^View Details/ })
      .first()
      .click();
    await list.page
      .getByRole("alert")
      .filter({ hasText: "Failed to load comments. Please try again later." })
      .waitFor();
  });
});
