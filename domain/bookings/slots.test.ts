import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_SETTINGS, type BookingSettings } from "#schemas/booking.ts";
import { clockIn, dayIn, slotsByDay, zoneAbbreviation } from "#shared/visitor-time.ts";
import { freeSlots } from "./slots";

const none: BookingSettings["hours"] = [[], [], [], [], [], [], []];
/** Hours on one weekday (0 = Monday) only. */
const on = (weekday: number, ranges: BookingSettings["hours"][number]) =>
  none.map((day, i) => (i === weekday ? ranges : day));
const settings = (change: Partial<BookingSettings>): BookingSettings => ({
  ...DEFAULT_BOOKING_SETTINGS,
  hours: none,
  ...change,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

// Monday 30 November 2026, 09:00 IST.
const mondayMorning = new Date("2026-11-30T03:30:00Z");

describe("freeSlots", () => {
  it("steps through a range by the call and the buffer, in India time", () => {
    const slots = freeSlots(
      settings({
        hours: on(0, [{ start: "10:00", end: "12:00" }]),
        buffer_minutes: 15,
        notice_hours: 0,
        horizon_days: 0,
      }),
      mondayMorning,
      [],
    );
    // 10:00, 10:45 and 11:30 IST; 12:15 would end after 12:00.
    expect(iso(slots)).toEqual([
      "2026-11-30T04:30:00.000Z",
      "2026-11-30T05:15:00.000Z",
      "2026-11-30T06:00:00.000Z",
    ]);
  });

  it("takes several ranges a day, and no buffer means back-to-back calls", () => {
    const slots = freeSlots(
      settings({
        hours: on(0, [
          { start: "14:00", end: "15:00" },
          { start: "10:00", end: "10:30" },
        ]),
        buffer_minutes: 0,
        notice_hours: 0,
        horizon_days: 0,
      }),
      mondayMorning,
      [],
    );
    expect(iso(slots)).toEqual([
      "2026-11-30T04:30:00.000Z",
      "2026-11-30T08:30:00.000Z",
      "2026-11-30T09:00:00.000Z",
    ]);
  });

  it("leaves out what starts within the minimum notice", () => {
    const slots = freeSlots(
      settings({
        hours: on(0, [{ start: "09:00", end: "12:00" }]),
        buffer_minutes: 0,
        notice_hours: 2,
        horizon_days: 0,
      }),
      mondayMorning,
      [],
    );
    // From 11:00 IST on (09:00 + 2 hours).
    expect(iso(slots)).toEqual(["2026-11-30T05:30:00.000Z", "2026-11-30T06:00:00.000Z"]);
  });

  it("offers days up to the horizon, on the weekdays that have hours", () => {
    const hours = on(0, [{ start: "10:00", end: "10:30" }]);
    const twoWeeks = freeSlots(settings({ hours, notice_hours: 0, horizon_days: 14 }), mondayMorning, []);
    expect(iso(twoWeeks)).toEqual([
      "2026-11-30T04:30:00.000Z",
      "2026-12-07T04:30:00.000Z",
      "2026-12-14T04:30:00.000Z",
    ]);
    const sixDays = freeSlots(settings({ hours, notice_hours: 0, horizon_days: 6 }), mondayMorning, []);
    expect(iso(sixDays)).toEqual(["2026-11-30T04:30:00.000Z"]);
  });

  it("counts weekdays by the India date, not the UTC date", () => {
    // Sunday 29 Nov 2026, 20:00 UTC is Monday 01:30 IST: Monday's hours start today.
    const slots = freeSlots(
      settings({ hours: on(0, [{ start: "10:00", end: "10:30" }]), notice_hours: 0, horizon_days: 0 }),
      new Date("2026-11-29T20:00:00Z"),
      [],
    );
    expect(iso(slots)).toEqual(["2026-11-30T04:30:00.000Z"]);
  });

  it("keeps the buffer around a booked call", () => {
    const slots = freeSlots(
      settings({
        hours: on(0, [{ start: "10:00", end: "12:00" }]),
        buffer_minutes: 15,
        notice_hours: 0,
        horizon_days: 0,
      }),
      mondayMorning,
      // Booked 10:45-11:15 IST: 10:00 (ends 10:30, +15 = 10:45) still fits, 11:30 (starts 15 min after) too.
      [{ start: new Date("2026-11-30T05:15:00Z"), end: new Date("2026-11-30T05:45:00Z") }],
    );
    expect(iso(slots)).toEqual(["2026-11-30T04:30:00.000Z", "2026-11-30T06:00:00.000Z"]);
    // A call booked under other hours, at 10:20-10:50: both neighbours come within the buffer.
    const odd = freeSlots(
      settings({
        hours: on(0, [{ start: "10:00", end: "12:00" }]),
        buffer_minutes: 15,
        notice_hours: 0,
        horizon_days: 0,
      }),
      mondayMorning,
      [{ start: new Date("2026-11-30T04:50:00Z"), end: new Date("2026-11-30T05:20:00Z") }],
    );
    expect(iso(odd)).toEqual(["2026-11-30T06:00:00.000Z"]);
  });
});

describe("slots in the visitor's zone", () => {
  // 18:30 IST is 13:00 UTC, on every day of the year: India has no daylight saving time.
  const at1830Ist = (date: string) => new Date(`${date}T13:00:00Z`).toISOString();

  it("follows London's change from BST to GMT (25 October 2026)", () => {
    expect(clockIn("Europe/London", at1830Ist("2026-10-23"))).toBe("14:00");
    expect(zoneAbbreviation("Europe/London", at1830Ist("2026-10-23"))).toBe("BST");
    expect(clockIn("Europe/London", at1830Ist("2026-10-26"))).toBe("13:00");
    expect(zoneAbbreviation("Europe/London", at1830Ist("2026-10-26"))).toBe("GMT");
    expect(clockIn("Asia/Kolkata", at1830Ist("2026-10-23"))).toBe("18:30");
    expect(clockIn("Asia/Kolkata", at1830Ist("2026-10-26"))).toBe("18:30");
  });

  it("follows New York's change from EDT to EST (1 November 2026) and back (14 March 2027)", () => {
    expect(clockIn("America/New_York", at1830Ist("2026-10-30"))).toBe("09:00");
    expect(clockIn("America/New_York", at1830Ist("2026-11-02"))).toBe("08:00");
    expect(clockIn("America/New_York", at1830Ist("2027-03-12"))).toBe("08:00");
    expect(clockIn("America/New_York", at1830Ist("2027-03-15"))).toBe("09:00");
  });

  it("groups by the visitor's date: an India morning is the evening before in New York", () => {
    // Monday 30 Nov 2026, 10:00 and 10:45 IST: Sunday 29 Nov 23:30 and Monday 00:15 in New York (EST).
    const slots = [{ start: "2026-11-30T04:30:00.000Z" }, { start: "2026-11-30T05:15:00.000Z" }];
    const days = slotsByDay("America/New_York", slots);
    expect(days.map((d) => [d.day, d.slots.map((s) => s.time)])).toEqual([
      ["2026-11-29", ["23:30"]],
      ["2026-11-30", ["00:15"]],
    ]);
    expect(days[0]!.label).toBe("Sunday 29 November");
    expect(dayIn("Asia/Kolkata", slots[0]!.start)).toBe("2026-11-30");
  });

  it("generates a week of slots across London's change with the right local times", () => {
    const hours = none.map(() => [{ start: "18:30", end: "19:00" }]);
    const slots = freeSlots(
      settings({ hours, notice_hours: 0, horizon_days: 4 }),
      new Date("2026-10-23T00:00:00Z"),
      [],
    );
    const london = slotsByDay(
      "Europe/London",
      iso(slots).map((start) => ({ start })),
    );
    expect(london.map((d) => `${d.day} ${d.slots[0]!.time}`)).toEqual([
      "2026-10-23 14:00",
      "2026-10-24 14:00",
      "2026-10-25 13:00",
      "2026-10-26 13:00",
      "2026-10-27 13:00",
    ]);
  });
});
