import { z } from "zod";
import { recordId } from "./common";
import { buySellResource } from "./directory/buy-sell";
import { driverResource } from "./directory/drivers";
import { loadResource } from "./directory/loads";
import { truckResource } from "./directory/trucks";
import {
  leadCsvHeaders,
  leadInputSchema,
  leadUpdateSchema,
  memberCsvHeaders,
  memberInputSchema,
  memberUpdateSchema,
} from "./logistics";
import { foldHeaderWords, headerSynonyms } from "./import-headers";
import { foldValue, valueReaders } from "./import-values";
import { categoryOptions, leadStatuses, stateOptions } from "./logistics-options";
import type { AnyResource, FormControl, Option } from "./resource";
import type { TrashTypeName } from "./trash";

/**
 * Spreadsheet import: which lists take a CSV, the fields a file's columns can be imported as,
 * how a cell's text becomes the value the record's own Zod rules check, and the API's shapes. The rules
 * are the forms' (schemas/directory, schemas/logistics), so a row fails the import exactly as it would
 * fail the form.
 */

export const importTypes = ["members", "trucks", "drivers", "loads", "buy_sell", "leads"] as const;
export type ImportType = (typeof importTypes)[number];

/** Each list's record type in the trash (schemas/trash.ts): an import's Undo sends its new records there. */
export const importTrashTypes = {
  members: "member",
  trucks: "truck",
  drivers: "driver",
  loads: "load",
  buy_sell: "buy_sell",
  leads: "crm_lead",
} as const satisfies Record<ImportType, TrashTypeName>;

export const importStatuses = ["staged", "committed", "undone"] as const;
/** What an existing record (same natural key) gets: the file's non-blank cells, or nothing. */
export const importModes = ["update", "skip"] as const;
export type ImportMode = (typeof importModes)[number];
export const importOutcomes = ["new", "updated", "unchanged", "skipped", "invalid"] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** A file with more columns is no export of ours or a sheet of one record per row. */
export const MAX_IMPORT_COLUMNS = 100;
/** An upload not imported within this time is removed (it holds the file's personal data). */
export const STAGED_MINUTES = 60;

/** How a cell's text is read before the field's rule checks it. */
export type CellKind = "text" | "number" | "date" | "select";

export interface ImportField {
  /** The API field. */
  name: string;
  label: string;
  /** Header spellings that map to it (compared case-, space- and punctuation-insensitively). */
  headers: string[];
  kind: CellKind;
  options?: readonly Option[];
  /** A select whose values are numbers (state, tyres). */
  numeric?: boolean;
  /** A new record cannot be made without it. */
  required: boolean;
}

export interface ImportSpec {
  type: ImportType;
  noun: string;
  plural: string;
  /** The list's endpoint (its queries are refreshed after an import). */
  endpoint: string;
  /** The natural key: a row whose key matches a stored record updates (or skips) it. None: create only. */
  key?: string;
  fields: ImportField[];
  /** The create rules, and the edit rules a matched row's non-blank cells are checked with. */
  input: z.ZodObject;
  update: z.ZodObject;
}

const isRequired = (rule: z.ZodType) => !rule.safeParse(undefined).success;

const kindOf = (control: FormControl): CellKind => {
  if (control.kind === "select") return "select";
  if (control.kind === "number" || control.kind === "rupees") return "number";
  if (control.kind === "date") return "date";
  return "text";
};

/** A directory record's importable fields, from its one declaration: form controls and CSV headers. */
function directorySpec(
  type: ImportType,
  resource: AnyResource & { update: z.ZodObject },
  key?: string,
): ImportSpec {
  const csv = resource.csv as Record<string, string | { header: string } | null>;
  const headerOf = (name: string) => {
    const column = csv[name];
    return typeof column === "string" ? column : (column?.header ?? null);
  };
  const fields = Object.entries(resource.form)
    .filter((entry): entry is [string, FormControl] => entry[1] !== null && entry[1].kind !== "images")
    .map(([name, control]): ImportField => {
      const header = headerOf(name);
      const label = "label" in control ? control.label : (header ?? name);
      return {
        name,
        label,
        headers: [header, label, name, "column" in control ? control.column : undefined].filter(
          (h): h is string => Boolean(h),
        ),
        kind: kindOf(control),
        ...(control.kind === "select"
          ? { options: control.options, ...(control.numeric ? { numeric: true } : {}) }
          : {}),
        required: isRequired(resource.fields[name] as z.ZodType),
      };
    });
  return {
    type,
    noun: resource.noun,
    plural: resource.plural,
    endpoint: resource.endpoint,
    key,
    fields,
    input: resource.input,
    update: resource.update,
  };
}

