import type { FastifyInstance } from "fastify";
import { csvAnswerSchema, listAnswerOf, recordAnswerOf, recordSchemaOf } from "#schemas/api-responses.ts";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "#schemas/common.ts";
import {
  memberInputSchema,
  memberListQuerySchema,
  memberSchema,
  memberUpdateSchema,
  memberVehicleRecordSchema,
  memberVehicleSchema,
  verifiedMemberSchema,
  verifyQuerySchema,
} from "#schemas/logistics.ts";
import { currentOperator } from "../plugins/access";
import { analyticsRoutes } from "./logistics-analytics";
import { requestRoutes } from "./logistics-requests";
import { crudRoutes, idParams, plural, sendCsv } from "./crud";
import { exportIdsQuery } from "#schemas/bulk.ts";
import type { DirectoryService } from "#domain/logistics/directory.ts";
import type { AnyResource } from "#schemas/resource.ts";

const vehicleParams = z.object({ id: recordId(), vehicleId: recordId() });
const admin = { config: { access: "admin" as const } };

/** A directory record type's console API, from its declaration (schemas/directory). */
function directoryRoutes<R extends AnyResource>(fastify: FastifyInstance, service: DirectoryService<R>) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { resource } = service;
  const noun = resource.noun.charAt(0).toUpperCase() + resource.noun.slice(1);
  crudRoutes(app, {
    path: resource.endpoint,
    dataKey: resource.dataKey,
    access: "admin",
    listQuery: resource.listQuery,
    record: recordSchemaOf(resource),
    input: resource.input,
    update: resource.update,
    messages: {
      created: `${noun} created.`,
      updated: `${noun} updated.`,
      deleted: `${noun} deleted.`,
      bulkDeleted: (n) => `${plural(n, resource.noun, resource.plural)} deleted.`,
    },
    service,
  });
}

/** The logistics directory API (admin only: editors never touch logistics records). */
export async function logisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { members, loads, trucks, drivers, buySell } = app.services.logistics;

  /* Members: the console's home ("dashboard"), answering row_count, profile_data and vehicle_data. */
  const membersList = listAnswerOf("members", memberSchema).extend({ row_count: z.number().int() });
  const vehiclesAnswer = z.object({
    success: z.literal(true),
    message: z.string(),
    vehicle_data: z.array(memberVehicleRecordSchema),
  });
  app.get(
    "/api/members",
    { ...admin, schema: { querystring: memberListQuerySchema, response: { 200: membersList } } },
    async (request) => {
      const query = request.query;
      const { rows, total, capped } = await members.list(query);
      return {
        success: true,
        members_data: rows,
        row_count: total,
        total_no_of_data: total,
        total_capped: capped,
      };
    },
  );
  app.get(
    "/api/members/export.csv",
    {
      ...admin,
      schema: {
        querystring: memberListQuerySchema.extend(exportIdsQuery.shape),
        response: { 200: csvAnswerSchema },
      },
    },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "members", await members.exportCsv(query));
    },
  );
  app.get(
    "/api/members/verify",
    {
      ...admin,
      schema: { querystring: verifyQuerySchema, response: { 200: recordAnswerOf(verifiedMemberSchema) } },
    },
    async (request) => {
      const { phone } = request.query;
      return {
        success: true,
        message: "Mobile number verified.",
        data: await members.verify(phone),
      };
    },
  );
  const profileAnswer = z.object({
    success: z.literal(true),
    row_count: z.number().int(),
    profile_data: z.array(memberSchema),
    vehicle_data: z.array(memberVehicleRecordSchema),
  });
  app.get(
    "/api/members/:id",
    { ...admin, schema: { params: idParams, response: { 200: profileAnswer } } },
    async (request) => {
      const { id } = request.params;
      const { profile, vehicles } = await members.profile(id);
      return { success: true, row_count: 1, profile_data: [profile], vehicle_data: vehicles };
    },
  );
  crudRoutes(app, {
    path: "/api/members",
    dataKey: "members",
    access: "admin",
    listQuery: memberListQuerySchema,
    record: memberSchema,
    input: memberInputSchema,
    update: memberUpdateSchema,
    messages: {
      created: "Member created.",
      updated: "Member updated.",
      deleted: "Member deleted.",
      bulkDeleted: (n) => `${plural(n, "member")} deleted.`,
      restored: (n) => `${plural(n, "member")} restored.`,
    },
    // The list, export and profile answer the spec's own shapes (above).
    service: {
      create: members.create,
      update: members.update,
      remove: members.remove,
      removeMany: members.removeMany,
      removeMatching: members.removeMatching,
      restore: members.restore,
    },
  });
  app.post(
    "/api/members/:id/vehicles",
    { ...admin, schema: { params: idParams, body: memberVehicleSchema, response: { 201: vehiclesAnswer } } },
    async (request, reply) => {
      const { id } = request.params;
      const { vehicle_no } = request.body;
      const vehicles = await members.addVehicle(currentOperator(request), id, vehicle_no);
      return reply
        .status(201)
        .send({ success: true, message: `Vehicle ${vehicle_no} added.`, vehicle_data: vehicles });
    },
  );
  app.delete(
    "/api/members/:id/vehicles/:vehicleId",
    { ...admin, schema: { params: vehicleParams, response: { 200: vehiclesAnswer } } },
    async (request) => {
      const { id, vehicleId } = request.params;
      const vehicles = await members.removeVehicle(currentOperator(request), id, vehicleId);
      return { success: true, message: "Vehicle removed.", vehicle_data: vehicles };
    },
  );

  directoryRoutes(app, loads);
  directoryRoutes(app, trucks);
  directoryRoutes(app, drivers);
  directoryRoutes(app, buySell);

  await app.register(requestRoutes);
  await app.register(analyticsRoutes);
}
