import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { staticPublicPaths } from "#shared/content/public-paths.ts";
import { setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

const WIDTHS = [320, 360, 390, 768] as const;

/**
 * Lines of text that start inside the viewport and run past its right edge. A clipped box (overflow hidden)
 * does not widen the page, so the page's scroll width cannot see these; each rendered line of text can.
 */
function textRunningPastEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      // Screen-reader-only text is clipped to a 1 px box on purpose.
      if (parent.closest(".sr-only, [hidden], [inert], [aria-hidden='true']")) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width > 0 && line.left >= 0 && line.left < width && line.right > width + 0.5) {
          found.push(`"${text.slice(0, 40)}" ${Math.round(line.left)}..${Math.round(line.right)} px`);
          break;
        }
      }
    }
    return found;
  });
}

/** Left and right edges of an element. */
const edges = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );

describe("text fits the screen", () => {
  it.each(WIDTHS)(
    "every hero slide's headline and text, and the arrows, are inside the viewport at %i px",
    async (width) => {
      // Reduced motion: a slide is in place as soon as it is current, with no transition to wait for.
      const { page } = await browser.open("/", { viewport: { width, height: 800 }, reducedMotion: "reduce" });
      await waitForHydration(page);
      const hero = page.getByRole("region", { name: "Highlights" });
      const arrows = hero.getByRole("button", { name: /^(Previous|Next) slide$/ });
      const current = '[aria-label="Highlights"] [aria-roledescription="slide"]:not([inert])';
      const slides = await hero.locator('[aria-roledescription="slide"]').count();
      expect(slides).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < slides; i++) {
        const boxes = [
          ...(await edges(page, `${current} :is(h1, h2)`)),
          ...(await edges(page, `${current} p`)),
          ...(await arrows.evaluateAll((els) =>
            els.map((el) => {
              const box = el.getBoundingClientRect();
              return { left: box.left, right: box.right };
            }),
          )),
        ];
        expect(boxes.length, `slide ${i + 1}`).toBeGreaterThanOrEqual(4);
        for (const box of boxes) {
          expect(box.left, `slide ${i + 1}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `slide ${i + 1}`).toBeLessThanOrEqual(width);
        }
        const heading = await page.locator(`${current} :is(h1, h2)`).textContent();
        await hero.getByRole("button", { name: "Next slide" }).click();
        if (i < slides - 1)
          await expect.poll(() => page.locator(`${current} :is(h1, h2)`).textContent()).not.toBe(heading);
      }
    },
  );

  it.each(WIDTHS)(
    "the header's logo stays on one line and its controls inside the viewport at %i px",
    async (width) => {
      const { page } = await browser.open("/", { viewport: { width, height: 800 } });
      const lines = await page.locator('header a[aria-label="GCC View 360, home"] > span').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBeLessThanOrEqual(1);
      const controls = await edges(page, "header a:not(.sr-only):visible, header button:visible");
      expect(controls.length).toBeGreaterThanOrEqual(3);
      for (const box of controls) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
      }
    },
  );

  it("no public page pans sideways, and no text on it starts inside the viewport and runs past its edge", async () => {
    const { page } = await browser.newPage();
    const paths = [...staticPublicPaths, "/blog/3", "/blog?tag=GCC", "/careers-details?jobId=1"];
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth !== width) problems.push(`${path} at ${width} px: ${scrollWidth} px wide`);
        for (const line of await textRunningPastEdge(page)) problems.push(`${path} at ${width} px: ${line}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
