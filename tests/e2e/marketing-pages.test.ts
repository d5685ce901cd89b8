import { describe, expect, it } from "vitest";
import { aboutIntro } from "#shared/content/about.ts";
import { heroSlides } from "#shared/content/home.ts";
import {
  botPages,
  gccOverview,
  gccPhases,
  gccTagline,
  managedTeamsPages,
  modelOverviewRedirects,
} from "#shared/content/models.ts";
import { contactPage } from "#shared/content/pages.ts";
import { products } from "#shared/content/products.ts";
import { staticPublicPaths } from "#shared/content/public-paths.ts";
import { solutions } from "#shared/content/solutions.ts";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

/** Every public static route with the h1 it must show. */
const routes: [path: string, h1: string][] = [
  ["/", heroSlides[0].title],
  ["/about-page", aboutIntro.title],
  ["/contact", contactPage.banner.heading],
  ["/details/features", gccOverview.title],
  ...gccPhases.map((p) => [p.path, p.title] as [string, string]),
  ...botPages.map((p) => [p.path, p.title] as [string, string]),
  ...managedTeamsPages.map((p) => [p.path, p.title] as [string, string]),
  ...solutions.map((s) => [s.path, s.title] as [string, string]),
  ...products.map((p) => [p.path, p.title] as [string, string]),
];

describe("marketing routes", () => {
  it("/details/build-operator shows Build Operate Transfer's four phases and none of the GCC journey's", async () => {
    const { page, status } = await browser.open("/details/build-operator");
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/build-operator/bot_modal");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(botPages[0].title);
    const main = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    for (const phase of botPages.slice(1)) expect(main).toContain(phase.menuLabel);
    expect(main).toMatch(/four clearly defined phases: Initiation, Build, Operate and Transfer/);
    for (const phase of gccPhases) {
      expect(main).not.toContain(phase.label);
      expect(main).not.toContain(phase.title);
    }
    expect(main).not.toMatch(/Three phases/i);
  });

  it("/details/managed-teams answers with the Managed Teams overview, and neither address is in the sitemap", async () => {
    const { page, status } = await browser.open("/details/managed-teams");
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/managed-teams/manage_overview");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(managedTeamsPages[0].title);
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    for (const [from, to] of Object.entries(modelOverviewRedirects)) {
      const answer = await fetch(`${baseURL()}${from}`, { redirect: "manual" });
      expect(answer.status).toBe(301);
      expect(answer.headers.get("location")).toBe(to);
      expect(sitemap).not.toContain(`${from}<`);
    }
  });

  it("the home page's model cards lead to each model's own overview in the browser", async () => {
    const { page, errors } = await browser.open("/");
    await waitForHydration(page);
    for (const [from, to] of Object.entries(modelOverviewRedirects)) {
      // A client-side navigation: the loader is asked for `${from}.data`, not `from`.
      await page.locator(`#models a[href="${from}"]`).click();
      await page.waitForURL((url) => url.pathname === to);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/");
    }
    expect(errors).toEqual([]);
  });

  it.each(routes)("%s renders its h1, meta tags and no console errors, and passes axe", async (path, h1) => {
    const { page, errors, status } = await browser.open(path);
    expect(status).toBe(200);
    await waitForHydration(page);
    const headings = page.getByRole("heading", { level: 1 });
    expect(await headings.count()).toBe(1);
    expect((await headings.textContent())?.trim()).toBe(h1);
    // Unique title, description and canonical from content; default 1200×630 Open Graph image.
    expect(await page.title()).toMatch(/GCC View 360/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/.{60,}/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`${path === "/" ? "/" : path}$`),
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      /\/og-default\.png$/,
    );
    expect(await page.locator('meta[property="og:image:width"]').getAttribute("content")).toBe("1200");
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("gives every page a different title and description", async () => {
    const seen = new Map<string, string>();
    for (const [path] of routes) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      for (const key of [`t:${title}`, `d:${description}`]) {
        expect(seen.get(key), `${path} repeats ${key} of ${seen.get(key)}`).toBeUndefined();
        seen.set(key, path);
      }
    }
  });

  it("titles every page '<page> | GCC View 360' (a post: its own title, as the spec says), and every unknown one 'Page Not Found | GCC View 360'", async () => {
    const titleOf = async (path: string) => {
      const res = await fetch(`${baseURL()}${path}`);
      return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(await res.text())?.[1] };
    };
    const pages = [...staticPublicPaths, "/blog?lang=hi", "/blog?tag=GCC", "/careers-details?jobId=1"];
    for (const path of pages) {
      const { status, title } = await titleOf(path);
      expect(status, path).toBe(200);
      expect(title, path).toMatch(/^[^|]+ \| GCC View 360$/);
    }
    expect((await titleOf("/blog/3")).title).not.toContain("|");
    // A location with its own brackets is not nested in the title's: "(Remote, India)", not "(Remote (India))".
    const jobs = (await (await fetch(`${baseURL()}/api/post_jobs/`)).json()) as {
      id: number;
      location: string;
    }[];
    const remote = jobs.find((job) => job.location.includes("("));
    expect(remote).toBeDefined();
    const { title: remoteTitle } = await titleOf(`/careers-details?jobId=${remote!.id}`);
    expect(remoteTitle).toMatch(/ \(Remote, India\) \| GCC View 360$/);
    for (const path of ["/no-such-page", "/details/x", "/careers-details/applied?jobId=x"]) {
      const { status, title } = await titleOf(path);
      expect(status, path).toBe(404);
      expect(title, path).toBe("Page Not Found | GCC View 360");
    }
  });

  it("puts Organization JSON-LD with the settings' contact points on the home page", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const org = blocks.find((b) => b["@type"] === "Organization");
    expect(org).toBeDefined();
    const emails = org.contactPoint.map((c: { email: string }) => c.email);
    expect(emails).toEqual(["sales@example.com", "info@example.com"]);
    expect(org.contactPoint.every((c: { telephone: string }) => /^\+\d/.test(c.telephone))).toBe(true);
  });

  it("puts a BreadcrumbList on nested pages", async () => {
    const html = await (await fetch(`${baseURL()}/build-operator/operate`)).text();
    const crumbs = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!))
      .find((b) => b["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Build Operate Transfer",
      "Phase 3: Operate",
    ]);
    expect(crumbs.itemListElement[2].item).toMatch(/\/build-operator\/operate$/);
  });

  it.each(["/details/x", "/build-operator/phase-9", "/managed-teams/nothing", "/products/other"])(
    "answers 404 with the not-found page for %s",
    async (path) => {
      const { page, status } = await browser.open(path);
      expect(status).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    },
  );

  it("serves the default Open Graph image as a 1200×630 PNG", async () => {
    const res = await fetch(`${baseURL()}/og-default.png`);
    expect(res.status).toBe(200);
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });
});

