import { eq } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Database } from "#db/client.ts";
import { importBatches } from "#db/schema/index.ts";
import type { ImportCheck, ImportPlan, PreviewRow } from "#schemas/imports.ts";
import { answersFor } from "./answers";
import { stagedChunks, stagedOnly, zeroCounts, type ImportDeps } from "./batches";
import { classify, classifyState, fieldsOf, type Classified, type ClassifyPlan } from "./classify";
import type { ImportTarget } from "./targets";

/** Rows with problems a check shows, and the first rows shown beside them. */
const PREVIEW_PROBLEMS = 100;
const PREVIEW_FIRST = 10;
/** Unrecognised values the fix-values step lists (the most frequent first). */
const MAX_UNRECOGNISED = 200;
/** Rows each problem group names. */
const GROUP_ROWS = 5;

const preview = (item: Classified): PreviewRow => ({
  row: item.sheetRow,
  outcome: item.outcome,
  cells: item.cells,
  stored: item.stored,
  errors: item.errors,
});

/** The plan's fields per column and how rows are read with it (the list's remembered answers included). */
export async function readingOf(via: Database, target: ImportTarget, headers: string[], plan: ImportPlan) {
  const fields = fieldsOf(target, headers, plan);
  const reading: ClassifyPlan = {
    mode: plan.mode,
    answers: await answersFor(via, target.spec, plan),
    createMembers: plan.create_members,
  };
  return { fields, reading };
}

/** The dry run: what a commit with this plan would do with every row, nothing written but the plan itself. */
export async function checkImport(
  { db, targets }: ImportDeps,
  id: number,
  plan: ImportPlan,
): Promise<ImportCheck> {
  const batch = await stagedOnly(db, id);
  const target = targets[batch.type];
  const { fields, reading } = await readingOf(db, target, batch.headers, plan);
  const counts = zeroCounts();
  const state = classifyState();
  const problems: PreviewRow[] = [];
  const first: PreviewRow[] = [];
  const groups = new Map<string, ImportCheck["groups"][number]>();
  const lastRow = new Map<string, number>();
  for await (const rows of stagedChunks(db, id)) {
    for (const item of await classify(db, target, fields, reading, rows, state, false)) {
      counts[item.outcome]++;
      if (item.outcome === "invalid" && problems.length < PREVIEW_PROBLEMS) problems.push(preview(item));
      else if (item.outcome !== "invalid" && first.length < PREVIEW_FIRST) first.push(preview(item));
      for (const problem of item.errors) {
        const kind = problem.kind ?? problem.message;
        const key = `${problem.column ?? ""}\u0000${kind}`;
        const group = groups.get(key) ?? { column: problem.column, kind, count: 0, rows: [] };
        groups.set(key, group);
        // A row with two problems of one kind in one column counts once.
        if (lastRow.get(key) === item.sheetRow) continue;
        lastRow.set(key, item.sheetRow);
        group.count++;
        if (group.rows.length < GROUP_ROWS) group.rows.push(item.sheetRow);
      }
    }
    await yieldToOthers();
  }
  // The plan of the last check is the one the failed-rows file of a staged upload reads the rows with.
  await db.update(importBatches).set({ plan }).where(eq(importBatches.id, id));
  return {
    counts,
    missing: target.spec.fields
      .filter((f) => f.required && !fields.some((mapped) => mapped?.name === f.name))
      .map((f) => f.label),
    rows: [...problems, ...first].sort((a, b) => a.row - b.row),
    groups: [...groups.values()].sort((a, b) => b.count - a.count),
    unrecognised: [...state.unknown.values()].sort((a, b) => b.rows - a.rows).slice(0, MAX_UNRECOGNISED),
    remembered: [...state.remembered.values()].sort((a, b) => b.rows - a.rows).slice(0, MAX_UNRECOGNISED),
    members: target.linksMember
      ? { missing: state.links.missing.size, created: state.links.drafts.size }
      : null,
  };
}
