import { describe, expect, it } from "vitest";
import { parseIdSlug, postPath, slugify } from "./slug";

describe("slugify", () => {
  it.each([
    [
      "Why India Remains the First Choice for Global Capability Centers",
      "why-india-remains-the-first-choice-for-global-capability-centers",
    ],
    [
      "Build, Operate, Transfer: What Actually Happens in Each Phase?",
      "build-operate-transfer-what-actually-happens-in-each-phase",
    ],
    [
      "Choosing a City for Your GCC: Bengaluru, Hyderabad, Pune, Chennai or NCR",
      "choosing-a-city-for-your-gcc-bengaluru-hyderabad-pune-chennai-or-ncr",
    ],
    ["  --Hello,   World!!--  ", "hello-world"],
    ["AI-Led Hiring", "ai-led-hiring"],
    ["The First 100 Days", "the-first-100-days"],
    ["Café & Crème", "caf-cr-me"],
    ["!!!", ""],
    // Headings without a Latin letter are spelt in Latin ones, never left empty.
    ["भारत क्यों है GCC की पहली पसंद?", "bharat-kyon-hai-gcc-ki-pahli-pasand"],
    ["உங்கள் GCC-க்கு ஒரு நகரம்", "ungal-gcc-kku-oru-nagaram"],
    ["१०० दिन", "100-din"],
    ["", ""],
  ])("%j → %j", (heading, slug) => {
    expect(slugify(heading)).toBe(slug);
  });
});

describe("postPath", () => {
  it("joins id and slug", () => {
    expect(postPath(7, "The First 100 Days of a New GCC")).toBe("/blog/7-the-first-100-days-of-a-new-gcc");
  });
  it("keeps only the id when nothing is left of the heading", () => {
    expect(postPath(7, "???")).toBe("/blog/7");
    expect(postPath(7, "你好，世界")).toBe("/blog/7");
  });
  it("gives a Hindi or Tamil heading a readable slug", () => {
    expect(postPath(9, "नए जीसीसी के पहले 100 दिन")).toBe("/blog/9-nae-jisisi-ke-pahle-100-din");
    expect(postPath(10, "சென்னை")).toBe("/blog/10-chennai");
  });
});

describe("parseIdSlug", () => {
  it("takes the id from before the first dash", () => {
    expect(parseIdSlug("12-some-post-title")).toEqual({ id: 12, slug: "some-post-title" });
    expect(parseIdSlug("12")).toEqual({ id: 12, slug: "" });
    expect(parseIdSlug("12-")).toEqual({ id: 12, slug: "" });
  });
  it.each([
    "12abc",
    "12abc-title",
    "-1",
    "-1-title",
    "1.5-title",
    "012-title",
    "0",
    "abc",
    "",
    " 12-x",
    "99999999999-x",
    "2147483648-x",
  ])("refuses %j", (value) => {
    expect(parseIdSlug(value)).toBeNull();
  });
  it("accepts the largest id", () => {
    expect(parseIdSlug("2147483647-x")?.id).toBe(2147483647);
  });
});
