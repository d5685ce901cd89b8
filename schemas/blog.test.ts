import { describe, expect, it } from "vitest";
import { blogPostInputSchema } from "./blog";

const post = (feature_image: string) => blogPostInputSchema.safeParse({ heading: "A post", feature_image });

describe("blog post feature image", () => {
  it("accepts uploads and site images", () => {
    for (const src of ["/media/0123456789abcdef0123456789abcdef/960.webp", "/images/blog/cover-1.svg"])
      expect(post(src).success, src).toBe(true);
  });

  it("refuses addresses that act on the reader's behalf and unlisted hosts, with a sentence", () => {
    for (const src of [
      "/refresh_token",
      "/refresh_token?a",
      "/api/auth/logout",
      "/media/../refresh_token",
      "https://tracker.example/p.gif",
      "javascript:alert(1)",
    ]) {
      const parsed = post(src);
      expect(parsed.success, src).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/uploaded image/);
    }
  });
});

describe("images in the article body", () => {
  const body = (full_description: string) =>
    blogPostInputSchema.safeParse({ heading: "A post", full_description });
  const upload = "/media/0123456789abcdef0123456789abcdef/960.webp";

  it("need alt text when the sanitiser would keep them", () => {
    expect(body(`<p>x</p><img src="${upload}" alt="Team photo">`).success).toBe(true);
    expect(body(`<img alt='Chart' src='/images/blog/chart.svg'>`).success).toBe(true);
    for (const html of [
      `<img src="${upload}">`,
      `<img src="${upload}" alt="  ">`,
      `<img alt="" src=${upload}>`,
    ]) {
      const parsed = body(html);
      expect(parsed.success, html).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/Describe every image/);
    }
  });

  it("leave images the sanitiser drops to the sanitiser", () => {
    expect(body('<img src=x onerror="alert(1)">').success).toBe(true);
  });
});

describe("publication date", () => {
  it("reads an ISO time with its zone as that instant, empty as none, and a left-out one as left alone", () => {
    const at = (published_at: unknown) =>
      blogPostInputSchema.parse({ heading: "A post", published_at }).published_at;
    expect(at("2026-12-01T09:30:00+05:30")?.toISOString()).toBe("2026-12-01T04:00:00.000Z");
    expect(at("")).toBeNull();
    expect(at(null)).toBeNull();
    // Left out, an edit keeps the stored date; sent empty, it means "the time you publish".
    expect(at(undefined)).toBeUndefined();
    expect(blogPostInputSchema.safeParse({ heading: "A post", published_at: "next week" }).success).toBe(
      false,
    );
  });
});
