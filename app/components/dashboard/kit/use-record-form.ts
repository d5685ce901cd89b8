import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrorsOf, useConsoleMutation } from "~/lib/dashboard/mutation";
import { fieldErrors } from "../../../../schemas/validation";

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A create-or-edit form of one console record: checked against the shared schema before it is sent,
 * then POSTed (new) or PATCHed (`id`), with the server's field messages shown inline on a refusal.
 */
export function useRecordForm<V extends Record<string, unknown>>(options: {
  endpoint: string;
  /** The record to edit; null creates one. */
  id: number | null;
  initial: V;
  schema: z.ZodType;
  /** The request body made from the values (default: the values as they are). */
  toBody?: (values: V) => Record<string, unknown>;
  /** A rule beyond the schema, checked after it: field messages, or null. */
  check?: (values: V) => Record<string, string> | null;
  success: string;
  invalidate?: string[];
  onSaved: () => void;
  /** Put before each field's name (and so its id) when another form could share the page. */
  namePrefix?: string;
}) {
  const { endpoint, id } = options;
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useConsoleMutation<Record<string, unknown>>({
    request: (body) =>
      id === null
        ? { path: endpoint, method: "POST", body }
        : { path: `${endpoint}/${id}`, method: "PATCH", body },
    success: options.success,
    invalidate: options.invalidate ?? [endpoint],
    onSuccess: options.onSaved,
  });
  /** Checks and sends the values; called by a form's submit or by a dialog's Save button. */
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = options.toBody ? options.toBody(values) : values;
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const broken = options.check?.(values);
    if (broken) return setErrors(broken);
    setErrors({});
    save.mutate(body, { onError: (e) => setErrors(fieldErrorsOf(e)) });
  };
  /** The props of a Field, SelectField or TextAreaField bound to one text value. */
  const bind = (key: TextKey<V>) => ({
    name: `${options.namePrefix ?? ""}${key}`,
    value: values[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });
  /** The props of a control that reports its new value itself (an image upload, the rich-text editor). */
  const control = <K extends keyof V & string>(key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (value: V[K]) => setValues((v) => ({ ...v, [key]: value })),
  });
  return { values, setValues, errors, save, submit, bind, control };
}
