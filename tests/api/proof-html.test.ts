import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudies, clientLogos, testimonials } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { proofHtml } from "#app/components/proof/proof-html.server.tsx";

// The proof blocks of the home, model and solution pages reach the page as HTML (ADR 0025): every text in them must arrive escaped.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const context = () => ({ services: t.app.services }) as unknown as AppLoadContext;

describe("proofHtml", () => {
  it("is empty with nothing to show", async () => {
    expect(await proofHtml(context())).toBe("");
  });

  it("escapes the records' text, and shows only what is published and approved", async () => {
    const db = t.app.database.db;
    const attack = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    await db.insert(caseStudies).values({
      slug: "escaped",
      title: `Title ${attack}`,
      industry: attack,
      summary: attack,
      model: "bot",
      outcomes: [{ value: attack, label: attack }],
      status: "published",
    });
    await db.insert(testimonials).values([
      { person: attack, role: attack, company: attack, quote: attack, status: "published" },
      { person: "Draft person", quote: "Not yet", status: "draft" },
    ]);
    await db.insert(clientLogos).values([
      { name: attack, image: "/images/proof/logo-1.svg", approved: true },
      { name: "Unapproved Co", image: "/images/proof/logo-2.svg", approved: false },
    ]);
    const html = await proofHtml(context());
    expect(html).toContain("data-proof");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // As text, never as markup: no script element, no handler attribute, every picture one of the site's.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('onerror="');
    const sources = [...html.matchAll(/<img [^>]*?src="([^"]*)"/g)].map((m) => m[1]);
    expect(sources).toEqual(["/images/proof/logo-1.svg"]);
    expect(html).not.toContain("Draft person");
    expect(html).not.toContain("Unapproved Co");
    expect(await proofHtml(context(), "captive")).not.toContain("escaped");
  });
});
