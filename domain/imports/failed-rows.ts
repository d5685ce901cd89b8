import { eq } from "drizzle-orm";
import { importRows } from "#db/schema/index.ts";
import { toCsv } from "../csv";
import { DomainError } from "../errors";
import { batchOf, stagedChunks, type ImportDeps } from "./batches";

/**
 * The rows a commit refused, as CSV: the file's own columns and an Error column (formula-safe, domain/csv.ts),
 * ready to fix and import again (the Error column is ignored then).
 */
export async function failedRows({ db }: ImportDeps, id: number) {
  const { batch } = await batchOf(db, id);
  if (batch.status === "staged")
    throw new DomainError(
      "conflict",
      "The file is not imported yet: its check lists the rows with problems.",
    );
  const lines: unknown[][] = [];
  for await (const rows of stagedChunks(db, id, eq(importRows.outcome, "invalid")))
    for (const r of rows) {
      const problems = (r.errors ?? []).map((p) =>
        p.column === null ? p.message : `${batch.headers[p.column]}: ${p.message}`,
      );
      lines.push([...batch.headers.map((_, i) => r.cells[i] ?? ""), problems.join("; ")]);
    }
  // The name goes into a Content-Disposition header: letters, digits, dots, dashes and underscores only.
  const base = batch.fileName.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "-") || "import";
  return { name: `${base}-failed-rows`, csv: toCsv([...batch.headers, "Error"], lines) };
}
