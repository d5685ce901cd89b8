import { eq, inArray } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Database } from "#db/client.ts";
import { importBatches, importRows, members } from "#db/schema/index.ts";
import { phoneOf } from "#schemas/import-values.ts";
import {
  importSpecs,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  suggestMapping,
  type ImportType,
  type StagedImport,
} from "#schemas/imports.ts";
import type { Actor } from "../audit/service";
import { DomainError } from "../errors";
import { inspectFile } from "../files/inspection";
import { CHUNK_ROWS, type ImportDeps } from "./batches";

/** Characters of cells per staging statement: 50 rows of 100,000 characters would be one 5 MB statement. */
const CHUNK_CHARS = 64 * 1024;
const SAMPLE_ROWS = 3;

const refused = (message: string) => new DomainError("unprocessable", message, { fields: { file: message } });

/** Of the rows' phones (the column matched as contact_no), those no member has: distinct phones and their rows. */
async function missingMembers(db: Database, column: number, rows: { cells: string[] }[]) {
  const rowsOf = new Map<string, number>();
  for (const row of rows) {
    const phone = phoneOf(row.cells[column] ?? "");
    if (phone) rowsOf.set(phone, (rowsOf.get(phone) ?? 0) + 1);
  }
  const phones = [...rowsOf.keys()];
  for (let i = 0; i < phones.length; i += 500) {
    const found = await db
      .select({ phone: members.phone })
      .from(members)
      .where(inArray(members.phone, phones.slice(i, i + 500)));
    for (const { phone } of found) rowsOf.delete(phone);
    await yieldToOthers();
  }
  return { phones: rowsOf.size, rows: [...rowsOf.values()].reduce((sum, n) => sum + n, 0) };
}

/** An upload's bytes (busboy stops at MAX_IMPORT_BYTES, so this holds at most 5 MB). */
async function bytesOf(file: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads an upload as a stream and stages its rows, CHUNK_ROWS to an INSERT; answers its columns and the
 * mapping their headers suggest. A file over MAX_IMPORT_ROWS rows is read to the end (to say how many it
 * has) and refused; nothing is kept of a refused file.
 */
export async function stageImport(
  { db }: ImportDeps,
  actor: Actor,
  type: ImportType,
  fileName: string,
  file: AsyncIterable<Uint8Array>,
) {
  const spec = importSpecs[type];
  const [batch] = await db
    .insert(importBatches)
    .values({
      type,
      fileName,
      headers: [],
      createdBy: actor.operatorId > 0 ? actor.operatorId : null,
      createdByName: actor.username,
    })
    .returning({ id: importBatches.id });
  const id = batch!.id;
  try {
    const { headers, rows, count } = await inspectFile({
      kind: "csv",
      bytes: await bytesOf(file),
      maxRows: MAX_IMPORT_ROWS,
      maxColumns: MAX_IMPORT_COLUMNS,
    });
    if (headers === null)
      throw refused(
        `The file is empty: it needs a header row naming the columns, then one row per ${spec.noun}.`,
      );
    if (count === 0) throw refused("The file has a header row but no rows below it to import.");
    if (count > MAX_IMPORT_ROWS)
      throw refused(
        `The file has ${count.toLocaleString("en-IN")} rows; one import takes at most ${MAX_IMPORT_ROWS.toLocaleString("en-IN")}. Split it into files of ${MAX_IMPORT_ROWS.toLocaleString("en-IN")} rows or fewer.`,
      );
    const samples = rows.slice(0, SAMPLE_ROWS).map((row) => row.cells);
    // Statements stay small in rows and in bytes: a row can hold 100,000 characters.
    let pending: (typeof importRows.$inferInsert)[] = [];
    let pendingChars = 0;
    for (const row of rows) {
      pending.push({ batchId: id, sheetRow: row.sheetRow, cells: row.cells });
      pendingChars += row.cells.reduce((sum, cell) => sum + cell.length, 0);
      if (pending.length === CHUNK_ROWS || pendingChars >= CHUNK_CHARS) {
        await db.insert(importRows).values(pending);
        pending = [];
        pendingChars = 0;
        await yieldToOthers();
      }
    }
    if (pending.length > 0) await db.insert(importRows).values(pending);
    await db.update(importBatches).set({ headers, rowCount: count }).where(eq(importBatches.id, id));
    const mapping = suggestMapping(spec, headers);
    const phoneColumn = mapping.indexOf("contact_no");
    const linksMember = spec.fields.some((f) => f.name === "contact_no") && type !== "leads";
    return {
      id,
      type,
      file_name: fileName,
      row_count: count,
      headers,
      samples,
      mapping,
      fields: spec.fields.map((f) => ({ name: f.name, label: f.label, required: f.required })),
      key: spec.fields.find((f) => f.name === spec.key)?.label ?? null,
      missing_members: !linksMember
        ? null
        : phoneColumn < 0
          ? { phones: 0, rows: 0 }
          : await missingMembers(db, phoneColumn, rows),
    } satisfies StagedImport;
  } catch (error) {
    await db.delete(importBatches).where(eq(importBatches.id, id));
    throw error;
  }
}
