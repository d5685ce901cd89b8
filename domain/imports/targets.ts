import { getTableConfig, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { getTableColumns, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { crmLeads, crmNotes, members } from "#db/schema/index.ts";
import { importSpecs, type ImportSpec, type ImportType } from "#schemas/imports.ts";
import type { Actor } from "../audit/service";
import type { DirectoryService } from "../logistics/directory";
import type { LogisticsService } from "../logistics/index";
import type { AnyResource } from "#schemas/resource.ts";

import type { MemberRef } from "./members";

type IdTable = PgTable & { id: AnyPgColumn };

/** Where an import's rows go, and what the server does beside the row itself (as the console's create does). */
export interface ImportTarget {
  spec: ImportSpec;
  table: IdTable;
  /** "Truck", as messages name a record. */
  what: string;
  /** The natural key's column, when the list matches rows to records. */
  keyColumn?: AnyPgColumn;
  /** Columns the import writes, by their SQL names (= the API fields), and the table's JS key for each. */
  columns: Map<string, string>;
  /** `contact_no` names the member who owns the record (member_id), as in the console's forms. */
  linksMember: boolean;
  /** The record's vehicle joins its member's vehicle list. */
  remembersVehicle: boolean;
  /** Columns the server fills in on create (JS keys), e.g. a load's contact name from the member. */
  onCreate?: (input: Record<string, unknown>, member: MemberRef) => Record<string, unknown>;
  /** Runs once the chunk's new records exist (a lead's first note). */
  afterCreate?: (tx: Database, created: { id: number; input: Record<string, unknown> }[]) => Promise<void>;
  /**
   * The list's trash (domain/trash.ts): Undo moves what an import created there as one batch (no audit entry
   * per record), and Recently deleted brings the batch back as one.
   */
  trash: ImportTrash;
}

/** What an import needs of a list's trash. */
export interface ImportTrash {
  discard: (
    tx: Database,
    actor: Actor,
    where: SQL | undefined,
    options: { audited: false; importBatch: number },
  ) => Promise<unknown[]>;
  restoreImportBatch: (tx: Database, importBatch: number) => Promise<number>;
}

/**
 * The import's columns of a table, each checked to exist: an API field is the column of the same name.
 * `elsewhere` names fields stored in another table (a lead's first note).
 */
function importColumns(table: IdTable, spec: ImportSpec, extra: string[], elsewhere: string[] = []) {
  const bySqlName = new Map(Object.entries(getTableColumns(table)).map(([js, column]) => [column.name, js]));
  const columns = new Map<string, string>();
  for (const name of [...spec.fields.map((f) => f.name), ...extra]) {
    const js = bySqlName.get(name);
    if (js) columns.set(name, js);
    else if (!elsewhere.includes(name))
      throw new Error(`import of ${spec.type}: ${getTableConfig(table).name} has no column ${name}`);
  }
  return columns;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function directoryTarget(type: ImportType, service: DirectoryService<AnyResource>): ImportTarget {
  const spec = importSpecs[type];
  const { table, remembersVehicle, onCreate } = service.binding;
  const idTable = table as unknown as IdTable;
  return {
    spec,
    table: idTable,
    what: capital(spec.noun),
    keyColumn: spec.key ? (table as unknown as Record<string, AnyPgColumn>)[camel(spec.key)] : undefined,
    columns: importColumns(idTable, spec, ["member_id"]),
    linksMember: true,
    remembersVehicle: Boolean(remembersVehicle),
    onCreate: onCreate as ImportTarget["onCreate"],
    trash: service.trash,
  };
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every list that takes a CSV, bound to its table and its service's trash. */
export function importTargets(logistics: LogisticsService): Record<ImportType, ImportTarget> {
  const directory = (type: ImportType, service: unknown) =>
    directoryTarget(type, service as DirectoryService<AnyResource>);
  return {
    members: {
      spec: importSpecs.members,
      table: members,
      what: "Member",
      keyColumn: members.phone,
      columns: importColumns(members, importSpecs.members, []),
      linksMember: false,
      remembersVehicle: false,
      trash: logistics.members.trash,
    },
    trucks: directory("trucks", logistics.trucks),
    drivers: directory("drivers", logistics.drivers),
    loads: directory("loads", logistics.loads),
    buy_sell: directory("buy_sell", logistics.buySell),
    leads: {
      spec: importSpecs.leads,
      table: crmLeads,
      what: "Lead",
      keyColumn: crmLeads.contactNo,
      columns: importColumns(crmLeads, importSpecs.leads, [], ["note"]),
      linksMember: false,
      remembersVehicle: false,
      afterCreate: async (tx, created) => {
        const notes = created
          .filter(({ input }) => typeof input.note === "string" && input.note !== "")
          .map(({ id, input }) => ({ leadId: id, note: input.note as string }));
        if (notes.length > 0) await tx.insert(crmNotes).values(notes);
      },
      trash: logistics.crm.leadTrash,
    },
  };
}
