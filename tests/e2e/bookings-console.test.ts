import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { asAdmin, openSignedIn } from "./support/console";

const browser = setupBrowser();

/** A call booked through the API as a visitor would; answers its start. */
async function bookCall(name: string) {
  const { slots } = (await (await fetch(`${baseURL()}/api/bookings/slots`)).json()) as {
    slots: { start: string }[];
  };
  const start = slots.at(-1)!.start;
  const res = await fetch(`${baseURL()}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ start, name, email: `console-${Date.now()}@example.com`, time_zone: "UTC" }),
  });
  expect(res.status).toBe(201);
  return start;
}

describe("the console's Bookings screen", () => {
  it.each([390, 1280])("saves the weekly hours and cancels an upcoming call, at %i px", async (width) => {
    const name = `Console Caller ${width}`;
    await bookCall(name);
    const { page } = await openSignedIn(browser, "/dashboard/bookings", { viewport: { width, height: 900 } });
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    await expectAccessible(page);

    await page.getByLabel("Saturday").fill("10:00-12:00");
    await page.getByLabel("Sunday").fill("9:00");
    await page.getByRole("button", { name: "Save hours" }).click();
    await page.getByText("1 field needs attention.").waitFor();
    expect(await page.getByLabel("Sunday").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Write times as HH:MM, such as 09:30").count()).toBe(1);
    await page.getByLabel("Sunday").fill("");
    await page.getByRole("button", { name: "Save hours" }).click();
    await page.getByText("Booking hours saved.").waitFor();
    const saved = await asAdmin<{ data: { hours: { start: string; end: string }[][] } }>(
      "GET",
      "/api/booking_settings",
    );
    expect(saved.data.hours[5]).toEqual([{ start: "10:00", end: "12:00" }]);
    expect(saved.data.hours[6]).toEqual([]);

    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Cancel call" }).click();
    await row.waitFor({ state: "detached" });
    if (process.env.BOOKING_SHOTS)
      await page.screenshot({
        path: `${process.env.BOOKING_SHOTS}/book-console-${width}.png`,
        fullPage: true,
      });
  });
});
