import { inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#db/client.ts";
import { members } from "#db/schema/index.ts";
import {
  cellValue,
  type ImportField,
  type ImportMode,
  type ImportOutcome,
  type ImportPlan,
} from "#schemas/imports.ts";
import { formatPhone } from "#schemas/phone.ts";
import { unescapeCell } from "../csv";
import { DomainError } from "../errors";
import { plural } from "./batches";
import type { ImportTarget, MemberRef } from "./targets";

export type Problem = { column: number | null; message: string };
export type StoredRecord = Record<string, unknown> & { id: number };
export interface StagedRow {
  sheetRow: number;
  cells: string[];
}
/** A row's fate in a check or a commit. */
export interface Classified extends StagedRow {
  outcome: ImportOutcome;
  errors: Problem[];
  /** New: the record's fields as the rules output them; updated: only the fields that change. */
  values?: Record<string, unknown>;
  /** The stored record the row matched (the table's row as JSON). */
  existing?: StoredRecord;
  /** The member the record belongs to, when the row names a (new) phone number. */
  member?: MemberRef;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function problemsOf(error: z.ZodError, columnOf: Map<string, number>): Problem[] {
  return error.issues.map((issue) => ({
    column: columnOf.get(String(issue.path[0])) ?? null,
    message: issue.message,
  }));
}

/** The plan's field for each column, or an invalid error naming what is wrong with it. */
export function fieldsOf(target: ImportTarget, headers: string[], plan: ImportPlan): (ImportField | null)[] {
  if (plan.mapping.length !== headers.length) {
    const message = `mapping must name a field (or null) for each of the file's ${headers.length} columns; it has ${plan.mapping.length}.`;
    throw new DomainError("invalid", message, { fields: { mapping: message } });
  }
  const byName = new Map(target.spec.fields.map((f) => [f.name, f]));
  const taken = new Map<string, number>();
  return plan.mapping.map((name, column) => {
    if (name === null) return null;
    const field = byName.get(name);
    if (!field) {
      const message = `"${name}" is not a field of ${target.spec.plural}: use one of ${[...byName.keys()].join(", ")}, or null to skip the column.`;
      throw new DomainError("invalid", message, { fields: { mapping: message } });
    }
    const first = taken.get(name);
    if (first !== undefined) {
      const message = `${field.label} is taken from two columns (${headers[first]} and ${headers[column]}): import it from one.`;
      throw new DomainError("invalid", message, { fields: { mapping: message } });
    }
    taken.set(name, column);
    return field;
  });
}

/**
 * What becomes of each row of a chunk under the plan: its cells read as the fields' rules take them, the
 * record it matches by natural key (locked in a commit), and new, updated, unchanged, skipped or invalid
 * with the problems per cell. `seen` carries the keys of earlier chunks: a key twice in a file is refused.
 */
export async function classify(
  via: Database,
  target: ImportTarget,
  fields: (ImportField | null)[],
  mode: ImportMode,
  rows: StagedRow[],
  seen: Map<string, number>,
  lock: boolean,
): Promise<Classified[]> {
  const { spec } = target;
  const columnOf = new Map(fields.flatMap((f, i) => (f ? [[f.name, i] as const] : [])));
  const keyField = spec.fields.find((f) => f.name === spec.key);
  const keyRule = spec.key ? (spec.input.shape[spec.key] as z.ZodType) : undefined;
  const updatable = new Set(Object.keys(spec.update.shape));
  const items: Classified[] = [];
  const raws = new Map<Classified, Record<string, unknown>>();
  const keys = new Map<Classified, string>();

  for (const { sheetRow, cells } of rows) {
    const item: Classified = { sheetRow, cells, outcome: "invalid", errors: [] };
    items.push(item);
    if (cells.length > fields.length) {
      item.errors.push({
        column: null,
        message: `This row has ${cells.length} cells and the header row ${fields.length}: a cell may hold an unquoted comma or semicolon.`,
      });
      continue;
    }
    const raw: Record<string, unknown> = {};
    fields.forEach((field, column) => {
      const text = field ? unescapeCell(cells[column] ?? "").trim() : "";
      // A blank cell is no value: it never overwrites what is stored.
      if (field && text !== "") raw[field.name] = cellValue(field, text);
    });
    if (Object.keys(raw).length === 0) {
      item.errors.push({ column: null, message: "This row has no values in the columns being imported." });
      continue;
    }
    raws.set(item, raw);
    const key = keyRule?.safeParse(raw[spec.key!]);
    // A key the rule refuses is reported with the row's other problems, as a new record's.
    if (!key?.success) continue;
    const value = String(key.data);
    const first = seen.get(value);
    if (first !== undefined) {
      item.errors.push({
        column: columnOf.get(spec.key!) ?? null,
        message: `Row ${first} has the same ${keyField!.label.toLowerCase()}: keep one row per ${spec.noun}.`,
      });
      raws.delete(item);
      continue;
    }
    seen.set(value, sheetRow);
    keys.set(item, value);
  }

  const stored = new Map<string, StoredRecord[]>();
  if (keys.size > 0 && target.keyColumn) {
    const query = via
      .select({ key: target.keyColumn, row: sql<StoredRecord>`to_jsonb(${target.table})` })
      .from(target.table)
      .where(inArray(target.keyColumn, [...new Set(keys.values())]));
    // A commit holds the records it may change until it ends.
    for (const { key, row } of await (lock ? query.for("update") : query))
      stored.set(String(key), [...(stored.get(String(key)) ?? []), row]);
  }

  for (const [item, raw] of raws) {
    const key = keys.get(item);
    const matches = key === undefined ? [] : (stored.get(key) ?? []);
    if (matches.length > 1) {
      item.errors.push({
        column: columnOf.get(spec.key!) ?? null,
        message: `${plural(matches.length, spec.noun, spec.plural)} have this ${keyField!.label.toLowerCase()}: edit them in the console (or delete the duplicates), then import again.`,
      });
      continue;
    }
    if (matches.length === 1) {
      item.existing = matches[0];
      if (mode === "skip") {
        item.outcome = "skipped";
        continue;
      }
      const parsed = spec.update.safeParse(
        Object.fromEntries(Object.entries(raw).filter(([name]) => updatable.has(name))),
      );
      if (!parsed.success) {
        item.errors = problemsOf(parsed.error, columnOf);
        continue;
      }
      item.values = Object.fromEntries(
        Object.entries(parsed.data).filter(
          ([name, value]) => value !== undefined && !same(item.existing![name], value),
        ),
      );
      item.outcome = Object.keys(item.values).length > 0 ? "updated" : "unchanged";
      continue;
    }
    const parsed = spec.input.safeParse(raw);
    if (!parsed.success) {
      item.errors = problemsOf(parsed.error, columnOf);
      continue;
    }
    item.values = parsed.data;
    item.outcome = "new";
  }

  if (target.linksMember) await linkMembers(via, items, columnOf);
  return items;
}

/** A directory record belongs to the member with its phone number, who must exist (as in the forms). */
async function linkMembers(via: Database, items: Classified[], columnOf: Map<string, number>) {
  const naming = items.filter(
    (i) => (i.outcome === "new" || i.outcome === "updated") && typeof i.values!.contact_no === "string",
  );
  const phones = [...new Set(naming.map((i) => i.values!.contact_no as string))];
  if (phones.length === 0) return;
  const found = await via
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      phone: members.phone,
    })
    .from(members)
    .where(inArray(members.phone, phones));
  const byPhone = new Map(found.map((m) => [m.phone, m]));
  for (const item of naming) {
    const phone = item.values!.contact_no as string;
    item.member = byPhone.get(phone);
    if (item.member) continue;
    item.outcome = "invalid";
    item.values = undefined;
    item.errors = [
      {
        column: columnOf.get("contact_no") ?? null,
        message: `No member has the mobile number ${formatPhone(phone)}: import or create the member first.`,
      },
    ];
  }
}
