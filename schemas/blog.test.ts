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
