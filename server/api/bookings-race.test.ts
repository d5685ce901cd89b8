import { ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings } from "#db/schema/index.ts";
import { SLOT_GONE, SLOT_TAKEN } from "#domain/bookings/service.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";

const t = testAppPerFile({ PUBLIC_FORM_RATE_LIMIT: "1000" });

let n = 0;
const book = (start: string) =>
  t().app.inject({
    method: "POST",
    url: "/api/bookings",
    remoteAddress: `10.62.0.${++n}`,
    payload: { start, name: "Asha Verma", email: `asha.${n}@example.com`, time_zone: "Europe/London" },
  });

describe("two visitors at once", () => {
  it("never both get slots closer than the buffer (adjacent ranges), whatever the order they are decided in", async () => {
    const admin = await operatorToken(t().app, "admin");
    // Two ranges that touch: 10:00 and 10:30 are both slots until one is booked (15 minutes' buffer).
    const day = [
      { start: "10:00", end: "10:30" },
      { start: "10:30", end: "11:00" },
    ];
    const settings = { hours: Array(7).fill(day), buffer_minutes: 15, notice_hours: 0, horizon_days: 10 };
    const saved = await t().app.inject({
      method: "PUT",
      url: "/api/booking_settings",
      payload: settings,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(saved.statusCode).toBe(200);
    const slots = (await t().app.inject({ url: "/api/bookings/slots" })).json().slots as { start: string }[];
    // Pairs of one day's two slots, 30 minutes apart.
    const pairs = slots
      .map((s, i) => [s.start, slots[i + 1]?.start] as const)
      .filter(([a, b]) => b && Date.parse(b) - Date.parse(a) === 30 * 60_000)
      .slice(0, 3);
    expect(pairs.length).toBe(3);
    for (const [first, second] of pairs) {
      const answers = await Promise.all([book(first), book(second!)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!.json();
      expect([SLOT_GONE, SLOT_TAKEN]).toContain(refused.message);
    }
    expect(await t().app.database.db.$count(bookings, ne(bookings.status, "cancelled"))).toBe(3);
  });
});
