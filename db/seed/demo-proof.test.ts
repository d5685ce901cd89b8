import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../client";
import { caseStudies, clientLogos, testimonials } from "../schema/index";
import { createProofService } from "#domain/proof/public.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { seedDemoProof } from "./demo-proof";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoProof(database.db, new Date());
});
afterAll(() => database.close());

describe("the demo's proof", () => {
  it("is all marked as example data, and its unapproved logo stays off the site", async () => {
    const { db } = database;
    for (const table of [caseStudies, testimonials, clientLogos]) {
      const rows = await db.select({ example: table.isExample }).from(table);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.example)).toBe(true);
    }
    const proof = createProofService(db);
    const blocks = await proof.blocks();
    expect(blocks.caseStudies.length).toBe(3);
    expect(blocks.caseStudies.every((c) => c.is_example)).toBe(true);
    expect(blocks.logos.map((l) => l.name)).not.toContain("Example Health");
    expect((await proof.blocks({ model: "bot" })).caseStudies.map((c) => c.model)).toEqual(["bot"]);
  });
});
