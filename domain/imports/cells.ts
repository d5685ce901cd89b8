import type { z } from "zod";
import { closestOption, foldValue } from "#schemas/import-values.ts";
import { optionOf, type ImportField, type ImportSpec, type ValueAnswers } from "#schemas/imports.ts";
import { formatPhone } from "#schemas/phone.ts";
import { formatVehicleNumber } from "#schemas/vehicle.ts";

/** A problem of one cell (column) or of the whole row (null); `kind` groups problems without the cell's value. */
export type Problem = { column: number | null; message: string; kind?: string };

/** A value of a choice column nothing recognised: once per field and spelling, with its rows. */
export interface UnknownValue {
  column: number;
  field: string;
  text: string;
  rows: number;
  suggestion: string | null;
}

const choicesOf = (field: ImportField) => (field.options ?? []).map((o) => o.label).join(", ");

/** "State must be one of: …", with the closest option when there is one: a message to act on in a CSV. */
export function choiceProblem(field: ImportField, column: number, text: string): Problem {
  if (text === "")
    return {
      column,
      message: `${field.label} is blank; it must be one of: ${choicesOf(field)}.`,
      kind: `${field.label} is blank`,
    };
  const closest = closestOption(field.options ?? [], text);
  return {
    column,
    message: `${field.label} "${text}" is not recognised${closest ? `; the closest is ${closest.label}` : ""}. ${field.label} must be one of: ${choicesOf(field)}.`,
    kind: `${field.label} not recognised`,
  };
}

/** The rule's problems, each on its column; a choice field's message names what it may be. */
export function problemsOf(
  error: z.ZodError,
  fields: (ImportField | null)[],
  columnOf: Map<string, number>,
  texts: string[],
): Problem[] {
  return error.issues.map((issue) => {
    const column = columnOf.get(String(issue.path[0])) ?? null;
    const field = column === null ? undefined : fields[column];
    if (field?.kind === "select" && column !== null) return choiceProblem(field, column, texts[column]!);
    return { column, message: issue.message };
  });
}

/** A value read by an answer remembered from an earlier import (shown, so a wrong answer can be changed). */
export interface RememberedValue {
  column: number;
  field: string;
  text: string;
  rows: number;
  value: string;
}

/**
 * Remembers a choice cell nothing recognised, for the fix-values step, and one an operator's answer read
 * (its rows counted).
 */
export function noteUnknown(
  unknown: Map<string, UnknownValue>,
  remembered: Map<string, RememberedValue>,
  field: ImportField,
  column: number,
  text: string,
  answers: ValueAnswers,
) {
  if (field.kind !== "select" || text === "") return;
  const key = `${field.name}\u0000${foldValue(text)}`;
  if (optionOf(field, text) !== undefined) return;
  const answered = optionOf(field, text, answers);
  if (answered !== undefined) {
    const seen = remembered.get(key);
    if (seen) seen.rows++;
    else remembered.set(key, { column, field: field.name, text, rows: 1, value: answered });
    return;
  }
  const known = unknown.get(key);
  if (known) known.rows++;
  else
    unknown.set(key, {
      column,
      field: field.name,
      text,
      rows: 1,
      suggestion: closestOption(field.options ?? [], text)?.value ?? null,
    });
}

/** A value as the record stores it, written for reading ("+91 83321 81960", "West Bengal", "MH 12 AB 1234"). */
function shown(field: ImportField, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (field.options) return field.options.find((o) => o.value === String(value))?.label ?? String(value);
  if (field.name === "phone" || field.name === "contact_no") return formatPhone(String(value));
  if (field.name === "vehicle_number") return formatVehicleNumber(String(value));
  if (typeof value === "number") return value.toLocaleString("en-IN");
  return String(value);
}

/** Each cell as it will be stored: a mapped cell its rule accepts is shown as stored; any other as typed. */
export function storedCells(
  spec: ImportSpec,
  fields: (ImportField | null)[],
  texts: string[],
  raw: Record<string, unknown>,
): string[] {
  return texts.map((text, column) => {
    const field = fields[column];
    if (!field || text === "") return text;
    const rule = spec.input.shape[field.name] as z.ZodType | undefined;
    const parsed = rule?.safeParse(raw[field.name]);
    return parsed?.success ? shown(field, parsed.data) : text;
  });
}
