import { describe, expect, it } from "vitest";
import { gccOverview, gccPage, gccPhases } from "./models";

describe("gccPage", () => {
  it("shows the overview at /details/features with its key features and no sections", () => {
    const page = gccPage("features");
    expect(page).toMatchObject({
      path: "/details/features",
      title: gccOverview.title,
      eyebrow: "Global Capability Centers",
      sections: [],
    });
    expect(page?.features).toBe(gccOverview.keyFeatures);
  });

  it("shows each phase under its number, with its own sections and the overview's features", () => {
    for (const phase of gccPhases) {
      const page = gccPage(phase.slug);
      expect(page).toMatchObject({ path: phase.path, title: phase.title, seo: phase.seo });
      expect(page?.eyebrow).toBe(`Phase ${phase.number} of your GCC journey`);
      expect(page?.sections).toBe(phase.sections);
      expect(page?.features).toBe(gccOverview.keyFeatures);
    }
  });

  it("has no page for an unknown slug", () => {
    expect(gccPage("pricing")).toBeNull();
    expect(gccPage(undefined)).toBeNull();
  });
});
