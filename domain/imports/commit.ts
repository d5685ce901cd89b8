import { eq, sql } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { Database } from "#db/client.ts";
import { importBatches, importRows, memberVehicles } from "#db/schema/index.ts";
import type { ImportBatch, ImportPlan } from "#schemas/imports.ts";
import type { Actor } from "../audit/service";
import { rowsOf } from "../logistics/common";
import {
  auditBatch,
  batchOf,
  stagedChunks,
  stagedOnly,
  toBatch,
  zeroCounts,
  type ImportDeps,
} from "./batches";
import { rememberAnswers } from "./answers";
import { readingOf } from "./check";
import { classify, classifyState, type Classified } from "./classify";
import { insertDrafts } from "./members";
import type { ImportTarget } from "./targets";

/** A commit's writes for one chunk: new records, changed records, vehicle lists, and each row's outcome. */
async function write(tx: Database, target: ImportTarget, batchId: number, items: Classified[]) {
  const { table } = target;
  const written = new Map<Classified, { id: number; hash: string }>();
  const hash = sql<string>`md5(to_jsonb(${table})::text)`;
  // Members the owner columns make come first: the records name them.
  await insertDrafts(tx, items);

  const created = items.filter((i) => i.outcome === "new");
  if (created.length > 0) {
    const values = created.map((item) => {
      const row: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(item.values!)) {
        const column = target.columns.get(name);
        if (column && value !== undefined) row[column] = value;
      }
      if (target.linksMember) row.memberId = item.member!.id;
      // Marked as imported: analytics counts these apart from sign-ups and records added by hand.
      if ("importBatchId" in table) row.importBatchId = batchId;
      return { ...row, ...target.onCreate?.(item.values!, item.member!) };
    });
    // A multi-row INSERT … RETURNING answers its rows in the order of its VALUES.
    const inserted = (await tx
      .insert(table)
      .values(values as never)
      .returning({ id: table.id, hash })) as { id: number; hash: string }[];
    inserted.forEach((row, i) => written.set(created[i]!, row));
    await target.afterCreate?.(
      tx,
      created.map((item, i) => ({ id: inserted[i]!.id, input: item.values! })),
    );
    await yieldToOthers();
  }

  const updated = items.filter((i) => i.outcome === "updated");
  if (updated.length > 0) {
    const merged = updated.map((item) => ({
      ...item.existing,
      ...item.values,
      ...(item.member ? { member_id: item.member.id } : {}),
    }));
    const set = sql.join(
      [...target.columns.keys()].map((name) => sql`${sql.identifier(name)} = v.${sql.identifier(name)}`),
      sql`, `,
    );
    const rows = await rowsOf<{ id: number; hash: string }>(
      tx,
      sql`update ${table} set ${set} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(merged)}::jsonb) as v where ${table.id} = v.id returning ${table.id} as id, ${hash} as hash`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const item of updated) written.set(item, byId.get(item.existing!.id)!);
    await yieldToOthers();
  }

  const vehicles = new Map<Classified, number>();
  if (target.remembersVehicle) {
    // As the forms do: a new record's vehicle, or a changed vehicle or owner, joins the member's list.
    const naming = [...created, ...updated]
      .filter((i) => i.outcome === "new" || i.values!.vehicle_number || i.values!.contact_no)
      .map((item) => ({
        item,
        memberId: (item.member?.id ?? item.existing?.member_id) as number | null,
        vehicleNo: (item.values!.vehicle_number ?? item.existing?.vehicle_number) as string,
      }))
      .filter((v) => v.memberId !== null);
    const pairs = new Map(naming.map((v) => [`${v.memberId} ${v.vehicleNo}`, v]));
    if (pairs.size > 0) {
      const added = await tx
        .insert(memberVehicles)
        .values([...pairs.values()].map(({ memberId, vehicleNo }) => ({ memberId: memberId!, vehicleNo })))
        .onConflictDoNothing()
        .returning({
          id: memberVehicles.id,
          memberId: memberVehicles.memberId,
          vehicleNo: memberVehicles.vehicleNo,
        });
      for (const a of added) vehicles.set(pairs.get(`${a.memberId} ${a.vehicleNo}`)!.item, a.id);
      await yieldToOthers();
    }
  }

  const outcomes = items.map((item) => ({
    sheet_row: item.sheetRow,
    outcome: item.outcome,
    record_id: written.get(item)?.id ?? item.existing?.id ?? null,
    before: item.outcome === "updated" ? item.existing : null,
    after_hash: written.get(item)?.hash ?? null,
    errors: item.errors.length > 0 ? item.errors : null,
    vehicle_id: vehicles.get(item) ?? null,
    member_id: item.makesMember ? item.member!.id : null,
  }));
  // Only a refused row's cells are kept (for the failed-rows file): the file's personal data goes.
  await tx.execute(sql`
    update ${importRows} set outcome = v.outcome, record_id = v.record_id, before = v.before,
      after_hash = v.after_hash, errors = v.errors, vehicle_id = v.vehicle_id, member_id = v.member_id,
      cells = case when v.outcome = 'invalid' then ${importRows.cells} else '[]'::jsonb end
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(sheet_row int, outcome text,
      record_id int, before jsonb, after_hash text, errors jsonb, vehicle_id int, member_id int)
    where ${importRows.batchId} = ${batchId} and ${importRows.sheetRow} = v.sheet_row`);
}

/**
 * Applies the plan in one transaction (all rows or none), CHUNK_ROWS at a time, yielding between chunks;
 * `onProgress` hears after each. One audit entry holds the counts.
 */
export async function commitImport(
  { db, audit, targets }: ImportDeps,
  actor: Actor,
  id: number,
  plan: ImportPlan,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportBatch> {
  return db.transaction(async (tx) => {
    const batch = await stagedOnly(tx, id, true);
    const target = targets[batch.type];
    const { fields, reading } = await readingOf(tx, target, batch.headers, plan);
    const counts = zeroCounts();
    const state = classifyState();
    let done = 0;
    for await (const rows of stagedChunks(tx, id)) {
      const items = await classify(tx, target, fields, reading, rows, state, true);
      await yieldToOthers();
      await write(tx, target, id, items);
      for (const item of items) counts[item.outcome]++;
      done += rows.length;
      onProgress?.(done, batch.rowCount);
      await yieldToOthers();
    }
    await tx
      .update(importBatches)
      .set({
        status: "committed",
        mapping: plan.mapping,
        mode: plan.mode,
        plan,
        counts,
        committedAt: sql`now()`,
      })
      .where(eq(importBatches.id, id));
    await rememberAnswers(tx, target.spec, plan, actor.username);
    const made = state.links.drafts.size;
    await auditBatch(audit, tx, actor, "import", batch, {
      mode: plan.mode,
      ...counts,
      ...(made > 0 ? { members_created: made } : {}),
    });
    return toBatch(await batchOf(tx, id));
  });
}
