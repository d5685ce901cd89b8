import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { decodedText } from "../support/smtp";
import { expectAccessible, setupBrowser } from "./support/browser";
import { startOwnMailServer } from "./support/own-server";

/**
 * The link in a booking's mail: the visitor moves the call to another time (a new link comes by mail and the old
 * one stops working), then cancels it; on a phone and a laptop, with the page's own small script.
 */
const { site, smtp } = startOwnMailServer();
const browser = setupBrowser(site);
const SHOTS = "/work/wt/shots";
const ZONE = "Europe/Berlin";

/** The manage links mailed to an address so far, oldest first. */
const manageLinks = (to: string) =>
  smtp()
    .received.filter((m) => m.to.includes(to))
    .map(
      (m) => /http:\/\/127\.0\.0\.1:\d+\/book-a-call\/manage\/[A-Za-z0-9_-]+/.exec(decodedText(m.raw))?.[0],
    )
    .filter((link): link is string => Boolean(link));

async function pickSlot(page: Page, index: number) {
  const radio = page.locator('input[name="start"]').nth(index);
  const start = (await radio.getAttribute("value"))!;
  await page.locator("label.slot-option").nth(index).click();
  expect(await radio.isChecked()).toBe(true);
  return start;
}

describe("managing a booked call from its mail", () => {
  it.each([
    [390, 844],
    [1280, 800],
  ])("moves the call, then cancels it, at %i px", async (width, height) => {
    const email = `manage-${width}-${Date.now()}@example.com`;
    const viewport = { width, height };
    const { page, errors } = await browser.open(`/book-a-call?tz=${encodeURIComponent(ZONE)}`, {
      viewport,
      timezoneId: ZONE,
    });
    await pickSlot(page, 0);
    await page.getByLabel("Your name").fill("Asha Verma");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Book the call" }).click();
    await page.waitForURL("**/book-a-call/confirmed?**");
    await expect.poll(() => manageLinks(email).length, { timeout: 30_000 }).toBe(1);
    const [firstLink] = manageLinks(email);

    await page.goto(firstLink!);
    await page.getByRole("heading", { name: "Your 30-minute call" }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/book-manage-${width}.png`, fullPage: true });
    // The booked time is not offered as a new one.
    const booked = await page.locator("#current-heading + p").textContent();
    const moveTo = await pickSlot(page, 1);
    await page.getByRole("button", { name: "Move the call" }).click();
    await page.waitForURL("**/book-a-call/confirmed?**");
    const status = await page.getByRole("status").filter({ hasText: "Your 30-minute call" }).textContent();
    expect(status).not.toContain(booked);
    expect(moveTo).toBeTruthy();

    // A new link by mail; the old one no longer moves or cancels anything.
    await expect.poll(() => manageLinks(email).length, { timeout: 30_000 }).toBe(2);
    const secondLink = manageLinks(email)[1]!;
    expect(secondLink).not.toBe(firstLink);
    await page.goto(firstLink!);
    await page.getByText("This link no longer works").waitFor();
    expect(await page.getByRole("button", { name: "Cancel the call" }).count()).toBe(0);

    await page.goto(secondLink);
    await page.getByRole("button", { name: "Cancel the call" }).click();
    await page.getByRole("status").filter({ hasText: "Your call is cancelled." }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/book-manage-cancelled-${width}.png` });
    await page.goto(secondLink);
    await page.getByText("This link no longer works").waitFor();
    expect(errors).toEqual([]);
  });
});
