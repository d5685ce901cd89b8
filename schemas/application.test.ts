import { describe, expect, it } from "vitest";
import { applicationFieldsSchema } from "./application";

const profile = (profile_url: string) => applicationFieldsSchema.shape.profile_url.safeParse(profile_url);

describe("the application's profile address", () => {
  it("takes an address typed without https:// and stores it with", () => {
    expect(profile("linkedin.com/in/meera-iyer").data).toBe("https://linkedin.com/in/meera-iyer");
    expect(profile(" www.linkedin.com/in/meera ").data).toBe("https://www.linkedin.com/in/meera");
    expect(profile("github.com/meera").data).toBe("https://github.com/meera");
  });

  it("keeps a full address and an empty field as they are", () => {
    expect(profile("https://www.linkedin.com/in/meera").data).toBe("https://www.linkedin.com/in/meera");
    expect(profile("http://meera.dev").data).toBe("http://meera.dev");
    expect(profile("").data).toBe("");
  });

  it("refuses what is not a web address", () => {
    for (const bad of [
      "javascript:alert(1)",
      "ftp://files.example.com/cv",
      "meera",
      "linked in.com/x",
      "mailto:a@b.co",
    ])
      expect(profile(bad).success, bad).toBe(false);
  });
});
