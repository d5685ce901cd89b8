import { z } from "zod";
import type { AnyResource } from "./resource";

/** A console record as the API answers it (RecordOf in schemas/resource.ts): id, member, fields, added. */
export function recordSchemaOf(resource: AnyResource) {
  return z
    .object({
      [resource.idKey]: z.number().int(),
      user_id: z.number().int().nullable(),
      created_at: z.string(),
    })
    .extend(z.object(resource.fields).required().shape);
}

/** The console's list answer: `{ success, <dataKey>_data, total_no_of_data, total_capped? }`. */
export const listAnswerOf = (dataKey: string, record: z.ZodType) =>
  z.object({
    success: z.literal(true),
    [`${dataKey}_data`]: z.array(record),
    total_no_of_data: z.number().int(),
    total_capped: z.boolean().optional().describe("The count stopped at its limit."),
  });

/** One record, with the message of the change that produced it. */
export const recordAnswerOf = (record: z.ZodType) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data: record });
