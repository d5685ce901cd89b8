import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnServer } from "./support/own-server";
import { staticPublicPaths } from "#shared/content/public-paths.ts";

const browser = setupBrowser();

// Its own server: the console test publishes a Hindi post, which the language lists and feeds would show.
const site = startOwnServer();
const open = (path: string, width = 1280) =>
  browser.open(`${site()}${path}`, { viewport: { width, height: 900 } });

// Demo content: posts 1 and 2 (English) have Hindi (8, 10) and Tamil (9, 11) versions.
const WHY_INDIA = { en: 1, hi: 8, ta: 9 };
const HINDI_HEADINGS = [
  "अपने GCC के लिए शहर का चुनाव: बेंगलुरु, हैदराबाद, पुणे, चेन्नई या एनसीआर",
  "ग्लोबल कैपेबिलिटी सेंटर के लिए भारत आज भी पहली पसंद क्यों है",
];
const TAMIL_HEADINGS = [
  "உங்கள் GCC-க்கு எந்த நகரம்: பெங்களூரு, ஹைதராபாத், புனே, சென்னை அல்லது என்சிஆர்",
  "உலகளாவிய திறன் மையங்களுக்கு இந்தியா ஏன் இன்றும் முதல் தேர்வாக இருக்கிறது",
];

/** A post's canonical path, as /blog/{id} redirects to it. */
const pathOf = async (id: number) => {
  const res = await fetch(`${site()}/blog/${id}`, { redirect: "manual" });
  expect(res.status).toBe(301);
  return res.headers.get("location")!;
};
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** The language an element's text is in: its own lang, or its nearest ancestor's. */
const langAround = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.closest("[lang]")?.getAttribute("lang"));
/** Screenshots of the page's top at 1280 and 390 px wide (/tmp/blog-languages-<name>-<width>.png). */
async function screens(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/blog-languages-${name}-${width}.png` });
  }
}

/** The hreflang alternates in a page's head, as "hreflang href" lines, sorted. */
const headAlternates = async (page: Page) =>
  (
    await page
      .locator('head link[rel="alternate"][hreflang]:not([type])')
      .evaluateAll((links) => links.map((l) => `${l.getAttribute("hreflang")} ${l.getAttribute("href")}`))
  ).sort();

describe("the blog list in one language", () => {
  it("filters by language with plain links, each card in its language, server-rendered and cached", async () => {
    const { page, errors } = await open("/blog");
    const filter = page.getByRole("navigation", { name: "Languages" });
    expect(await filter.getByRole("link").allTextContents()).toEqual([
      "All languages",
      "English",
      "हिन्दी",
      "தமிழ்",
    ]);
    expect(await filter.getByRole("link", { name: "All languages" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await waitForHydration(page);
    await filter.getByRole("link", { name: "हिन्दी" }).click();
    await page.waitForURL("**/blog?lang=hi");
    await expect.poll(() => page.locator("article h2").allTextContents()).toEqual(HINDI_HEADINGS);
    expect(
      await page.locator("article").evaluateAll((cards) => cards.map((c) => c.getAttribute("lang"))),
    ).toEqual(["hi", "hi"]);
    // Each card names its language and offers its link in it; the list of one language is in it too.
    expect(await page.locator("article").first().textContent()).toContain("हिन्दी");
    expect(await page.getByRole("link", { name: /^पूरा लेख पढ़ें/ }).count()).toBe(2);
    await expect.poll(() => htmlLang(page)).toBe("hi");
    const hindiFilter = page.getByRole("navigation", { name: "भाषाएँ" });
    expect(await hindiFilter.getByRole("link", { name: "हिन्दी" }).getAttribute("aria-current")).toBe("page");
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).search).toBe(
      "?lang=hi",
    );
    expect(await page.title()).toBe("हिन्दी में ब्लॉग लेख | GCC View 360");
    await expectAccessible(page);
    await screens(page, "list-hi");
    expect(errors).toEqual([]);

    // Without script the links work too, and the answer is the server's HTML, then the page cache's.
    const { page: plain } = await browser.open(`${site()}/blog`, { javaScriptEnabled: false });
    await plain.getByRole("navigation", { name: "Languages" }).getByRole("link", { name: "தமிழ்" }).click();
    await plain.waitForURL("**/blog?lang=ta");
    expect(await plain.locator("article h2").allTextContents()).toEqual(TAMIL_HEADINGS);
    const first = await fetch(`${site()}/blog?lang=ta`);
    expect(await first.text()).toContain(TAMIL_HEADINGS[0]!.replaceAll("&", "&amp;"));
    expect((await fetch(`${site()}/blog?lang=ta`)).headers.get("x-cache")).toBe("HIT");
    const english = await (await fetch(`${site()}/blog?lang=en`)).text();
    expect(english).toContain("The First 100 Days of a New GCC");
    expect(english).not.toContain(HINDI_HEADINGS[0]);
    // A language the blog does not have is no list of ours.
    for (const lang of ["fr", "Hindi", ""])
      expect((await fetch(`${site()}/blog?lang=${lang}`)).status).toBe(404);
  });
});

describe("a post in Hindi", () => {
  it("renders in Hindi: html lang, inLanguage, and the words around it; the menu and footer stay English", async () => {
    const { page, errors, status } = await open(await pathOf(WHY_INDIA.hi));
    expect(status).toBe(200);
    expect(await htmlLang(page)).toBe("hi");
    expect(await langAround(page, "header")).toBe("en");
    expect(await langAround(page, "footer")).toBe("en");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).waitFor();
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((block) => block["@type"] === "BlogPosting");
    expect(ld?.inLanguage).toBe("hi");
    expect(await page.locator("#comments-heading").textContent()).toBe("1 टिप्पणी");
    await page.getByRole("heading", { name: "अपनी प्रतिक्रिया दें" }).waitFor();
    for (const label of ["नाम", "ईमेल", "टिप्पणी"]) await page.getByLabel(label, { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "टिप्पणी भेजें" }).count()).toBe(1);
    // The date as a Hindi reader writes it, the same after hydration (no mismatch logged).
    expect(await page.locator("article header time").textContent()).toMatch(
      /^\d{1,2} [\u0900-\u097f]+ \d{4}$/,
    );
    const also = page.getByText("यह लेख इन भाषाओं में भी उपलब्ध है:");
    // Each language named in itself, marked so.
    expect(await also.getByRole("link").allTextContents()).toEqual(["English", "தமிழ்"]);
    expect(
      await also.getByRole("link").evaluateAll((links) => links.map((l) => l.getAttribute("lang"))),
    ).toEqual(["en", "ta"]);
    expect(await page.getByRole("complementary").getByRole("heading", { name: "टैग" }).count()).toBe(1);

    // The names a screen reader gives the breadcrumb and the sidebar are Hindi too.
    expect(
      await page.getByRole("navigation", { name: "आप यहाँ हैं" }).getByRole("link").allTextContents(),
    ).toEqual(["होम", "ब्लॉग"]);
    expect(await page.getByRole("complementary", { name: "इस लेख के बारे में" }).count()).toBe(1);

    await waitForHydration(page);
    await page.getByRole("button", { name: "टिप्पणी भेजें" }).click();
    await page.getByRole("alert").filter({ hasText: "सभी फ़ील्ड भरना ज़रूरी है" }).waitFor();
    await page.getByText("कृपया सभी फ़ील्ड भरें").waitFor();
    // The toast's region and its close button are named in Hindi (the site's toaster, English elsewhere).
    const toasts = page.getByRole("region", { name: "सूचनाएँ" });
    await toasts.getByRole("button", { name: "सूचना बंद करें" }).waitFor();
    expect(await page.getByRole("button", { name: "Dismiss notification" }).count()).toBe(0);
    // The shared schema's checks speak Hindi too.
    await page.getByLabel("नाम", { exact: true }).fill("अनीता");
    await page.getByLabel("ईमेल", { exact: true }).fill("anita@");
    await page.getByLabel("टिप्पणी", { exact: true }).fill("बढ़िया लेख");
    await page.getByRole("button", { name: "टिप्पणी भेजें" }).click();
    await page.getByRole("alert").filter({ hasText: "कृपया सही ईमेल पता लिखें" }).waitFor();
    expect(await page.getByLabel("ईमेल", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page);
    await screens(page, "post-hi");
    expect(errors).toEqual([]);
  });

  it("keeps <html lang> right on client navigation between translations", async () => {
    const { page } = await open(await pathOf(WHY_INDIA.hi));
    await waitForHydration(page);
    await page.getByRole("link", { name: "English", exact: true }).click();
    await page.waitForURL(`**${await pathOf(WHY_INDIA.en)}`);
    await expect.poll(() => htmlLang(page)).toBe("en");
    await page.getByRole("heading", { name: "Leave a Reply" }).waitFor();
    await page.getByRole("link", { name: "தமிழ்" }).click();
    await expect.poll(() => htmlLang(page)).toBe("ta");
    await page.getByRole("heading", { name: "உங்கள் கருத்தைப் பதிவிடுங்கள்" }).waitFor();
    await page.goBack();
    await expect.poll(() => htmlLang(page)).toBe("en");
  });

  it("says it is loading another post in Hindi while that post loads", async () => {
    const { page } = await open(await pathOf(WHY_INDIA.hi));
    await waitForHydration(page);
    await page.route("**/blog/*.data*", async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.getByRole("complementary").getByRole("link", { name: HINDI_HEADINGS[0] }).click();
    await page.getByRole("status").filter({ hasText: "लेख लोड हो रहा है..." }).waitFor();
    expect(await page.getByText("Loading blog...").count()).toBe(0);
    await page.waitForURL(`**${await pathOf(10)}`);
    await page.getByRole("heading", { level: 1, name: HINDI_HEADINGS[0] }).waitFor();
    expect(await page.getByText("लेख लोड हो रहा है...").count()).toBe(0);
  });

  it("posts a Hindi comment and shows it", async () => {
    const { page, errors } = await open(await pathOf(10));
    await waitForHydration(page);
    expect(await page.locator("#comments-heading").textContent()).toBe("अभी कोई टिप्पणी नहीं");
    const text = `बेंगलुरु और पुणे की तुलना बहुत काम की लगी। धन्यवाद! ${Date.now()}`;
    await page.getByLabel("नाम", { exact: true }).fill("राहुल वर्मा");
    await page.getByLabel("ईमेल", { exact: true }).fill("rahul.verma@example.com");
    await page.getByLabel("टिप्पणी", { exact: true }).fill(text);
    await page.getByRole("button", { name: "टिप्पणी भेजें" }).click();
    await page.getByText("आपकी टिप्पणी भेज दी गई है!").waitFor();
    const comment = page.getByTestId("comment").filter({ hasText: text });
    await comment.waitFor();
    expect(await comment.textContent()).toContain("राहुल वर्मा");
    expect(await page.locator("#comments-heading").textContent()).toBe("1 टिप्पणी");
    expect(await page.getByLabel("टिप्पणी", { exact: true }).inputValue()).toBe("");
    // Stored as typed: another visitor reads it in the server's HTML.
    expect(await (await fetch(`${site()}${await pathOf(10)}`)).text()).toContain(text);
    expect(errors).toEqual([]);

    // The same comment again: the API's refusal is in English, and the toast says so to a screen reader.
    await page.getByLabel("नाम", { exact: true }).fill("राहुल वर्मा");
    await page.getByLabel("ईमेल", { exact: true }).fill("rahul.verma@example.com");
    await page.getByLabel("टिप्पणी", { exact: true }).fill(text);
    await page.getByRole("button", { name: "टिप्पणी भेजें" }).click();
    const refusal = page
      .getByRole("alert")
      .getByText("You posted this comment a moment ago; there is no need to send it again.");
    // In the toast and in the form's summary, each marked as English.
    await expect.poll(() => refusal.count()).toBe(2);
    expect(
      await refusal.evaluateAll((all) => all.map((el) => el.closest("[lang]")?.getAttribute("lang"))),
    ).toEqual(["en", "en"]);
  });
});

describe("a post in Tamil", () => {
  it("renders in Tamil and passes axe", async () => {
    const { page, errors } = await open(await pathOf(WHY_INDIA.ta));
    expect(await htmlLang(page)).toBe("ta");
    expect(await page.locator("#comments-heading").textContent()).toBe("1 கருத்து");
    await page.getByRole("heading", { name: "உங்கள் கருத்தைப் பதிவிடுங்கள்" }).waitFor();
    await expectAccessible(page);
    await screens(page, "post-ta");
    expect(errors).toEqual([]);
  });

  it("keeps the spec's English words on the English original", async () => {
    const { page } = await open(await pathOf(WHY_INDIA.en));
    expect(await htmlLang(page)).toBe("en");
    expect(await page.locator("#comments-heading").textContent()).toBe("2 Comments");
    await page.getByRole("heading", { name: "Leave a Reply" }).waitFor();
    const also = page.getByText("This article is also available in:");
    expect(await also.getByRole("link").allTextContents()).toEqual(["हिन्दी", "தமிழ்"]);
    expect(await langAround(page, "header")).toBe("en");
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).count()).toBe(1);
    expect(await page.getByRole("complementary", { name: "About this article" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Notifications" }).count()).toBe(1);
  });
});

describe("search engines", () => {
  it("lists the same hreflang set, absolute, on every translation: in the head and in the sitemap", async () => {
    const paths = {
      en: await pathOf(WHY_INDIA.en),
      hi: await pathOf(WHY_INDIA.hi),
      ta: await pathOf(WHY_INDIA.ta),
    };
    const expected = [
      ...Object.entries(paths).map(([lang, path]) => `${lang} ${site()}${path}`),
      `x-default ${site()}${paths.en}`,
    ].sort();
    const sitemap = await (await fetch(`${site()}/sitemap.xml`)).text();
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of Object.values(paths)) {
      const { page } = await open(path);
      expect(await headAlternates(page)).toEqual(expected);
      // Canonical stays each post's own address.
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${site()}${path}`);
      const entry = sitemap.split("\n").find((line) => line.includes(`<loc>${site()}${path}</loc>`))!;
      const listed = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)]
        .map(([, lang, href]) => `${lang} ${href}`)
        .sort();
      expect(listed).toEqual(expected);
    }
    // A post with no translation has no alternates.
    const { page: alone } = await open(await pathOf(3));
    expect(await headAlternates(alone)).toEqual([]);
  });

  it("offers an RSS feed per language, linked from the list", async () => {
    const { page } = await open("/blog");
    const feeds = await page
      .locator('link[rel="alternate"][type="application/rss+xml"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(feeds).toEqual(["/rss.xml", "/rss.xml?lang=en", "/rss.xml?lang=hi", "/rss.xml?lang=ta"]);
    // A relative address under hreflang is an invalid alternate to search engines (Lighthouse's SEO audit).
    expect(await page.locator("head link[hreflang]").count()).toBe(0);
    const titles = (xml: string) => [...xml.matchAll(/<item>\s*<title>([^<]+)<\/title>/g)].map((m) => m[1]);
    const hindi = await (await fetch(`${site()}/rss.xml?lang=hi`)).text();
    expect(hindi).toContain("<language>hi</language>");
    expect(titles(hindi)).toEqual(HINDI_HEADINGS);
    const tamil = await (await fetch(`${site()}/rss.xml?lang=ta`)).text();
    expect(tamil).toContain("<language>ta</language>");
    expect(titles(tamil).map((t) => t?.replaceAll("&amp;", "&"))).toEqual(TAMIL_HEADINGS);
    const english = await (await fetch(`${site()}/rss.xml?lang=en`)).text();
    expect(titles(english)).toContain("The First 100 Days of a New GCC");
    expect(titles(english).some((t) => /[\u0900-\u097f\u0b80-\u0bff]/u.test(t!))).toBe(false);
  });
});

