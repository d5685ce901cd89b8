import type { AppLoadContext } from "react-router";
import { HOURS_TIME_ZONE, isTimeZone } from "#schemas/booking.ts";
import { COMMON_TIME_ZONES, dayIn } from "#shared/visitor-time.ts";

/** The zone the page shows times in: the `tz` query parameter when it is a real zone, else India's. */
export function zoneOf(request: Request): string {
  const asked = new URL(request.url).searchParams.get("tz") ?? "";
  return isTimeZone(asked) ? asked : HOURS_TIME_ZONE;
}

/** The zones of the select: the common ones first, then every zone the runtime knows. */
export function zoneChoices(zone: string): string[] {
  const all = Intl.supportedValuesOf("timeZone");
  const rest = all.filter((z) => !(COMMON_TIME_ZONES as readonly string[]).includes(z));
  const choices = [...COMMON_TIME_ZONES, ...rest];
  return choices.includes(zone) ? choices : [zone, ...choices];
}

/** The free slots as the page lists them, `except` a booking being moved. */
export async function freeSlotsFor(context: AppLoadContext) {
  const slots = await context.services.bookings.slots();
  return slots.map((s) => ({ start: s.toISOString() }));
}

/** Booking pages answer for one visitor at one moment: never stored by the page cache or a browser. */
export const NO_STORE = { "Cache-Control": "no-store" };

/** Days of free times a page lists: a short list to pick from, the later days a link away. */
export const DAYS_PER_PAGE = 5;

/** The `page` query parameter's days of `slots` (in the visitor's days), and how many pages there are. */
export function slotPage(request: Request, zone: string, slots: { start: string }[]) {
  const days: { start: string }[][] = [];
  let last = "";
  for (const slot of slots) {
    const day = dayIn(zone, slot.start);
    if (day !== last) days.push([]);
    days.at(-1)!.push(slot);
    last = day;
  }
  const pages = Math.max(1, Math.ceil(days.length / DAYS_PER_PAGE));
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 && asked <= pages ? asked : 1;
  return { page, pages, slots: days.slice((page - 1) * DAYS_PER_PAGE, page * DAYS_PER_PAGE).flat() };
}
