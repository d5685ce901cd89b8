import { useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE } from "#schemas/list-query.ts";

/**
 * List state lives in the URL so a view can be shared and survives reload. Spec rules: search, filter
 * and page-size changes go back to page 1; search and applying filters also reset the page size to 10.
 */
export function useListParams(filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const pageSize = Number(params.get("page_size")) || DEFAULT_PAGE_SIZE;
  const search = params.get("search") ?? "";
  const sort = params.get("sort") ?? "";
  const filters = Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ""]));

  const update = (changes: Record<string, string | number | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (
            value === null ||
            value === "" ||
            (key === "page" && value === 1) ||
            (key === "page_size" && value === DEFAULT_PAGE_SIZE)
          )
            next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { preventScrollReset: true },
    );

  /** Query string for the API: paging, search, sort and the non-empty filters. */
  const apiQuery = new URLSearchParams();
  apiQuery.set("page", String(page));
  apiQuery.set("page_size", String(pageSize));
  if (search) apiQuery.set("search", search);
  if (sort) apiQuery.set("sort", sort);
  for (const [k, v] of Object.entries(filters)) if (v) apiQuery.set(k, v);

  return {
    page,
    pageSize,
    search,
    sort,
    filters,
    apiQuery: apiQuery.toString(),
    setPage: (p: number) => update({ page: p }),
    setPageSize: (size: number) => update({ page_size: size, page: 1 }),
    setSearch: (text: string) => update({ search: text, page: 1, page_size: DEFAULT_PAGE_SIZE }),
    setSort: (key: string) =>
      update({ sort: sort === key ? `-${key}` : sort === `-${key}` ? null : key, page: 1 }),
    /** Sets the sort outright ("" for the default order), as the phone layout's sort menu does. */
    setSortTo: (value: string) => update({ sort: value || null, page: 1 }),
    applyFilters: (values: Record<string, string>) =>
      update({ ...values, page: 1, page_size: DEFAULT_PAGE_SIZE }),
    clearFilters: () => update({ ...Object.fromEntries(filterKeys.map((k) => [k, null])), page: 1 }),
  };
}
