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

/** Every 4xx and 5xx answer (server/plugins/errors.ts): what went wrong, in a sentence a person can act on. */
export const errorAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string().describe("Names the field and the rule, or what went wrong."),
  reason: z
    .string()
    .optional()
    .describe("A cause a client acts on: reauth_required (confirm the password with POST /api/auth/reauth)."),
  data: z.array(z.never()).optional(),
  errors: z.record(z.string(), z.string()).optional().describe("One message per invalid field."),
  request_id: z.string().optional().describe("Quote it when reporting a 5xx."),
});

/** A change that answers no record: sign-out, moderation. */
export const messageAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(z.never()),
});

/** One record deleted; `restorable`: Undo (POST <path>/restore) works within the trash window (setting trash_days). */
export const deleteAnswerSchema = messageAnswerSchema.extend({ restorable: z.boolean() });

/** A bulk delete: how many, and the ids when the filters selected them ("all matching"). */
export const bulkDeleteAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ deleted: z.number().int(), ids: z.array(z.number().int()).optional() }),
  restorable: z.boolean(),
});

/** The Undo of a delete. */
export const restoreAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ restored: z.number().int() }),
});

/** An answer that is not JSON: `mediaType` is its Content-Type in the OpenAPI document. */
export const textAnswer = (mediaType: string, description: string) =>
  z.string().meta({ mediaType, description });

export const csvAnswerSchema = textAnswer("text/csv", "The rows the filters select, as CSV.");

/** An ISO 8601 timestamp (services may hand Date objects; the serializer writes toISOString()). */
export const timestamp = () => z.iso.datetime({ offset: true });

/** Any object, written whole: only for payloads free-form by nature (the OpenAPI document); records declare their fields. */
export const anyRecord = z.looseObject({});

/** `{ success, data }`: one object that is not a stored record (settings, a chart, a verification). */
export const dataAnswerOf = (data: z.ZodType) => z.object({ success: z.literal(true), data });
