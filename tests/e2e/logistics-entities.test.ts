import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectAccessible, setupBrowser, waitForHydration } from "./support/browser";
import { adminToken, createMember, freshPhone, openSignedIn as openConsole } from "./support/console";

const browser = setupBrowser();
let token = "";

beforeAll(async () => {
  token = await adminToken();
});

async function openSignedIn(path: string) {
  const opened = await openConsole(browser, path);
  await opened.page.locator("tbody tr").first().waitFor();
  return opened;
}

async function verify(dialog: Locator, phone: string) {
  await dialog.getByLabel("Member's mobile number").fill(phone);
  await dialog.getByRole("button", { name: "Verify mobile" }).click();
  await dialog.getByText(/^Verified:/).waitFor();
}

async function search(page: Page, text: string) {
  await page.getByLabel("Search", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

async function applyFilter(page: Page, label: string, value: string) {
  await page.getByRole("button", { name: /^Filters/ }).click();
  const filters = page.getByRole("dialog", { name: "Filters" });
  await filters.getByLabel(label, { exact: true }).selectOption(value);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => filters.count()).toBe(0);
}

const rows = (page: Page) => page.locator("tbody tr");

async function confirmDelete(page: Page, button: RegExp, toast: string) {
  await page.getByRole("button", { name: button }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await page.getByText(toast).waitFor();
  await expect.poll(() => rows(page).first().textContent()).toMatch(/match/);
}

describe("loads", () => {
  it("creates with a verified mobile, finds it by filter, edits and deletes it", async () => {
    const phone = await createMember(token, "Loadowner");
    const marker = `Granite${Date.now() % 100000}`;
    const { page, errors } = await openSignedIn("/dashboard/services/load_details");
    await page.getByRole("button", { name: "Add load" }).click();
    const dialog = page.getByRole("dialog", { name: "Add load" });
    expect(await dialog.getAttribute("data-size")).toBe("lg");
    // Submitting before verifying shows the rule inline and writes nothing.
    await dialog.getByRole("button", { name: "Create load" }).click();
    await dialog.getByText("Verify the member's mobile number first.").waitFor();
    await verify(dialog, phone);
    await dialog.getByLabel("From city").fill("Pune");
    await dialog.getByLabel("From state").selectOption({ label: "Maharashtra" });
    await dialog.getByLabel("To city").fill("Chennai");
    await dialog.getByLabel("To state").selectOption({ label: "Tamil Nadu" });
    await dialog.getByLabel("Material").fill(marker);
    await dialog.getByLabel("Weight (tonnes)").fill("500");
    await dialog.getByLabel("Body type").selectOption("Trailer");
    await dialog.getByLabel("Tyres").selectOption("14");
    await dialog.getByLabel("Tonnage").selectOption("10-20");
    await dialog.getByLabel("Pickup date").fill("2030-05-01");
    await dialog.getByRole("button", { name: "Create load" }).click();
    await dialog.getByText("Weight must be at most 100 t").waitFor();
    await dialog.getByLabel("Weight (tonnes)").fill("18");
    await dialog.getByRole("button", { name: "Create load" }).click();
    await page.getByText("Load created.").waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    await search(page, marker);
    await applyFilter(page, "From state", "18");
    await expect.poll(() => new URL(page.url()).searchParams.get("state")).toBe("18");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(marker);
    await applyFilter(page, "From state", "28");
    await expect.poll(() => rows(page).first().textContent()).toMatch(/No loads match/);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => rows(page).count()).toBe(1);
    await expectAccessible(page);

    await page.getByRole("button", { name: /^Edit load \d+ Pune to Chennai/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit load" });
    await edit.getByLabel("Material").fill(`${marker} slabs`);
    await edit.getByLabel("Status").selectOption("assigned");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Load updated.").waitFor();
    await expect.poll(() => rows(page).first().textContent()).toContain(`${marker} slabs`);
    expect(await rows(page).first().textContent()).toContain("Assigned");

    await confirmDelete(page, /^Delete load \d+ Pune to Chennai/, "Load deleted.");
    expect(errors).toEqual([]);
  });
});

describe("trucks", () => {
  it("offers the member's vehicles after verification, keeps filters in the URL across a reload, edits and deletes", async () => {
    const phone = await createMember(token, "Truckowner", ["KA01AB4321"]);
    const { page } = await openSignedIn("/dashboard/services/truck_details");
    await page.getByRole("button", { name: "Add truck" }).click();
    const dialog = page.getByRole("dialog", { name: "Add truck" });
    await verify(dialog, phone);
    expect(await dialog.getByLabel("Vehicle", { exact: true }).inputValue()).toBe("KA01AB4321");
    await dialog.getByLabel("Owner name").fill("Truckowner E2e");
    await dialog.getByLabel("Brand").selectOption("Volvo");
    await dialog.getByLabel("Body type").selectOption("Tanker");
    await dialog.getByLabel("Tyres").selectOption("12");
    await dialog.getByLabel("Tonnage").selectOption("20-40");
    await dialog.getByLabel("State").selectOption("14");
    await dialog.getByRole("button", { name: "Create truck" }).click();
    await page.getByText("Truck created.").waitFor();

    await search(page, phone);
    await applyFilter(page, "Brand", "Volvo");
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Filters (1)" }).waitFor();
    expect(await page.getByLabel("Search", { exact: true }).inputValue()).toBe(phone);
    await expect.poll(() => rows(page).first().textContent()).toContain("KA 01 AB 4321");

    await page.getByRole("button", { name: "Edit truck KA 01 AB 4321" }).click();
    const edit = page.getByRole("dialog", { name: "Edit truck" });
    // Editing builds the vehicle option from the record's vehicle_number.
    expect(await edit.getByLabel("Vehicle", { exact: true }).inputValue()).toBe("KA01AB4321");
    await edit.getByLabel("Vehicle", { exact: true }).selectOption("__other");
    await edit.getByLabel("Vehicle number").fill("ka-01-ab-99");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.getByText("Enter a vehicle number like MH12AB1234 or 22BH1234AB").waitFor();
    await edit.getByLabel("Vehicle number").fill("ka 01 ab 9999");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Truck updated.").waitFor();
    await expect.poll(() => rows(page).first().textContent()).toContain("KA 01 AB 9999");
    await confirmDelete(page, /^Delete truck KA 01 AB 9999/, "Truck deleted.");
  });
});

describe("drivers", () => {
  it("says when no member has the number, creates the member inline, takes the name from first_name", async () => {
    const phone = freshPhone();
    const { page } = await openSignedIn("/dashboard/services/driver_details");
    await page.getByRole("button", { name: "Add driver" }).click();
    const dialog = page.getByRole("dialog", { name: "Add driver" });
    await dialog.getByLabel("Member's mobile number").fill(phone);
    await dialog.getByRole("button", { name: "Verify mobile" }).click();
    await dialog
      .getByText(/^No member has the mobile number \+91 \d{5} \d{5}\. Create the member to continue\.$/)
      .waitFor();
    await dialog.getByRole("button", { name: "Create member" }).click();
    await dialog.getByLabel("First name").fill("Mahesh");
    await dialog.getByLabel("State", { exact: true }).first().selectOption("26");
    await dialog.getByLabel("Service category").selectOption("Driver");
    await dialog.getByRole("button", { name: "Save member and verify" }).click();
    await dialog.getByText(/^Verified: Mahesh/).waitFor();
    expect(await dialog.getByLabel("Driver name").inputValue()).toBe("Mahesh");
    await dialog.getByLabel("Vehicle number").fill("RJ14CD1234");
    await dialog.getByLabel("Driving licence number").fill("RJ14 20150012345");
    await dialog.getByLabel("State", { exact: true }).last().selectOption("26");
    await dialog.getByRole("button", { name: "Create driver" }).click();
    await page.getByText("Driver created.").waitFor();

    await search(page, "RJ 14 CD 1234");
    await applyFilter(page, "State", "26");
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole("button", { name: "Edit driver Mahesh" }).click();
    const edit = page.getByRole("dialog", { name: "Edit driver" });
    await edit.getByLabel("Driver name").fill("Mahesh Meena");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Driver updated.").waitFor();
    await expect.poll(() => rows(page).first().textContent()).toContain("Mahesh Meena");
    await confirmDelete(page, /^Delete driver Mahesh Meena/, "Driver deleted.");
  });
});

describe("buy and sell", () => {
  it("uploads photos, filters by price band in rupees, removes a photo on edit and deletes", async () => {
    const phone = await createMember(token, "Seller");
    const png = await sharp({
      create: { width: 640, height: 400, channels: 3, background: { r: 20, g: 110, b: 90 } },
    })
      .png()
      .toBuffer();
    const { page } = await openSignedIn("/dashboard/services/buy_sell_details");
    await page.getByRole("button", { name: "Add listing" }).click();
    const dialog = page.getByRole("dialog", { name: "Add listing" });
    await verify(dialog, phone);
    expect(await dialog.getByLabel("Owner name").inputValue()).toBe("Seller");
    await dialog.getByLabel("Vehicle number").fill("22BH1234AB");
    await dialog.getByLabel("Brand").selectOption("Eicher");
    await dialog.getByLabel("Model year").fill("2019");
    await dialog.getByLabel("Kilometres driven").fill("245000");
    await dialog.getByLabel("Price (₹)").fill("₹18,50,000");
    await dialog.getByLabel("Location").fill("Nashik");
    await dialog.getByLabel("State").selectOption("18");
    const files = dialog.locator('input[type="file"]');
    await files.setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: png },
      { name: "side.png", mimeType: "image/png", buffer: png },
    ]);
    await expect.poll(() => dialog.getByRole("img").count(), { timeout: 20_000 }).toBe(2);
    await dialog.getByRole("button", { name: "Create listing" }).click();
    await page.getByText("Listing created.").waitFor();

    await search(page, phone);
    await applyFilter(page, "Price", "1000001-2000000");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain("₹18,50,000");
    await page.getByRole("button", { name: "Edit listing 22 BH 1234 AB" }).click();
    const edit = page.getByRole("dialog", { name: "Edit listing" });
    await expect.poll(() => edit.getByRole("img").count()).toBe(2);
    await edit.getByRole("button", { name: "Remove photo 1" }).click();
    await expect.poll(() => edit.getByRole("img").count()).toBe(1);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Listing updated.").waitFor();
    const stored = await fetch(`${baseURL()}/api/buy_sell?search=${phone}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ buy_sell_data: { images: string[] }[] }>);
    expect(stored.buy_sell_data[0]!.images).toHaveLength(1);
    await expectAccessible(page);
    await confirmDelete(page, /^Delete listing 22 BH 1234 AB/, "Listing deleted.");
  });
});
