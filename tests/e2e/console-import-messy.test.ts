import { mkdirSync } from "node:fs";
import type { Download, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, createMember, freshPhone, openSignedIn } from "./support/console";

// The sheet an office keeps, imported on a phone: a byte order mark, CRLF, its own headers, phones, states
// and makes spelt its way, owners who are no member yet, a value nothing recognises and a truly bad row.
// Headers are matched, the unknown value is answered once (and not asked again), the preview shows what
// is stored, the missing member is made with the trucks, and the failed rows can be downloaded at each step.

const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});

const TRUCKS = "/dashboard/services/truck_details";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const SHOTS = "/work/wt/shots";

let serial = Date.now() % 8000;
const vehicle = (code = "WB") => `${code}${String(10 + (serial % 89))}MZ${String(1000 + (++serial % 9000))}`;
const spaced = (digits: string) => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
const textOf = async (download: Download) =>
  Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");

/** The step at 390 px and at 1280 px, checked with axe at both. */
async function shoot(page: Page, step: string) {
  mkdirSync(SHOTS, { recursive: true });
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/import-${step}-390.png` });
  await page.setViewportSize(LAPTOP);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/import-${step}-1280.png` });
  await page.setViewportSize(PHONE);
}

async function failedRows(page: Page, dialog: Locator, name: RegExp) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name }).click(),
  ]);
  return (await textOf(download))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
}

