import { and, desc, eq, inArray, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import {
  csvColumns,
  type AnyResource,
  type ChangeOf,
  type FilterValues,
  type InputOf,
  type ListQueryOfResource,
  type RecordOfResource,
} from "#schemas/resource.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { trashOf } from "../trash";
import { orderBy } from "../sql";
import {
  byStateName,
  dateRange,
  EXPORT_LIMIT,
  iso,
  memberByPhone,
  notFound,
  pageIdsAndCount,
  searchCondition,
} from "./common";
import type { MemberService } from "./members";

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
/** API fields are snake_case, table columns the same name in camelCase. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A directory table: its id, the member the record belongs to, and when it was added. */
type DirectoryTable = PgTable & { id: AnyPgColumn; memberId: AnyPgColumn; createdAt: AnyPgColumn };
/** Every API field of the resource has its column, so a field without one fails `tsc`. */
type ColumnsOf<R extends AnyResource> = {
  [K in Extract<keyof R["fields"], string> as Camel<K>]: AnyPgColumn;
};

type Member = Awaited<ReturnType<typeof memberByPhone>>;

/** Binds a resource declared in schemas/directory to its table. */
export interface DirectoryBinding<R extends AnyResource, T extends DirectoryTable> {
  resource: R;
  table: T & ColumnsOf<R>;
  /** The search box's document (db/schema, shared with its trigram index). */
  search: SQL;
  /** Filters that are not "the column of the same name equals the value". */
  where?: {
    [K in keyof R["filters"]]?: (value: NonNullable<FilterValues<R["filters"]>[K]>) => SQL | undefined;
  };
  /** The record names a vehicle, which joins its member's vehicle list. */
  remembersVehicle?: boolean;
  /** What the server fills in on create (e.g. a load's contact name from the member). */
  onCreate?: (input: InputOf<R>, member: Member) => Record<string, unknown>;
}

/**
 * List, get, create, update, delete, bulk delete and CSV export of one directory record type. Each write
 * and its audit entry commit together; a record's mobile number must belong to a member, who owns it.
 */
export function createDirectoryService<R extends AnyResource, T extends DirectoryTable>(
  db: Database,
  audit: AuditService,
  members: MemberService,
  binding: DirectoryBinding<R, T>,
) {
  type Row = T["$inferSelect"];
  type Record_ = RecordOfResource<R>;
  const { resource, table } = binding;
  const columns = table as unknown as Record<string, AnyColumn>;
  const fieldNames = Object.keys(resource.fields);
  const sortable = Object.fromEntries(
    resource.sortable.map((name) => {
      const column = columns[camel(name)]!;
      return [name, name === "state" ? byStateName(column) : column];
    }),
  );
  const csv = csvColumns(resource);
  const label = resource.noun.charAt(0).toUpperCase() + resource.noun.slice(1);

  const toRecord = (row: Row): Record_ => {
    const r = row as Record<string, unknown>;
    const record: Record<string, unknown> = { [resource.idKey]: r.id, user_id: r.memberId };
    for (const name of fieldNames) record[name] = r[camel(name)];
    record.created_at = iso(r.createdAt as Date);
    return record as Record_;
  };
  /** The columns a create or edit sets; a field left out (undefined) is not touched. */
  const valuesOf = (fields: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [camel(name), value]),
    );

  function where(query: Partial<ListQueryOfResource<R>>) {
    const q = query as Record<string, unknown>;
    const custom = (binding.where ?? {}) as Record<string, ((value: unknown) => SQL | undefined) | undefined>;
    return and(
      ...Object.keys(resource.filters).map((name) => {
        const value = q[name];
        if (value === undefined) return undefined;
        return custom[name] ? custom[name](value) : eq(columns[camel(name)]!, value);
      }),
      dateRange(table.createdAt, q.created_from as string | undefined, q.created_to as string | undefined),
      // A state filter narrows the rows enough that scanning them beats the trigram index (searchCondition).
      searchCondition(binding.search, q.search as string | undefined, Boolean(q.state)),
      // A bulk export of the rows an operator ticked.
      Array.isArray(q.ids) && q.ids.length > 0 ? inArray(table.id, q.ids as number[]) : undefined,
    );
  }
  const order = (query: Partial<ListQueryOfResource<R>>) =>
    orderBy(query.sort, sortable, desc(table.createdAt), table.id);

  // Deletes go to the trash, so the console can undo them (domain/trash.ts).
  const trash = trashOf(db, audit, { table, resource: resource.auditName, what: label, describe: toRecord });

  async function row(id: number, via: Database = db): Promise<Row> {
    const [found] = await via
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id));
    if (!found) throw notFound(label);
    return found as Row;
  }

  return {
    resource,
    /** The table and what the server adds on writes, for the spreadsheet import (domain/imports). */
    binding,
    trash,
    async list(query: ListQueryOfResource<R>) {
      const condition = where(query);
      const { ids, ...total } = await pageIdsAndCount(db, table, condition, order(query), query);
      const rows = ids.length
        ? await db
            .select()
            .from(table as PgTable)
            .where(inArray(table.id, ids))
            .orderBy(...order(query))
        : [];
      return { ...total, rows: rows.map((r) => toRecord(r as Row)) };
    },
    async get(id: number) {
      return toRecord(await row(id));
    },
    async create(actor: Actor, input: InputOf<R>) {
      return db.transaction(async (tx) => {
        const member = await memberByPhone(tx, input.contact_no as string);
        const [created] = await tx
          .insert(table)
          .values({ ...valuesOf(input), memberId: member.id, ...binding.onCreate?.(input, member) } as never)
          .returning();
        if (binding.remembersVehicle)
          await members.rememberVehicle(member.id, input.vehicle_number as string, tx);
        const record = toRecord(created as Row);
        await audit.record(
          actor,
          "create",
          resource.auditName,
          (record as Record<string, number>)[resource.idKey]!,
          null,
          record,
          tx,
        );
        return record;
      });
    },
    async update(actor: Actor, id: number, change: ChangeOf<R>) {
      return db.transaction(async (tx) => {
        const before = await row(id, tx);
        const member = change.contact_no ? await memberByPhone(tx, change.contact_no as string) : null;
        const [after] = (await tx
          .update(table)
          .set({ ...valuesOf(change), ...(member ? { memberId: member.id } : {}) } as never)
          .where(eq(table.id, id))
          .returning()) as Row[];
        const memberId = (after as { memberId: number | null }).memberId;
        if (binding.remembersVehicle && memberId && change.vehicle_number)
          await members.rememberVehicle(memberId, change.vehicle_number as string, tx);
        const record = toRecord(after!);
        await audit.record(actor, "update", resource.auditName, id, toRecord(before), record, tx);
        return record;
      });
    },
    remove: (actor: Actor, id: number) => trash.discardOne(actor, id, row),
    removeMany: (actor: Actor, ids: number[]) => trash.discardIds(actor, ids),
    /** "Select all N matching": deletes every row the list's filters select (up to MAX_MATCHING). */
    removeMatching: (actor: Actor, query: Partial<ListQueryOfResource<R>>) =>
      trash.discardMatching(actor, where(query)),
    restore: trash.restore,
    async exportCsv(query: Partial<ListQueryOfResource<R>>) {
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(where(query))
        .orderBy(...order(query))
        .limit(EXPORT_LIMIT);
      return toCsv(
        csv.headers,
        rows.map((r) => csv.cells(toRecord(r as Row))),
      );
    },
  };
}

export type DirectoryService<R extends AnyResource> = ReturnType<
  typeof createDirectoryService<R, DirectoryTable>
>;
