import { z } from "zod";

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Paging, search and sort shared by every console list; entity schemas extend it with their filters. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(1_000_000, "page is too large")
    .default(1),
  page_size: z.coerce
    .number({ error: "page_size must be 10, 20 or 50" })
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), "page_size must be 10, 20 or 50")
    .default(DEFAULT_PAGE_SIZE),
  // Composed (NFC) like the text it searches, so "क़" typed as क + ़ still finds "क़".
  search: z.string().trim().normalize("NFC").max(100, "search must be at most 100 characters").default(""),
  sort: z
    .string()
    .regex(/^-?[a-z_]{1,40}$/, "sort must be a column name, optionally prefixed with -")
    .optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;
