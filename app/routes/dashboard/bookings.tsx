import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ErrorSummary, Field } from "#app/components/dashboard/field.tsx";
import { Loading, Spinner } from "#app/components/dashboard/spinner.tsx";
import { call, request } from "#app/lib/dashboard/api.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { bookingSettingsSchema, WEEKDAYS, type BookingSettings } from "#schemas/booking.ts";
import { fieldErrors } from "#schemas/validation.ts";
import { formatDateTime } from "#shared/india-time.ts";

export const meta = () => consoleMeta("Bookings");

const SETTINGS = "/api/booking_settings";
const LIST = "/api/bookings";

/** "10:00-13:00, 14:00-18:00" for a day's ranges, and back. */
const rangesText = (ranges: BookingSettings["hours"][number]) =>
  ranges.map((r) => `${r.start}-${r.end}`).join(", ");
const parseRanges = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [start = "", end = ""] = part.split(/\s*[-–]\s*/);
      return { start, end };
    });

export default function BookingsScreen() {
  const settings = useQuery({ queryKey: [SETTINGS], queryFn: () => call("GET /api/booking_settings") });
  return (
    <section>
      <h1 className="text-2xl font-bold text-navy-900">Bookings</h1>
      <p className="mt-2 text-slate-600">
        Visitors book 30-minute calls at /book-a-call in the free times these hours leave; each booking is
        also an enquiry. Hours are in India time (IST).
      </p>
      {settings.data ? (
        <HoursForm initial={settings.data.data} />
      ) : (
        <Loading
          label="Loading booking hours…"
          failed={settings.isError}
          failure="Could not load the hours."
        />
      )}
      <Upcoming />
    </section>
  );
}

function HoursForm({ initial }: { initial: BookingSettings }) {
  const [days, setDays] = useState(() => initial.hours.map(rangesText));
  const [numbers, setNumbers] = useState({
    buffer_minutes: String(initial.buffer_minutes),
    notice_hours: String(initial.notice_hours),
    horizon_days: String(initial.horizon_days),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<BookingSettings>({
    request: (body) => request("PUT /api/booking_settings", { body }),
    success: "Booking hours saved. The booking page shows the new times now.",
    invalidate: [SETTINGS],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = bookingSettingsSchema.safeParse({ hours: days.map(parseRanges), ...numbers });
    if (!parsed.success) {
      // "hours.0.1" → the Monday field.
      const found: Record<string, string> = {};
      for (const [key, message] of Object.entries(fieldErrors(parsed.error))) {
        const day = /^hours\.(\d)/.exec(key);
        found[day ? `day_${day[1]}` : key] ??= message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onError: () => undefined });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Booking hours"
      className="mt-6 grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2"
    >
      <ErrorSummary errors={errors} className="sm:col-span-2" />
      <h2 className="text-lg font-semibold text-navy-900 sm:col-span-2">Weekly hours (IST)</h2>
      {WEEKDAYS.map((label, i) => (
        <Field
          key={label}
          label={label}
          name={`day_${i}`}
          hint="Ranges such as 10:00-13:00, 14:00-18:00; empty: no calls"
          value={days[i]}
          onChange={(event) => setDays((all) => all.map((d, j) => (j === i ? event.target.value : d)))}
          error={errors[`day_${i}`]}
        />
      ))}
      <Field
        label="Buffer between calls (minutes)"
        name="buffer_minutes"
        type="number"
        min={0}
        max={120}
        value={numbers.buffer_minutes}
        onChange={(event) => setNumbers((n) => ({ ...n, buffer_minutes: event.target.value }))}
        error={errors.buffer_minutes}
      />
      <Field
        label="Minimum notice (hours)"
        name="notice_hours"
        type="number"
        min={0}
        max={336}
        value={numbers.notice_hours}
        onChange={(event) => setNumbers((n) => ({ ...n, notice_hours: event.target.value }))}
        error={errors.notice_hours}
      />
      <Field
        label="Book up to (days ahead)"
        name="horizon_days"
        type="number"
        min={1}
        max={90}
        value={numbers.horizon_days}
        onChange={(event) => setNumbers((n) => ({ ...n, horizon_days: event.target.value }))}
        error={errors.horizon_days}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null} Save hours
        </button>
      </div>
    </form>
  );
}

function Upcoming() {
  const list = useQuery({ queryKey: [LIST], queryFn: () => call("GET /api/bookings") });
  const cancel = useConsoleMutation<number>({
    request: (id) => request("POST /api/bookings/:id/cancel", { params: { id } }),
    success: "Call cancelled. The visitor and the team are e-mailed.",
    invalidate: [LIST],
  });
  const rows = list.data?.bookings_data ?? [];
  return (
    <section aria-labelledby="upcoming-heading" className="mt-10 max-w-5xl">
      <h2 id="upcoming-heading" className="text-xl font-bold text-navy-900">
        Upcoming calls
      </h2>
      {!list.data ? (
        <Loading label="Loading calls…" failed={list.isError} failure="Could not load the calls." />
      ) : rows.length === 0 ? (
        <p className="mt-3 text-slate-600">No calls booked.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2">
                  When (IST)
                </th>
                <th scope="col" className="px-4 py-2">
                  Who
                </th>
                <th scope="col" className="px-4 py-2">
                  Note
                </th>
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id} className="border-t border-slate-200 align-top">
                  <td className="px-4 py-2 whitespace-nowrap">{formatDateTime(b.start)}</td>
                  <td className="px-4 py-2">
                    <span className="block font-medium">{b.name}</span>
                    <span className="block text-slate-600">{b.company}</span>
                    <a className="block text-brand-700 underline" href={`mailto:${b.email}`}>
                      {b.email}
                    </a>
                  </td>
                  <td className="max-w-xs px-4 py-2 whitespace-pre-line">{b.note}</td>
                  <td className="px-4 py-2">
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={cancel.isPending}
                      onClick={() => {
                        if (window.confirm(`Cancel the call with ${b.name} on ${formatDateTime(b.start)}?`))
                          cancel.mutate(b.id);
                      }}
                    >
                      Cancel call
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
