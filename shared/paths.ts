/**
 * Public addresses that are built in more than one place. The spellings are the spec's legacy ones, kept
 * because links to them are out in the world: the careers list is `/Careers-page`, a job `/careers-details`.
 * A post's address is `postPath` in shared/slug.ts.
 */
export const CAREERS_PATH = "/Careers-page";

/** A job's page. */
export const jobPath = (id: number | string) => `/careers-details?jobId=${id}`;

/** A job's application form, on its page: where every Apply leads. */
export const applyPath = (id: number | string) => `${jobPath(id)}#apply`;

/** The application for no particular job, for when no open position fits. */
export const GENERAL_APPLICATION_PATH = "/careers-general-application";

/** A search of the careers list. */
export const careersSearchPath = (query: string) => (query ? `${CAREERS_PATH}?${query}` : CAREERS_PATH);

/** The booking page ("Talk to an expert" offers a 30-minute call). */
export const BOOKING_PATH = "/book-a-call";
/** Where a booking's e-mail links to reschedule or cancel it. */
export const bookingManagePath = (token: string) => `${BOOKING_PATH}/manage/${token}`;
/** A manage link's path as logs and page counts keep it: without the token, which is the link's credential. */
export const BOOKING_MANAGE_MASKED = `${BOOKING_PATH}/manage/[token]`;
const MANAGE_LINK = /^\/+book-a-call\/+manage\/+[^/]/i;
/**
 * `path` with a booking's manage token left out (also when spelled `/Book-A-Call//manage/…` or
 * percent-encoded, which the router reads as the same page); any other path unchanged.
 */
export function withoutManageToken(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Broken percent-encoding: judged as written.
  }
  return MANAGE_LINK.test(decoded) ? BOOKING_MANAGE_MASKED : path;
}
/** The page after a booking: the time, in the visitor's zone. */
export const bookingConfirmedPath = (start: string, zone: string) =>
  `${BOOKING_PATH}/confirmed?${new URLSearchParams({ start, tz: zone }).toString()}`;
