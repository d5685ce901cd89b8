import { describe, expect, it } from "vitest";
import { causes } from "./errors";

describe("causes", () => {
  it("walks an error and what it wraps, outermost first", () => {
    const root = Object.assign(new Error("driver"), { code: "23505" });
    const wrapped = new Error("query failed", { cause: new Error("drizzle", { cause: root }) });
    expect([...causes(wrapped)].map((e) => (e as Error).message)).toEqual([
      "query failed",
      "drizzle",
      "driver",
    ]);
  });

  it("stops at a non-object cause and after five levels (a cycle cannot loop)", () => {
    expect([...causes(new Error("a", { cause: "text" }))]).toHaveLength(1);
    const loop = new Error("loop") as Error & { cause?: unknown };
    loop.cause = loop;
    expect([...causes(loop)]).toHaveLength(5);
    expect([...causes(null)]).toEqual([]);
  });
});
