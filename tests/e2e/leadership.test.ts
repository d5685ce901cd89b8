import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "../support/factories";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

interface Member {
  id: number;
  name: string;
  position: string;
  description: string;
}
const team = async (): Promise<Member[]> => (await fetch(`${baseURL()}/api/teams/`)).json();

describe("leadership page", () => {
  it("shows the team in the reverse of the server's order, with 250 px images and Person data", async () => {
    const members = await team();
    const { page, errors, status } = await browser.open("/leadership-page");
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Our Leadership Team");
    const names = await page.locator("article h2").allTextContents();
    expect(names).toEqual(members.map((m) => m.name).reverse());
    expect(names[0]).toBe("Arjun Mehta");
    const first = page.locator("article").first();
    expect(await first.textContent()).toContain("Founder & CEO");
    const heights = await page
      .locator("article img")
      .evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().height));
    expect(heights).toEqual(Array(members.length).fill(250));
    expect(await page.locator("article img").first().getAttribute("alt")).toBe("Portrait of Arjun Mehta");
    expect(await page.getByRole("button", { name: /^Read More/ }).count()).toBe(members.length);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const graph = blocks.map((b) => JSON.parse(b)).find((b) => Array.isArray(b["@graph"]))?.["@graph"];
    expect(graph).toHaveLength(members.length);
    expect(graph[0]).toMatchObject({
      "@type": "Person",
      name: members[0]!.name,
      jobTitle: members[0]!.position,
    });
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("opens an accessible member dialog that loads, traps focus, closes with Escape and returns focus", async () => {
    const kavita = (await team()).find((m) => m.name === "Kavita Iyer")!;
    const { page, errors } = await browser.open("/leadership-page");
    await waitForHydration(page);
    let release: () => void = () => {};
    await page.route(`**/api/teams/${kavita.id}/`, async (route) => {
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    const opener = page.getByRole("button", { name: "Read More about Kavita Iyer" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Team Member" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    await dialog.getByText("Loading...").waitFor();
    release();

    await dialog.getByText(kavita.description).waitFor();
    expect(await dialog.getByText("Loading...").count()).toBe(0);
    const labels = await dialog.locator("dt").allTextContents();
    expect(labels).toEqual(["Name", "Position", "Description"]);
    expect(await dialog.locator("dd").allTextContents()).toEqual([
      kavita.name,
      kavita.position,
      kavita.description,
    ]);
    expect(await dialog.locator("img").getAttribute("alt")).toBe("Portrait of Kavita Iyer");
    await expectAccessible(page);

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Read More about Kavita Iyer",
    );
    expect(errors).toEqual([]);
  });

  it("says 'No description available.' when a member has no description, and closes with the Close button", async () => {
    const { page } = await browser.open("/leadership-page");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Read More about Farhan Qureshi" }).click();
    const dialog = page.getByRole("dialog", { name: "Team Member" });
    await dialog.getByText("No description available.").waitFor();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it("shows 'Network error. Please try again later.' when the team does not arrive on navigation", async () => {
    const { page } = await browser.open("/blog");
    await waitForHydration(page);
    // The answer carries the rest of the page but not the team (the request loses its route).
    await page.route("**/leadership-page.data*", (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("_routes", "root");
      return route.continue({ url: url.toString() });
    });
    await page.locator("footer").getByRole("link", { name: "Leadership" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Network error. Please try again later." });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe("Network error. Please try again later.");
  });

  it("shows only 'No internet connection' while offline and the team again when online", async () => {
    const { page } = await browser.open("/leadership-page");
    await waitForHydration(page);
    await page.context().setOffline(true);
    await page.getByText("No internet connection").waitFor();
    expect((await page.locator("body").innerText()).trim()).toBe("No internet connection");
    await page.context().setOffline(false);
    await page.getByRole("heading", { name: "Our Leadership Team" }).waitFor();
    expect(await page.locator("article").count()).toBe(6);
  });
});

describe("leadership page when the team cannot be loaded", () => {
  let site: RunningSite;
  let broken = true;
  beforeAll(async () => {
    site = await startSite({
      patch: (services) => {
        const list = services.team.list.bind(services.team);
        services.team.list = () => (broken ? Promise.reject(new Error("database unavailable")) : list());
      },
    });
  }, 120_000);
  afterAll(() => site?.close());

  it("shows 'Error {status}: {statusText}' from the server", async () => {
    broken = true;
    const { page, status } = await browser.open(`${site.url}/leadership-page`);
    expect(status).toBe(503);
    const alert = page.getByRole("alert").filter({ hasText: "Error" });
    expect((await alert.textContent())?.trim()).toBe("Error 503: Service Unavailable");
    await expectAccessible(page);

    const blog = await browser.open(`${site.url}/blog`);
    await waitForHydration(blog.page);
    await blog.page.locator("footer").getByRole("link", { name: "Leadership" }).click();
    await blog.page.getByRole("alert").filter({ hasText: "Error 503: Service Unavailable" }).waitFor();
  });
});