describe("page content", () => {
  it("GCC pages show the key features, the three numbered phase links, the verbatim tagline and the contact form", async () => {
    const { page } = await browser.open("/details/features");
    for (const feature of gccOverview.keyFeatures) {
      expect(await page.getByRole("heading", { name: feature.title }).count()).toBe(1);
    }
    const main = page.locator("main");
    for (const phase of gccPhases) {
      expect(
        await main.getByRole("link", { name: phase.label, exact: true }).first().getAttribute("href"),
      ).toBe(phase.path);
    }
    expect(await page.getByText(gccTagline, { exact: true }).count()).toBe(1);
    expect(gccTagline).toBe(
      "Transform your GCC vision into reality with GCC View 360. Get in Touch to start your journey today.",
    );
    expect(await page.getByRole("heading", { name: "Request a Demo or Contact Us" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Send message" }).count()).toBe(1);
  });

  it("Build Operate Transfer pages have a side menu of the overview and four numbered phases, and the key features", async () => {
    const { page } = await browser.open("/build-operator/initiation");
    const menu = page.getByRole("navigation", { name: "Build Operate Transfer phases" });
    const labels = await menu.getByRole("link").allTextContents();
    expect(labels.map((l) => l.trim())).toEqual([
      "Overview",
      "1. Initiation",
      "2. Build",
      "3. Operate",
      "4. Transfer",
    ]);
    expect(await menu.getByRole("link", { name: "1. Initiation" }).getAttribute("aria-current")).toBe("page");
    for (const feature of [
      "Cost Efficiency",
      "Risk Mitigation",
      "Customisation",
      "Compliance",
      "Seamless Transition",
    ]) {
      expect(await page.getByRole("heading", { name: feature, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole("button", { name: "Send message" }).count()).toBe(1);
  });

  it("Managed Teams pages have a side menu of relationship, record and services", async () => {
    const { page } = await browser.open("/managed-teams/record");
    const menu = page.getByRole("navigation", { name: "Managed Teams services" });
    const hrefs = await menu.locator("ul a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/managed-teams/relationship",
      "/managed-teams/record",
      "/managed-teams/services",
    ]);
    expect(await page.getByRole("button", { name: "Send message" }).count()).toBe(1);
  });

  it("solution and product pages list their sub-offerings and end with the contact form and footer", async () => {
    for (const item of [solutions[1]!, products[0]!]) {
      const { page } = await browser.open(item.path);
      for (const offering of item.offerings) {
        expect(await page.getByRole("heading", { name: offering.title, exact: true }).count()).toBe(1);
      }
      // The contact block is the last section of the page content, followed by the footer.
      const lastSection = page.locator("main > section").last();
      expect(await lastSection.getByRole("heading", { name: "Request a Demo or Contact Us" }).count()).toBe(
        1,
      );
      expect(await page.locator("main + footer").count()).toBe(1);
    }
  });

  it("About shows three audience cards with View More / View Less, five core values and three tiles", async () => {
    const { page } = await browser.open("/about-page");
    await waitForHydration(page);
    const values = page.locator('section[aria-labelledby="values-heading"] ul h3');
    expect(await values.allTextContents()).toEqual([
      "Integrity",
      "Empathy",
      "Relationships",
      "Innovation",
      "Performance",
    ]);
    const hrefs = await page
      .locator('section[aria-labelledby="explore-heading"]')
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/leadership-page", "/consulting-services", "/details/initiation"]);

    const cards = page.locator('section[aria-labelledby="audiences-heading"] ul > li');
    expect(await cards.count()).toBe(3);
    // The two long texts are collapsed; the short one has no toggle.
    const toggles = page.getByRole("button", { name: /^View More/ });
    expect(await toggles.count()).toBe(2);
    const first = cards.first();
    const collapsed = (await first.locator("p").textContent())!;
    expect(collapsed.endsWith("…")).toBe(true);
    expect(collapsed.length).toBeLessThanOrEqual(251);
    await first.getByRole("button", { name: /^View More/ }).click();
    const button = first.getByRole("button", { name: /^View Less/ });
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect((await first.locator("p").textContent())!.length).toBeGreaterThan(250);
    await button.click();
    expect((await first.locator("p").textContent())!.endsWith("…")).toBe(true);
  });

  it("Contact shows the settings' e-mails, phones and Ghaziabad address, support hours and social links", async () => {
    const { page } = await browser.open("/contact");
    const reach = page.locator("section", { has: page.getByRole("heading", { name: "Reach our team" }) });
    const hrefs = await reach
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.filter((h) => h?.startsWith("mailto:"))).toEqual([
      "mailto:sales@example.com",
      "mailto:info@example.com",
    ]);
    const tel = hrefs.filter((h) => h?.startsWith("tel:"));
    expect(tel).toHaveLength(2);
    expect(tel[0]).toMatch(/^tel:\+91/);
    expect(tel[1]).toMatch(/^tel:\+1/);
    expect(await reach.locator("address").textContent()).toMatch(/Ghaziabad/);
    expect(await reach.getByText("Mon-Fri 9:00am – 5:00pm, excludes holidays", { exact: true }).count()).toBe(
      1,
    );
    // The hours say which clock they are in.
    expect(await reach.getByText("India Standard Time (IST, UTC+5:30)", { exact: true }).count()).toBe(1);
    expect(await reach.getByRole("link", { name: /GCC View 360 on/ }).count()).toBe(3);
    expect(await page.getByRole("heading", { name: "Request a Demo or Contact Us" }).count()).toBe(1);
  });
});
