import type { FastifyInstance, FastifyTypeProvider } from "fastify";
import type { z } from "zod";
import { describeIssues, fieldErrors } from "../schemas/validation";
import { HttpError } from "./errors";

/** Routes declare shared Zod schemas; handlers read what the schema outputs. */
export interface ZodProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  // Response schemas document the answers; handlers' return types are not checked against them.
  serializer: unknown;
}

/**
 * Fastify validates every request part with the route's Zod schema; a failure is a 400 that names the field and
 * the rule (message and `fields`). Response schemas only document the answers, so nothing serialises with them.
 */
export function registerZodValidation(app: FastifyInstance) {
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new HttpError(400, describeIssues(result.error), fieldErrors(result.error)) };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
