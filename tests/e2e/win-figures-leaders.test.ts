import sharp from "sharp";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnServer } from "./support/own-server";

const browser = setupBrowser();
// Its own server: the figures, the comparison and a leader's photo change what every other file reads.
const site = startOwnServer();

const SHOTS = process.env.WIN_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/win-${name}.png`, fullPage: true });
};

async function api<T>(method: string, path: string, body?: object | FormData): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${site()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken(site())}`,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const VIEWPORTS = [
  ["a phone", { width: 390, height: 844 }],
  ["a laptop", { width: 1280, height: 900 }],
] as const;

/** Where each figure shows, and how. */
const FIGURE_PAGES = [
  ["/", ["7,250+", "118+", "118 years of collective leadership experience", "11"]],
  ["/ailed-service", ["over 7,250 candidates", "Over 7,250 candidates"]],
  ["/about-page", ["118 years of collective experience"]],
  ["/leadership-page", ["118 years of collective experience"]],
] as const;

describe("the figures the site quotes", () => {
  it("are changed once in the console's Site settings and then shown on every page that quotes them", async () => {
    const { page } = await openSignedIn(browser, `${site()}/dashboard/settings`);
    await page.getByLabel("Candidates in the talent pipeline").fill("7250");
    await page.getByLabel("Years of leadership experience, all leaders together").fill("118");
    await page.getByLabel("Capability centres set up for clients").fill("11");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved. The public site shows them now.").waitFor();
    await page.context().close();

    for (const [device, viewport] of VIEWPORTS) {
      for (const [path, texts] of FIGURE_PAGES) {
        const { page, errors, status } = await browser.open(`${site()}${path}`, { viewport });
        expect(status, path).toBe(200);
        const text = (await page.locator("main").textContent()) ?? "";
        const meta = await page.locator('meta[name="description"]').getAttribute("content");
        for (const t of texts) expect(text + meta, `${path} on ${device}: ${t}`).toContain(t);
        expect(text + meta, path).not.toMatch(/5,000|400 years|400\+|\{[a-z_]+\}/);
        if (path === "/") {
          const stats = page.locator("#experience dl");
          expect(await stats.getByText("Capability centres set up for our clients").count()).toBe(1);
          if (viewport.width === 1280) await shoot(page, "home-1280");
        }
        expect(errors, path).toEqual([]);
        await expectAccessible(page);
        await page.context().close();
      }
    }
  });
});

