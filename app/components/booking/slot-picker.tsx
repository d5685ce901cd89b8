import { fieldId } from "#app/components/forms/field.tsx";
import { slotsByDay } from "#shared/visitor-time.ts";

/**
 * The free slots as plain radio buttons grouped by the visitor's day: the whole choice works without
 * JavaScript, and one tap picks a time.
 */
export function SlotPicker({
  zone,
  slots,
  selected,
  error,
  legend,
}: {
  zone: string;
  slots: readonly { start: string }[];
  selected?: string;
  error?: string;
  legend: string;
}) {
  const days = slotsByDay(zone, slots);
  return (
    <fieldset
      id={fieldId("start")}
      tabIndex={-1}
      aria-describedby={error ? `${fieldId("start")}-error` : undefined}
      className="min-w-0"
    >
      <legend className="text-xl font-bold text-navy-900">{legend}</legend>
      {error && (
        <p id={`${fieldId("start")}-error`} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 space-y-6">
        {days.map((day) => (
          <fieldset key={day.day} className="min-w-0">
            <legend className="text-sm font-semibold uppercase tracking-wide text-slate-600">
              {day.label}
            </legend>
            <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
              {day.slots.map((slot) => (
                <li key={slot.start}>
                  <label className="slot-option">
                    <input
                      type="radio"
                      name="start"
                      value={slot.start}
                      defaultChecked={slot.start === selected}
                      required
                      className="sr-only"
                    />
                    <span>{slot.time}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The visitor's zone, as a plain GET form (no script needed); the page's small script picks the browser's
 * zone on the first visit and submits the form when the select changes.
 */
export function TimeZoneForm({
  zone,
  zones,
  action,
}: {
  zone: string;
  zones: readonly string[];
  action: string;
}) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3" data-time-zone-form="">
      <div>
        <label htmlFor="tz" className="block text-sm font-medium text-slate-700">
          Your time zone
        </label>
        <select
          id="tz"
          name="tz"
          defaultValue={zone}
          className="mt-1 max-w-[18rem] rounded-lg border border-slate-300 bg-white px-3 py-2"
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Show times
      </button>
    </form>
  );
}

/** Links to the earlier and later days of free times: plain links, so they work without JavaScript. */
export function SlotPages({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="More times" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <a className="btn-secondary" href={href(page - 1)}>
          Earlier days
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Days {page} of {pages}
      </span>
      {page < pages ? (
        <a className="btn-secondary" href={href(page + 1)}>
          Later days
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
