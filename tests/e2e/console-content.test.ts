import type { Page } from "playwright-core";
import { pngFile } from "./support/files";
import { describe, expect, it } from "vitest";
import { expectAccessible, setupBrowser } from "./support/browser";
import { openSignedIn as openConsole, savePostPublishingNow } from "./support/console";
import { startOwnServer } from "./support/own-server";

const browser = setupBrowser();

// Its own server: these round trips change public pages that other files read at the same time.
const site = startOwnServer({ publicAddress: false });

const openSignedIn = (path: string) => openConsole(browser, `${site()}${path}`);

async function publicText(path: string) {
  return (await fetch(`${site()}${path}`)).text();
}

async function findRow(page: Page, text: string) {
  await page.getByLabel("Search").fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => page.locator("tbody tr").filter({ hasText: text }).count()).toBe(1);
}

describe("console content management", () => {
  it("blog round trip: create with an image → on /blog → edit → unpublish → gone", async () => {
    const heading = `Console round trip ${Date.now()}`;
    const { page, errors } = await openSignedIn("/dashboard/blog");
    await page.getByRole("button", { name: "New post" }).click();
    const dialog = page.getByRole("dialog", { name: "New post" });
    await dialog.getByLabel("Heading", { exact: true }).fill(heading);
    await dialog.getByLabel("Sub heading").fill("Written in the console test");
    await dialog
      .locator("input[type=file]")
      .setInputFiles(
        await pngFile("cover.png", { width: 1200, height: 630, background: { r: 11, g: 31, b: 58 } }),
      );
    const preview = dialog.locator("img[src^='/media/']");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/^\/media\/[0-9a-f]{32}\/\d+\.webp$/);
    await dialog.getByLabel("Image alt text").fill("Navy cover");
    await dialog.getByRole("textbox", { name: "Article" }).click();
    await page.keyboard.type("The first paragraph of the article.");
    await dialog.getByLabel("Status").selectOption("published");
    await dialog.getByRole("tab", { name: "Preview" }).click();
    await dialog.getByRole("heading", { name: heading }).waitFor();
    await dialog.getByRole("tab", { name: "Write" }).click();
    await savePostPublishingNow(page, dialog);
    await expectAccessible(page);

    await expect.poll(() => publicText("/blog")).toContain(heading);

    await findRow(page, heading);
    await page.getByRole("button", { name: `Edit ${heading}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${heading}` });
    await edit.getByLabel("Sub heading").fill("Edited sub heading");
    await edit.getByRole("button", { name: "Save post" }).click();
    await page.getByText("Post saved.").waitFor();
    await expect.poll(() => publicText("/blog")).toContain("Edited sub heading");

    await page.getByRole("button", { name: `Edit ${heading}` }).click();
    await page
      .getByRole("dialog", { name: `Edit ${heading}` })
      .getByLabel("Status")
      .selectOption("draft");
    await page
      .getByRole("dialog", { name: `Edit ${heading}` })
      .getByRole("button", { name: "Save post" })
      .click();
    // The first save's toast may still be showing: wait for the dialog to close and for a toast, any.
    await page.getByRole("dialog", { name: `Edit ${heading}` }).waitFor({ state: "hidden" });
    await page.getByText("Post saved.").last().waitFor();
    await expect.poll(() => publicText("/blog")).not.toContain(heading);
    expect(errors).toEqual([]);
  });

  it("team round trip: add → on /leadership-page → edit → delete", async () => {
    const name = `Priya Console ${Date.now()}`;
    const { page } = await openSignedIn("/dashboard/team");
    await page.getByRole("button", { name: "Add member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add team member" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Position").fill("Head of Delivery");
    await dialog.getByLabel("Description").fill("Leads delivery across our centres.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Team member added.").waitFor();
    await expect.poll(() => publicText("/leadership-page")).toContain(name);

    await findRow(page, name);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await page.getByRole("dialog").getByLabel("Position").fill("Chief Delivery Officer");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByText("Team member updated.").waitFor();
    await expect.poll(() => publicText("/leadership-page")).toContain("Chief Delivery Officer");

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page
      .getByRole("dialog", { name: "Remove team member" })
      .getByRole("button", { name: "Delete" })
      .click();
    await page.getByText("Team member removed.").waitFor();
    await expect.poll(() => publicText("/leadership-page")).not.toContain(name);
  });

  it("job round trip: post → on /Careers-page → close → gone", async () => {
    const title = `Console Analyst ${Date.now()}`;
    const { page } = await openSignedIn("/dashboard/jobs");
    await page.getByRole("button", { name: "Post a job" }).click();
    const dialog = page.getByRole("dialog", { name: "Post a job" });
    await dialog.getByLabel("Job title").fill(title);
    await dialog.getByLabel("Location").fill("Hyderabad");
    await dialog.getByRole("textbox", { name: "Description" }).click();
    await page.keyboard.type("Analyse centre performance.");
    await dialog.getByLabel("Responsibilities").fill("Build dashboards\nReport monthly");
    await dialog.getByLabel("Requirements").fill("SQL");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Job posted.").waitFor();
    await expect.poll(() => publicText("/Careers-page")).toContain(title);

    await findRow(page, title);
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await page.getByRole("dialog").getByLabel("Status").selectOption("closed");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByText("Job updated.").waitFor();
    await expect.poll(() => publicText("/Careers-page")).not.toContain(title);
  });

  it("approves a held comment from the queue, then hides it from the public post and shows it again", async () => {
    const posts = (await (await fetch(`${site()}/api/blog_details/`)).json()) as {
      id: number;
      heading: string;
    }[];
    const target = posts[0]!;
    const text = `Moderate me ${Date.now()}`;
    const res = await fetch(`${site()}/api/blog_comments/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        blog_id: target.id,
        name: "Visitor",
        email_id: "visitor@example.com",
        comment: text,
      }),
    });
    expect(res.status).toBeLessThan(300);
    const publicComments = async () =>
      JSON.stringify(await (await fetch(`${site()}/api/blog_comments/?blog_id=${target.id}`)).json());
    // A first comment waits in the queue (the digest's link), off the site.
    expect(await publicComments()).not.toContain(text);
    const { page } = await openSignedIn("/dashboard/comments?status=held");
    const row = page.locator("tbody tr").filter({ hasText: text });
    await row.waitFor();
    expect(await row.textContent()).toContain("Awaiting moderation");
    await row.getByRole("button", { name: "Approve comment by Visitor" }).click();
    await page.getByText("Comment approved: it is on the site.").waitFor();
    await expect.poll(publicComments).toContain(text);

    await page.goto(`${site()}/dashboard/comments`);
    await findRow(page, text);
    await page.getByRole("button", { name: "Hide comment by Visitor" }).click();
    await page.getByText("Comment updated.").waitFor();
    await expect.poll(publicComments).not.toContain(text);
    // The list as the server has it now (other files add comments to the shared server meanwhile).
    await findRow(page, text);
    await page
      .locator("tbody tr")
      .filter({ hasText: text })
      .getByRole("button", { name: "Unhide comment by Visitor" })
      .click();
    await expect.poll(publicComments).toContain(text);
  });
});
