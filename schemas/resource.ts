import { z } from "zod";
import { isoDate } from "./dates";
import { listQuerySchema, type ListQuery } from "./list-query";

/**
 * One declaration per directory record type (trucks, drivers, loads, buy-and-sell): its API fields and their
 * rules, filters, sortable columns, console form and CSV columns. The API validates with what it derives,
 * the console builds its form and filters from it, and domain/logistics/directory.ts binds it to a table.
 * Adding a plain field means the table, its migration and this declaration; `form` and `csv` name every
 * field, so one that is forgotten fails `tsc`.
 */

export type Option = { readonly value: string; readonly label: string };

/** How the console edits a field. */
export type FormControl =
  | {
      kind: "text" | "number" | "date" | "rupees";
      label: string;
      placeholder?: string;
      /** Shown only when editing (e.g. a load's status). */
      editOnly?: boolean;
      /** A number with decimals (a load's 12.5 tonnes): the phone keypad offers a decimal point. */
      decimal?: boolean;
      /** Filled from the verified member (when still empty): their first name, full name or company. */
      fromMember?: "first_name" | "full_name" | "company";
      /** Also shown as a plain column in the console list, under this header. */
      column?: string;
    }
  | {
      kind: "select";
      label: string;
      options: readonly Option[];
      /** Values sent as numbers (state, tyres). */
      numeric?: boolean;
      /** Filled from the verified member's state (when still empty). */
      fromMember?: "state";
      editOnly?: boolean;
      column?: string;
    }
  /** The member's verified mobile number, which links the record to the member. */
  | { kind: "member-phone" }
  /** Chosen from the verified member's vehicles, or typed. */
  | { kind: "vehicle" }
  | { kind: "images" };

/** A list filter: its query rule (an empty value means no filter) and how the console offers it. */
export interface FilterSpec<S extends z.ZodType = z.ZodType> {
  label: string;
  query: S;
  options?: readonly Option[];
}

/** A CSV column: its header, and the cell (the API field's value unless `value` says otherwise). */
export type CsvColumn<R> = string | { header: string; value: (row: R) => unknown };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The API answer for one record: its id, the member it belongs to, every field, and when it was added. */
export type RecordOf<IdKey extends string, Fields extends z.ZodRawShape> = Simplify<
  { [K in IdKey]: number } & { user_id: number | null } & Required<z.output<z.ZodObject<Fields>>> & {
      created_at: string;
    }
>;

export type FilterValues<Filters extends Record<string, FilterSpec>> = {
  [K in keyof Filters]?: z.output<Filters[K]["query"]>;
};

/** Records added between two dates (inclusive, India time): every directory list has it. */
export const createdRange = {
  created_from: isoDate("created_from"),
  created_to: isoDate("created_to"),
};

export type ListQueryOf<Filters extends Record<string, FilterSpec>> = ListQuery &
  FilterValues<Filters> & { created_from?: string; created_to?: string };

/** How a record type is named and reached. */
interface ResourceNames {
  /** Singular noun, used in messages ("Truck created."). */
  noun: string;
  plural: string;
  title: string;
  /** The audit log's name for the record type. */
  auditName: string;
  endpoint: string;
  /** The list answer's key prefix: `<dataKey>_data`. */
  dataKey: string;
  searchPlaceholder: string;
}

export interface ResourceDefinition<
  IdKey extends string,
  Fields extends z.ZodRawShape,
  Filters extends Record<string, FilterSpec>,
> extends ResourceNames {
  idKey: IdKey;
  /** The create rules, in the order the API answers the fields; an edit may send any of them. */
  fields: Fields;
  filters: Filters;
  sortable: readonly (Extract<keyof Fields, string> | "created_at")[];
  /** Every field's console control (null: the console never sets it), in form order. */
  form: { [K in keyof Fields]: FormControl | null };
  /** Every API field's CSV column (null: not exported), in column order. */
  csv: { [K in keyof RecordOf<IdKey, Fields>]: CsvColumn<RecordOf<IdKey, Fields>> | null };
  /** How a record is named in buttons and confirmations, e.g. "truck MH 12 AB 1234". */
  describe: (row: RecordOf<IdKey, Fields>) => string;
}

/** An empty query value means "no filter". */
const optionalQuery = (schema: z.ZodType) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export function defineResource<
  const IdKey extends string,
  Fields extends z.ZodRawShape,
  Filters extends Record<string, FilterSpec>,
>(definition: ResourceDefinition<IdKey, Fields, Filters>) {
  const input = z.object(definition.fields).strict();
  const filterQueries = Object.fromEntries(
    Object.entries({ ...definition.filters, ...createdRangeFilters }).map(([name, f]) => [
      name,
      optionalQuery(f.query),
    ]),
  );
  return {
    ...definition,
    input,
    update: input.partial().strict(),
    listQuery: listQuerySchema.extend(filterQueries) as unknown as z.ZodType<
      ListQueryOf<Filters>,
      Record<string, unknown>
    >,
  };
}

const createdRangeFilters = {
  created_from: { label: "Added from", query: createdRange.created_from },
  created_to: { label: "Added until", query: createdRange.created_to },
};

/** What code generic over resources may rely on (the row-typed parts are checked where each is declared). */
export interface AnyResource extends ResourceNames {
  idKey: string;
  fields: z.ZodRawShape;
  filters: Record<string, FilterSpec>;
  sortable: readonly string[];
  form: Record<string, FormControl | null>;
  csv: object;
  describe: (row: never) => string;
  input: z.ZodObject;
  update: z.ZodObject;
  listQuery: z.ZodType;
}
export type RecordOfResource<R extends AnyResource> = RecordOf<R["idKey"], R["fields"]>;
export type InputOf<R extends AnyResource> = z.output<R["input"]>;
export type ChangeOf<R extends AnyResource> = z.output<R["update"]>;
export type ListQueryOfResource<R extends AnyResource> = ListQueryOf<R["filters"]>;

/** The CSV header and cells of a resource's records, in its declared column order. */
export function csvColumns<R extends AnyResource>(resource: R) {
  const columns = Object.entries(resource.csv as Record<string, CsvColumn<RecordOfResource<R>> | null>)
    .filter((entry): entry is [string, CsvColumn<RecordOfResource<R>>] => entry[1] !== null)
    .map(([key, column]) =>
      typeof column === "string"
        ? { header: column, value: (row: RecordOfResource<R>) => row[key as keyof RecordOfResource<R>] }
        : column,
    );
  return {
    headers: columns.map((c) => c.header),
    cells: (row: RecordOfResource<R>) => columns.map((c) => c.value(row)),
  };
}
