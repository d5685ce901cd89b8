import type { z } from "zod";
import { describeIssues, fieldErrors } from "../schemas/validation";

import { HttpError } from "../domain/errors";

export { HttpError };

export const notFound = (what = "Resource") => new HttpError(404, `${what} not found`);

/** Parses with a shared Zod schema or throws a 400 that names the field and the rule. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, describeIssues(result.error), fieldErrors(result.error));
}
