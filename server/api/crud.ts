import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  bulkDeleteAnswerSchema,
  csvAnswerSchema,
  deleteAnswerSchema,
  listAnswerOf,
  recordAnswerOf,
  restoreAnswerSchema,
} from "#schemas/api-responses.ts";
import type { ZodProvider } from "../zod-provider";
import { recordId } from "#schemas/common.ts";
import { bulkSelectionSchema, exportIdsQuery, restoreSchema } from "#schemas/bulk.ts";
import type { Actor } from "#domain/audit/service.ts";
import { DomainError } from "#domain/errors.ts";
import { todayInIndia } from "#shared/india-time.ts";
import { currentOperator, type Access } from "../plugins/access";

export const idParams = z.object({ id: recordId() });

export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${name}-${todayInIndia()}.csv"`)
    .send(csv);
}

/** A PATCH must name at least one field; an empty body changes nothing and says so. */
export function assertSomeChange(change: object) {
  if (Object.keys(change).length === 0)
    throw new DomainError("invalid", "Send at least one field to change.");
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

/** What a console resource's service offers; each operation it has gets its route. */
interface CrudService<TQuery, TInput, TChange, TRecord> {
  list?(query: TQuery): Promise<{ rows: TRecord[]; total: number; capped?: boolean }>;
  get?(id: number): Promise<TRecord>;
  create?(actor: Actor, input: TInput): Promise<TRecord>;
  update?(actor: Actor, id: number, change: TChange): Promise<TRecord>;
  remove?(actor: Actor, id: number): Promise<void>;
  removeMany?(actor: Actor, ids: number[]): Promise<number>;
  /** Deletes every record the list query selects ("Select all N matching"); answers their ids. */
  removeMatching?(actor: Actor, query: TQuery): Promise<number[]>;
  /** Puts deleted records back from the trash (the Undo of a delete). */
  restore?(actor: Actor, ids: number[]): Promise<unknown[]>;
  /** The query may carry `ids` too (the rows ticked). */
  exportCsv?(query: TQuery): Promise<string>;
}

export interface CrudOptions<QS extends z.ZodType, IS extends z.ZodType, US extends z.ZodType, TRecord> {
  path: string;
  /** The list answer's key prefix: `<dataKey>_data`; also the CSV file's name. */
  dataKey: string;
  access: Exclude<Access, "public">;
  /** The list and CSV export's query; without it the resource's list answers its own shape elsewhere. */
  listQuery?: QS;
  /** The record the routes answer (they serialize through it, so it names every field the service returns). */
  record: z.ZodType;
  /** The record GET <path>/:id answers, when it has more than a list row (a post's body). */
  detail?: z.ZodType;
  input?: IS;
  update?: US;
  /** The answers' messages, e.g. "Post created." */
  messages: {
    created?: string;
    updated?: string;
    deleted?: string;
    bulkDeleted?: (n: number) => string;
    /** "Truck restored." / "3 trucks restored." (default: "Restored."). */
    restored?: (n: number) => string;
  };
  service: CrudService<z.output<QS>, z.output<IS>, z.output<US>, TRecord>;
}

/**
 * The console's REST shape for one resource (ARCHITECTURE.md, console API conventions): list with `<key>_data` and `total_no_of_data`
 * (when a list query is given), and, where the service offers them, CSV export of the same filter, read,
 * create, edit, delete, bulk delete (by ids or every row the filters select) and restore (the Undo of a
 * delete). Every route declares the access level it was given.
 */
export function crudRoutes<QS extends z.ZodType, IS extends z.ZodType, US extends z.ZodType, TRecord>(
  fastify: FastifyInstance,
  options: CrudOptions<QS, IS, US, TRecord>,
) {
  const app = fastify.withTypeProvider<ZodProvider>();
  const { path, messages, service } = options;
  const access = { config: { access: options.access } };
  // The provider cannot resolve a generic schema's output, so the handlers name it.
  type Query = z.output<QS>;
  const { record } = options;
  const recordAnswer = recordAnswerOf(record);

  const listQuery = options.listQuery;
  if (listQuery && service.list)
    app.get(
      path,
      {
        ...access,
        schema: { querystring: listQuery, response: { 200: listAnswerOf(options.dataKey, record) } },
      },
      async (request) => {
        const query = request.query as Query;
        const { rows, total, capped } = await service.list!(query);
        return {
          success: true,
          [`${options.dataKey}_data`]: rows,
          total_no_of_data: total,
          ...(capped === undefined ? {} : { total_capped: capped }),
        };
      },
    );

  // A bulk export may name the rows ticked: `ids=1,2,3` beside the filters.
  const exportQuery =
    listQuery instanceof z.ZodObject ? listQuery.extend(exportIdsQuery.shape) : (listQuery as z.ZodType);
  if (listQuery && service.exportCsv)
    app.get(
      `${path}/export.csv`,
      { ...access, schema: { querystring: exportQuery, response: { 200: csvAnswerSchema } } },
      async (request, reply) => {
        const query = request.query as Query;
        return sendCsv(reply, options.dataKey, await service.exportCsv!(query));
      },
    );

  if (service.get)
    app.get(
      `${path}/:id`,
      {
        ...access,
        schema: {
          params: idParams,
          response: { 200: options.detail ? recordAnswerOf(options.detail) : recordAnswer },
        },
      },
      async (request) => {
        const { id } = request.params;
        return { success: true, data: await service.get!(id) };
      },
    );

  if (service.create && options.input)
    app.post(
      path,
      { ...access, schema: { body: options.input!, response: { 201: recordAnswer } } },
      async (request, reply) => {
        const input = request.body as z.output<IS>;
        const data = await service.create!(currentOperator(request), input);
        return reply.status(201).send({ success: true, message: messages.created, data });
      },
    );

  if (service.update && options.update)
    app.patch(
      `${path}/:id`,
      { ...access, schema: { params: idParams, body: options.update!, response: { 200: recordAnswer } } },
      async (request) => {
        const { id } = request.params;
        const change = request.body as z.output<US>;
        assertSomeChange(change as object);
        const data = await service.update!(currentOperator(request), id, change);
        return { success: true, message: messages.updated, data };
      },
    );

  if (service.remove)
    app.delete(
      `${path}/:id`,
      { ...access, schema: { params: idParams, response: { 200: deleteAnswerSchema } } },
      async (request) => {
        const { id } = request.params;
        await service.remove!(currentOperator(request), id);
        // `restorable`: Undo (POST <path>/restore) works within the trash window (setting trash_days).
        return { success: true, message: messages.deleted, data: [], restorable: Boolean(service.restore) };
      },
    );

  if (service.removeMany && messages.bulkDeleted) {
    const matching = Boolean(listQuery && service.removeMatching);
    app.post(
      `${path}/bulk_delete`,
      // With a list query, the filters of "all matching" come in the query string, read as the list reads them.
      {
        ...access,
        schema: {
          body: bulkSelectionSchema,
          ...(matching ? { querystring: listQuery } : {}),
          response: { 200: bulkDeleteAnswerSchema },
        },
      },
      async (request) => {
        const { ids, all_matching } = request.body;
        const actor = currentOperator(request);
        if (all_matching && !matching)
          throw new DomainError(
            "invalid",
            "This list deletes ticked rows only: send ids instead of all_matching.",
          );
        const deletedIds = all_matching ? await service.removeMatching!(actor, request.query as Query) : null;
        const deleted = deletedIds ? deletedIds.length : await service.removeMany!(actor, ids!);
        return {
          success: true,
          message: messages.bulkDeleted!(deleted),
          data: { deleted, ...(deletedIds ? { ids: deletedIds } : {}) },
          restorable: Boolean(service.restore),
        };
      },
    );
  }

  if (service.restore)
    app.post(
      `${path}/restore`,
      { ...access, schema: { body: restoreSchema, response: { 200: restoreAnswerSchema } } },
      async (request) => {
        const { ids } = request.body;
        const restored = await service.restore!(currentOperator(request), ids);
        return {
          success: true,
          message: messages.restored?.(restored.length) ?? "Restored.",
          data: { restored: restored.length },
        };
      },
    );
}
