import type { z } from "zod";
import { fieldErrors } from "../../../schemas/validation";

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
