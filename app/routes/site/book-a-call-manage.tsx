import { data, redirect } from "react-router";
import { SlotPages, SlotPicker, TimeZoneForm } from "#app/components/booking/slot-picker.tsx";
import {
  freeSlotsFor,
  NO_STORE,
  slotPage,
  zoneChoices,
  zoneOf,
} from "#app/components/booking/booking-data.server.ts";
import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { formFields, validateForm, type FormAnswer } from "#app/components/forms/validate.ts";
import { pageMeta, type Crumb } from "#app/components/marketing/meta.ts";
import { PageHero } from "#app/components/marketing/page.tsx";
import { readForm, refuseForm, sendPageForm } from "#app/lib/page-form.server.ts";
import { bookingRescheduleSchema, manageTokenSchema } from "#schemas/booking.ts";
import { BOOKING_FAILED, BOOKING_TOO_MANY, bookingLabels, bookingPage } from "#shared/content/booking.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { BOOKING_PATH, bookingConfirmedPath, bookingManagePath } from "#shared/paths.ts";
import { fullTimeIn } from "#shared/visitor-time.ts";
import type { Route } from "./+types/book-a-call-manage";

const SEO = { title: "Your call", description: bookingPage.seo.description };
const FIELDS = ["start", "time_zone"] as const;
const fallback = (status: number) => (status === 429 ? BOOKING_TOO_MANY : BOOKING_FAILED);

export const handle = { script: "/book-a-call.js" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const zone = zoneOf(request);
  const token = manageTokenSchema.safeParse(params.token);
  const booking = token.success ? await context.services.bookings.findByToken(token.data) : null;
  const trail: Crumb[] = [
    ["Home", "/"],
    [bookingPage.heading, BOOKING_PATH],
    [SEO.title, bookingManagePath(params.token)],
  ];
  return {
    zone,
    zones: zoneChoices(zone),
    trail,
    path: bookingManagePath(params.token),
    booking: booking && {
      when: fullTimeIn(zone, booking.start),
      india: formatDateTime(booking.start),
      start: booking.start,
    },
    // The booking's own time is taken, so it is not offered.
    ...slotPage(request, zone, booking ? await freeSlotsFor(context) : []),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = params.token;
  if (form.get("intent") === "cancel") {
    const sent = await sendPageForm(
      context,
      "/api/bookings/cancel",
      { token },
      { values: {}, fields: [], fallback },
    );
    if (!sent.ok) return sent.refused;
    return data({ cancelled: true as const }, { headers: NO_STORE });
  }
  const values = formFields(form, FIELDS);
  const checked = validateForm(bookingRescheduleSchema, { ...values, token });
  if (!checked.ok) return refuseForm(values, checked.errors);
  const sent = await sendPageForm(context, "/api/bookings/reschedule", checked.data, {
    values,
    fields: FIELDS,
    fallback,
  });
  if (!sent.ok) return sent.refused;
  return redirect(bookingConfirmedPath(checked.data.start, checked.data.time_zone), { headers: NO_STORE });
}

export const headers = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, loaderData && { seo: SEO, path: BOOKING_PATH, trail: loaderData.trail }),
    { name: "robots", content: "noindex" },
  ];
}

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const { zone, zones, trail, booking, slots, path, page, pages } = loaderData;
  const here = (n: number) => `${path}?${new URLSearchParams({ tz: zone, page: String(n) }).toString()}`;
  const cancelled = actionData && "cancelled" in actionData;
  const answer = actionData && !("cancelled" in actionData) ? (actionData as FormAnswer<string>) : undefined;
  return (
    <>
      <PageHero title={SEO.title} trail={trail} />
      <div className="container-page max-w-4xl py-12 md:py-16">
        {cancelled ? (
          <p
            role="status"
            className="rounded-2xl border border-brand-200 bg-brand-50 p-6 text-lg text-navy-900"
          >
            Your call is cancelled. We have e-mailed you and our team.{" "}
            <a className="contact-link" href={BOOKING_PATH}>
              Book another time
            </a>
          </p>
        ) : !booking ? (
          <div className="rounded-2xl border border-slate-200 p-6">
            <p className="text-lg text-slate-700">
              This link no longer works: the call was cancelled or moved since. Use the link in the latest
              e-mail, or book a new time.
            </p>
            <a className="btn-primary mt-6" href={BOOKING_PATH}>
              {bookingPage.heading}
            </a>
          </div>
        ) : (
          <>
            {answer && (
              <ErrorSummary
                key={JSON.stringify(answer)}
                title="The call could not be changed"
                errors={answer.errors}
                labels={bookingLabels}
                message={answer.message}
                className="mb-6"
              />
            )}
            <section aria-labelledby="current-heading" className="rounded-2xl border border-slate-200 p-6">
              <h2
                id="current-heading"
                className="text-sm font-semibold uppercase tracking-wide text-slate-600"
              >
                Your 30-minute call
              </h2>
              <p className="mt-2 text-2xl font-bold text-navy-900">{booking.when}</p>
              <p className="mt-1 text-slate-700">In India: {booking.india}</p>
              <form method="post" action={path} className="mt-6">
                <input type="hidden" name="intent" value="cancel" />
                <button type="submit" className="btn-secondary">
                  Cancel the call
                </button>
              </form>
            </section>
            <section aria-labelledby="move-heading" className="mt-10">
              <h2 id="move-heading" className="text-2xl font-bold text-navy-900">
                Move it to another time
              </h2>
              <div className="mt-4">
                <TimeZoneForm zone={zone} zones={zones} action={path} />
              </div>
              <form method="post" action={here(page)} className="mt-8" noValidate>
                <input type="hidden" name="intent" value="reschedule" />
                <input type="hidden" name="time_zone" value={zone} />
                <SlotPicker
                  zone={zone}
                  slots={slots}
                  selected={answer?.values.start}
                  error={answer?.errors.start}
                  legend="Pick a new time"
                />
                <SlotPages page={page} pages={pages} href={here} />
                <button type="submit" className="btn-primary mt-8 w-full sm:w-auto">
                  Move the call
                </button>
              </form>
            </section>
          </>
        )}
      </div>
    </>
  );
}
