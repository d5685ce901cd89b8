/** A timestamp's day in the reader's own time zone, e.g. "5 Mar 2025". */
export const localDate = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { dateStyle: "medium" });

/** A timestamp's day and time in the reader's own time zone. */
export const localDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" });
