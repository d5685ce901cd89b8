import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, ownedBy } from "./columns";
import { importModes, importOutcomes, importStatuses, importTypes } from "#schemas/imports.ts";
import { operators } from "./content";

/**
 * A CSV import (domain/imports): the uploaded file's rows are staged here, checked against a column mapping,
 * committed in one transaction, and can be undone for the trash window
 * (docs/decisions/0015-spreadsheet-import.md).
 */
export const importBatches = pgTable(
  "import_batches",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: importTypes }).notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: importStatuses }).notNull().default("staged"),
    /** The file's header row, as written. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    rowCount: integer("row_count").notNull().default(0),
    /** The field each column was imported as (null: ignored), and the choice for existing records. */
    mapping: jsonb("mapping").$type<(string | null)[]>(),
    mode: text("mode", { enum: importModes }),
    /** What the commit did: new, updated, unchanged, skipped and invalid rows. */
    counts: jsonb("counts").$type<Record<string, number>>(),
    createdBy: integer("created_by").references(() => operators.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    index("import_batches_type_idx").on(t.type, t.createdAt.desc()),
    index("import_batches_created_idx").on(t.createdAt),
  ],
);

/** One data row of an import's file: its cells as read, and once committed what became of it. */
export const importRows = pgTable(
  "import_rows",
  {
    batchId: ownedBy("batch_id", () => importBatches.id),
    /** The row's number in the spreadsheet (the header is row 1). */
    sheetRow: integer("sheet_row").notNull(),
    cells: jsonb("cells").$type<string[]>().notNull(),
    outcome: text("outcome", { enum: importOutcomes }),
    recordId: integer("record_id"),
    /** An updated record as it was before (the table's row as JSON), put back by Undo. */
    before: jsonb("before"),
    /** md5 of the record as the import left it: Undo refuses when the record has changed since. */
    afterHash: text("after_hash"),
    /** An invalid row's problems: `[{ column, message }]` (column null: no column holds the field). */
    errors: jsonb("errors").$type<{ column: number | null; message: string }[]>(),
    /** The member's vehicle-list entry the import added (trucks, drivers, listings), removed by Undo. */
    vehicleId: integer("vehicle_id"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.sheetRow] })],
);
