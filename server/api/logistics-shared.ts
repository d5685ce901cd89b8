import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { recordId } from "../../schemas/blog";
import { bulkDeleteSchema } from "../../schemas/logistics";
import type { Actor } from "../../domain/audit/service";
import { HttpError, parseOr400 } from "../errors";
import { currentOperator } from "../plugins/access";

export const idParams = z.object({ id: recordId() });

export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header(
      "Content-Disposition",
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);
}

/** A PATCH must name at least one field; an empty body changes nothing and says so. */
export function assertSomeChange(change: object) {
  if (Object.keys(change).length === 0) throw new HttpError(400, "Send at least one field to change.");
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

interface CrudService<TQuery, TInput, TChange, TRecord> {
  list(query: TQuery): Promise<{ rows: TRecord[]; total: number; capped: boolean }>;
  get(id: number): Promise<TRecord>;
  create(actor: Actor, input: TInput): Promise<TRecord>;
  update(actor: Actor, id: number, change: TChange): Promise<TRecord>;
  remove(actor: Actor, id: number): Promise<void>;
  removeMany(actor: Actor, ids: number[]): Promise<number>;
  exportCsv(query: TQuery): Promise<string>;
}

/**
 * The console's REST shape for one record type (DESIGN.md): list with `<key>_data` and
 * `total_no_of_data`, CSV export of the same filter, create, edit, delete, and bulk delete. Admin only.
 */
export function crudRoutes<QS extends z.ZodType, IS extends z.ZodType, US extends z.ZodType, TRecord>(
  app: FastifyInstance,
  options: {
    path: string;
    dataKey: string;
    noun: string;
    listQuery: QS;
    input: IS;
    update: US;
    service: () => CrudService<z.output<QS>, z.output<IS>, z.output<US>, TRecord>;
  },
) {
  const { path, noun } = options;
  const access = { config: { access: "admin" as const } };
  const capitalNoun = noun.charAt(0).toUpperCase() + noun.slice(1);

  app.get(path, access, async (request) => {
    const query = parseOr400(options.listQuery, request.query);
    const { rows, total, capped } = await options.service().list(query);
    return {
      success: true,
      [`${options.dataKey}_data`]: rows,
      total_no_of_data: total,
      total_capped: capped,
    };
  });

  app.get(`${path}/export.csv`, access, async (request, reply) => {
    const query = parseOr400(options.listQuery, request.query);
    return sendCsv(reply, options.dataKey, await options.service().exportCsv(query));
  });

  app.get(`${path}/:id`, access, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return { success: true, data: await options.service().get(id) };
  });

  app.post(path, access, async (request, reply) => {
    const input = parseOr400(options.input, request.body);
    const data = await options.service().create(currentOperator(request), input);
    return reply.status(201).send({ success: true, message: `${capitalNoun} created.`, data });
  });

  app.patch(`${path}/:id`, access, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const change = parseOr400(options.update, request.body);
    assertSomeChange(change as object);
    const data = await options.service().update(currentOperator(request), id, change);
    return { success: true, message: `${capitalNoun} updated.`, data };
  });

  app.delete(`${path}/:id`, access, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    await options.service().remove(currentOperator(request), id);
    return { success: true, message: `${capitalNoun} deleted.`, data: [] };
  });

  app.post(`${path}/bulk_delete`, access, async (request) => {
    const { ids } = parseOr400(bulkDeleteSchema, request.body);
    const deleted = await options.service().removeMany(currentOperator(request), ids);
    return { success: true, message: `${plural(deleted, noun)} deleted.`, data: { deleted } };
  });
}
