import { describe, expect, it } from "vitest";
import { keepsScroll } from "./scroll";

describe("keepsScroll", () => {
  it.each([
    ["/details/initiation", "/details/implementation"],
    ["/build-operator/build", "/build-operator/operate"],
    ["/managed-teams/relationship", "/managed-teams/record"],
  ])("keeps the position between phase pages %s → %s", (from, to) => {
    expect(keepsScroll(from, to)).toBe(true);
  });

  it.each([
    ["/", "/about-page"],
    ["/details/initiation", "/build-operator/build"],
    ["/blog", "/details/initiation"],
    ["/details/initiation", "/contact"],
  ])("scrolls to the top for %s → %s", (from, to) => {
    expect(keepsScroll(from, to)).toBe(false);
  });
});
