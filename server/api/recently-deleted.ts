import type { FastifyInstance } from "fastify";
import { listAnswerOf, restoreAnswerSchema } from "#schemas/api-responses.ts";
import { trashEntrySchema, trashListQuerySchema, trashRestoreSchema, trashTypes } from "#schemas/trash.ts";
import type { ZodProvider } from "../zod-provider";
import { currentOperator } from "../plugins/access";
import { plural } from "./crud";

/**
 * "Recently deleted": the trash of every record type in one list, and its restore. Editors reach the
 * website's types (their screens'), admins every type; the service refuses the rest with 403.
 */
export async function recentlyDeletedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();

  app.get(
    "/api/recently_deleted",
    {
      config: { access: "editor" },
      schema: {
        querystring: trashListQuerySchema,
        response: { 200: listAnswerOf("recently_deleted", trashEntrySchema) },
      },
    },
    async (request) => {
      const { rows, total } = await app.services.recentlyDeleted.list(
        currentOperator(request).role,
        request.query,
      );
      return { success: true, recently_deleted_data: rows, total_no_of_data: total };
    },
  );

  app.post(
    "/api/recently_deleted/restore",
    {
      config: { access: "editor" },
      schema: { body: trashRestoreSchema, response: { 200: restoreAnswerSchema } },
    },
    async (request) => {
      const { type, ids, import_batch } = request.body;
      const actor = currentOperator(request);
      const restored =
        import_batch === undefined
          ? await app.services.recentlyDeleted.restore(actor, type, ids!)
          : await app.services.recentlyDeleted.restoreImportBatch(actor, type, import_batch);
      const names = trashTypes[type];
      return {
        success: true as const,
        message: `${restored === 1 ? names.label : plural(restored, names.label, names.plural)} restored.`,
        data: { restored },
      };
    },
  );
}