/** A field of a record without a directory declaration (members, leads): label = its CSV header. */
function field(
  rules: z.ZodRawShape,
  name: string,
  label: string,
  extra: Partial<ImportField> = {},
): ImportField {
  return {
    name,
    label,
    headers: [label, name],
    kind: "text",
    required: isRequired(rules[name] as z.ZodType),
    ...extra,
  };
}

const member = memberInputSchema.shape;
const lead = leadInputSchema.shape;
const leadStatusOptions = leadStatuses.map((s) => ({ value: s, label: s }));

export const importSpecs: Record<ImportType, ImportSpec> = {
  members: {
    type: "members",
    noun: "member",
    plural: "members",
    endpoint: "/api/members",
    key: "phone",
    fields: [
      field(member, "first_name", memberCsvHeaders.first_name),
      field(member, "last_name", memberCsvHeaders.last_name),
      field(member, "phone", memberCsvHeaders.phone, { headers: [memberCsvHeaders.phone, "Mobile number"] }),
      field(member, "company", memberCsvHeaders.company),
      field(member, "state", memberCsvHeaders.state, {
        kind: "select",
        options: stateOptions,
        numeric: true,
      }),
      field(member, "service_category", memberCsvHeaders.service_category, {
        kind: "select",
        options: categoryOptions,
      }),
    ],
    input: memberInputSchema,
    update: memberUpdateSchema,
  },
  trucks: directorySpec("trucks", truckResource, "vehicle_number"),
  drivers: directorySpec("drivers", driverResource),
  loads: directorySpec("loads", loadResource),
  buy_sell: directorySpec("buy_sell", buySellResource),
  leads: {
    type: "leads",
    noun: "lead",
    plural: "leads",
    endpoint: "/api/crm/leads",
    key: "contact_no",
    fields: [
      field(lead, "name", leadCsvHeaders.name),
      field(lead, "contact_no", leadCsvHeaders.contact_no),
      field(lead, "company", leadCsvHeaders.company),
      field(lead, "interest", leadCsvHeaders.interest),
      field(lead, "status", leadCsvHeaders.status, { kind: "select", options: leadStatusOptions }),
      field(lead, "follow_up_date", leadCsvHeaders.follow_up_date, { kind: "date" }),
      // The export's "Notes" column is a count; a new lead's first note comes from a column named Note.
      field(lead, "note", "Note", { headers: ["Note", "First note"] }),
    ],
    input: leadInputSchema,
    update: leadUpdateSchema,
  },
};

/** The import of the list at `endpoint`, when that list takes a CSV. */
export const importTypeOfEndpoint = (endpoint: string): ImportType | undefined =>
  importTypes.find((type) => importSpecs[type].endpoint === endpoint);

/* ------------------------------------------------------------------ reading cells */

/** "Vehicle number", "vehicle_number" and " VEHICLE-NUMBER " are one header. */
export const foldHeader = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Each column's field, matched by header; a field is taken by the first column that names it. First by the
 * field's own label, export header or name; then, for the columns left, by meaning (schemas/import-headers.ts:
 * "Vehicle No.", "Mobile No.", "Make", "No. of Tyres", "Capacity (Tons)").
 */
