import { describe, expect, it } from "vitest";
import {
  csvDateTime,
  formatClock,
  formatDate,
  formatDateTime,
  formatDay,
  formatLongDate,
  formatShortDay,
  fromIndiaInput,
  toIndiaInput,
  todayInIndia,
} from "./india-time";

// 18:59 UTC on 26 November is 00:29 IST on 27 November: the enquiry, a day apart in the two zones.
const lateEvening = "2026-11-26T18:59:00.000Z";

describe("India time, one rule for screens, CSV files and the public site", () => {
  it("reads a moment's date and time in India, whatever the zone of the machine", () => {
    expect(formatDate(lateEvening)).toBe("27 Nov 2026");
    expect(formatDate(new Date(lateEvening))).toBe("27 Nov 2026");
    expect(formatLongDate(lateEvening)).toBe("27 November 2026");
    expect(formatDateTime(lateEvening)).toBe("27 Nov 2026, 12:29 am IST");
    expect(formatClock(lateEvening)).toBe("00:29 IST");
    expect(csvDateTime(lateEvening)).toBe("2026-11-27 00:29");
  });

  it("dates a day by India's calendar: a day ahead of UTC from 00:00 to 05:30 IST", () => {
    expect(todayInIndia(new Date("2026-03-04T18:29:59Z"))).toBe("2026-03-04");
    expect(todayInIndia(new Date("2026-03-04T18:30:00Z"))).toBe("2026-03-05");
    expect(todayInIndia(lateEvening)).toBe("2026-11-27");
  });

  it("reads a calendar date as it is, with no shift by any zone", () => {
    expect(formatDay("2026-03-05")).toBe("5 Mar 2026");
    expect(formatDay("2026-12-31")).toBe("31 Dec 2026");
    expect(formatShortDay("2026-03-05")).toBe("5 Mar");
  });

  it("round-trips what a datetime-local field shows in India time", () => {
    expect(toIndiaInput("2026-12-01T04:00:00.000Z")).toBe("2026-12-01T09:30");
    expect(fromIndiaInput("2026-12-01T09:30")).toBe("2026-12-01T09:30:00+05:30");
    expect(fromIndiaInput("")).toBe("");
    expect(new Date(fromIndiaInput(toIndiaInput(lateEvening))).toISOString()).toBe(lateEvening);
  });
});
