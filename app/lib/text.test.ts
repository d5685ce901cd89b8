import { describe, expect, it } from "vitest";
import { solutions } from "#shared/content/solutions.ts";
import { telHref as schemaTelHref } from "#schemas/settings.ts";
import { CARD_TEXT_LIMIT, ELLIPSIS, telHref, truncate } from "./text";

describe("truncate", () => {
  it("uses the spec's 250-character card limit by default", () => {
    expect(CARD_TEXT_LIMIT).toBe(250);
  });

  it("returns text within the limit unchanged", () => {
    const exact = "a".repeat(250);
    expect(truncate(exact)).toBe(exact);
    expect(truncate("Short text.")).toBe("Short text.");
    expect(truncate("")).toBe("");
  });

  it("cuts text over the limit to at most 250 characters plus an ellipsis", () => {
    const long = "word ".repeat(80).trim(); // 399 characters
    const out = truncate(long);
    expect(out.endsWith(ELLIPSIS)).toBe(true);
    expect(out.length).toBeLessThanOrEqual(251);
    expect(long.startsWith(out.slice(0, -1))).toBe(true);
    expect(out).not.toMatch(/\s…$/);
  });

  it("does not split a word when a boundary is near", () => {
    const text = `${"x".repeat(240)} abcdefghijklmnop`;
    expect(truncate(text)).toBe(`${"x".repeat(240)}${ELLIPSIS}`);
  });

  it("cuts hard when there is no nearby space", () => {
    expect(truncate("y".repeat(300))).toBe(`${"y".repeat(250)}${ELLIPSIS}`);
  });

  it("cuts a word that ends exactly at the limit without dropping it", () => {
    const text = `${"z".repeat(245)} abcd efgh`;
    expect(truncate(text)).toBe(`${"z".repeat(245)} abcd${ELLIPSIS}`);
  });

  it("counts characters, not UTF-16 units", () => {
    const text = "é".repeat(250) + "🙂";
    expect(truncate(text)).toBe(`${"é".repeat(250)}${ELLIPSIS}`);
    expect(truncate("🙂".repeat(250))).toBe("🙂".repeat(250));
  });

  it("honours a custom limit", () => {
    expect(truncate("alpha beta gamma", 12)).toBe(`alpha beta${ELLIPSIS}`);
    expect(truncate("one two three four", 9)).toBe(`one two${ELLIPSIS}`);
  });

  it("never stops mid-word, however far back the last word boundary is", () => {
    const text = `Payroll ${"p".repeat(300)}`;
    expect(truncate(text)).toBe(`Payroll${ELLIPSIS}`);
    const summary = "Set up your centre in India with one partner for hiring, payroll and compliance";
    for (const max of [20, 33, 47, 60, 75]) {
      const out = truncate(summary, max).slice(0, -1);
      expect(summary.startsWith(out)).toBe(true);
      expect([" ", ","]).toContain(summary[out.length]);
    }
  });

  it("shortens exactly the solution cards that are over the limit", () => {
    const over = solutions.filter((s) => s.description.length > 250).map((s) => s.slug);
    expect(over.length).toBeGreaterThan(0);
    for (const s of solutions) {
      const out = truncate(s.description);
      expect(out !== s.description).toBe(over.includes(s.slug));
    }
  });
});

describe("telHref", () => {
  it("matches the shared schema helper", () => {
    for (const phone of ["+91 120 000 0000", "+1 (555) 010-0000", "0120 4567890"]) {
      expect(telHref(phone)).toBe(schemaTelHref(phone));
    }
    expect(telHref("+91 120 000 0000")).toBe("tel:+911200000000");
  });
});
