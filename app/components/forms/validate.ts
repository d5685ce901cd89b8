import type { z } from "zod";
import { fieldErrors } from "#schemas/validation.ts";

/** Each field's first message, by field name (`_form` for a problem of the whole form). */
export type FieldErrors = Record<string, string>;

/**
 * A form's values checked with its shared schema, the same in the page's script and in the route's action
 * (so a form shows the same messages with or without JavaScript): the parsed values, or each field's message.
 */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { ok: true; data: z.output<Schema> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** The text fields of a posted form, each as a string ("" when missing or a file). */
export function formFields<Name extends string>(
  form: FormData,
  names: readonly Name[],
): Record<Name, string> {
  const fields = {} as Record<Name, string>;
  for (const name of names) {
    const value = form.get(name);
    fields[name] = typeof value === "string" ? value : "";
  }
  return fields;
}

/** A public form as the page draws it: what was typed, each field's message, and the form's own message. */
export interface FormAnswer<Name extends string = string> {
  values: Record<Name, string>;
  errors: FieldErrors;
  message?: string;
}

/**
 * An API refusal split for the form: the messages of its own fields, and one message for the rest (a
 * honeypot, a rate limit, a closed job), the same reading whether the page's script or its action posted.
 */
export function refusalOf(
  body: { message?: unknown; errors?: Record<string, string> },
  fields: readonly string[],
  fallback: string,
): { errors: FieldErrors; message?: string } {
  const errors: FieldErrors = {};
  let other: string | undefined;
  for (const [name, text] of Object.entries(body.errors ?? {}))
    if (fields.includes(name)) errors[name] = text;
    else other ??= text;
  const message = typeof body.message === "string" && body.message ? body.message : fallback;
  return { errors, message: other ?? (Object.keys(errors).length > 0 ? undefined : message) };
}