export function suggestMapping(spec: ImportSpec, headers: readonly string[]): (string | null)[] {
  const taken = new Set<string>();
  const pass = (mapping: (string | null)[], same: (field: ImportField, header: string) => boolean) =>
    mapping.map((current, column) => {
      if (current !== null) return current;
      const match = spec.fields.find((f) => !taken.has(f.name) && same(f, headers[column]!));
      if (!match) return null;
      taken.add(match.name);
      return match.name;
    });
  const exact = pass(
    headers.map(() => null),
    (f, header) => foldHeader(header) !== "" && f.headers.some((h) => foldHeader(h) === foldHeader(header)),
  );
  return pass(exact, (f, header) => {
    const folded = foldHeaderWords(header);
    return (
      folded !== "" &&
      [...f.headers, ...(headerSynonyms[f.name] ?? [])].some((h) => foldHeaderWords(h) === folded)
    );
  });
}

/** "18,50,000", "₹ 1850000" and "1850000" are one number; anything else is left for the rule to refuse. */
function numberOf(text: string): number | string {
  // "\u20b9" is ₹: one character outside ASCII makes V8 hold the whole server bundle's source at two bytes a character.
  const compact = text.replace(/[\u20b9,\s]/g, "").replace(/^(rs\.?|inr)/i, "");
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : text;
}

/** ISO dates as they are; "31/01/2026", "31-01-2026" and "31.01.2026" (India's day-first order) as ISO. */
function dateOf(text: string): string {
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dayFirst) return text;
  const [, day, month, year] = dayFirst as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** The operator's answers for values the import did not recognise: folded text → option value, per field. */
export type ValueAnswers = Map<string, Map<string, string>>;

/**
 * A select cell's option value: by value or label, by the operator's remembered answer, or by meaning
 * (schemas/import-values.ts); undefined when none recognises it.
 */
export function optionOf(field: ImportField, text: string, answers?: ValueAnswers): string | undefined {
  const wanted = foldHeader(text);
  const option = field.options?.find((o) => foldHeader(o.value) === wanted || foldHeader(o.label) === wanted);
  if (option) return option.value;
  const answered = answers?.get(field.name)?.get(foldValue(text));
  if (answered !== undefined) return answered;
  const read = valueReaders[field.name]?.(text);
  return read === null || read === undefined ? undefined : String(read);
}

/** A non-blank cell as the field's rule takes it: options by value, label or meaning, numbers, day-first dates. */
export function cellValue(field: ImportField, text: string, answers?: ValueAnswers): unknown {
  if (field.kind === "number") {
    const read = valueReaders[field.name]?.(text);
    return read === null || read === undefined ? numberOf(text) : read;
  }
  if (field.kind === "date") return dateOf(text);
  if (field.kind !== "select") return valueReaders[field.name]?.(text) ?? text;
  const value = optionOf(field, text, answers);
  if (value === undefined) return field.numeric ? numberOf(text) : text;
  return field.numeric ? Number(value) : value;
}

/* ------------------------------------------------------------------ the API */

/** Which list an upload is for (`POST /api/imports?type=trucks`). */
export const importTypeQuery = z.object({
  type: z.enum(importTypes, `type must be one of: ${importTypes.join(", ")}`),
});
export const importIdParams = z.object({ id: recordId() });

/** A check or a commit: the field of each column of the file (null: not imported), and what existing records get. */
export const importPlanSchema = z
  .object({
    mapping: z
      .array(z.string().max(60).nullable(), "mapping must be a list with a field name or null per column")
      .max(MAX_IMPORT_COLUMNS, `mapping can name at most ${MAX_IMPORT_COLUMNS} columns`),
    mode: z.enum(importModes, "mode must be update or skip").default("update"),
    /** The operator's answers for unrecognised values (the fix-values step): remembered for the next import. */
    answers: z
      .array(
        z
          .object({
            field: z.string().max(60),
            text: z.string().trim().min(1, "answers need the text they answer").max(200),
            value: z.string().max(100),
          })
          .strict(),
        "answers must be a list of {field, text, value}",
      )
      .max(500, "answers can hold at most 500 values")
      .default([]),
    /** Records whose phone is no member's: make the member from the row's owner columns in the same import. */
    create_members: z.boolean("create_members must be true or false").default(false),
  })
  .strict();
export type ImportPlan = z.output<typeof importPlanSchema>;

