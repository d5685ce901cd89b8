import { describe, expect, it } from "vitest";
import { likePattern } from "./sql";

describe("likePattern", () => {
  it("wraps the text so it matches anywhere", () => {
    expect(likePattern("freight")).toBe("%freight%");
  });

  it("escapes the LIKE wildcards and the escape character itself", () => {
    expect(likePattern("50%_off\\now")).toBe("%50\\%\\_off\\\\now%");
  });
});
