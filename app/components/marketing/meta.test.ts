import { describe, expect, it } from "vitest";
import { baseUrlFrom, organizationJsonLd, pageMeta } from "./meta";

const matches = [
  { id: "root", loaderData: { baseUrl: "https://www.example.com", settings: {} } },
  { id: "routes/site/layout", loaderData: undefined },
];
const seo = { title: "About Us", description: "About the company." };

describe("pageMeta", () => {
  it("reads the base URL from the root match", () => {
    expect(baseUrlFrom(matches)).toBe("https://www.example.com");
    expect(baseUrlFrom([])).toBe("");
  });

  it("builds canonical, Open Graph with the default image, and a breadcrumb list", () => {
    const tags = pageMeta(matches, {
      seo,
      path: "/about-page",
      trail: [
        ["Home", "/"],
        ["About Us", "/about-page"],
      ],
    });
    expect(tags).toContainEqual({ title: "About Us | GCC View 360" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.example.com/about-page",
    });
    expect(tags).toContainEqual({ property: "og:image", content: "https://www.example.com/og-default.png" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    const ld = tags.find((t) => "script:ld+json" in t) as {
      "script:ld+json": { itemListElement: unknown[] };
    };
    expect(ld["script:ld+json"].itemListElement).toHaveLength(2);
  });

  it("marks a missing page as not found and not indexable", () => {
    const tags = pageMeta(matches, undefined);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ title: "Page Not Found | GCC View 360" });
  });
});

describe("organizationJsonLd", () => {
  it("lists the settings' e-mails and phones as contact points", () => {
    const settings = {
      sales_email: "sales@example.com",
      info_email: "info@example.com",
      phone_india: "+91 120 000 0000",
      phone_us: "+1 555 010 0000",
      address: "Ghaziabad, Uttar Pradesh, India",
      facebook: "https://www.facebook.com/x",
      twitter: "https://x.com/x",
      linkedin: "https://www.linkedin.com/x",
    };
    const ld = organizationJsonLd("https://www.example.com", settings);
    expect(ld["@type"]).toBe("Organization");
    expect(ld.url).toBe("https://www.example.com/");
    expect(ld.contactPoint).toEqual([
      expect.objectContaining({ email: "sales@example.com", telephone: "+91 120 000 0000" }),
      expect.objectContaining({ email: "info@example.com", telephone: "+1 555 010 0000" }),
    ]);
    expect(ld.sameAs).toContain("https://www.linkedin.com/x");
  });
});
