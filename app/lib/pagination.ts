export type PageItem = number | "gap-start" | "gap-end";

/** Page buttons: first, last, the current page and `siblings` on each side, gaps as markers. */
export function paginationRange(current: number, totalPages: number, siblings = 1): PageItem[] {
  if (totalPages <= 0) return [];
  const visible = siblings * 2 + 5;
  if (totalPages <= visible) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, totalPages);
  const items: PageItem[] = [1];
  if (left > 2) items.push("gap-start");
  for (let p = Math.max(left, 2); p <= Math.min(right, totalPages - 1); p++) items.push(p);
  if (right < totalPages - 1) items.push("gap-end");
  items.push(totalPages);
  return items;
}