describe("a leader's own page", () => {
  it("is linked from the list, shows the uploaded photo as AVIF with a WebP fallback, and carries Person data", async () => {
    const photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 90, b: 140 } },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "kavita.jpg");
    const uploaded = await api<{ data: { url: string } }>("POST", "/api/uploads?shape=square", form);
    const list = await api<{
      team_members_data: {
        id: number;
        name: string;
        position: string;
        description: string;
        sort_order: number;
      }[];
    }>("GET", "/api/team_members?page=1&page_size=50");
    const kavita = list.team_members_data.find((m) => m.name === "Kavita Iyer")!;
    await api("PATCH", `/api/team_members/${kavita.id}`, {
      name: kavita.name,
      position: kavita.position,
      description: kavita.description,
      sort_order: kavita.sort_order,
      image: uploaded.data.url,
      slug: "kavita-iyer",
      linkedin: "https://www.linkedin.com/in/example-kavita-iyer",
    });

    for (const [device, viewport] of VIEWPORTS) {
      const { page, errors } = await browser.open(`${site()}/leadership-page`, { viewport });
      // The list keeps "Read More" and links each name to the member's page.
      expect(await page.getByRole("button", { name: "Read More about Kavita Iyer" }).count()).toBe(1);
      await page.getByRole("link", { name: "Kavita Iyer", exact: true }).click();
      await page.waitForURL("**/leadership/kavita-iyer");
      await page.getByRole("heading", { level: 1, name: "Kavita Iyer" }).waitFor();
      expect(await page.locator("main").textContent()).toContain("Head of Consulting & Advisory");

      const picture = page.locator("main picture");
      expect(await picture.locator('source[type="image/avif"]').getAttribute("srcset")).toBe(
        uploaded.data.url.replace(/\.webp$/, ".avif"),
      );
      const img = picture.getByRole("img", { name: "Portrait of Kavita Iyer" });
      expect(await img.getAttribute("src")).toBe(uploaded.data.url);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);
      const box = (await img.boundingBox())!;
      expect(Math.abs(box.width - box.height)).toBeLessThan(1);

      const linkedin = page.getByRole("link", { name: "LinkedIn profile of Kavita Iyer" });
      expect(await linkedin.getAttribute("href")).toBe("https://www.linkedin.com/in/example-kavita-iyer");

      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const person = blocks.map((b) => JSON.parse(b)).find((b) => b["@type"] === "Person");
      expect(person).toMatchObject({
        "@type": "Person",
        name: "Kavita Iyer",
        jobTitle: "Head of Consulting & Advisory",
        url: `${site()}/leadership/kavita-iyer`,
        image: `${site()}${uploaded.data.url}`,
        sameAs: ["https://www.linkedin.com/in/example-kavita-iyer"],
      });
      expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("profile");
      expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(
        `${site()}/leadership/kavita-iyer`,
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain(
        "Kavita Iyer",
      );
      expect(errors, device).toEqual([]);
      await expectAccessible(page);
      await shoot(page, `leader-${viewport.width}`);
      await page.context().close();
    }
  });

  it("shows the initials when a member has no photo, and answers 404 for an unknown address", async () => {
    const list = await api<{
      team_members_data: {
        id: number;
        name: string;
        position: string;
        description: string;
        sort_order: number;
      }[];
    }>("GET", "/api/team_members?page=1&page_size=50");
    const farhan = list.team_members_data.find((m) => m.name === "Farhan Qureshi")!;
    await api("PATCH", `/api/team_members/${farhan.id}`, {
      name: farhan.name,
      position: farhan.position,
      description: farhan.description,
      sort_order: farhan.sort_order,
      image: null,
    });
    const { page, status } = await browser.open(`${site()}/leadership/farhan-qureshi`, {
      viewport: { width: 390, height: 844 },
    });
    expect(status).toBe(200);
    expect(await page.locator("main").getByText("FQ", { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    const missing = await browser.open(`${site()}/leadership/nobody-here`);
    expect(missing.status).toBe(404);
  });
});

describe("the models side by side", () => {
  const overviews = ["/", "/details/features", "/build-operator/bot_modal", "/managed-teams/manage_overview"];

  it("is a table with header cells on a laptop, on the home page and each model's overview, with edited text", async () => {
    // The console shows every cell; an edit of one reaches every page that shows the comparison.
    const { page: consolePage } = await openSignedIn(browser, `${site()}/dashboard/settings`);
    await consolePage.getByLabel("Typical size: Managed Teams").fill("3 to 40 people, to start.");
    await consolePage.getByRole("button", { name: "Save settings" }).click();
    await consolePage.getByText("Settings saved. The public site shows them now.").waitFor();
    await consolePage.context().close();

    for (const path of overviews) {
      const { page, errors } = await browser.open(`${site()}${path}`, {
        viewport: { width: 1280, height: 900 },
      });
      const table = page.getByRole("table", { name: "The engagement models compared" });
      await table.scrollIntoViewIfNeeded();
      const columns = await table.locator('thead th[scope="col"]').allTextContents();
      expect(columns).toEqual(["Captive GCC", "Build Operate Transfer", "Managed Teams"]);
      expect(await table.locator('tbody th[scope="row"]').allTextContents()).toEqual([
        "Ownership",
        "Time to first hires",
        "Cost profile",
        "Control",
        "Risk",
        "Exit",
        "Typical size",
      ]);
      const sizeRow = table.getByRole("row", { name: /Typical size/ });
      expect(await sizeRow.getByRole("cell").nth(2).textContent()).toBe("3 to 40 people, to start.");
      // A table: the cells of a row side by side.
      const cells = await sizeRow
        .getByRole("cell")
        .evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().top));
      expect(new Set(cells.map(Math.round)).size).toBe(1);
      expect(await table.evaluate((el) => getComputedStyle(el).display)).toBe("table");
      expect(errors, path).toEqual([]);
      await expectAccessible(page);
      if (path === "/details/features") await shoot(page, "comparison-1280");
      await page.context().close();
    }
  });

  it.each([
    ["/", 320],
    ["/managed-teams/manage_overview", 320],
    ["/", 390],
  ] as const)(
    "is one card per row on %s at %i px, each answer under its model's name, without scrolling sideways",
    async (path, width) => {
      // Server-rendered: the table is in the HTML before any script runs.
      const html = await (await fetch(`${site()}${path}`)).text();
      expect(html).toMatch(/<table class="model-comparison[ "]/);
      expect(html).toContain('<th scope="row">Typical size</th>');
      const { page, errors } = await browser.open(`${site()}${path}`, {
        viewport: { width, height: 800 },
      });
      const table = page.locator("table.model-comparison");
      expect(await table.evaluate((el) => getComputedStyle(el).display)).toBe("block");
      const row = table.locator("tbody tr").first();
      const cells = await row.locator("td").evaluateAll((tds) =>
        tds.map((td) => ({
          top: td.getBoundingClientRect().top,
          label: getComputedStyle(td, "::before").content,
        })),
      );
      expect(cells.map((c) => c.label)).toEqual([
        '"Captive GCC"',
        '"Build Operate Transfer"',
        '"Managed Teams"',
      ]);
      // Stacked: each answer below the one before it.
      expect(cells[1]!.top).toBeGreaterThan(cells[0]!.top);
      expect(cells[2]!.top).toBeGreaterThan(cells[1]!.top);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      await expectAccessible(page);
      if (width === 320 && path === "/" && SHOTS) {
        await table.screenshot({ path: `${SHOTS}/win-comparison-320.png` });
        await shoot(page, "home-320");
      }
      await page.context().close();
    },
  );
});

describe("the Models menu", () => {
  it("reaches each model's overview as well as the spec's first phase pages", async () => {
    const { page } = await browser.open(`${site()}/`, { viewport: { width: 1280, height: 900 } });
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Models" }).click();
    const links = nav.getByRole("link");
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const path of [
      "/details/features",
      "/build-operator/bot_modal",
      "/managed-teams/manage_overview",
      "/details/initiation",
      "/build-operator/initiation",
      "/managed-teams/relationship",
    ])
      expect(hrefs).toContain(path);
  });
});
