import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { operators } from "./content";

/**
 * Deleted console records, kept for the trash window (site setting trash_days) so a delete can be undone
 * (domain/trash.ts): the row as JSON with its column names, plus the rows a foreign-key cascade dropped with it.
 */
export const deletedRecords = pgTable(
  "deleted_records",
  {
    id: serial("id").primaryKey(),
    /** The audit log's name for the record type, e.g. "truck" or "blog_post". */
    resource: text("resource").notNull(),
    recordId: integer("record_id").notNull(),
    row: jsonb("row").notNull(),
    /** Dependent rows by table name: `{ "crm_notes": [...] }`. */
    dependents: jsonb("dependents").notNull().default({}),
    deletedBy: integer("deleted_by").references(() => operators.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The import (import_batches.id) whose Undo removed the record: Recently deleted lists and restores the
     * records of one Undo as one entry. No foreign key: the entries keep their own trash window.
     */
    importBatchId: integer("import_batch_id"),
  },
  (t) => [
    index("deleted_records_resource_idx").on(t.resource, t.recordId),
    index("deleted_records_deleted_at_idx").on(t.deletedAt),
    index("deleted_records_import_batch_idx")
      .on(t.importBatchId)
      .where(sql`${t.importBatchId} is not null`),
  ],
);
