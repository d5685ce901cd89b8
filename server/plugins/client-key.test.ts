import { describe, expect, it } from "vitest";
import { clientKey } from "./rate-limit";

describe("clientKey", () => {
  it("counts an IPv6 visitor by its /64, written as @fastify/rate-limit writes it", () => {
    expect(clientKey("2001:db8:1a2b:3c4d::1")).toBe("2001:db8:1a2b:3c4d::");
    expect(clientKey("2001:DB8:1a2b:3c4d:ffff:1:2:3")).toBe("2001:db8:1a2b:3c4d::");
    expect(clientKey("2001:0db8:0000:3c4d::9")).toBe("2001:db8:0:3c4d::");
    expect(clientKey("2001::1")).toBe("2001::");
    expect(clientKey("::1")).toBe("::");
  });

  it("keeps IPv4 addresses, also when mapped into IPv6", () => {
    expect(clientKey("10.9.9.9")).toBe("10.9.9.9");
    expect(clientKey("::ffff:10.9.9.9")).toBe("10.9.9.9");
  });
});
