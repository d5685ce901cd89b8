import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { importBatches, importRows } from "#db/schema/index.ts";
import {
  importOutcomes,
  STAGED_MINUTES,
  type ImportBatch,
  type ImportCounts,
  type ImportType,
} from "#schemas/imports.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import { trashDays, trashExpiry } from "../trash";
import type { ImportTarget } from "./targets";

/** What every import operation works with (domain/imports/service.ts wires them). */
export interface ImportDeps {
  db: Database;
  audit: AuditService;
  targets: Record<ImportType, ImportTarget>;
}

/**
 * Rows per statement and per step. The embedded database runs each statement on the server's own thread,
 * and statements awaited one after another never let a timer or a request in: so a step is kept small
 * (50 trucks insert in ~10 ms) and the work yields between its statements (docs/performance.md, "Spreadsheet
 * import": 100 rows gave a /healthz p99 of 95 ms on PGlite, 50 rows 52 ms).
 */
export const CHUNK_ROWS = 50;

export const zeroCounts = () => Object.fromEntries(importOutcomes.map((o) => [o, 0])) as ImportCounts;
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

const undoable = sql<boolean>`(${importBatches.status} = 'committed' and ${importBatches.committedAt} > ${trashExpiry})`;
const undoUntil = sql<
  string | null
>`case when ${undoable} then ${importBatches.committedAt} + make_interval(days => ${trashDays}) end`;
/** A batch with whether, and until when, it can be undone. */
export const batchColumns = { batch: importBatches, undoable, undoUntil };

/** An upload, unless it was staged too long ago or is gone; `lock` holds it until the transaction ends. */
export async function batchOf(via: Database, id: number, lock = false) {
  const query = via.select(batchColumns).from(importBatches).where(eq(importBatches.id, id));
  const [found] = await (lock ? query.for("update", { of: importBatches }) : query);
  const stale =
    found?.batch.status === "staged" &&
    found.batch.createdAt.getTime() < Date.now() - STAGED_MINUTES * 60_000;
  if (!found || stale)
    throw new DomainError(
      "not_found",
      `This upload is not there any more: a file not imported within ${STAGED_MINUTES} minutes is removed, and finished imports after the trash window. Upload the file again.`,
    );
  return found;
}

export function toBatch(found: Awaited<ReturnType<typeof batchOf>>): ImportBatch {
  const { batch } = found;
  return {
    id: batch.id,
    type: batch.type,
    file_name: batch.fileName,
    status: batch.status,
    row_count: batch.rowCount,
    counts: (batch.counts as ImportCounts | null) ?? null,
    operator: batch.createdByName,
    created_at: batch.createdAt.toISOString(),
    committed_at: batch.committedAt?.toISOString() ?? null,
    undone_at: batch.undoneAt?.toISOString() ?? null,
    undo_until: found.undoUntil ? new Date(found.undoUntil).toISOString() : null,
  };
}

/** An upload not imported yet (a check or a commit); an imported one is refused. */
export async function stagedOnly(via: Database, id: number, lock = false) {
  const found = await batchOf(via, id, lock);
  if (found.batch.status !== "staged")
    throw new DomainError(
      "conflict",
      `${found.batch.fileName} was imported already${found.batch.status === "undone" ? " (and undone)" : ""}. Upload the file again to import it once more.`,
    );
  return found.batch;
}

/** A staged upload's rows, CHUNK_ROWS at a time, in sheet order. */
export async function* stagedChunks(via: Database, batchId: number, only?: SQL) {
  let after = 0;
  for (;;) {
    const rows = await via
      .select()
      .from(importRows)
      .where(and(eq(importRows.batchId, batchId), gt(importRows.sheetRow, after), only))
      .orderBy(asc(importRows.sheetRow))
      .limit(CHUNK_ROWS);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.sheetRow;
    if (rows.length < CHUNK_ROWS) return;
  }
}

/** One audit entry for a whole import or its Undo: the file, its list, and what was done. */
export const auditBatch = (
  audit: AuditService,
  tx: Database,
  actor: Actor,
  action: "import" | "import_undo",
  batch: typeof importBatches.$inferSelect,
  what: Record<string, unknown>,
) =>
  audit.record(
    actor,
    action,
    "import_batch",
    batch.id,
    null,
    { type: batch.type, file_name: batch.fileName, ...what },
    tx,
  );
