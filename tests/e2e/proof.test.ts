import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, openSignedIn } from "./support/console";
import { startOwnServer } from "./support/own-server";

// Its own server: the file empties the demo's proof, then publishes its own.
const site = startOwnServer();
const browser = setupBrowser(() => site());

async function api<T>(method: string, path: string): Promise<T> {
  const res = await fetch(`${site()}${path}`, {
    method,
    headers: { authorization: `Bearer ${await adminToken(site())}` },
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}
const html = async (path: string) => (await fetch(`${site()}${path}`)).text();

/** The JSON-LD objects of the page, parsed. */
const jsonLdOf = (page: Page) =>
  page.$$eval('script[type="application/ld+json"]', (scripts) =>
    scripts.map((s) => JSON.parse(s.textContent ?? "null") as Record<string, unknown>),
  );

describe("proof: case studies, testimonials and client logos", () => {
  it("with nothing published, the home, model and solution pages render no proof block", async () => {
    for (const [path, key] of [
      ["/api/case_studies", "case_studies"],
      ["/api/testimonials", "testimonials"],
      ["/api/client_logos", "client_logos"],
    ] as const) {
      const list = await api<Record<string, { id: number }[]>>("GET", `${path}?page_size=50`);
      for (const row of list[`${key}_data`]!) await api("DELETE", `${path}/${row.id}`);
    }
    for (const path of ["/", "/build-operator/bot_modal", "/details/features", "/consulting-services"])
      await expect.poll(() => html(path), { timeout: 15_000 }).not.toContain("data-proof");
    expect(await html("/")).not.toContain("What our clients say");

    const { page } = await browser.open("/case-studies", { viewport: { width: 390, height: 844 } });
    await page.getByText("Our first case studies are being written.").waitFor();
    await expectAccessible(page);
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px: a case study created and published in the console is on the list, its page and the home`, async () => {
      const title = `Console case study ${width} ${Date.now()}`;
      const viewport = { width, height: 900 };
      const { page, errors } = await openSignedIn(browser, `${site()}/dashboard/case-studies`, { viewport });
      await page.getByRole("button", { name: "New case study" }).click();
      const dialog = page.getByRole("dialog", { name: "New case study" });
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Industry").fill("Insurance");
      await dialog.getByLabel("Summary").fill("A claims-analytics team in Chennai.");
      await dialog.getByLabel("Engagement model").selectOption("bot");
      await dialog.getByLabel("City").fill("Chennai");
      await dialog.getByRole("button", { name: "Add a figure" }).click();
      await dialog.getByLabel("Figure 1", { exact: true }).fill("45%");
      await dialog.getByLabel("What figure 1 measures").fill("faster claims review");
      await dialog.getByLabel("Quote", { exact: true }).fill("A team that felt like ours.");
      // A draft first: Save refuses nothing, and the list shows it as a draft.
      await expectAccessible(page);
      await dialog.getByLabel("Status").selectOption("published");
      await dialog.getByRole("button", { name: "Save" }).click();
      await page.getByText("Case study created.").waitFor();
      await page.locator("tbody tr, li").filter({ hasText: title }).first().waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);

      const visitor = (await browser.newPage({ viewport })).page;
      await expect
        .poll(async () => (await html("/case-studies")).includes(title), { timeout: 15_000 })
        .toBe(true);
      await visitor.goto("/case-studies");
      await waitForHydration(visitor);
      await expectAccessible(visitor);
      await visitor.getByRole("link", { name: title }).click();
      await visitor.waitForURL(/\/case-studies\/console-case-study-/);
      await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
      await visitor.getByText("faster claims review").waitFor();
      const slug = new URL(visitor.url()).pathname.split("/").pop();
      const article = (await jsonLdOf(visitor)).find((d) => d["@type"] === "Article");
      expect(article).toMatchObject({ headline: title, description: "A claims-analytics team in Chennai." });
      expect(await visitor.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
        new RegExp(`/og/case-studies/${slug}\\.jpg$`),
      );
      for (const network of ["LinkedIn", "X", "E-mail"])
        await visitor.getByRole("link", { name: new RegExp(`^${network}`) }).waitFor();
      expect(await visitor.getByLabel("Copy link").inputValue()).toBe(`${site()}/case-studies/${slug}`);
      await expectAccessible(visitor);

      // The proof blocks: on the home and the model's pages, not on another model's.
      expect(await html("/")).toContain(title);
      expect(await html("/build-operator/bot_modal")).toContain(title);
      expect(await html("/details/features")).not.toContain(title);
      await visitor.goto("/");
      await waitForHydration(visitor);
      await visitor.getByRole("heading", { name: "What we have built with our clients" }).waitFor();
      await expectAccessible(visitor);
    });
  }
});
