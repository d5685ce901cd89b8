import type { Download, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { truckBody } from "../support/logistics-bodies";
import { baseURL, expectAccessible, setupBrowser } from "./support/browser";
import { adminToken, createMember, openSignedIn } from "./support/console";

// a list's spreadsheet import, in the browser. Export trucks, edit the file as a spreadsheet would
// and import it back (matched by vehicle number); a file with bad rows shows them before anything is
// written and hands them back as CSV; Undo puts the list back as it was.

const browser = setupBrowser();
let token = "";
beforeAll(async () => {
  token = await adminToken();
});

const TRUCKS = "/dashboard/services/truck_details";
const PHONE = { width: 390, height: 844 };

interface Truck {
  truck_id: number;
  vehicle_number: string;
  owner_name: string;
  company_name: string;
  to_city: string;
}
async function trucksOf(owner: string): Promise<Truck[]> {
  const res = await fetch(`${baseURL()}/api/trucks?page_size=50&search=${encodeURIComponent(owner)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { truck_data: Truck[] }).truck_data;
}

let serial = Date.now() % 9000;
/** A registration number no other test or demo truck has (the import matches trucks by it). */
const vehicle = () => `KA${String(10 + (serial % 89))}QZ${String(1000 + (++serial % 9000))}`;

async function createTrucks(owner: string, count: number) {
  const phone = await createMember(token, "Import");
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${baseURL()}/api/trucks`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(
        truckBody(phone, { vehicle_number: vehicle(), owner_name: owner, to_city: "Delhi" }),
      ),
    });
    expect(res.status).toBe(201);
  }
  return phone;
}

const textOf = async (download: Download) =>
  Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");

/** The cells of one CSV line (quotes doubled inside quoted cells; no line breaks in these). */
function cellsOf(line: string) {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
}
const lineOf = (cells: string[]) =>
  cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(",");

async function openImport(page: Page) {
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import trucks from CSV" });
  await dialog.getByRole("heading", { name: "Step 1 of 5: Choose a file" }).waitFor();
  return dialog;
}

async function chooseFile(page: Page, name: string, csv: string) {
  const dialog = page.getByRole("dialog", { name: "Import trucks from CSV" });
  await dialog.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("heading", { name: "Step 2 of 5: Match the columns" }).waitFor();
  return dialog;
}

