import type { Database } from "#db/client.ts";
import type { AuditService } from "../audit/service";
import type { LogisticsService } from "../logistics/index";
import type { ImportDeps } from "./batches";
import { checkImport } from "./check";
import { commitImport } from "./commit";
import { failedRows } from "./failed-rows";
import { recentImports } from "./recent";
import { stageImport } from "./stage";
import { importTargets } from "./targets";
import { restoreUndoneImport, undoImport } from "./undo";

type Rest<F> = F extends (deps: ImportDeps, ...rest: infer R) => infer A ? (...rest: R) => A : never;
const bound = <F extends (deps: ImportDeps, ...rest: never[]) => unknown>(deps: ImportDeps, operation: F) =>
  ((...rest: never[]) => operation(deps, ...rest)) as Rest<F>;

/**
 * Spreadsheet import (docs/decisions/0015-spreadsheet-import.md): an upload is read as a stream
 * and its rows staged; a check (dry run) says what a commit would do with each row, using the records' own
 * rules; the commit applies it in one transaction and audits it as one entry; Undo reverses it within the
 * trash window, unless a record has changed since.
 */
export function createImportService(db: Database, audit: AuditService, logistics: LogisticsService) {
  const deps: ImportDeps = { db, audit, targets: importTargets(logistics) };
  return {
    stage: bound(deps, stageImport),
    check: bound(deps, checkImport),
    commit: bound(deps, commitImport),
    undo: bound(deps, undoImport),
    restoreUndone: bound(deps, restoreUndoneImport),
    recent: bound(deps, recentImports),
    failedRows: bound(deps, failedRows),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
