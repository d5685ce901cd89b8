import { redirect } from "react-router";
import { SlotPages, SlotPicker, TimeZoneForm } from "#app/components/booking/slot-picker.tsx";
import {
  freeSlotsFor,
  NO_STORE,
  slotPage,
  zoneChoices,
  zoneOf,
} from "#app/components/booking/booking-data.server.ts";
import { ErrorSummary } from "#app/components/forms/error-summary.tsx";
import { Field, Honeypot, RequiredNote, TextAreaField } from "#app/components/forms/field.tsx";
import { formFields, validateForm, type FormAnswer } from "#app/components/forms/validate.ts";
import { pageMeta, type Crumb } from "#app/components/marketing/meta.ts";
import { PageHero } from "#app/components/marketing/page.tsx";
import { readForm, refuseForm, sendPageForm } from "#app/lib/page-form.server.ts";
import { bookingRequestSchema } from "#schemas/booking.ts";
import {
  BOOKING_FAILED,
  BOOKING_FIELDS,
  BOOKING_TOO_MANY,
  bookingLabels,
  bookingPage,
  type BookingField,
} from "#shared/content/booking.ts";
import { BOOKING_PATH, bookingConfirmedPath } from "#shared/paths.ts";
import type { Route } from "./+types/book-a-call";

/** Rendered without React's scripts: the page works as plain HTML, with a small script of its own (root.tsx). */
export const handle = { script: "/book-a-call.js" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const zone = zoneOf(request);
  const trail: Crumb[] = [
    ["Home", "/"],
    ["Contact Us", "/contact"],
    [bookingPage.heading, BOOKING_PATH],
  ];
  return { zone, zones: zoneChoices(zone), ...slotPage(request, zone, await freeSlotsFor(context)), trail };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formFields(await readForm(request), [...BOOKING_FIELDS, "url_hp"]);
  const { url_hp: _hp, ...shown } = values;
  const checked = validateForm(bookingRequestSchema, values);
  if (!checked.ok) return refuseForm<BookingField>(shown, checked.errors);
  const sent = await sendPageForm(context, "/api/bookings", values, {
    values: shown,
    fields: BOOKING_FIELDS,
    fallback: (status) => (status === 429 ? BOOKING_TOO_MANY : BOOKING_FAILED),
  });
  if (!sent.ok) return sent.refused;
  return redirect(bookingConfirmedPath(checked.data.start, checked.data.time_zone), { headers: NO_STORE });
}

export const headers = () => NO_STORE;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: bookingPage.seo, path: BOOKING_PATH, trail: loaderData.trail },
  );
}

export default function BookACallPage({ loaderData, actionData }: Route.ComponentProps) {
  const { zone, zones, slots, trail, page, pages } = loaderData;
  const here = (n: number) =>
    `${BOOKING_PATH}?${new URLSearchParams({ tz: zone, page: String(n) }).toString()}`;
  const answer = actionData as FormAnswer<BookingField> | undefined;
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  return (
    <>
      <PageHero title={bookingPage.heading} lead={bookingPage.lead} trail={trail} />
      <div className="container-page max-w-4xl py-12 md:py-16">
        <TimeZoneForm zone={zone} zones={zones} action={BOOKING_PATH} />
        {slots.length === 0 ? (
          <p className="mt-8 text-lg text-slate-700">
            {bookingPage.noSlots}{" "}
            <a className="contact-link" href="/contact#contact-form">
              Contact form
            </a>
          </p>
        ) : (
          <form method="post" action={here(page)} className="mt-8" noValidate>
            {answer && (
              <ErrorSummary
                key={JSON.stringify(answer)}
                title={bookingPage.formError}
                errors={errors}
                labels={bookingLabels}
                message={answer.message}
                className="mb-6"
              />
            )}
            <input type="hidden" name="time_zone" value={zone} />
            <SlotPicker
              zone={zone}
              slots={slots}
              selected={values?.start}
              error={errors.start}
              legend={bookingPage.slotsHeading}
            />
            <SlotPages page={page} pages={pages} href={here} />
            <fieldset className="mt-10 min-w-0">
              <legend className="text-xl font-bold text-navy-900">{bookingPage.detailsHeading}</legend>
              <RequiredNote className="mt-2" />
              <div className="mt-4 grid gap-5 sm:grid-cols-2">
                <Field
                  label={bookingLabels.name}
                  name="name"
                  required
                  autoComplete="name"
                  defaultValue={values?.name}
                  error={errors.name}
                />
                <Field
                  label={bookingLabels.email}
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  defaultValue={values?.email}
                  error={errors.email}
                />
                <Field
                  label={bookingLabels.company}
                  name="company"
                  autoComplete="organization"
                  defaultValue={values?.company}
                  error={errors.company}
                  frameClassName="sm:col-span-2"
                />
                <TextAreaField
                  label={bookingLabels.note}
                  name="note"
                  rows={4}
                  defaultValue={values?.note}
                  error={errors.note}
                  frameClassName="sm:col-span-2"
                />
              </div>
              <Honeypot />
            </fieldset>
            <button type="submit" className="btn-primary mt-8 w-full sm:w-auto">
              {bookingPage.submit}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