/** Recent imports of one list, or of all. */
export const importListQuerySchema = z.object({ type: importTypeQuery.shape.type.optional() });

const countsSchema = z.object(
  Object.fromEntries(importOutcomes.map((o) => [o, z.number().int()])) as Record<ImportOutcome, z.ZodNumber>,
);
export type ImportCounts = z.output<typeof countsSchema>;

const fieldAnswer = z.object({
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
});

/** An uploaded file, staged: its columns, the mapping suggested from their headers, and the fields on offer. */
export const stagedImportSchema = z.object({
  id: z.number().int(),
  type: z.enum(importTypes),
  file_name: z.string(),
  row_count: z.number().int(),
  headers: z.array(z.string()),
  /** A few values of each column, to recognise it by. */
  samples: z.array(z.array(z.string())),
  mapping: z.array(z.string().nullable()),
  fields: z.array(fieldAnswer),
  /** The natural key's label ("Vehicle number"), or null when the list only takes new records. */
  key: z.string().nullable(),
  /**
   * Records of a directory list belong to a member: how many of the file's distinct phone numbers (in the
   * column matched as the phone) no member has, and the rows naming them. Null: the list has no member.
   */
  missing_members: z.object({ phones: z.number().int(), rows: z.number().int() }).nullable(),
});
export type StagedImport = z.output<typeof stagedImportSchema>;

const problemSchema = z.object({
  column: z.number().int().nullable(),
  message: z.string(),
  /** What kind of problem, without the cell's value: problems are grouped by column and kind. */
  kind: z.string().optional(),
});
export const previewRowSchema = z.object({
  row: z.number().int(),
  outcome: z.enum(importOutcomes),
  cells: z.array(z.string()),
  /** Each cell as it will be stored, for reading ("+91 83321 81960", "West Bengal"); a refused cell as typed. */
  stored: z.array(z.string()),
  errors: z.array(problemSchema),
});
export type PreviewRow = z.output<typeof previewRowSchema>;

/** A dry run: what a commit would do with every row, the rows with problems (the first 100) and the first rows. */
export const importCheckSchema = z.object({
  counts: countsSchema,
  /** Required fields no column is imported as (every new row will fail without them). */
  missing: z.array(z.string()),
  rows: z.array(previewRowSchema),
  /** Every problem of the file, by column and kind, with how many rows have it and the first few rows. */
  groups: z.array(
    z.object({
      column: z.number().int().nullable(),
      kind: z.string(),
      count: z.number().int(),
      rows: z.array(z.number().int()),
    }),
  ),
  /** Each value of a choice column no option, answer or spelling matched: once, with its row count. */
  unrecognised: z.array(
    z.object({
      column: z.number().int(),
      field: z.string(),
      text: z.string(),
      rows: z.number().int(),
      /** The closest option's value, offered first; null when none is close. */
      suggestion: z.string().nullable(),
    }),
  ),
  /** Values read by an answer remembered from an earlier import: once each, with the option applied. */
  remembered: z.array(
    z.object({
      column: z.number().int(),
      field: z.string(),
      text: z.string(),
      rows: z.number().int(),
      value: z.string(),
    }),
  ),
  /** Distinct phones no member has, and how many members the owner columns would make (create_members). */
  members: z.object({ missing: z.number().int(), created: z.number().int() }).nullable(),
});
export type ImportCheck = z.output<typeof importCheckSchema>;

/** A recent import, as the import dialog lists it. */
export const importBatchSchema = z.object({
  id: z.number().int(),
  type: z.enum(importTypes),
  file_name: z.string(),
  status: z.enum(importStatuses),
  row_count: z.number().int(),
  counts: countsSchema.nullable(),
  operator: z.string(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** Undo is possible until this moment (the trash window), or never (null). */
  undo_until: z.string().nullable(),
});
export type ImportBatch = z.output<typeof importBatchSchema>;

/** One line of the commit's answer (NDJSON): progress, then the result or what went wrong. */
export type ImportProgressLine =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; data: ImportBatch; message: string }
  | { type: "error"; status: number; message: string };
