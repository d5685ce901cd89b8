import { inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#db/client.ts";
import {
  cellValue,
  type ImportField,
  type ImportMode,
  type ImportOutcome,
  type ImportPlan,
  type ValueAnswers,
} from "#schemas/imports.ts";
import { unescapeCell } from "../csv";
import { DomainError } from "../errors";
import { plural } from "./batches";
import {
  noteUnknown,
  problemsOf,
  storedCells,
  type Problem,
  type RememberedValue,
  type UnknownValue,
} from "./cells";
import { linkMembers, memberLinks, type MemberLinks, type MemberRef } from "./members";
import type { ImportTarget } from "./targets";

export type { Problem };
export type StoredRecord = Record<string, unknown> & { id: number };
export interface StagedRow {
  sheetRow: number;
  cells: string[];
}
/** A row's fate in a check or a commit. */
export interface Classified extends StagedRow {
  outcome: ImportOutcome;
  errors: Problem[];
  /** Each cell as it will be stored, for the preview. */
  stored: string[];
  /** New: the record's fields as the rules output them; updated: only the fields that change. */
  values?: Record<string, unknown>;
  /** The stored record the row matched (the table's row as JSON). */
  existing?: StoredRecord;
  /** The member the record belongs to, when the row names a (new) phone number. */
  member?: MemberRef;
  /** This row's owner columns make its member (the first row naming that phone). */
  makesMember?: boolean;
}

/** How rows are read: what existing records get, the value answers, and whether missing members are made. */
export interface ClassifyPlan {
  mode: ImportMode;
  answers: ValueAnswers;
  createMembers: boolean;
}
/** What classifying remembers across a file's chunks. */
export interface ClassifyState {
  /** Natural keys seen, with their row: a key twice in a file is refused. */
  seen: Map<string, number>;
  unknown: Map<string, UnknownValue>;
  remembered: Map<string, RememberedValue>;
  links: MemberLinks;
}
export const classifyState = (): ClassifyState => ({
  seen: new Map(),
  unknown: new Map(),
  remembered: new Map(),
  links: memberLinks(),
});

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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
  plan: ClassifyPlan,
  rows: StagedRow[],
  state: ClassifyState,
  lock: boolean,
): Promise<Classified[]> {
  const { mode, answers } = plan;
  const { seen } = state;
  const { spec } = target;
  const columnOf = new Map(fields.flatMap((f, i) => (f ? [[f.name, i] as const] : [])));
  const keyField = spec.fields.find((f) => f.name === spec.key);
  const keyRule = spec.key ? (spec.input.shape[spec.key] as z.ZodType) : undefined;
  const updatable = new Set(Object.keys(spec.update.shape));
  const items: Classified[] = [];
  const raws = new Map<Classified, Record<string, unknown>>();
  const texts = new Map<Classified, string[]>();
  const keys = new Map<Classified, string>();

  for (const { sheetRow, cells } of rows) {
    const item: Classified = { sheetRow, cells, outcome: "invalid", errors: [], stored: cells };
    items.push(item);
    if (cells.length > fields.length) {
      item.errors.push({
        column: null,
        message: `This row has ${cells.length} cells and the header row ${fields.length}: a cell may hold an unquoted comma or semicolon.`,
      });
      continue;
    }
    const raw: Record<string, unknown> = {};
    const row = fields.map((field, column) => unescapeCell(cells[column] ?? "").trim());
    fields.forEach((field, column) => {
      const text = row[column]!;
      // A blank cell is no value: it never overwrites what is stored.
      if (field && text !== "") {
        raw[field.name] = cellValue(field, text, answers);
        noteUnknown(state.unknown, state.remembered, field, column, text, answers);
      }
    });
    item.stored = storedCells(spec, fields, row, raw);
    texts.set(item, row);
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
        kind: `Same ${keyField!.label.toLowerCase()} as an earlier row`,
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
        kind: `${capital(spec.plural)} stored twice with this ${keyField!.label.toLowerCase()}`,
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
        item.errors = problemsOf(parsed.error, fields, columnOf, texts.get(item)!);
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
      item.errors = problemsOf(parsed.error, fields, columnOf, texts.get(item)!);
      continue;
    }
    item.values = parsed.data;
    item.outcome = "new";
  }

  if (target.linksMember)
    await linkMembers(
      via,
      spec.type,
      items,
      columnOf.get("contact_no") ?? null,
      plan.createMembers,
      state.links,
    );
  return items;
}
