import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_FIGURES, fillFigures, withFigures } from "./figures";

const ROOT = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the site's figures", () => {
  it("fill every token in nested copy and leave other text alone", () => {
    const figures = { candidates: 12500, leadership_years: 97, centres_set_up: 4 };
    expect(
      withFigures(
        {
          title: "{leadership_years} years",
          list: ["over {candidates} candidates", { n: "{centres_set_up}" }],
          k: 3,
        },
        figures,
      ),
    ).toEqual({ title: "97 years", list: ["over 12,500 candidates", { n: "4" }], k: 3 });
    expect(fillFigures("{unknown} {candidates}", DEFAULT_FIGURES)).toBe("{unknown} 5,000");
  });

  // Every figure is the setting: a copy typed into a page, the content or the demo data would not change with it.
  it("are written nowhere in the site's source, content or demo data", () => {
    const files = ["app", "shared/content", "db/seed", "domain"].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), "utf8");
      return [/\b5,000\+?\s*(pre-screened\s+)?candidates/i, /\b400\+? years/i, /"400\+"/, /"5,000\+"/]
        .filter((pattern) => pattern.test(text))
        .map((pattern) => `${relative(ROOT, join(ROOT, file))}: ${pattern}`);
    });
    expect(offenders).toEqual([]);
  });

  it("are quoted by the content through their tokens", () => {
    const content = sourceFiles("shared/content")
      .map((f) => readFileSync(join(ROOT, f), "utf8"))
      .join("\n");
    expect(content).toContain("{candidates}");
    expect(content).toContain("{leadership_years}");
    expect(content).toContain("{centres_set_up}");
  });
});
