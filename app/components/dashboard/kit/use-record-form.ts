import { useCallback, useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from "react";
import { resourceRequest, type ResourcePath } from "#app/lib/dashboard/api.ts";
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { fieldErrorsOf, useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { focusFirstInvalid } from "../field";
import { bodyResolver, flattenErrors } from "./form-resolver";

export { bodyResolver, flattenErrors };

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/** Turns a failed submit into focus: after the errors render, the first invalid control (or the summary) gets it. */
export function useFocusOnError() {
  const root = useRef<Element | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures === 0) return;
    // One frame later every field has its aria-invalid from this attempt's errors.
    const frame = requestAnimationFrame(() => focusFirstInvalid(root.current));
    return () => cancelAnimationFrame(frame);
  }, [failures]);
  /** Call with the form (or the dialog) the failed submit came from, or nothing to keep the last one. */
  const failed = useCallback((where?: Element | null) => {
    if (where) root.current = where;
    setFailures((n) => n + 1);
  }, []);
  return failed;
}

/** Where a submit came from: its form, or the dialog of a Save button outside any form. Read it synchronously. */
export function submitRoot(event?: SyntheticEvent): Element | null {
  const target = event?.currentTarget;
  return target instanceof Element ? (target.closest("form") ?? target.closest("[role=dialog]")) : null;
}

/**
 * A React Hook Form form's submit handler: the resolver checks the values, then `send` posts them; a refusal,
 * the schema's or the server's field errors (named by `fieldOf`), shows inline and focuses the first invalid field.
 */
export function formSubmit<T extends FieldValues, P>(
  form: UseFormReturn<T, unknown, P>,
  failed: (root?: Element | null) => void,
  send: (values: P, showErrors: (error: unknown) => void) => void,
  fieldOf: (key: string) => Path<T> | "root" = (key) => key as Path<T>,
) {
  return (event: FormEvent) => {
    const root = submitRoot(event);
    const showErrors = (error: unknown) => {
      const found = Object.entries(fieldErrorsOf(error));
      for (const [key, message] of found) form.setError(fieldOf(key), { type: "server", message });
      if (found.length > 0) failed(root);
    };
    void form.handleSubmit(
      (values) => send(values, showErrors),
      () => failed(root),
    )(event);
  };
}

/**
 * A create-or-edit form of one console record on React Hook Form: the values go through the shared Zod schema
 * (zodResolver, on the request body) before they are POSTed (new) or PATCHed (`id`); a refusal, the schema's
 * or the server's, shows inline, focuses the first invalid field and is announced by the form's ErrorSummary.
 */
export function useRecordForm<V extends Record<string, unknown>>(options: {
  endpoint: ResourcePath;
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
  // React Hook Form takes the options of every render, so the resolver always sees this render's closures.
  const form = useForm<FieldValues>({
    defaultValues: options.initial,
    resolver: bodyResolver<FieldValues>(
      options.schema,
      (values) => options.toBody?.(values as V) ?? values,
      (values, schemaPassed) => (schemaPassed ? (options.check?.(values as V) ?? null) : null),
    ),
  });
  const { formState, setValue, getValues, setError, handleSubmit } = form;
  const values = useWatch({ control: form.control }) as V;
  const errors = flattenErrors(formState.errors);
  const failed = useFocusOnError();

  const save = useConsoleMutation<Record<string, unknown>>({
    request: (body) =>
      id === null
        ? resourceRequest("POST", endpoint, "", { body })
        : resourceRequest("PATCH", endpoint, "/:id", { params: { id }, body }),
    success: options.success,
    invalidate: options.invalidate ?? [endpoint],
    onSuccess: options.onSaved,
  });

  /** Replaces the values (all or some); each change marks the form dirty against its initial values. */
  const setValues = (next: V | ((previous: V) => V)) => {
    const previous = getValues() as V;
    const resolved = typeof next === "function" ? next(previous) : next;
    for (const [key, value] of Object.entries(resolved))
      if (!Object.is(value, previous[key])) setValue(key, value, { shouldDirty: true });
  };
  const setErrors = (found: Record<string, string>) => {
    for (const [key, message] of Object.entries(found))
      setError(key === "_form" ? "root" : key, { type: "server", message });
  };

  /** Checks and sends the values; called by a form's submit or by a dialog's Save button. */
  const submit = (event?: FormEvent | SyntheticEvent) => {
    event?.preventDefault();
    const root = submitRoot(event);
    void handleSubmit(
      () => {
        const current = getValues() as V;
        const body = options.toBody ? options.toBody(current) : current;
        save.mutate(body, {
          onError: (e) => {
            const found = fieldErrorsOf(e);
            if (Object.keys(found).length === 0) return;
            setErrors(found);
            failed(root);
          },
        });
      },
      () => failed(root),
    )();
  };
  /** The props of a Field, SelectField or TextAreaField bound to one text value. */
  const bind = (key: TextKey<V>) => ({
    name: `${options.namePrefix ?? ""}${key}`,
    value: values[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) =>
      setValue(key as string, e.target.value, { shouldDirty: true }),
  });
  /** The props of a control that reports its new value itself (an image upload, the rich-text editor). */
  const control = <K extends keyof V & string>(key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (value: V[K]) => setValue(key as string, value, { shouldDirty: true }),
  });
  return { values, setValues, errors, save, submit, bind, control, dirty: formState.isDirty };
}
