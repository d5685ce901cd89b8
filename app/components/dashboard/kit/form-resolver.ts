import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver, ResolverOptions } from "react-hook-form";
import type { z } from "zod";

const META = new Set(["message", "type", "types", "ref", "root"]);

/** React Hook Form's nested errors as "path.to.field" → message, the shape the console's fields read. */
export function flattenErrors(errors: FieldErrors, prefix = "", out: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (!value || typeof value !== "object" || META.has(key)) continue;
    const path = key === "" ? "_form" : prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === "string" && message) out[path] ??= message;
    flattenErrors(value as FieldErrors, path, out);
  }
  const root = (errors as { root?: { message?: string } }).root?.message;
  if (root && !prefix) out._form ??= root;
  return out;
}

/**
 * A resolver that checks the request body the values make against a shared schema (zodResolver). On success the
 * form's own values go on (the body is rebuilt from them when sent); on failure the messages by field, and those of
 * `extra` (told whether the schema passed), which win over the schema's for the same field.
 */
export function bodyResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => Record<string, unknown>,
  extra?: (values: V, schemaPassed: boolean) => Record<string, string> | null,
): Resolver<V> {
  return async (values, context, options) => {
    const result = await zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true })(
      toBody(values),
      context,
      options as unknown as ResolverOptions<FieldValues>,
    );
    const errors: Record<string, unknown> = { ...result.errors };
    const more = extra?.(values, Object.keys(errors).length === 0) ?? {};
    for (const [key, message] of Object.entries(more)) errors[key] = { type: "rule", message };
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<V> }
      : { values, errors: {} };
  };
}
