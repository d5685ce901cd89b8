import { sql } from "drizzle-orm";
import { bigint, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Tables an erasure changed that have not been compacted since (db/compaction.ts): until then their files
 * still hold the erased values in dead row versions, which a copy of the files (a backup) would carry.
 */
export const compactionDue = pgTable("compaction_due", {
  id: serial("id").primaryKey(),
  tableName: text("table_name").notNull(),
  /** The erasing transaction's id: a compaction waits until no open snapshot is older than it. */
  erasedIn: bigint("erased_in", { mode: "number" })
    .notNull()
    .default(sql`pg_current_xact_id()::text::bigint`),
  createdAt: createdAt(),
});
