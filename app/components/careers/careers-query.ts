import type { CareersFilters, CareersListItem } from "#schemas/job.ts";
import { employmentTypeLabel } from "#shared/employment-types.ts";
import { careersSearchPath } from "#shared/paths.ts";
import { hasEveryWord, searchWords, titleMatchesFirst } from "#shared/search-words.ts";
import { htmlToText } from "#app/lib/html-text.ts";

/** What the careers list is narrowed by: the search text and the filters, as the address carries them. */
export interface CareersSearch extends CareersFilters {
  q: string;
}

/** The careers list's address for a search and a page (empty parts and page 1 left out). */
export function careersHref({ q, location, type }: CareersSearch, page = 1) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (location) params.set("location", location);
  if (type) params.set("type", type);
  if (page > 1) params.set("page", String(page));
  return careersSearchPath(params.toString());
}

export const isNarrowed = ({ q, location, type }: CareersSearch) => Boolean(q || location || type);

/** What the list shows it is narrowed by, e.g. “data” in Pune, Full-time. */
export function describeSearch({ q, location, type }: CareersSearch) {
  const filters = [location, type && employmentTypeLabel(type)].filter(Boolean).join(", ");
  return [q && `“${q}”`, filters && (q ? `in ${filters}` : filters)].filter(Boolean).join(" ");
}

const searchable = (job: CareersListItem) =>
  [
    job.job_title,
    job.company,
    job.location,
    job.salary,
    htmlToText(job.job_description),
    htmlToText(job.requirements),
  ]
    .join(" ")
    .toLowerCase();

/** Indexes every open job for searching in the browser (the page has them all). */
export const searchIndex = <Job extends CareersListItem>(jobs: readonly Job[]) =>
  jobs.map((job) => ({ job, text: searchable(job) }));

/** The jobs that match the search and the filters, title matches first: the server's rules, in the browser. */
export function searchInBrowser<Job extends CareersListItem>(
  index: readonly { job: Job; text: string }[],
  search: CareersSearch,
) {
  const words = searchWords(search.q);
  const location = search.location.toLowerCase();
  const found = index
    .filter(
      (entry) =>
        (!location || entry.job.location.toLowerCase() === location) &&
        (!search.type || entry.job.employment_type === search.type) &&
        hasEveryWord(entry.text, words),
    )
    .map((entry) => entry.job);
  return words.length > 0 ? titleMatchesFirst(found, (job) => job.job_title, words) : found;
}
