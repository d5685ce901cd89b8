import { describe, expect, it } from "vitest";
import { isAllowedImageSource } from "./image-sources";

describe("isAllowedImageSource", () => {
  it("allows uploads, site images and https images of a listed host", () => {
    const hosts = ["images.example.com"];
    for (const src of [
      "/media/0123456789abcdef0123456789abcdef/960.webp",
      "/images/blog/cover-1.svg",
      "https://images.example.com/a/b.png",
    ])
      expect(isAllowedImageSource(src, hosts), src).toBe(true);
  });

  it("refuses addresses that act on the visitor's behalf or come from anywhere else", () => {
    const hosts = ["images.example.com"];
    for (const src of [
      "/refresh_token",
      "/refresh_token?a",
      "/api/auth/logout",
      "/media/../refresh_token",
      "/media/%2e%2e/refresh_token",
      "/media/./x",
      "/images/a.png?next=/refresh_token",
      "/media\\..\\refresh_token",
      "//evil.example/x.png",
      "x",
      "",
      "https://evil.example/x.png",
      "https://images.example.com.evil.example/x.png",
      "https://user@images.example.com/x.png",
      "https://images.example.com:8443/x.png",
      "http://images.example.com/x.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
    ])
      expect(isAllowedImageSource(src, hosts), src).toBe(false);
  });
});
