import { demoSettings } from "#db/seed/demo-content.ts";
import { withFigures } from "#shared/figures.ts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { heroSlides } from "#shared/content/home.ts";
import { engagementModels } from "#shared/content/models.ts";
import { solutions } from "#shared/content/solutions.ts";
import { expectAccessible, setupBrowser, waitForHydration } from "./support/browser";

const browser = setupBrowser();

const hero = (page: Page) => page.getByRole("region", { name: "Highlights" });
const offerings = (page: Page) => page.getByRole("region", { name: "Solutions and offerings" });
const indexOf = async (carousel: Locator) => Number(await carousel.getAttribute("data-carousel-index"));

/** Cards of the active slide that are actually inside the carousel's visible box. */
async function visibleCards(carousel: Locator): Promise<string[]> {
  return carousel.evaluate((root) => {
    const frame = root.querySelector(".overflow-hidden")!.getBoundingClientRect();
    return [...root.querySelectorAll<HTMLElement>("[data-carousel-item]")]
      .filter((item) => {
        const box = item.getBoundingClientRect();
        return box.width > 0 && box.left >= frame.left - 1 && box.right <= frame.right + 1;
      })
      .map((item) => item.querySelector("h3")?.textContent ?? "");
  });
}

describe("home page", () => {
  it("has the hero, models, about, experience and solutions sections with working links", async () => {
    const { page, errors } = await browser.open("/");
    await waitForHydration(page);
    const carousel = hero(page);
    expect(await carousel.getAttribute("aria-roledescription")).toBe("carousel");
    const slides = carousel.locator('[aria-roledescription="slide"]');
    expect(await slides.count()).toBe(3);
    expect(await slides.first().getAttribute("aria-label")).toBe("1 of 3");

    const models = page.locator("#models");
    for (const model of engagementModels) {
      expect(await models.getByRole("link", { name: model.title }).getAttribute("href")).toBe(model.path);
    }
    expect(await models.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact");
    const about = page.locator("#about");
    expect(await about.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe("/contact");
    expect(await about.getByRole("link", { name: /^Read More/ }).getAttribute("href")).toBe("/about-page");
    // The demo's figures (site settings): the six demo leaders have about 120 years between them.
    expect((await page.locator("#experience dd").allTextContents()).map((t) => t.trim())).toEqual([
      "5,000+",
      "120+",
      "9",
      "3",
      "4",
    ]);

    const cards = offerings(page).locator("[data-carousel-item] h3 a");
    expect(await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
      solutions.map((s) => s.path),
    );
    expect(errors).toEqual([]);
    await expectAccessible(page);
  });

  it("cuts card descriptions over 250 characters with an ellipsis and leaves the others whole", async () => {
    const { page } = await browser.open("/");
    const texts = await offerings(page).locator("[data-card-text]").allTextContents();
    expect(texts).toHaveLength(6);
    let cut = 0;
    // The copy's figure tokens filled in with the demo's figures (site settings), as the page's loader does.
    withFigures(solutions, demoSettings.figures).forEach((solution, i) => {
      const shown = texts[i]!;
      if (solution.description.length > 250) {
        cut++;
        expect(shown.endsWith("…")).toBe(true);
        expect(shown.length).toBeLessThanOrEqual(251);
        expect(solution.description.startsWith(shown.slice(0, -1))).toBe(true);
      } else {
        expect(shown).toBe(solution.description);
      }
    });
    expect(cut).toBeGreaterThan(0);
  });

  it("shows 3 solution cards per slide at 1280 px and 1 below 768 px", async () => {
    const wide = await browser.open("/");
    await waitForHydration(wide.page);
    expect(await offerings(wide.page).getAttribute("data-slide-count")).toBe("2");
    expect(await visibleCards(offerings(wide.page))).toEqual(solutions.slice(0, 3).map((s) => s.title));
    expect(
      await offerings(wide.page)
        .getByRole("button", { name: /^Go to slide/ })
        .count(),
    ).toBe(2);

    const narrow = await browser.open("/", { viewport: { width: 375, height: 800 } });
    await waitForHydration(narrow.page);
    await expect.poll(() => offerings(narrow.page).getAttribute("data-slide-count")).toBe("6");
    expect(await visibleCards(offerings(narrow.page))).toEqual([solutions[0]!.title]);
    expect(
      await offerings(narrow.page)
        .getByRole("button", { name: /^Go to slide/ })
        .count(),
    ).toBe(6);
    // No horizontal scrolling on a phone.
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });

  it("lays out the solution cards per width in the server's HTML, so hydration on a phone rebuilds no card", async () => {
    for (const [width, shown] of [
      [1280, 3],
      [375, 1],
    ] as const) {
      const { page } = await browser.open("/", {
        viewport: { width, height: 900 },
        javaScriptEnabled: false,
      });
      expect(await visibleCards(offerings(page))).toEqual(solutions.slice(0, shown).map((s) => s.title));
    }
    // Counts carousel cards taken out of the document from the first byte on.
    const countRemovedCards = `new MutationObserver((records) => {
        for (const r of records) for (const n of r.removedNodes)
          if (n.nodeType === 1 && (n.matches("[data-carousel-item]") || n.querySelector("[data-carousel-item]")))
            window.__removedCards = (window.__removedCards || 0) + 1;
      }).observe(document, { childList: true, subtree: true });`;
    const { page } = await browser.open("/", { viewport: { width: 375, height: 800 } }, countRemovedCards);
    await waitForHydration(page);
    await expect.poll(() => offerings(page).getAttribute("data-slide-count")).toBe("6");
    expect(await page.evaluate(() => (window as { __removedCards?: number }).__removedCards ?? 0)).toBe(0);
  });

  it("auto-advances the solutions carousel every 3.5 s and never moves the hero", async () => {
    // The page's own clock, moved by hand: the interval is checked exactly, however busy the machine is.
    const { page } = await browser.newPage();
    await page.clock.install();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await waitForHydration(page);
    await page.mouse.move(5, 895);
    expect(await offerings(page).getAttribute("data-running")).toBe("true");
    const index = () => offerings(page).getAttribute("data-carousel-index");
    // Stop the page's time (a second ahead: the page's clock runs on while we ask it), then step it to the next
    // move so the interval is timed from a move.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const before = await index();
    for (let step = 0; step < 40 && (await index()) === before; step++) await page.clock.runFor(100);
    const moved = await index();
    expect(moved).not.toBe(before);
    await page.clock.runFor(3400);
    expect(await index()).toBe(moved);
    await page.clock.runFor(200);
    // 3.5 s, not the 5 s default; two slides at 1280 px, wrapping around.
    await expect.poll(index).toBe(before);
    expect(await indexOf(hero(page))).toBe(0);
    expect(await hero(page).getAttribute("data-running")).toBe("false");
    expect(
      await hero(page)
        .getByRole("button", { name: /automatic slide show/ })
        .count(),
    ).toBe(0);
  });

  it("pauses on hover and on focus, and with the pause button", async () => {
    const { page } = await browser.open("/");
    await waitForHydration(page);
    const carousel = offerings(page);
    await carousel.scrollIntoViewIfNeeded();
    await carousel.hover();
    expect(await carousel.getAttribute("data-running")).toBe("false");
    await page.waitForTimeout(4200);
    expect(await indexOf(carousel)).toBe(0);

    await page.mouse.move(5, 5);
    await expect.poll(() => indexOf(carousel), { timeout: 6000, interval: 100 }).toBe(1);

    await carousel.getByRole("button", { name: "Pause automatic slide show" }).focus();
    expect(await carousel.getAttribute("data-running")).toBe("false");
    await page.keyboard.press("Enter");
    const play = carousel.getByRole("button", { name: "Start automatic slide show" });
    expect(await play.count()).toBe(1);
    // Focus and pointer leave the carousel: it stays paused because the person paused it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(5, 5);
    await page.waitForTimeout(4000);
    expect(await carousel.getAttribute("data-running")).toBe("false");
  });

  it("does not auto-advance for people who prefer reduced motion", async () => {
    const { page } = await browser.open("/", { reducedMotion: "reduce" });
    await waitForHydration(page);
    await page.mouse.move(5, 895);
    expect(await offerings(page).getAttribute("data-running")).toBe("false");
    expect(await offerings(page).getByRole("button", { name: "Start automatic slide show" }).count()).toBe(1);
    await page.waitForTimeout(4200);
    expect(await indexOf(offerings(page))).toBe(0);
  });

  it("is operable by keyboard: buttons, dots and arrow keys, with hidden slides out of the tab order", async () => {
    const { page } = await browser.open("/");
    await waitForHydration(page);
    const carousel = hero(page);
    const slides = carousel.locator('[aria-roledescription="slide"]');
    expect(await slides.nth(1).getAttribute("inert")).not.toBeNull();

    await carousel.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    expect(await indexOf(carousel)).toBe(1);
    expect(await slides.nth(1).getAttribute("inert")).toBeNull();
    expect(await slides.nth(0).getAttribute("inert")).not.toBeNull();
    await page.keyboard.press("ArrowRight");
    expect(await indexOf(carousel)).toBe(2);
    await page.keyboard.press("ArrowRight");
    expect(await indexOf(carousel)).toBe(0); // wraps
    await page.keyboard.press("ArrowLeft");
    expect(await indexOf(carousel)).toBe(2);
    const dot = carousel.getByRole("button", { name: "Go to slide 2" });
    await dot.click();
    expect(await indexOf(carousel)).toBe(1);
    expect(await dot.getAttribute("aria-current")).toBe("true");
    // Announced when moved by the person (not while rotating).
    expect(await carousel.locator("[aria-live]").getAttribute("aria-live")).toBe("polite");
  });

  it("moves on a touch swipe of at least 40 px", async () => {
    const { page } = await browser.open("/", { viewport: { width: 375, height: 800 }, hasTouch: true });
    await waitForHydration(page);
    const carousel = hero(page);
    const swipe = (dx: number) =>
      carousel
        .locator(".overflow-hidden")
        .first()
        .evaluate((frame, distance) => {
          const { left, top, width } = frame.getBoundingClientRect();
          const start = { x: left + width / 2, y: top + 50 };
          const init = { bubbles: true, pointerType: "touch", isPrimary: true, pointerId: 7 };
          frame.dispatchEvent(
            new PointerEvent("pointerdown", { ...init, clientX: start.x, clientY: start.y }),
          );
          frame.dispatchEvent(
            new PointerEvent("pointerup", { ...init, clientX: start.x + distance, clientY: start.y + 5 }),
          );
        }, dx);
    await swipe(-30);
    expect(await indexOf(carousel)).toBe(0);
    await swipe(-60);
    await expect.poll(() => indexOf(carousel)).toBe(1);
    await swipe(60);
    await expect.poll(() => indexOf(carousel)).toBe(0);
  });

  it("lays out only the first screen for the first paint, and the whole page once it has hydrated", async () => {
    const contentVisibility = (page: Page, selector: string) =>
      page.locator(selector).evaluate((el) => getComputedStyle(el).contentVisibility);
    const withoutScript = await browser.open("/", { javaScriptEnabled: false });
    for (const id of ["#models", "#about", "#experience", "#solutions"])
      expect(await contentVisibility(withoutScript.page, id)).toBe("auto");
    // axe misreads skipped light-on-navy text, so the footer is always rendered.
    expect(await contentVisibility(withoutScript.page, "footer")).toBe("visible");

    const { page } = await browser.open("/");
    await waitForHydration(page);
    await expect.poll(() => contentVisibility(page, "#solutions")).toBe("visible");
    expect(await contentVisibility(page, "#models")).toBe("visible");
  });

  it.each([1280, 375])(
    "hero buttons scroll to the about, experience and solutions sections at %i px",
    async (width) => {
      const { page } = await browser.open("/", { reducedMotion: "reduce", viewport: { width, height: 800 } });
      await waitForHydration(page);
      const carousel = hero(page);
      for (const [i, slide] of heroSlides.entries()) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await carousel.getByRole("button", { name: `Go to slide ${i + 1}` }).click();
        await carousel.getByRole("link", { name: slide.cta.label }).click();
        const target = page.locator(`#${slide.cta.target}`);
        await expect
          .poll(() => target.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
          .toBeLessThan(100);
        expect(await target.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(60);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(slide.cta.target);
      }
    },
  );
});
