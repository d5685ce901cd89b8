import { CALL_MINUTES, type BookingSettings } from "#schemas/booking.ts";

/** India is UTC+05:30 all year (no daylight saving time), so a wall-clock time there is one fixed instant. */
const IST_OFFSET_MINUTES = 330;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A live booking's time, which no slot may come within the buffer of. */
export interface Busy {
  start: Date;
  end: Date;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The free 30-minute slots from `now`: every weekday's ranges (India time) stepped by the call and the
 * buffer, from `notice_hours` after `now` to the end of the India day `horizon_days` after today, leaving out
 * every slot within `buffer_minutes` of a live booking.
 */
export function freeSlots(settings: BookingSettings, now: Date, busy: readonly Busy[]): Date[] {
  const step = CALL_MINUTES + settings.buffer_minutes;
  const earliest = now.getTime() + settings.notice_hours * 60 * MINUTE;
  const buffer = settings.buffer_minutes * MINUTE;
  // Today's India date at 00:00 IST, as an instant.
  const indiaNow = now.getTime() + IST_OFFSET_MINUTES * MINUTE;
  const todayStart = indiaNow - (indiaNow % DAY) - IST_OFFSET_MINUTES * MINUTE;
  const slots: Date[] = [];
  for (let day = 0; day <= settings.horizon_days; day++) {
    const dayStart = todayStart + day * DAY;
    // getUTCDay of the India wall clock: 0 is Sunday; the settings start on Monday.
    const weekday = (new Date(dayStart + IST_OFFSET_MINUTES * MINUTE).getUTCDay() + 6) % 7;
    const ranges = [...(settings.hours[weekday] ?? [])].sort(
      (a, b) => minutesOf(a.start) - minutesOf(b.start),
    );
    for (const range of ranges) {
      const end = minutesOf(range.end);
      for (let at = minutesOf(range.start); at + CALL_MINUTES <= end; at += step) {
        const start = dayStart + at * MINUTE;
        if (start < earliest) continue;
        const finish = start + CALL_MINUTES * MINUTE;
        const clash = busy.some(
          (b) => start < b.end.getTime() + buffer && finish + buffer > b.start.getTime(),
        );
        if (!clash) slots.push(new Date(start));
      }
    }
  }
  return slots;
}

/** When the call that starts at `start` ends. */
export const callEnd = (start: Date) => new Date(start.getTime() + CALL_MINUTES * MINUTE);
