import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ImportPlan } from "#schemas/imports.ts";
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
    /** The plan of the last check (mapping, mode, value answers, members made): the staged failed-rows file uses it. */
    plan: jsonb("plan").$type<ImportPlan>(),
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
    /** The member the import made for this row's phone (trucks, drivers, loads, listings): Undo removes it. */
    memberId: integer("member_id"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.sheetRow] })],
);

/**
 * The operator's answers in the fix-values step, remembered per list and field: a value the import did not
 * recognise ("U.P.", "Tata Motrs"), folded as schemas/import-values.ts folds it, and the option chosen for
 * it. The next import of that list applies them without asking.
 */
export const importValueAnswers = pgTable(
  "import_value_answers",
  {
    type: text("type", { enum: importTypes }).notNull(),
    field: text("field").notNull(),
    /** The value as the file had it, folded (lower case, letters and digits). */
    folded: text("folded").notNull(),
    /** The text as first typed, to show. */
    text: text("text").notNull(),
    value: text("value").notNull(),
    updatedBy: text("updated_by").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.field, t.folded] })],
);
