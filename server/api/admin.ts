import type { FastifyInstance } from "fastify";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { archiveStream, takeSnapshot, type Snapshot } from "#db/backup/archive.ts";
import { auditEntrySchema, auditListQuerySchema } from "#schemas/audit.ts";
import { recordId } from "#schemas/common.ts";
import { listQuerySchema } from "#schemas/list-query.ts";
import {
  newOperatorSchema,
  operatorRowSchema,
  operatorSummarySchema,
  operatorUpdateSchema,
} from "#schemas/operator.ts";
import { publicAddressSchema, siteSettingsSchema } from "#schemas/settings.ts";
import { twoFactorPolicySchema } from "#schemas/two-factor.ts";
import {
  dataAnswerOf,
  listAnswerOf,
  messageAnswerSchema,
  recordAnswerOf,
  textAnswer,
} from "#schemas/api-responses.ts";
import { DomainError } from "#domain/errors.ts";
import { currentOperator, requireReauth } from "../plugins/access";

const idParams = z.object({ id: recordId() });
/** A new operator: who, and with which role. */
const newOperatorAnswer = operatorSummarySchema.pick({ id: true, username: true, role: true });

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
    {
      config: { access: "admin", localKey: true },
      compress: false,
      schema: { response: { 200: textAnswer("application/gzip", "The data directory as .tar.gz.") } },
    },
    async (request, reply) => {
      const { database } = app;
      if (database.engine === "postgres")
        throw new DomainError(
          "conflict",
          "This server runs on PostgreSQL: back it up with pg_dump (docs/operations.md).",
        );
      if (!database.embedded?.dataDir)
        throw new DomainError("conflict", "This database is in memory: there is nothing on disk to back up.");
      if (backupRunning)
        throw new DomainError("conflict", "A backup is being taken; try again when it has finished.");
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

  // With the address links use now and where it comes from: the console warns while it is the default.
  app.get(
    "/api/site_settings",
    {
      config: { access: "admin" },
      schema: {
        response: { 200: dataAnswerOf(siteSettingsSchema).extend({ public_address: publicAddressSchema }) },
      },
    },
    async () => ({
      success: true,
      data: await app.services.settings.get(),
      public_address: await app.services.publicAddress.current(),
    }),
  );

  app.put(
    "/api/site_settings",
    {
      config: { access: "admin" },
      schema: {
        body: siteSettingsSchema.strict(),
        response: { 200: recordAnswerOf(siteSettingsSchema).extend({ public_address: publicAddressSchema }) },
      },
    },
    async (request) => {
      const input = request.body;
      const data = await app.services.settings.update(input, currentOperator(request));
      const public_address = await app.services.publicAddress.current();
      return { success: true, message: "Settings saved.", data, public_address };
    },
  );

  // Which roles must sign in with a second factor; enforced on every request (server/plugins/access.ts).
  app.get(
    "/api/two_factor_policy",
    { config: { access: "admin" }, schema: { response: { 200: dataAnswerOf(twoFactorPolicySchema) } } },
    async () => ({ success: true as const, data: await app.services.twoFactor.policy() }),
  );

  app.put(
    "/api/two_factor_policy",
    {
      config: { access: "admin" },
      schema: { body: twoFactorPolicySchema, response: { 200: recordAnswerOf(twoFactorPolicySchema) } },
    },
    async (request) => {
      const data = await app.services.twoFactor.setPolicy(currentOperator(request), request.body);
      return { success: true as const, message: "Two-factor requirement saved.", data };
    },
  );

  app.post(
    "/api/operators/:id/two_factor/reset",
    {
      config: { access: "admin", reauth: true },
      schema: { params: idParams, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await app.services.twoFactor.reset(currentOperator(request), request.params.id, request.ip);
      return {
        success: true as const,
        message:
          "Two-factor sign-in reset: the operator sets it up again at their next sign-in, and every session of theirs has ended.",
        data: [],
      };
    },
  );

  // The local key too: `npm run operator` acts through the server that holds the embedded database.
  app.get(
    "/api/operators",
    {
      config: { access: "admin", localKey: true },
      schema: {
        querystring: listQuerySchema.pick({ page: true, page_size: true, search: true }),
        response: { 200: listAnswerOf("operators", operatorRowSchema) },
      },
    },
    async (request) => {
      const { page, page_size, search } = request.query;
      const { rows, total } = await app.services.operators.listPage(page, page_size, search);
      const ids = rows.map((row) => row.id);
      const withTwoFactor = await app.services.twoFactor.enabledAmong(ids);
      const inviteLinks = await app.services.invites.linksOf(ids.filter((_, i) => rows[i]!.invited));
      const operators_data = rows.map((row) => ({
        ...row,
        two_factor: withTwoFactor.has(row.id),
        invite_expires_at: inviteLinks.get(row.id)?.toISOString() ?? null,
      }));
      return { success: true, operators_data, total_no_of_data: total };
    },
  );

  app.post(
    "/api/operators",
    {
      config: { access: "admin", localKey: true },
      schema: { body: newOperatorSchema.strict(), response: { 201: recordAnswerOf(newOperatorAnswer) } },
    },
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
    {
      config: { access: "admin", localKey: true },
      schema: {
        params: idParams,
        body: operatorUpdateSchema,
        response: { 200: recordAnswerOf(operatorSummarySchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      // A new password, address or disabling takes an account over or out: the admin's password first.
      if (change.password !== undefined || change.email !== undefined || change.disabled !== undefined)
        requireReauth(request);
      const data = await app.services.operators.update(currentOperator(request), id, change, request.ip);
      return { success: true, message: "Operator updated.", data };
    },
  );

  app.post(
    "/api/operators/:id/end_sessions",
    {
      config: { access: "admin", reauth: true },
      schema: { params: idParams, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      const username = await app.services.auth.endAllSessions(currentOperator(request), request.params.id);
      return {
        success: true as const,
        message: `Every session of ${username} has been ended.`,
        data: [],
      };
    },
  );

  app.get(
    "/api/audit_log",
    {
      config: { access: "admin" },
      schema: {
        querystring: auditListQuerySchema,
        response: { 200: listAnswerOf("audit_log", auditEntrySchema) },
      },
    },
    async (request) => {
      const { rows, total } = await app.services.audit.list(request.query);
      return {
        success: true,
        audit_log_data: rows.map((r) => ({
          id: r.id,
          operator: r.operatorName,
          action: r.action,
          entity: r.entity,
          entity_id: r.entityId,
          record_name: r.recordName,
          restorable: Boolean(r.restorable),
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
        total_no_of_data: total,
      };
    },
  );
}
