import { and, desc, eq, ne } from "drizzle-orm";
import { importBatches } from "#db/schema/index.ts";
import type { ImportBatch, ImportType } from "#schemas/imports.ts";
import { batchColumns, toBatch, type ImportDeps } from "./batches";

/** Recent imports (of one list, or all), newest first, with how long each can be undone. */
export async function recentImports(
  { db }: ImportDeps,
  type?: ImportType,
  limit = 10,
): Promise<ImportBatch[]> {
  const rows = await db
    .select(batchColumns)
    .from(importBatches)
    .where(and(type ? eq(importBatches.type, type) : undefined, ne(importBatches.status, "staged")))
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(limit);
  return rows.map(toBatch);
}