describe("importing an office's messy truck sheet on a phone", () => {
  it("matches headers, asks about the unknown value once, shows stored values, makes the member, hands back failed rows", async () => {
    const known = await createMember(token, "Messy");
    const newOwner = freshPhone();
    const owner = `Messyowner${Date.now() % 1_000_000}`;
    const header =
      "Sr. No.,Vehicle No.,Owner Name,Mobile No.,Company,Make,No. of Tyres,Capacity (Tons),Body,State";
    const rows = [
      `1,${vehicle()},${owner},${spaced(known)},,Tata Motors,10 wheeler,9 MT,Open,W.B.`,
      `2,${vehicle("OD")},${owner} Das,0${newOwner},"Das Carriers, Cuttack",Leyland,6,5-10,Tipper,Orissa`,
      `3,${vehicle("OD")},${owner} Das,${newOwner.slice(0, 5)}-${newOwner.slice(5)},"Das Carriers, Cuttack",Eicher Motors,12 Tyres,25,Trailer,Orissa`,
      `4,${vehicle("MH")},${owner},${spaced(known)},,TATA,10,16 Tons,Container,Bombay`,
      `5,${vehicle("MH")},${owner},${spaced(known)},,Tata,10,16 Tons,Container,bombay`,
      `6,UNREGISTERED,${owner},${spaced(known)},,Tata,10,16 Tons,Container,Kerela`,
    ];
    const csv = `\uFEFF${[header, ...rows].join("\r\n")}\r\n`;

    const { page, errors } = await openSignedIn(browser, `${TRUCKS}?search=${owner}`, { viewport: PHONE });
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import trucks from CSV" });
    await dialog.getByRole("heading", { name: "Step 1 of 5: Choose a file" }).waitFor();
    await dialog.getByText("No imports yet.").or(dialog.getByRole("list")).first().waitFor();
    await shoot(page, "1-choose");

    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "office-trucks.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByRole("heading", { name: "Step 2 of 5: Match the columns" }).waitFor();
    // Every header is matched by meaning; the serial number column is not imported.
    const mapped = {
      "Sr. No.": "",
      "Vehicle No.": "vehicle_number",
      "Owner Name": "owner_name",
      "Mobile No.": "contact_no",
      Company: "company_name",
      Make: "brand",
      "No. of Tyres": "tyres",
      "Capacity (Tons)": "tonnage_band",
      Body: "body_type",
      State: "state",
    };
    for (const [label, field] of Object.entries(mapped))
      expect(await dialog.getByLabel(label, { exact: true }).inputValue(), label).toBe(field);
    // The owner who is no member yet is said on the first screen after the upload, with the offer to make them.
    await dialog.getByText("2 rows name a phone number no member has").waitFor();
    // Every step hands back the rows with problems: here the 2 "Bombay" rows, the bad one and the 2 of the new owner.
    const atMap = await failedRows(page, dialog, /Download the rows with problems/);
    expect(atMap).toHaveLength(6);
    expect(atMap.filter((line) => line.includes("No member has the mobile number"))).toHaveLength(2);
    await shoot(page, "2-map");
    await dialog.getByLabel(/Create the missing members from the sheet/).check();
    await dialog.getByRole("button", { name: "Check rows" }).click();

    await dialog.getByRole("heading", { name: "Step 3 of 5: Fix values" }).waitFor();
    const fixes = dialog.getByRole("list", { name: "Values to fix" }).getByRole("listitem");
    // "Bombay" and "bombay" are one value, listed once with its two rows; everything else was recognised.
    expect(await fixes.count()).toBe(1);
    expect(await fixes.first().textContent()).toContain("‘Bombay’ (2 rows, column State) → State");
    // The rows with problems can be downloaded here already.
    const atFix = await failedRows(page, dialog, /Download the 3 rows with problems/);
    expect(atFix).toHaveLength(4);
    await shoot(page, "3-fix-values");
    await dialog.getByLabel(/‘Bombay’/).selectOption({ label: "Maharashtra" });
    await dialog.getByRole("button", { name: "Apply and check rows" }).click();

    await dialog.getByRole("heading", { name: "Step 4 of 5: Check the rows" }).waitFor();
    expect(await dialog.locator("[data-outcome=new]").textContent()).toBe("5");
    expect(await dialog.locator("[data-outcome=invalid]").textContent()).toBe("1");
    await dialog.getByText("1 member will be created").waitFor();
    await dialog
      .getByText("Vehicle No.: Enter a vehicle number like MH12AB1234 or 22BH1234AB · 1 row")
      .waitFor();
    // The preview shows what will be stored, not what was typed.
    const preview = dialog.getByRole("list", { name: "First rows of the file" });
    const firstRow = await preview.getByRole("listitem").first().textContent();
    expect(firstRow).toContain(spaced(known));
    expect(firstRow).toContain("West Bengal");
    expect(firstRow).toContain("Tata");
    expect(firstRow).toContain("10 tyres");
    expect(firstRow).toContain("5-10 Ton");
    expect(await preview.getByRole("listitem").nth(1).textContent()).toContain("Odisha");
    const atCheck = await failedRows(page, dialog, /Download the row with problems/);
    expect(atCheck).toHaveLength(2);
    expect(atCheck[1]).toContain("UNREGISTERED");
    await shoot(page, "4-check");

    await dialog.getByRole("button", { name: "Import 5 rows" }).click();
    await dialog.getByRole("heading", { name: "Step 5 of 5: Done" }).waitFor();
    const done = await failedRows(page, dialog, /Download the row\s+that failed/);
    expect(done[0]).toBe(`${header},Error`);
    expect(done[1]).toMatch(/^6,UNREGISTERED,.*Vehicle No\.: Enter a vehicle number/);
    await shoot(page, "5-done");

    // The new owner is a member now, made in the same import, with the company and state of the sheet.
    const res = await fetch(`${baseURL()}/api/members?search=${newOwner}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const made = (await res.json()) as { members_data?: unknown[]; member_data?: unknown[] };
    expect(JSON.stringify(made)).toContain("Das Carriers, Cuttack");

    // The answer is remembered: the next file with "Bombay" goes straight to the check.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: "Import CSV" }).click();
    await dialog.getByRole("heading", { name: "Step 1 of 5: Choose a file" }).waitFor();
    const again = `${header}\r\n7,${vehicle("MH")},${owner},${spaced(known)},,Tata,10,16 Tons,Container,BOMBAY\r\n`;
    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "office-trucks-2.csv", mimeType: "text/csv", buffer: Buffer.from(again) });
    await dialog.getByRole("heading", { name: "Step 2 of 5: Match the columns" }).waitFor();
    await dialog.getByRole("button", { name: "Check rows" }).click();
    await dialog.getByRole("heading", { name: "Step 4 of 5: Check the rows" }).waitFor();
    expect(await dialog.locator("[data-outcome=new]").textContent()).toBe("1");
    expect(await preview.getByRole("listitem").first().textContent()).toContain("Maharashtra");
    // The answer it was read by is shown, and can be changed.
    await dialog.getByText("‘BOMBAY’ → Maharashtra (1 row)").waitFor();
    await dialog.getByRole("button", { name: "Change these answers" }).click();
    await dialog.getByRole("heading", { name: "Step 3 of 5: Fix values" }).waitFor();
    expect(await dialog.getByLabel(/‘BOMBAY’/).inputValue()).toBe("18");
    expect(errors).toEqual([]);
  });
});