describe("fonts", () => {
  /** Opens `path` in a fresh context (empty cache) and answers the fonts the page downloaded. */
  async function fontsOf(path: string) {
    const { page } = await browser.newPage();
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${site()}${path}`);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready);
    return fonts;
  }

  /** Elements whose own Hindi or Tamil text is drawn in no self-hosted font (a system font: tofu here). */
  async function drawnInSystemFonts(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "body *" });
    const wrong: string[] = [];
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send("DOM.describeNode", { nodeId, depth: 1 });
      const children = node.children ?? [];
      const own = children
        .filter((c) => c.nodeType === 3)
        .map((c) => c.nodeValue)
        .join("");
      if (node.nodeName === "SCRIPT" || !/[\u0900-\u097f\u0b80-\u0bff]/u.test(own)) continue;
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      if (!fonts.some((font) => font.isCustomFont)) wrong.push(`${node.nodeName} ${own.trim().slice(0, 20)}`);
    }
    return wrong;
  }

  it("draws every Hindi and Tamil word in its font once it arrives, also over a slow connection", async () => {
    for (const path of [await pathOf(WHY_INDIA.ta), await pathOf(WHY_INDIA.hi), "/blog"]) {
      const { page } = await browser.newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      // Slow enough that the fonts arrive after the first layout (Chromium then kept some words in tofu).
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 300,
        downloadThroughput: 200_000,
        uploadThroughput: 100_000,
      });
      await page.goto(`${site()}${path}`);
      await page.waitForLoadState("networkidle");
      await waitForHydration(page);
      await page.evaluate(() => document.fonts.ready);
      await expect.poll(() => drawnInSystemFonts(page), { timeout: 5_000 }).toEqual([]);
    }
  });

  it("downloads no Indic font on the English home page, and on a Hindi or Tamil post its script's subset and the one face its other translation's name needs", async () => {
    expect(await fontsOf("/")).toEqual([]);
    expect(await fontsOf(await pathOf(3))).toEqual([]);
    const faceOf = (path: string) => path.replace(/^\/assets\/(.*)-normal-[\w-]+\.woff2$/, "$1");
    const hindi = await fontsOf(await pathOf(WHY_INDIA.hi));
    // "தமிழ்" in "Also available in" is semibold: the Tamil bold face, and nothing more of Tamil.
    expect(hindi.map(faceOf).sort()).toEqual([
      "noto-sans-devanagari-devanagari-400",
      "noto-sans-tamil-tamil-700",
    ]);
    const tamil = await fontsOf(await pathOf(WHY_INDIA.ta));
    // Devanagari has one face (app.css): "हिन्दी" is drawn in it, made bold.
    expect(tamil.map(faceOf).sort()).toEqual([
      "noto-sans-devanagari-devanagari-400",
      "noto-sans-tamil-tamil-400",
      "noto-sans-tamil-tamil-700",
    ]);
    // Same origin (the CSP allows fonts from 'self' only), cached for good.
    const res = await fetch(`${site()}${hindi[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("font/woff2");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("lays out a post's first blocks for the first paint and the rest once it has hydrated", async () => {
    const path = await pathOf(WHY_INDIA.hi);
    const contentVisibility = (page: Page) =>
      page
        .locator(".prose-content > *")
        .evaluateAll((blocks) => blocks.map((b) => getComputedStyle(b).contentVisibility));
    const { page } = await browser.newPage({
      viewport: { width: 412, height: 823 },
      javaScriptEnabled: false,
    });
    await page.goto(`${site()}${path}`);
    const before = await contentVisibility(page);
    expect(before.length).toBeGreaterThan(4);
    expect(before.slice(0, 3)).toEqual(["visible", "visible", "visible"]);
    expect(new Set(before.slice(3))).toEqual(new Set(["auto"]));
    const { page: hydrated } = await open(path, 412);
    await waitForHydration(hydrated);
    expect(new Set(await contentVisibility(hydrated))).toEqual(new Set(["visible"]));
  });

  it("lays out /blog's Hindi and Tamil cards below a phone's first screen only later: the first screen asks only for the faces of the chips' two names", async () => {
    // Without scripts the page never hydrates: what it downloads is what the first screen asked for.
    const { page } = await browser.newPage({
      viewport: { width: 412, height: 823 },
      javaScriptEnabled: false,
    });
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${site()}/blog`);
    await page.waitForLoadState("networkidle");
    const firstCard = page.locator("article").first();
    expect(await firstCard.getAttribute("lang")).toBe("en");
    expect(await firstCard.evaluate((card) => card.classList.contains("below-fold"))).toBe(false);
    // "हिन्दी" and "தமிழ்" (semibold) on the language chips: one face of each script, no more.
    expect(fonts.map((f) => f.replace(/-normal-[\w-]+\.woff2$/, "")).sort()).toEqual([
      "/assets/noto-sans-devanagari-devanagari-400",
      "/assets/noto-sans-tamil-tamil-700",
    ]);
    // Scrolled to, a Tamil card is laid out and draws in its regular face.
    await page.locator('article[lang="ta"]').first().scrollIntoViewIfNeeded();
    await expect.poll(() => fonts.filter((f) => f.includes("noto-sans-tamil-tamil-400")).length).toBe(1);
  });
});

describe("font preloads", () => {
  /** The font preloads in a page's head, as "type crossorigin path" lines. */
  const preloads = (page: Page) =>
    page
      .locator('head link[rel="preload"][as="font"]')
      .evaluateAll((links) =>
        links.map(
          (l) =>
            `${l.getAttribute("type")} ${l.getAttribute("crossorigin")} ${new URL((l as HTMLLinkElement).href).pathname}`,
        ),
      );

  it("asks for a Hindi or Tamil post's faces from the head, the very files its stylesheet uses; none on English pages", async () => {
    for (const path of ["/", await pathOf(WHY_INDIA.en), "/blog"]) {
      const { page } = await open(path);
      expect(await preloads(page)).toEqual([]);
    }
    // Devanagari has no bold face (app.css): its headings are the regular face made bold. `other`: the face
    // the other translation's name in "Also available in" needs, not preloaded (one word, below the title).
    for (const [id, face, weights, other] of [
      [WHY_INDIA.hi, "noto-sans-devanagari-devanagari", ["400"], "noto-sans-tamil-tamil-700"],
      [WHY_INDIA.ta, "noto-sans-tamil-tamil", ["400", "700"], "noto-sans-devanagari-devanagari-400"],
    ] as const) {
      const { page } = await browser.newPage();
      const downloads: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "font") downloads.push(new URL(request.url()).pathname);
      });
      await page.goto(`${site()}${await pathOf(id)}`);
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => document.fonts.ready);
      const preloaded = await preloads(page);
      expect(preloaded.map((line) => line.replace(/-[\w-]{8}\.woff2$/, ""))).toEqual(
        weights.map((weight) => `font/woff2 anonymous /assets/${face}-${weight}-normal`),
      );
      // Each file downloaded once: a preload the @font-face rules did not use (another address, or not in
      // CORS mode) would be a second download.
      const otherFile = downloads.filter((path) => path.includes(other));
      expect(otherFile).toHaveLength(1);
      expect(downloads.sort()).toEqual([...preloaded.map((line) => line.split(" ")[2]), ...otherFile].sort());
      // The faces drawn are the preloaded files and the other name's face, and no other.
      expect(
        await page.evaluate(() =>
          [...document.fonts]
            .filter((f) => f.status === "loaded")
            .map((f) => `${f.family.replaceAll('"', "")} ${f.weight}`)
            .sort(),
        ),
      ).toEqual(
        [
          ...weights.map(
            (w) => `${face.startsWith("noto-sans-tamil") ? "Noto Sans Tamil" : "Noto Sans Devanagari"} ${w}`,
          ),
          other.startsWith("noto-sans-tamil") ? "Noto Sans Tamil 700" : "Noto Sans Devanagari 400",
        ].sort(),
      );
      // The post's image, its largest paint, is asked for ahead of those faces.
      expect(
        await page
          .locator("article img")
          .first()
          .evaluate((img: HTMLImageElement) => img.fetchPriority),
      ).toBe("high");
    }
  });

  it("starts a Hindi post's font downloads with its stylesheet, not after it (no late swap moving the text)", async () => {
    const { page } = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // A round trip of 100 ms: a face found only once the stylesheet is in and the text laid out starts a
    // round trip after the stylesheet ends; a preloaded one starts with it.
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.goto(`${site()}${await pathOf(WHY_INDIA.hi)}`);
    await page.waitForLoadState("networkidle");
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const css = entries.filter((e) => new URL(e.name).pathname.endsWith(".css"));
      // The post's own script; the Tamil face for the one word "தமிழ்" (Also available in) may come later.
      const fonts = entries.filter((e) => /devanagari.*\.woff2$/.test(new URL(e.name).pathname));
      return {
        stylesheetsEnd: Math.max(...css.map((e) => e.responseEnd)),
        fontStarts: fonts.map((e) => e.startTime),
      };
    });
    expect(timing.fontStarts).toHaveLength(1);
    for (const start of timing.fontStarts) expect(start).toBeLessThan(timing.stylesheetsEnd);
  });
});

describe("pages in their reader's language, on a phone", () => {
  /** The page's language, direction, title, description, h1 and Open Graph locales. */
  const head = (page: Page) =>
    page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
      h1: document.querySelector("h1")?.textContent,
      locale: document.querySelector('meta[property="og:locale"]')?.getAttribute("content"),
      alternates: [...document.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) =>
        m.getAttribute("content"),
      ),
    }));
  /** Each language chip's name and lang. */
  const chips = (page: Page) =>
    page
      .locator('main nav[aria-label] a[href^="/blog"]')
      .evaluateAll((links) => links.map((l) => `${l.textContent} ${l.getAttribute("lang") ?? "-"}`));

  it.each([
    [
      "hi",
      {
        title: "हिन्दी में ब्लॉग लेख | GCC View 360",
        description: "हिन्दी में लेख: भारत में ग्लोबल कैपेबिलिटी सेंटर की स्थापना, भर्ती और संचालन।",
        h1: "ब्लॉग",
        locale: "hi_IN",
        all: "सभी भाषाएँ",
      },
    ],
    [
      "ta",
      {
        title: "தமிழில் வலைப்பதிவுக் கட்டுரைகள் | GCC View 360",
        description: "தமிழ்க் கட்டுரைகள்: இந்தியாவில் உலகளாவிய திறன் மையத்தை அமைத்தல், பணியமர்த்தல், நடத்துதல்.",
        h1: "வலைப்பதிவு",
        locale: "ta_IN",
        all: "எல்லா மொழிகளும்",
      },
    ],
  ] as const)(
    "/blog?lang=%s is a page in that language, its chips naming each language in itself",
    async (code, words) => {
      const { page, errors } = await open(`/blog?lang=${code}`, 390);
      expect(await head(page)).toEqual({
        lang: code,
        dir: "ltr",
        title: words.title,
        description: words.description,
        h1: words.h1,
        locale: words.locale,
        alternates: [],
      });
      expect(await chips(page)).toEqual([`${words.all} -`, "English en", "हिन्दी hi", "தமிழ் ta"]);
      // The menu and footer stay English, and say so.
      expect(await langAround(page, "header")).toBe("en");
      await waitForHydration(page);
      await expectAccessible(page);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `/tmp/locale-blog-${code}-390.png` });
      expect(errors).toEqual([]);
    },
  );

  it("a Tamil post: Tamil page, og:locale and its translations' locales, translations and tags in its words", async () => {
    const { page, errors } = await open(await pathOf(WHY_INDIA.ta), 390);
    expect(await head(page)).toMatchObject({
      lang: "ta",
      dir: "ltr",
      h1: TAMIL_HEADINGS[1],
      locale: "ta_IN",
      alternates: ["en_IN", "hi_IN"],
    });
    const also = page.getByText("இந்தக் கட்டுரை இந்த மொழிகளிலும் உள்ளது:");
    expect(
      await also
        .getByRole("link")
        .evaluateAll((links) => links.map((l) => `${l.textContent} ${l.getAttribute("lang")}`)),
    ).toEqual(["English en", "हिन्दी hi"]);
    // Its own tags, in Tamil, each a link to the Tamil posts with that tag.
    const tags = page.getByRole("complementary").getByRole("list").first().getByRole("link");
    expect(await tags.allTextContents()).toEqual(["GCC", "இந்தியா", "உத்தி", "திறமை"]);
    expect(await tags.nth(1).getAttribute("href")).toBe(`/blog?tag=${encodeURIComponent("இந்தியா")}&lang=ta`);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: "/tmp/locale-post-ta-390.png", fullPage: true });
    await tags.nth(1).click();
    await page.waitForURL("**/blog?tag=*&lang=ta");
    await page.getByRole("heading", { name: "“இந்தியா” குறிச்சொல் உள்ள கட்டுரைகள்" }).waitFor();
    await expect.poll(() => page.locator("article h2").allTextContents()).toEqual(TAMIL_HEADINGS);
    expect(await htmlLang(page)).toBe("ta");
    expect(errors).toEqual([]);
  });

  it("keeps the spec's English on the English list, and og:locale on every public page", async () => {
    const { page } = await open("/blog", 390);
    expect(await head(page)).toMatchObject({
      lang: "en",
      dir: "ltr",
      h1: "Blog",
      locale: "en_IN",
      alternates: [],
    });
    expect(await page.title()).toBe("Blog: GCC Insights and Guides | GCC View 360");
    const english = await head((await open(await pathOf(WHY_INDIA.en), 390)).page);
    expect(english).toMatchObject({ lang: "en", locale: "en_IN", alternates: ["hi_IN", "ta_IN"] });
    expect((await head((await open(await pathOf(3), 390)).page)).alternates).toEqual([]);
    const hindi = await head((await open(await pathOf(WHY_INDIA.hi), 390)).page);
    expect(hindi).toMatchObject({ lang: "hi", locale: "hi_IN", alternates: ["en_IN", "ta_IN"] });
    const paths = [...staticPublicPaths, "/blog?tag=GCC", "/careers-details?jobId=1", "/no-such-page"];
    for (const path of paths) {
      const html = await (await fetch(`${site()}${path}`)).text();
      expect(html, path).toMatch(/<meta property="og:locale" content="en_IN"\/>/);
    }
  });
});

describe("translations in the console", () => {
  it("adds a translation as a draft from the editor, and publishing it changes nothing on the original", async () => {
    const stamp = Date.now();
    const heading = `Translate me ${stamp}`;
    const token = await adminToken(site());
    const created = await fetch(`${site()}/api/blog`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        heading,
        full_description: "<p>The English words.</p>",
        feature_image: "/images/blog/cover-2.svg",
        image_alt_text: "A map of India",
        tags: "GCC, Translation test",
        language: "English",
        status: "draft",
      }),
    });
    expect(created.status).toBe(201);

    const { page, errors } = await openSignedIn(browser, `${site()}/dashboard/blog?search=${stamp}`);
    const row = (text: string) => page.locator("tbody tr").filter({ hasText: text });
    await row(heading).waitFor();
    expect(await row(heading).textContent()).toContain("No translations");
    await page.getByRole("button", { name: `Edit ${heading}` }).click();
    const editor = page.getByRole("dialog", { name: `Edit ${heading}` });
    const panel = editor.getByRole("region", { name: "Translations" });
    await panel.getByRole("button", { name: "Add translation" }).waitFor();
    await page.screenshot({ path: "/tmp/blog-languages-editor-1280.png" });
    expect(await panel.getByLabel("Translate into").locator("option").allTextContents()).toEqual([
      "Hindi",
      "Tamil",
    ]);
    await expectAccessible(page);
    await panel.getByLabel("Translate into").selectOption("Hindi");
    await panel.getByRole("button", { name: "Add translation" }).click();

    const translation = page.getByRole("dialog", { name: `Hindi translation of ${heading}` });
    await translation.waitFor();
    expect(await translation.getByLabel("Language").inputValue()).toBe("Hindi");
    expect(await translation.getByLabel("Status").inputValue()).toBe("draft");
    expect(await translation.getByLabel("Image alt text").inputValue()).toBe("A map of India");
    expect(await translation.getByLabel("Tags (comma-separated)").inputValue()).toBe("GCC, Translation test");
    expect(await translation.getByLabel("Heading", { exact: true }).inputValue()).toBe("");
    // The original's feature image is in the new translation's image field.
    await translation.locator('img[src="/images/blog/cover-2.svg"]').first().waitFor();
    const hindiHeading = `अनुवाद ${stamp}`;
    await translation.getByLabel("Heading", { exact: true }).fill(hindiHeading);
    await translation.getByRole("textbox", { name: "Article" }).click();
    await page.keyboard.type("हिन्दी के शब्द।");
    await translation.getByRole("button", { name: "Save post" }).click();
    await page.getByText("Translation created.").waitFor();
    await translation.waitFor({ state: "hidden" });
    // Saved with the original's image, its alt text and its tags; its own words and language.
    const asAdmin = { headers: { authorization: `Bearer ${token}` } };
    const found = (await (await fetch(`${site()}/api/blog?search=${stamp}`, asAdmin)).json()) as {
      blog_data: { id: number; heading: string }[];
    };
    const hindiId = found.blog_data.find((p) => p.heading === hindiHeading)!.id;
    const stored = (await (await fetch(`${site()}/api/blog/${hindiId}`, asAdmin)).json()).data;
    expect(stored).toMatchObject({
      heading: hindiHeading,
      language: "Hindi",
      status: "draft",
      feature_image: "/images/blog/cover-2.svg",
      image_alt_text: "A map of India",
      tags: "GCC, Translation test",
    });
    expect(stored.full_description).toContain("हिन्दी के शब्द।");
    expect(stored.full_description).not.toContain("The English words.");

    // Each row names the other's language with that post's own status.
    await expect.poll(() => row(heading).textContent()).toContain("Hindi: Draft");
    await expect.poll(() => row(hindiHeading).textContent()).toContain("English: Draft");
    await page.screenshot({ path: "/tmp/blog-languages-console-1280.png" });

    // Open the Hindi version from the original's editor and publish it.
    await page.getByRole("button", { name: `Edit ${heading}` }).click();
    await editor.getByRole("region", { name: "Translations" }).getByRole("button", { name: /^Open/ }).click();
    const hindiEditor = page.getByRole("dialog", { name: `Edit ${hindiHeading}` });
    await hindiEditor.waitFor();
    await hindiEditor.getByLabel("Status").selectOption("published");
    await hindiEditor.getByRole("button", { name: "Save post" }).click();
    await page
      .getByRole("dialog", { name: "Publish now?" })
      .getByRole("button", { name: "Publish now" })
      .click();
    await page.getByText("Post saved.").waitFor();
    await expect.poll(() => row(heading).textContent()).toContain("Hindi: Published");
    // The original is still a draft: publishing one translation publishes no other.
    expect(await row(heading).locator("td").nth(1).textContent()).toBe("Draft");
    expect((await fetch(`${site()}/blog?lang=en`).then((r) => r.text())).includes(heading)).toBe(false);
    expect(await (await fetch(`${site()}/blog?lang=hi`)).text()).toContain(hindiHeading);
    expect(errors).toEqual([]);

    // On a phone the list is cards, each naming its translations.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.locator(".list-cards li").filter({ hasText: heading });
    await card.waitFor();
    expect(await card.textContent()).toContain("Hindi: Published");
    await page.screenshot({ path: "/tmp/blog-languages-console-390.png" });
    await expectAccessible(page);
  });
});