describe("importing a spreadsheet into a console list", () => {
  it("round-trips an export: 2 edited cells and 1 added row give 2 updated, 1 new, the rest unchanged; Undo puts it back", async () => {
    const owner = `Importowner${Date.now() % 1_000_000}`;
    const phone = await createTrucks(owner, 4);
    const before = await trucksOf(owner);
    const { page, errors } = await openSignedIn(browser, `${TRUCKS}?search=${owner}`);
    await expect.poll(() => page.locator("tbody tr").count()).toBe(4);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const lines = (await textOf(download)).trim().split("\r\n");
    const header = cellsOf(lines[0]!);
    const column = (name: string) => header.indexOf(name);
    const rows = lines.slice(1).map(cellsOf);
    // As in a spreadsheet: two cells edited, one row added below.
    rows[0]![column("To")] = "Chennai";
    rows[1]![column("Company name")] = "Edited Roadways";
    const added = [...rows[0]!];
    added[column("Truck id")] = "";
    added[column("Added")] = "";
    added[column("Vehicle number")] = vehicle();
    added[column("Owner name")] = owner;
    const edited = [header, ...rows, added].map(lineOf).join("\r\n");

    const dialog = await openImport(page);
    await dialog.getByText("No imports yet.").or(dialog.getByRole("list")).first().waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-1-choose-1280.png" });

    await chooseFile(page, "trucks-edited.csv", edited);
    // Every column of the export is matched by its header; the id and date columns are not imported.
    await expect.poll(() => dialog.getByLabel("Vehicle number").inputValue()).toBe("vehicle_number");
    expect(await dialog.getByLabel("Truck id").inputValue()).toBe("");
    expect(await dialog.getByLabel("Added").inputValue()).toBe("");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-2-map-1280.png" });

    await dialog.getByRole("button", { name: "Check rows" }).click();
    await dialog.getByRole("heading", { name: "Step 4 of 5: Check the rows" }).waitFor();
    const tiles = dialog.getByRole("definition");
    const tile = (outcome: string) => dialog.locator(`[data-outcome=${outcome}]`);
    await tiles.first().waitFor();
    expect(await tile("new").textContent()).toBe("1");
    expect(await tile("updated").textContent()).toBe("2");
    expect(await tile("unchanged").textContent()).toBe("2");
    expect(await tile("invalid").textContent()).toBe("0");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-3-check-1280.png" });

    await dialog.getByRole("button", { name: "Import 3 rows" }).click();
    await dialog.getByRole("heading", { name: "Step 5 of 5: Done" }).waitFor();
    // The dialog's own summary; the same words come as a toast, drawn inside the open dialog.
    await dialog.getByText("Imported trucks-edited.csv: 1 new, 2 updated trucks.").first().waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-4-done-1280.png" });

    const after = await trucksOf(owner);
    expect(after).toHaveLength(5);
    const byId = new Map(after.map((t) => [t.truck_id, t]));
    const firstId = Number(rows[0]![column("Truck id")]);
    const secondId = Number(rows[1]![column("Truck id")]);
    expect(byId.get(firstId)!.to_city).toBe("Chennai");
    expect(byId.get(secondId)!.company_name).toBe("Edited Roadways");
    // The list behind the dialog shows the new truck once the dialog closes, and focus is back on its opener.
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(5);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Import CSV");

    // Undo, from the recent imports of the dialog.
    await openImport(page);
    await page.getByRole("button", { name: "Undo the import of trucks-edited.csv" }).click();
    const confirm = page.getByRole("dialog", { name: "Undo import" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Undo import" }).click();
    await page
      .getByText("Import undone: 1 truck removed (in Recently deleted), 2 trucks put back as they were.")
      .waitFor();
    const undone = await trucksOf(owner);
    expect(
      undone
        .map(({ truck_id, to_city, company_name }) => ({ truck_id, to_city, company_name }))
        .sort((a, b) => a.truck_id - b.truck_id),
    ).toEqual(
      before
        .map(({ truck_id, to_city, company_name }) => ({ truck_id, to_city, company_name }))
        .sort((a, b) => a.truck_id - b.truck_id),
    );
    await page.getByText(/^Undone /).waitFor();
    await expectAccessible(page);
    expect(phone).toBeTruthy();

    // What the Undo removed is one entry in Recently deleted, and one Restore brings it back.
    await page.goto(`/dashboard/recently-deleted?search=${added[column("Vehicle number")]}`);
    const entry = page.getByRole("row", { name: /Import of trucks-edited\.csv: 1 truck/ });
    await entry.waitFor();
    expect(await page.locator("tbody tr").count()).toBe(1);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-5-recently-deleted-1280.png" });
    await entry
      .getByRole("button", { name: "Restore all 1 of the Import of trucks-edited.csv: 1 truck" })
      .click();
    await page.getByText("Restored.").waitFor();
    await entry.waitFor({ state: "detached" });
    const restored = await trucksOf(owner);
    expect(restored).toHaveLength(5);
    expect(restored.map((t) => t.vehicle_number)).toContain(added[column("Vehicle number")]);
    expect(errors).toEqual([]);
  });

  it("has Import CSV beside Export CSV on every list that imports, opening that list's import", async () => {
    const lists = [
      ["/dashboard/home", "members"],
      [TRUCKS, "trucks"],
      ["/dashboard/services/driver_details", "drivers"],
      ["/dashboard/services/load_details", "loads"],
      ["/dashboard/services/buy_sell_details", "listings"],
      // The CRM opens on its after-sale customers; the leads are its before-sale view.
      ["/dashboard/crm?view=before_sale", "leads"],
    ] as const;
    const { page, errors } = await openSignedIn(browser, lists[0][0]);
    for (const [path, plural] of lists) {
      const here = new URL(page.url());
      if (here.pathname + here.search !== path) await page.goto(path);
      const button = page.getByRole("button", { name: "Import CSV" });
      await button.waitFor();
      // The very next control of the toolbar is the list's Export CSV.
      expect(await button.evaluate((b) => b.nextElementSibling?.textContent?.trim()), path).toBe(
        "Export CSV",
      );
      await button.click();
      const dialog = page.getByRole("dialog", { name: `Import ${plural} from CSV` });
      await dialog.getByRole("heading", { name: "Step 1 of 5: Choose a file" }).waitFor();
      await dialog.getByLabel("CSV file").waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
    expect(errors).toEqual([]);
  });

  it("shows the commit's progress as the server reports each step, then the counts", async () => {
    const owner = `Progress${Date.now() % 1_000_000}`;
    const phone = await createMember(token, "Progress");
    const rows = Array.from(
      { length: 1000 },
      () => `${vehicle()},${phone},${owner},Container,10,10-20,Tata,Maharashtra`,
    );
    const csv = ["Vehicle number,Phone number,Owner name,Body type,Tyres,Tonnage,Brand,State", ...rows].join(
      "\n",
    );
    const { page, errors } = await openSignedIn(browser, `${TRUCKS}?search=${owner}`);
    const dialog = await openImport(page);
    await chooseFile(page, "thousand.csv", csv);
    await dialog.getByRole("button", { name: "Check rows" }).click();
    const start = dialog.getByRole("button", { name: "Import 1,000 rows" });
    await start.waitFor();
    // Every value the progress bar shows, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Import progress"]');
        const value = bar?.getAttribute("aria-valuenow");
        if (value && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await start.click();
    await dialog.getByText("Imported thousand.csv: 1,000 new, 0 updated trucks.").first().waitFor();
    expect(await dialog.locator("[data-outcome=new]").textContent()).toBe("1,000");
    const seen = (
      await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)
    ).map(Number);
    // It started at 0 and moved on during the commit: steps of 50 rows reached the dialog before the end.
    expect(seen[0]).toBe(0);
    expect(
      seen.some((done) => done > 0 && done < 1000),
      seen.join(","),
    ).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((done) => done % 50 === 0)).toBe(true);
    // Leave the list as it was for the other tests.
    const batch = (await (
      await fetch(`${baseURL()}/api/imports?type=trucks`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: number; file_name: string }[] };
    const id = batch.data.find((b) => b.file_name === "thousand.csv")!.id;
    const undone = await fetch(`${baseURL()}/api/imports/${id}/undo`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(undone.status).toBe(200);
    expect(errors).toEqual([]);
  });

  it("on a phone: 3 bad rows are shown with their reasons before anything is written, the others import, and the 3 come back as CSV", async () => {
    const owner = `Badrows${Date.now() % 1_000_000}`;
    const phone = await createTrucks(owner, 1);
    const { page, errors } = await openSignedIn(browser, `${TRUCKS}?search=${owner}`, { viewport: PHONE });
    await expect.poll(() => page.locator("main li, main tbody tr").count()).toBeGreaterThan(0);
    const header = "Vehicle number,Phone number,Owner name,Body type,Tyres,Tonnage,Brand,State";
    const good = (n: string) => `${n},${phone},${owner},Container,10,10-20,Tata,Maharashtra`;
    const csv = [
      header,
      good(vehicle()),
      `NOT-A-NUMBER,${phone},${owner},Container,10,10-20,Tata,Maharashtra`,
      good(vehicle()),
      `${vehicle()},${phone},${owner},Container,7,10-20,Tata,Atlantis`,
      `${vehicle()},12345,${owner},Container,10,10-20,Tata,Goa`,
    ].join("\n");

    const dialog = await openImport(page);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-1-choose-390.png" });
    await chooseFile(page, "bad-rows.csv", csv);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-2-map-390.png" });
    await dialog.getByRole("button", { name: "Check rows" }).click();
    // "7" tyres and "Atlantis" match no choice: asked about first; left as they are, their row is refused.
    await dialog.getByRole("heading", { name: "Step 3 of 5: Fix values" }).waitFor();
    expect(await dialog.getByRole("list", { name: "Values to fix" }).getByRole("listitem").count()).toBe(2);
    await dialog.getByRole("button", { name: "Apply and check rows" }).click();
    await dialog.getByRole("heading", { name: "3 rows have problems" }).waitFor();
    const problems = dialog.locator("[data-row]");
    expect(await problems.count()).toBe(3);
    expect(await problems.nth(0).textContent()).toContain("Enter a vehicle number like");
    expect(await problems.nth(1).textContent()).toContain(
      'Tyres "7" is not recognised. Tyres must be one of:',
    );
    expect(await problems.nth(1).textContent()).toContain('State "Atlantis" is not recognised.');
    expect(await problems.nth(2).textContent()).toContain("Enter a 10-digit Indian mobile number");
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-3-check-390.png", fullPage: true });

    await dialog.getByRole("button", { name: "Import 2 rows" }).click();
    await dialog.getByText("Imported bad-rows.csv: 2 new, 0 updated trucks.").first().waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/import-4-done-390.png" });
    expect(await trucksOf(owner)).toHaveLength(3);

    const [failed] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download the 3 rows that failed" }).click(),
    ]);
    expect(failed.suggestedFilename()).toBe("bad-rows-failed-rows.csv");
    const lines = (await textOf(failed)).trim().split("\r\n");
    expect(lines[0]).toBe(`${header},Error`);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^NOT-A-NUMBER,.*Vehicle number: Enter a vehicle number like/);
    expect(lines[2]).toContain('Tyres: Tyres ""7"" is not recognised. Tyres must be one of: 4 tyres');
    expect(lines[2]).toContain('State: State ""Atlantis"" is not recognised. State must be one of:');
    expect(lines[3]).toContain("Phone number: Enter a 10-digit Indian mobile number");
    expect(errors).toEqual([]);
  });
});
