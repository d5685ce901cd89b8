import { describe, expect, it } from "vitest";
import { samplePdf } from "../support/cv-files";
import { expectAccessible, setupBrowser } from "./support/browser";
import { applyForJob, asAdmin, freshPhone, openSignedIn } from "./support/console";

const browser = setupBrowser();

describe("the audit log tells what happened", () => {
  it("labels actions in words and names the candidate of a stage change, a note and a reply, at 390 px", async () => {
    const stamp = Date.now() % 1_000_000;
    const { data: job } = await asAdmin<{ data: { id: number } }>("POST", "/api/jobs", {
      job_title: `Audit Analyst ${stamp}`,
      company: "GCC View 360",
      location: "Pune",
    });
    const id = await applyForJob(
      job.id,
      {
        first_name: "Kavya",
        last_name: `Audit${stamp}`,
        email: `kavya.${stamp}@example.com`,
        phone: freshPhone(),
      },
      samplePdf(),
    );
    await asAdmin("PATCH", `/api/job_applications/${id}/stage`, { stage: "screening" });
    await asAdmin("POST", `/api/job_applications/${id}/notes`, { text: "Called back." });
    await asAdmin("POST", `/api/job_applications/${id}/replies`, {
      subject: "Your application",
      body: "Thank you, Kavya: can we talk on Monday?",
    });

    const { page, errors } = await openSignedIn(browser, `/dashboard/audit?search=Audit${stamp}`, {
      viewport: { width: 390, height: 844 },
    });
    const main = page.locator("main");
    await main.getByText("Note added").first().waitFor();
    const text = (await main.innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Stage changed");
    expect(text).toContain("Reply sent");
    expect(text).toContain(`Kavya Audit${stamp}`);
    expect(text).not.toMatch(/\bupdate\b|note_added|stage_changed|job_application/);
    expect(text).toMatch(new RegExp(`Application ?: Kavya Audit${stamp}`));
    // The record type and the name are two words to a screen reader, not "Job applicationKavya".
    expect(await main.evaluate((node) => node.textContent)).not.toMatch(/application(Kavya)/i);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
