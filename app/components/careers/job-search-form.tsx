import { Search, X } from "lucide-react";
import { employmentTypeLabel, type EmploymentType } from "#shared/employment-types.ts";
import { CAREERS_PATH } from "#shared/paths.ts";
import type { CareersSearch } from "./careers-query";

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";

/**
 * The careers list's search box and filters: a plain GET form, so searching and filtering also work before
 * the page's script has loaded (the submit button); with it, the list follows every change as it happens.
 */
export function JobSearchForm({
  search,
  onChange,
  onSubmit,
  onClear,
  canClear,
  locations,
  types,
}: {
  search: CareersSearch;
  onChange: (change: Partial<CareersSearch>) => void;
  onSubmit: () => void;
  onClear: () => void;
  canClear: boolean;
  locations: readonly string[];
  types: readonly EmploymentType[];
}) {
  // A filter from a shared link that no open job has any more is still shown as chosen.
  const locationChoices =
    search.location && !locations.some((l) => l.toLowerCase() === search.location.toLowerCase())
      ? [...locations, search.location]
      : locations;
  const typeChoices = search.type && !types.includes(search.type) ? [...types, search.type] : types;
  return (
    <form
      role="search"
      method="get"
      action={CAREERS_PATH}
      className="max-w-3xl"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-center gap-3">
        <label htmlFor="job-search" className="sr-only">
          Search jobs
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          />
          <input
            id="job-search"
            name="q"
            type="search"
            placeholder="Search jobs..."
            autoComplete="off"
            maxLength={100}
            value={search.q}
            onChange={(e) => onChange({ q: e.target.value })}
            className="block w-full rounded-full border border-slate-300 bg-white py-3 pl-11 pr-4 text-ink shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        <button type="button" className="btn-secondary" disabled={!canClear} onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          Clear
        </button>
      </div>
      <div className="mt-4 grid grid-cols-1 items-end gap-3 min-[360px]:grid-cols-2 sm:grid-cols-[1fr_1fr_auto]">
        <div>
          <label htmlFor="job-location" className="text-sm font-semibold text-navy-900">
            Location
          </label>
          <select
            id="job-location"
            name="location"
            value={search.location}
            onChange={(e) => onChange({ location: e.target.value })}
            className={selectClass}
          >
            <option value="">All locations</option>
            {locationChoices.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="job-type" className="text-sm font-semibold text-navy-900">
            Type
          </label>
          <select
            id="job-type"
            name="type"
            value={search.type}
            onChange={(e) => onChange({ type: e.target.value as EmploymentType | "" })}
            className={selectClass}
          >
            <option value="">All types</option>
            {typeChoices.map((type) => (
              <option key={type} value={type}>
                {employmentTypeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary min-[360px]:col-span-2 sm:col-span-1">
          Show jobs
        </button>
      </div>
    </form>
  );
}
