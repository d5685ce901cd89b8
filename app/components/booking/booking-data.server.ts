import type { AppLoadContext } from "react-router";
import { HOURS_TIME_ZONE, isTimeZone } from "#schemas/booking.ts";
import { COMMON_TIME_ZONES } from "#shared/visitor-time.ts";

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
