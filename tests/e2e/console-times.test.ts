import { beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";
import { asAdmin, openSignedIn, sendEnquiry } from "./support/console";

// "one rule for times": an operator in New York reads India time, labelled IST, on screen, in the CSV
// and on the public site, and the CSV file is dated by the India date.

const browser = setupBrowser();
const NEW_YORK = { timezoneId: "America/New_York", viewport: { width: 1280, height: 900 } };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const stamp = Date.now();
const ENQUIRER = `Timezone${stamp}`;
const JOB = `Time zone analyst ${stamp}`;
let job: { id: number; created_at: string };

/** "27 Nov 2026" or "27 November 2026" → "2026-11-27". */
function isoDay(text: string) {
  const [, day, month, year] = /(\d{1,2}) ([A-Z][a-z]{2})[a-z]* (\d{4})/.exec(text) ?? [];
  expect(month, text).toBeDefined();
  return `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, "0")}-${day!.padStart(2, "0")}`;
}

/** The calendar date ("2026-11-27") of a moment in a time zone. */
const dayIn = (timeZone: string, moment: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(moment));

/** "27 Nov 2026, 12:29 am IST" → "2026-11-27 00:29", the way the CSV writes a moment. */
function csvMoment(text: string) {
  const [, hour, minute, half] = /, (\d{1,2}):(\d{2}) (am|pm) IST$/.exec(text) ?? [];
  expect(half, text).toBeDefined();
  const h24 = (Number(hour) % 12) + (half === "pm" ? 12 : 0);
  return `${isoDay(text)} ${String(h24).padStart(2, "0")}:${minute}`;
}

beforeAll(async () => {
  await sendEnquiry({
    first_name: ENQUIRER,
    last_name: "Abroad",
    email: "abroad@example.com",
    message: "Which time is it in Pune?",
  });
  ({ data: job } = await asAdmin<{ data: typeof job }>("POST", "/api/jobs", {
    job_title: JOB,
    company: "GCC View 360",
    location: "Pune",
  }));
});

describe("times for an operator in New York", () => {
  it("shows an enquiry's time as its CSV cell says, labelled IST, in a file dated by the India date", async () => {
    const { page, errors } = await openSignedIn(browser, `/dashboard/enquiries?search=${ENQUIRER}`, NEW_YORK);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      "America/New_York",
    );
    const row = page.locator("tbody tr").filter({ hasText: `${ENQUIRER} Abroad` });
    const received = (await row.locator("td").first().textContent())!;
    expect(received).toMatch(/ IST$/);

    // 20:00 in New York on 4 March is 06:30 on 5 March in India (and 01:00 UTC on 5 March): with the UTC date
    // or New York's, the file would be dated the 4th.
    await page.clock.setFixedTime(new Date("2026-03-04T20:00:00-05:00"));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-2026-03-05\.csv$/);
    const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header!.split(",")[0]).toBe("Received (IST)");
    const line = lines.find((l) => l.includes(ENQUIRER));
    expect(line!.split(",")[0]).toBe(csvMoment(received));
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("posts a job on the same date in the console's list and on the public job page", async () => {
    const indiaDay = dayIn("Asia/Kolkata", job.created_at);
    // A browser zone whose date differs from India's at the job's creation (UTC-12 or UTC+14: one of the two
    // always does), so a date drawn in the browser's zone cannot pass.
    const timezoneId = ["Etc/GMT+12", "Pacific/Kiritimati"].find(
      (z) => dayIn(z, job.created_at) !== indiaDay,
    )!;
    const { page, errors } = await openSignedIn(
      browser,
      `/dashboard/jobs?search=${encodeURIComponent(JOB)}`,
      {
        ...NEW_YORK,
        timezoneId,
      },
    );
    const row = page.locator("tbody tr").filter({ hasText: JOB });
    await row.waitFor();
    const headers = await page.locator("thead th").allTextContents();
    const posted = (await row
      .locator("td")
      .nth(headers.findIndex((h) => h.startsWith("Posted")))
      .textContent())!;

    expect(isoDay(posted)).toBe(indiaDay);

    await page.goto(`/careers-details?jobId=${job.id}`);
    const onSite = (await page.locator("span", { hasText: "Posted on" }).locator("time").textContent())!;
    expect(isoDay(onSite)).toBe(indiaDay);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
