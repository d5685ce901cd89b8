import { eq, inArray, sql } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import {
  buySellListings,
  drivers,
  importBatches,
  importRows,
  memberVehicles,
  trucks,
} from "#db/schema/index.ts";
import { importTrashTypes, importTypes } from "#schemas/imports.ts";
import { trashTypes, type TrashTypeName } from "#schemas/trash.ts";
import type { Actor } from "../audit/service";
import { DomainError } from "../errors";
import { daysText, trashWindowDays } from "../trash";
import { auditBatch, batchOf, plural, stagedChunks, toBatch, type ImportDeps } from "./batches";

/** "rows 4, 7 and 9" (the first five, then how many more). */
function rowList(rows: number[]) {
  const shown = rows.slice(0, 5);
  const more = rows.length - shown.length;
  const listed =
    shown.length === 1 ? String(shown[0]) : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
  return `${rows.length === 1 ? "row" : "rows"} ${listed}${more > 0 ? ` (and ${more} more)` : ""}`;
}

/**
 * Undo: the records the import created go to the trash, those it updated get their earlier values back,
 * all in one transaction and one audit entry. Refused (nothing changed) once the trash window has passed
 * or when a record was edited or deleted since the import, so Undo never overwrites later work.
 */
export async function undoImport({ db, audit, targets }: ImportDeps, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const found = await batchOf(tx, id, true);
    const { batch } = found;
    if (batch.status === "staged")
      throw new DomainError("conflict", "Nothing to undo: this file was not imported.");
    if (batch.status === "undone")
      throw new DomainError("conflict", `The import of ${batch.fileName} was undone already.`);
    if (!found.undoable)
      throw new DomainError(
        "conflict",
        `Imports can be undone for ${daysText(await trashWindowDays(tx))}; ${batch.fileName} was imported before that.`,
      );
    const target = targets[batch.type];
    const { table } = target;
    const touched = inArray(importRows.outcome, ["new", "updated"]);

    const changed: number[] = [];
    for await (const rows of stagedChunks(tx, id, touched)) {
      const current = await tx
        .select({ id: table.id, hash: sql<string>`md5(to_jsonb(${table})::text)` })
        .from(table)
        .where(
          inArray(
            table.id,
            rows.map((r) => r.recordId!),
          ),
        )
        .for("update");
      const hashes = new Map(current.map((c) => [Number(c.id), c.hash]));
      for (const r of rows) if (hashes.get(r.recordId!) !== r.afterHash) changed.push(r.sheetRow);
      await yieldToOthers();
    }
    if (changed.length > 0)
      throw new DomainError(
        "conflict",
        `Undo would overwrite later work: the ${target.spec.plural} of ${rowList(changed)} of ${batch.fileName} were edited or deleted after the import. Nothing was undone.`,
      );

    let removed = 0;
    let restored = 0;
    const set = sql.join(
      [...target.columns.keys()].map((name) => sql`${sql.identifier(name)} = v.${sql.identifier(name)}`),
      sql`, `,
    );
    for await (const rows of stagedChunks(tx, id, touched)) {
      const before = rows.filter((r) => r.outcome === "updated").map((r) => r.before);
      if (before.length > 0) {
        await tx.execute(
          sql`update ${table} set ${set} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(before)}::jsonb) as v where ${table.id} = v.id`,
        );
        restored += before.length;
        await yieldToOthers();
      }
      const created = rows.filter((r) => r.outcome === "new").map((r) => r.recordId!);
      if (created.length > 0) {
        await target.trash.discard(tx, actor, inArray(table.id, created), {
          audited: false,
          importBatch: id,
        });
        removed += created.length;
      }
      await yieldToOthers();
    }
    if (target.remembersVehicle)
      // Entries the import added to vehicle lists, unless a record still names that member's vehicle.
      await tx.execute(sql`
        delete from ${memberVehicles} mv using ${importRows} r
        where r.batch_id = ${id} and r.vehicle_id = mv.id
          and not exists (select 1 from ${trucks} t where t.member_id = mv.member_id and t.vehicle_number = mv.vehicle_no)
          and not exists (select 1 from ${drivers} d where d.member_id = mv.member_id and d.vehicle_number = mv.vehicle_no)
          and not exists (select 1 from ${buySellListings} b where b.member_id = mv.member_id and b.vehicle_number = mv.vehicle_no)`);
    await tx
      .update(importBatches)
      .set({ status: "undone", undoneAt: sql`now()` })
      .where(eq(importBatches.id, id));
    await auditBatch(audit, tx, actor, "import_undo", batch, { removed, restored });
    return {
      batch: toBatch(await batchOf(tx, id)),
      message: `Import undone: ${plural(removed, target.spec.noun, target.spec.plural)} removed (in Recently deleted), ${plural(restored, target.spec.noun, target.spec.plural)} put back as they were.`,
    };
  });
}

/**
 * Recently deleted's Restore of an Undo: every record of `resource` that undoing import `id` sent to the
 * trash comes back, in one transaction with one audit entry ("restore" of the import batch). The updates
 * the Undo reverted stay reverted. Answers how many came back.
 */
export async function restoreUndoneImport(
  { db, audit, targets }: ImportDeps,
  actor: Actor,
  id: number,
  resource: TrashTypeName,
) {
  const type = importTypes.find((t) => importTrashTypes[t] === resource);
  if (!type)
    throw new DomainError("not_found", `${trashTypes[resource].plural} are not imported from spreadsheets.`);
  const target = targets[type];
  return db.transaction(async (tx) => {
    const restored = await target.trash.restoreImportBatch(tx, id);
    if (restored === 0)
      throw new DomainError(
        "not_found",
        `The ${target.spec.plural} that undoing import ${id} removed are not in Recently deleted (deletes can be undone for ${daysText(await trashWindowDays(tx))}).`,
      );
    const [batch] = await tx
      .select({ fileName: importBatches.fileName })
      .from(importBatches)
      .where(eq(importBatches.id, id));
    await audit.record(
      actor,
      "restore",
      "import_batch",
      id,
      null,
      { type: target.spec.type, file_name: batch?.fileName ?? null, restored },
      tx,
    );
    return { restored };
  });
}
