import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { archiveStream, takeSnapshot, type Snapshot } from "../../db/backup/archive";
import { recordId } from "../../schemas/blog";
import { listQuerySchema } from "../../schemas/list-query";
import { newOperatorSchema, operatorUpdateSchema } from "../../schemas/operator";
import { siteSettingsSchema } from "../../schemas/settings";
import { HttpError } from "../errors";
import { currentOperator } from "../plugins/access";

const idParams = z.object({ id: recordId() });

/** Admin-only console endpoints: site settings, operators, the audit log and backups. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  // One at a time: each holds a copy of the data directory on disk until it has been sent.
  let backupRunning = false;

  /**
   * A consistent backup of the embedded database while it serves (docs/decisions/0009-online-backup.md):
   * the data directory copied at one instant (queries wait for the copy, nothing else does), then sent
   * as .tar.gz. `npm run db:backup` calls it with the key in DATA_DIR/server.json; an admin may too.
   */
  app.post(
    "/api/backup",
    { config: { access: "admin", localKey: true }, compress: false },
    async (request, reply) => {
      const { database } = app;
      if (database.engine === "postgres")
        throw new HttpError(
          409,
          "This server runs on PostgreSQL: back it up with pg_dump (docs/operations.md).",
        );
      if (!database.embedded?.dataDir)
        throw new HttpError(409, "This database is in memory: there is nothing on disk to back up.");
      if (backupRunning) throw new HttpError(409, "A backup is being taken; try again when it has finished.");
      backupRunning = true;
      const started = performance.now();
      let snapshot: Snapshot;
      try {
        snapshot = await takeSnapshot(database, "online");
      } catch (error) {
        backupRunning = false;
        throw error;
      }
      const { queriesPausedMs, files, bytes } = snapshot.manifest;
      request.log.info(
        { queriesPausedMs, files, bytes, snapshotMs: Math.round(performance.now() - started) },
        "backup: snapshot taken",
      );
      const body = archiveStream(snapshot);
      body.once("close", () => {
        backupRunning = false;
        void snapshot.discard();
        request.log.info(
          { totalMs: Math.round(performance.now() - started), complete: body.readableEnded },
          "backup: sent",
        );
      });
      const stamp = snapshot.manifest.createdAt.replace(/[-:]/g, "").replace(/\..*/, "");
      return reply
        .type("application/gzip")
        .header("Content-Disposition", `attachment; filename="gcc-backup-${stamp}.tar.gz"`)
        .send(body);
    },
  );

  app.get("/api/site_settings", { config: { access: "admin" } }, async () => ({
    success: true,
    data: await app.services.settings.get(),
  }));

  app.put(
    "/api/site_settings",
    { config: { access: "admin" }, schema: { body: siteSettingsSchema.strict() } },
    async (request) => {
      const input = request.body;
      const data = await app.services.settings.update(input, currentOperator(request));
      return { success: true, message: "Settings saved.", data };
    },
  );

  app.get("/api/operators", { config: { access: "admin" } }, async () => {
    const rows = await app.services.operators.list();
    return { success: true, operators_data: rows, total_no_of_data: rows.length };
  });

  app.post(
    "/api/operators",
    { config: { access: "admin" }, schema: { body: newOperatorSchema.strict() } },
    async (request, reply) => {
      const input = request.body;
      const row = await app.services.operators.create(input, currentOperator(request));
      return reply
        .status(201)
        .send({ success: true, message: `Operator ${row.username} created.`, data: row });
    },
  );

  app.patch(
    "/api/operators/:id",
    { config: { access: "admin" }, schema: { params: idParams, body: operatorUpdateSchema } },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      const data = await app.services.operators.update(currentOperator(request), id, change);
      return { success: true, message: "Operator updated.", data };
    },
  );

  app.get(
    "/api/audit_log",
    { config: { access: "admin" }, schema: { querystring: listQuerySchema } },
    async (request) => {
      const query = request.query;
      const { rows, total } = await app.services.audit.list(query.page, query.page_size, query.sort);
      return {
        success: true,
        audit_log_data: rows.map((r) => ({
          id: r.id,
          operator: r.operatorName,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
        total_no_of_data: total,
      };
    },
  );
}
