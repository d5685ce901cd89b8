import { eq } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import { importRows } from "#db/schema/index.ts";
import { importPlanSchema, importSpecs, suggestMapping } from "#schemas/imports.ts";
import { toCsv } from "../csv";
import { batchOf, stagedChunks, type ImportDeps } from "./batches";
import { readingOf } from "./check";
import { classify, classifyState, type Problem } from "./classify";

/**
 * The rows with problems, as CSV: the file's own columns and an Error column (formula-safe, domain/csv.ts),
 * ready to fix and import again (the Error column is ignored then). After a commit, the rows it refused;
 * before, the rows the last check's plan refuses (the suggested mapping when nothing was checked yet), so
 * the file is there at every step, also when every row fails.
 */
export async function failedRows({ db, targets }: ImportDeps, id: number) {
  const { batch } = await batchOf(db, id);
  const lines: unknown[][] = [];
  const line = (cells: string[], errors: Problem[]) => {
    const problems = errors.map((p) =>
      p.column === null ? p.message : `${batch.headers[p.column]}: ${p.message}`,
    );
    lines.push([...batch.headers.map((_, i) => cells[i] ?? ""), problems.join("; ")]);
  };
  if (batch.status === "staged") {
    const target = targets[batch.type];
    const plan =
      batch.plan ??
      importPlanSchema.parse({ mapping: suggestMapping(importSpecs[batch.type], batch.headers) });
    const { fields, reading } = await readingOf(db, target, batch.headers, plan);
    const state = classifyState();
    for await (const rows of stagedChunks(db, id)) {
      for (const item of await classify(db, target, fields, reading, rows, state, false))
        if (item.outcome === "invalid") line(item.cells, item.errors);
      await yieldToOthers();
    }
  } else
    for await (const rows of stagedChunks(db, id, eq(importRows.outcome, "invalid")))
      for (const r of rows) line(r.cells, r.errors ?? []);
  // The name goes into a Content-Disposition header: letters, digits, dots, dashes and underscores only.
  const base = batch.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "-") || "import";
  return { name: `${base}-failed-rows`, csv: toCsv([...batch.headers, "Error"], lines) };
}
