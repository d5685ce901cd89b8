import { NO_STORE } from "#app/components/booking/booking-data.server.ts";
import { pageMeta, type Crumb } from "#app/components/marketing/meta.ts";
import { PageHero } from "#app/components/marketing/page.tsx";
import { isTimeZone, slotStartSchema } from "#schemas/booking.ts";
import { bookingPage } from "#shared/content/booking.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { BOOKING_PATH } from "#shared/paths.ts";
import { fullTimeIn } from "#shared/visitor-time.ts";
import type { Route } from "./+types/book-a-call-confirmed";

const PATH = `${BOOKING_PATH}/confirmed`;
const SEO = { title: "Your call is booked", description: bookingPage.seo.description };

export const handle = { script: "/book-a-call.js" };

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const start = slotStartSchema.safeParse(params.get("start") ?? "");
  const zone = params.get("tz") ?? "";
  const trail: Crumb[] = [
    ["Home", "/"],
    [bookingPage.heading, BOOKING_PATH],
    [SEO.title, PATH],
  ];
  return {
    trail,
    when: start.success ? fullTimeIn(isTimeZone(zone) ? zone : "Asia/Kolkata", start.data) : null,
    india: start.success ? formatDateTime(start.data) : null,
  };
}

export const headers = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, loaderData && { seo: SEO, path: PATH, trail: loaderData.trail }),
    { name: "robots", content: "noindex" },
  ];
}

export default function BookingConfirmed({ loaderData }: Route.ComponentProps) {
  const { when, india, trail } = loaderData;
  return (
    <>
      <PageHero title={SEO.title} trail={trail} />
      <div className="container-page max-w-3xl py-12 md:py-16">
        <div role="status" className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8">
          {when ? (
            <>
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
                Your 30-minute call
              </p>
              <p className="mt-2 text-2xl font-bold text-navy-900">{when}</p>
              <p className="mt-1 text-slate-700">In India: {india}</p>
            </>
          ) : (
            <p className="text-xl font-bold text-navy-900">Your call is booked.</p>
          )}
          <p className="mt-6 text-slate-700">
            We have e-mailed you the invitation: open its attachment to add the call to your calendar. The
            e-mail has links to reschedule or cancel, and we send a reminder the day before.
          </p>
        </div>
        <p className="mt-8">
          <a className="contact-link" href="/">
            Back to the home page
          </a>
        </p>
      </div>
    </>
  );
}
