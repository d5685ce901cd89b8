import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { ImportCheck, ImportPlan, PreviewRow } from "#schemas/imports.ts";
import { stagedChunks, stagedOnly, zeroCounts, type ImportDeps } from "./batches";
import { classify, fieldsOf, type Classified } from "./classify";

/** Rows with problems a check shows, and the first rows shown beside them. */
const PREVIEW_PROBLEMS = 100;
const PREVIEW_FIRST = 10;

const preview = (item: Classified): PreviewRow => ({
  row: item.sheetRow,
  outcome: item.outcome,
  cells: item.cells,
  errors: item.errors,
});

/** The dry run: what a commit with this plan would do with every row, nothing written. */
export async function checkImport(
  { db, targets }: ImportDeps,
  id: number,
  plan: ImportPlan,
): Promise<ImportCheck> {
  const batch = await stagedOnly(db, id);
  const target = targets[batch.type];
  const fields = fieldsOf(target, batch.headers, plan);
  const counts = zeroCounts();
  const seen = new Map<string, number>();
  const problems: PreviewRow[] = [];
  const first: PreviewRow[] = [];
  for await (const rows of stagedChunks(db, id)) {
    for (const item of await classify(db, target, fields, plan.mode, rows, seen, false)) {
      counts[item.outcome]++;
      if (item.outcome === "invalid" && problems.length < PREVIEW_PROBLEMS) problems.push(preview(item));
      else if (first.length < PREVIEW_FIRST) first.push(preview(item));
    }
    await yieldToOthers();
  }
  return {
    counts,
    missing: target.spec.fields
      .filter((f) => f.required && !fields.some((mapped) => mapped?.name === f.name))
      .map((f) => f.label),
    rows: [...problems, ...first].sort((a, b) => a.row - b.row),
  };
}
