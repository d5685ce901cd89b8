import type { FastifyInstance } from "fastify";
import { recordSchemaOf } from "../../schemas/api-responses";
import type { ZodProvider } from "../zod-provider";
import { z } from "zod";
import { recordId } from "../../schemas/blog";
import {
  bulkDeleteSchema,
  memberInputSchema,
  memberListQuerySchema,
  memberUpdateSchema,
  memberVehicleSchema,
  verifyQuerySchema,
} from "../../schemas/logistics";
import { currentOperator } from "../plugins/access";
import { analyticsRoutes } from "./logistics-analytics";
import { requestRoutes } from "./logistics-requests";
import { assertSomeChange, crudRoutes, idParams, plural, sendCsv } from "./crud";
import type { DirectoryService } from "../../domain/logistics/directory";
import type { AnyResource } from "../../schemas/resource";

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
  const services = () => app.services.logistics;

  /* Members: the console's home ("dashboard"), answering row_count, profile_data and vehicle_data. */
  app.get("/api/members", { ...admin, schema: { querystring: memberListQuerySchema } }, async (request) => {
    const query = request.query;
    const { rows, total, capped } = await services().members.list(query);
    return {
      success: true,
      members_data: rows,
      row_count: total,
      total_no_of_data: total,
      total_capped: capped,
    };
  });
  app.get(
    "/api/members/export.csv",
    { ...admin, schema: { querystring: memberListQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      return sendCsv(reply, "members", await services().members.exportCsv(query));
    },
  );
  app.get(
    "/api/members/verify",
    { ...admin, schema: { querystring: verifyQuerySchema } },
    async (request) => {
      const { phone } = request.query;
      return {
        success: true,
        message: "Mobile number verified.",
        data: await services().members.verify(phone),
      };
    },
  );
  app.get("/api/members/:id", { ...admin, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    const { profile, vehicles } = await services().members.profile(id);
    return { success: true, row_count: 1, profile_data: [profile], vehicle_data: vehicles };
  });
  app.post("/api/members", { ...admin, schema: { body: memberInputSchema } }, async (request, reply) => {
    const input = request.body;
    const data = await services().members.create(currentOperator(request), input);
    return reply.status(201).send({ success: true, message: "Member created.", data });
  });
  app.patch(
    "/api/members/:id",
    { ...admin, schema: { params: idParams, body: memberUpdateSchema } },
    async (request) => {
      const { id } = request.params;
      const change = request.body;
      assertSomeChange(change);
      return {
        success: true,
        message: "Member updated.",
        data: await services().members.update(currentOperator(request), id, change),
      };
    },
  );
  app.delete("/api/members/:id", { ...admin, schema: { params: idParams } }, async (request) => {
    const { id } = request.params;
    await services().members.remove(currentOperator(request), id);
    return { success: true, message: "Member deleted.", data: [] };
  });
  app.post("/api/members/bulk_delete", { ...admin, schema: { body: bulkDeleteSchema } }, async (request) => {
    const { ids } = request.body;
    const deleted = await services().members.removeMany(currentOperator(request), ids);
    return { success: true, message: `${plural(deleted, "member")} deleted.`, data: { deleted } };
  });
  app.post(
    "/api/members/:id/vehicles",
    { ...admin, schema: { params: idParams, body: memberVehicleSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { vehicle_no } = request.body;
      const vehicles = await services().members.addVehicle(currentOperator(request), id, vehicle_no);
      return reply
        .status(201)
        .send({ success: true, message: `Vehicle ${vehicle_no} added.`, vehicle_data: vehicles });
    },
  );
  app.delete(
    "/api/members/:id/vehicles/:vehicleId",
    { ...admin, schema: { params: vehicleParams } },
    async (request) => {
      const { id, vehicleId } = request.params;
      const vehicles = await services().members.removeVehicle(currentOperator(request), id, vehicleId);
      return { success: true, message: "Vehicle removed.", vehicle_data: vehicles };
    },
  );

  const { loads, trucks, drivers, buySell } = app.services.logistics;
  directoryRoutes(app, loads);
  directoryRoutes(app, trucks);
  directoryRoutes(app, drivers);
  directoryRoutes(app, buySell);

  await app.register(requestRoutes);
  await app.register(analyticsRoutes);
}
