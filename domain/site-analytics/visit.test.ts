import { describe, expect, it } from "vitest";
import { countryOf, isPrefetch, mayCount, pagePath, referrerHost, visitOf } from "./visit";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const person = { "user-agent": CHROME, host: "gccview360.example" };

describe("who is counted", () => {
  it("counts a browser and leaves out bots, requests without a browser, DNT and GPC", () => {
    expect(mayCount(person)).toBe(true);
    expect(mayCount({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).toBe(false);
    expect(mayCount({ "user-agent": "curl/8.5.0" })).toBe(false);
    expect(mayCount({})).toBe(false);
    expect(mayCount({ ...person, dnt: "1" })).toBe(false);
    expect(mayCount({ ...person, dnt: "0" })).toBe(true);
    expect(mayCount({ ...person, "sec-gpc": "1" })).toBe(false);
  });

  it("tells a page fetched ahead from one opened", () => {
    expect(isPrefetch(person)).toBe(false);
    expect(isPrefetch({ ...person, "sec-purpose": "prefetch" })).toBe(true);
    expect(isPrefetch({ ...person, "sec-purpose": "prefetch;prerender" })).toBe(true);
    expect(isPrefetch({ ...person, purpose: "prefetch" })).toBe(true);
    expect(isPrefetch({ ...person, "sec-purpose": "" })).toBe(false);
  });
});

describe("which page", () => {
  it("counts a booking's manage link as one page, never with its token", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE";
    for (const path of [
      `/book-a-call/manage/${token}`,
      `/book-a-call/manage/${token}.data`,
      `/BOOK-A-CALL//manage/${token}/`,
      `/book-a-call%2Fmanage%2F${token}`,
    ])
      expect(pagePath(path)).toBe("/book-a-call/manage");
    expect(pagePath("/book-a-call")).toBe("/book-a-call");
  });

  it("takes public pages and React Router's page data, not the console, the API or files", () => {
    expect(pagePath("/")).toBe("/");
    expect(pagePath("/blog/")).toBe("/blog");
    expect(pagePath("/blog.data")).toBe("/blog");
    expect(pagePath("/_root.data")).toBe("/");
    expect(pagePath("/blog/12-my-post")).toBe("/blog/12-my-post");
    for (const notAPage of [
      "/__manifest",
      "/dashboard",
      "/dashboard/login",
      "/dashboard.data",
      "/api/blogs",
      "/media/1.webp",
    ])
      expect(pagePath(notAPage), notAPage).toBeNull();
    for (const file of ["/assets/root-abc.js", "/favicon.ico", "/robots.txt", "/sitemap.xml"])
      expect(pagePath(file), file).toBeNull();
    expect(pagePath(`/${"x".repeat(500)}`)).toHaveLength(200);
  });

  // React Router answers 200 for each of these spellings; counted as they came, one page split into many
  // rows and the console counted as a public page.
  it("resolves dot segments as the router does, so a visitor cannot name a page in the dashboard", () => {
    expect(pagePath("/blog/visit-evil-example-now/%2e%2e")).toBe("/blog");
    expect(pagePath("/blog/x/%2E%2E/")).toBe("/blog");
    expect(pagePath("/%2e%2e/%2e%2e/blog")).toBe("/blog");
    expect(pagePath("/blog/%2e")).toBe("/blog");
    expect(pagePath("/blog/%2e%2e")).toBe("/");
    expect(pagePath("/blog/%2e%2e/dashboard")).toBeNull();
  });

  it("counts one page whatever the case, percent-encoding or doubled slashes, and never the console", () => {
    for (const spelling of ["/Blog", "/BLOG", "/blo%67", "/%62log", "//blog", "/blog//", "/Blog.data"])
      expect(pagePath(spelling), spelling).toBe("/blog");
    for (const console of [
      "/Dashboard",
      "/dashboarD",
      "/DASHBOARD/site-analytics",
      "/%64ashboard",
      "/Dashboard.data",
      "//dashboard",
      "/API/blogs",
    ])
      expect(pagePath(console), console).toBeNull();
    expect(pagePath("/%E0%A4%")).toBeNull();
  });
});

describe("where from", () => {
  it("keeps another site's host and drops this site's, www. and anything that is not a web address", () => {
    expect(referrerHost("https://www.google.com/search?q=gcc", "gccview360.example")).toBe("google.com");
    expect(referrerHost("https://www.linkedin.com/feed/", "gccview360.example")).toBe("linkedin.com");
    expect(referrerHost("https://gccview360.example/blog", "gccview360.example")).toBeNull();
    expect(referrerHost("https://www.gccview360.example/blog", "gccview360.example:443")).toBeNull();
    expect(referrerHost("android-app://com.slack", "gccview360.example")).toBeNull();
    expect(referrerHost("not a url", "gccview360.example")).toBeNull();
    expect(referrerHost(undefined, "gccview360.example")).toBeNull();
  });

  it("reads the country from the first preferred language that names a region, never guessing one", () => {
    expect(countryOf("en-IN,en;q=0.9,hi;q=0.8")).toBe("IN");
    expect(countryOf("en,en-US;q=0.9")).toBe("US");
    expect(countryOf("ta-in")).toBe("IN");
    expect(countryOf("zh-Hant-TW")).toBe("TW");
    expect(countryOf("en")).toBeNull();
    expect(countryOf(undefined)).toBeNull();
  });

  it("drops control characters and bidirectional overrides from UTM tags", () => {
    const visit = visitOf({
      method: "GET",
      url: "/?utm_source=%E2%80%AEelgoog%0A%1B%5B31m&utm_medium=%E2%81%A6x%E2%80%8F&utm_campaign=%00%0D",
      headers: person,
    });
    expect(visit).toMatchObject({ utmSource: "elgoog[31m", utmMedium: "x", utmCampaign: null });
  });

  it("a view keeps the campaign's UTM tags, lower case, and nothing else of the query", () => {
    const visit = visitOf({
      method: "GET",
      url: "/?utm_source=LinkedIn&utm_medium=social&utm_campaign=Diwali-2026&email=a@b.c",
      headers: { ...person, referer: "https://www.linkedin.com/", "accept-language": "en-GB" },
    });
    expect(visit).toEqual({
      path: "/",
      referrer: "linkedin.com",
      utmSource: "linkedin",
      utmMedium: "social",
      utmCampaign: "diwali-2026",
      country: "GB",
    });
    expect(visitOf({ method: "POST", url: "/contact", headers: person })).toBeNull();
    expect(visitOf({ method: "GET", url: "/api/blogs", headers: person })).toBeNull();
  });
});
