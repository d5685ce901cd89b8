import { z } from "zod";
import { recordId } from "./common";

/** The most rows ticked by id (a page holds at most 100); "Select all N matching" sends the filter instead. */
export const MAX_BULK_IDS = 100;
/** The most rows one "all matching" delete takes, and so one undo puts back: the lists count up to this. */
export const MAX_MATCHING = 10_000;

const idList = (what: string, max = MAX_BULK_IDS) =>
  z
    .array(recordId(), "ids must be a list of record ids")
    .min(1, `Select at least one row to ${what}`)
    .max(max, `${what.charAt(0).toUpperCase()}${what.slice(1)} at most ${max} rows by id at once`);

/**
 * A bulk delete: the rows ticked (`ids`), or every row the list's filters select (`all_matching`, the
 * filters in the query string, as the list and its CSV export read them).
 */
export const bulkSelectionSchema = z
  .object({
    ids: idList("delete").optional(),
    all_matching: z.literal(true, "all_matching must be true when sent").optional(),
  })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.all_matching === undefined), {
    message: "Send either ids (the rows ticked) or all_matching: true (every row the filters select)",
  });

/** Puts deleted records back (the Undo of a delete). */
export const restoreSchema = z.object({ ids: idList("restore", MAX_MATCHING) }).strict();

/** `ids=1,2,3` in a CSV export's query: only the rows ticked. */
export const exportIdsQuery = z.object({
  ids: z
    .preprocess(
      (v) => (typeof v === "string" ? (v === "" ? undefined : v.split(",")) : v),
      idList("export").optional(),
    )
    .optional(),
});
