import { and, asc, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { z } from "zod";
import type { Database } from "../../db/client";
import {
  buySellListings,
  drivers,
  importBatches,
  importRows,
  members,
  memberVehicles,
  trucks,
} from "../../db/schema/index";
import {
  cellValue,
  importOutcomes,
  importSpecs,
  importTrashTypes,
  importTypes,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  STAGED_MINUTES,
  suggestMapping,
  type ImportBatch,
  type ImportCheck,
  type ImportCounts,
  type ImportField,
  type ImportMode,
  type ImportOutcome,
  type ImportPlan,
  type ImportType,
  type PreviewRow,
  type StagedImport,
} from "../../schemas/imports";
import { formatPhone } from "../../schemas/phone";
import { trashTypes, type TrashTypeName } from "../../schemas/trash";
import type { Actor, AuditService } from "../audit/service";
import { toCsv, unescapeCell } from "../csv";
import { DomainError } from "../errors";
import { inspectFile } from "../files/inspection";
import type { LogisticsService } from "../logistics/index";
import { rowsOf } from "../logistics/common";
import { daysText, trashDays, trashExpiry, trashWindowDays } from "../trash";
import { importTargets, type ImportTarget, type MemberRef } from "./targets";

/**
 * Rows per statement and per step. The embedded database runs each statement on the server's own thread,
 * and statements awaited one after another never let a timer or a request in: so a step is kept small
 * (50 trucks insert in ~10 ms) and the work yields between its statements (docs/performance.md, "Spreadsheet
 * import": 100 rows gave a /healthz p99 of 95 ms on PGlite, 50 rows 52 ms).
 */
const CHUNK_ROWS = 50;
/** Characters of cells per staging statement: 50 rows of 100,000 characters would be one 5 MB statement. */
const CHUNK_CHARS = 64 * 1024;
/** Rows with problems a check shows, and the first rows shown beside them. */
const PREVIEW_PROBLEMS = 100;
const PREVIEW_FIRST = 10;
const SAMPLE_ROWS = 3;

type Problem = { column: number | null; message: string };
type StoredRecord = Record<string, unknown> & { id: number };
interface StagedRow {
  sheetRow: number;
  cells: string[];
}
/** A row's fate in a check or a commit. */
interface Classified extends StagedRow {
  outcome: ImportOutcome;
  errors: Problem[];
  /** New: the record's fields as the rules output them; updated: only the fields that change. */
  values?: Record<string, unknown>;
  /** The stored record the row matched (the table's row as JSON). */
  existing?: StoredRecord;
  /** The member the record belongs to, when the row names a (new) phone number. */
  member?: MemberRef;
}

const zeroCounts = () => Object.fromEntries(importOutcomes.map((o) => [o, 0])) as ImportCounts;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

/** "rows 4, 7 and 9" (the first five, then how many more). */
function rowList(rows: number[]) {
  const shown = rows.slice(0, 5);
  const more = rows.length - shown.length;
  const listed =
    shown.length === 1 ? String(shown[0]) : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
  return `${rows.length === 1 ? "row" : "rows"} ${listed}${more > 0 ? ` (and ${more} more)` : ""}`;
}

function problemsOf(error: z.ZodError, columnOf: Map<string, number>): Problem[] {
  return error.issues.map((issue) => ({
    column: columnOf.get(String(issue.path[0])) ?? null,
    message: issue.message,
  }));
}

const refused = (message: string) => new DomainError("unprocessable", message, { fields: { file: message } });

/** An upload's bytes (busboy stops at MAX_IMPORT_BYTES, so this holds at most 5 MB). */
async function bytesOf(file: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Spreadsheet import (issue 27, docs/decisions/0015-spreadsheet-import.md): an upload is read as a stream
 * and its rows staged; a check (dry run) says what a commit would do with each row, using the records' own
 * rules; the commit applies it in one transaction and audits it as one entry; Undo reverses it within the
 * trash window, unless a record has changed since.
 */
export function createImportService(db: Database, audit: AuditService, logistics: LogisticsService) {
  const targets = importTargets(logistics);
  const undoable = sql<boolean>`(${importBatches.status} = 'committed' and ${importBatches.committedAt} > ${trashExpiry})`;
  const undoUntil = sql<
    string | null
  >`case when ${undoable} then ${importBatches.committedAt} + make_interval(days => ${trashDays}) end`;

  async function batchOf(id: number, via: Database = db, lock = false) {
    const query = via
      .select({ batch: importBatches, undoable, undoUntil })
      .from(importBatches)
      .where(eq(importBatches.id, id));
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

  function toBatch(found: Awaited<ReturnType<typeof batchOf>>): ImportBatch {
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

  /** The plan's field for each column, or an invalid error naming what is wrong with it. */
  function fieldsOf(target: ImportTarget, headers: string[], plan: ImportPlan): (ImportField | null)[] {
    if (plan.mapping.length !== headers.length) {
      const message = `mapping must name a field (or null) for each of the file's ${headers.length} columns; it has ${plan.mapping.length}.`;
      throw new DomainError("invalid", message, { fields: { mapping: message } });
    }
    const byName = new Map(target.spec.fields.map((f) => [f.name, f]));
    const taken = new Map<string, number>();
    return plan.mapping.map((name, column) => {
      if (name === null) return null;
      const field = byName.get(name);
      if (!field) {
        const message = `"${name}" is not a field of ${target.spec.plural}: use one of ${[...byName.keys()].join(", ")}, or null to skip the column.`;
        throw new DomainError("invalid", message, { fields: { mapping: message } });
      }
      const first = taken.get(name);
      if (first !== undefined) {
        const message = `${field.label} is taken from two columns (${headers[first]} and ${headers[column]}): import it from one.`;
        throw new DomainError("invalid", message, { fields: { mapping: message } });
      }
      taken.set(name, column);
      return field;
    });
  }

  /** A staged upload's rows, CHUNK_ROWS at a time, in sheet order. */
  async function* stagedChunks(via: Database, batchId: number, only?: SQL) {
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

  /**
   * What becomes of each row of a chunk under the plan: its cells read as the fields' rules take them, the
   * record it matches by natural key (locked in a commit), and new, updated, unchanged, skipped or invalid
   * with the problems per cell. `seen` carries the keys of earlier chunks: a key twice in a file is refused.
   */
  async function classify(
    via: Database,
    target: ImportTarget,
    fields: (ImportField | null)[],
    mode: ImportMode,
    rows: StagedRow[],
    seen: Map<string, number>,
    lock: boolean,
  ): Promise<Classified[]> {
    const { spec } = target;
    const columnOf = new Map(fields.flatMap((f, i) => (f ? [[f.name, i] as const] : [])));
    const keyField = spec.fields.find((f) => f.name === spec.key);
    const keyRule = spec.key ? (spec.input.shape[spec.key] as z.ZodType) : undefined;
    const updatable = new Set(Object.keys(spec.update.shape));
    const items: Classified[] = [];
    const raws = new Map<Classified, Record<string, unknown>>();
    const keys = new Map<Classified, string>();

    for (const { sheetRow, cells } of rows) {
      const item: Classified = { sheetRow, cells, outcome: "invalid", errors: [] };
      items.push(item);
      if (cells.length > fields.length) {
        item.errors.push({
          column: null,
          message: `This row has ${cells.length} cells and the header row ${fields.length}: a cell may hold an unquoted comma or semicolon.`,
        });
        continue;
      }
      const raw: Record<string, unknown> = {};
      fields.forEach((field, column) => {
        const text = field ? unescapeCell(cells[column] ?? "").trim() : "";
        // A blank cell is no value: it never overwrites what is stored.
        if (field && text !== "") raw[field.name] = cellValue(field, text);
      });
      if (Object.keys(raw).length === 0) {
        item.errors.push({ column: null, message: "This row has no values in the columns being imported." });
        continue;
      }
      raws.set(item, raw);
      const key = keyRule?.safeParse(raw[spec.key!]);
      // A key the rule refuses is reported with the row's other problems, as a new record's.
      if (!key?.success) continue;
      const value = String(key.data);
      const first = seen.get(value);
      if (first !== undefined) {
        item.errors.push({
          column: columnOf.get(spec.key!) ?? null,
          message: `Row ${first} has the same ${keyField!.label.toLowerCase()}: keep one row per ${spec.noun}.`,
        });
        raws.delete(item);
        continue;
      }
      seen.set(value, sheetRow);
      keys.set(item, value);
    }

    const stored = new Map<string, StoredRecord[]>();
    if (keys.size > 0 && target.keyColumn) {
      const query = via
        .select({ key: target.keyColumn, row: sql<StoredRecord>`to_jsonb(${target.table})` })
        .from(target.table)
        .where(inArray(target.keyColumn, [...new Set(keys.values())]));
      // A commit holds the records it may change until it ends.
      for (const { key, row } of await (lock ? query.for("update") : query))
        stored.set(String(key), [...(stored.get(String(key)) ?? []), row]);
    }

    for (const [item, raw] of raws) {
      const key = keys.get(item);
      const matches = key === undefined ? [] : (stored.get(key) ?? []);
      if (matches.length > 1) {
        item.errors.push({
          column: columnOf.get(spec.key!) ?? null,
          message: `${plural(matches.length, spec.noun, spec.plural)} have this ${keyField!.label.toLowerCase()}: edit them in the console (or delete the duplicates), then import again.`,
        });
        continue;
      }
      if (matches.length === 1) {
        item.existing = matches[0];
        if (mode === "skip") {
          item.outcome = "skipped";
          continue;
        }
        const parsed = spec.update.safeParse(
          Object.fromEntries(Object.entries(raw).filter(([name]) => updatable.has(name))),
        );
        if (!parsed.success) {
          item.errors = problemsOf(parsed.error, columnOf);
          continue;
        }
        item.values = Object.fromEntries(
          Object.entries(parsed.data).filter(
            ([name, value]) => value !== undefined && !same(item.existing![name], value),
          ),
        );
        item.outcome = Object.keys(item.values).length > 0 ? "updated" : "unchanged";
        continue;
      }
      const parsed = spec.input.safeParse(raw);
      if (!parsed.success) {
        item.errors = problemsOf(parsed.error, columnOf);
        continue;
      }
      item.values = parsed.data;
      item.outcome = "new";
    }

    if (target.linksMember) await linkMembers(via, items, columnOf);
    return items;
  }

  /** A directory record belongs to the member with its phone number, who must exist (as in the forms). */
  async function linkMembers(via: Database, items: Classified[], columnOf: Map<string, number>) {
    const naming = items.filter(
      (i) => (i.outcome === "new" || i.outcome === "updated") && typeof i.values!.contact_no === "string",
    );
    const phones = [...new Set(naming.map((i) => i.values!.contact_no as string))];
    if (phones.length === 0) return;
    const found = await via
      .select({
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        phone: members.phone,
      })
      .from(members)
      .where(inArray(members.phone, phones));
    const byPhone = new Map(found.map((m) => [m.phone, m]));
    for (const item of naming) {
      const phone = item.values!.contact_no as string;
      item.member = byPhone.get(phone);
      if (item.member) continue;
      item.outcome = "invalid";
      item.values = undefined;
      item.errors = [
        {
          column: columnOf.get("contact_no") ?? null,
          message: `No member has the mobile number ${formatPhone(phone)}: import or create the member first.`,
        },
      ];
    }
  }

  /** A commit's writes for one chunk: new records, changed records, vehicle lists, and each row's outcome. */
  async function write(tx: Database, target: ImportTarget, batchId: number, items: Classified[]) {
    const { table } = target;
    const written = new Map<Classified, { id: number; hash: string }>();
    const hash = sql<string>`md5(to_jsonb(${table})::text)`;

    const created = items.filter((i) => i.outcome === "new");
    if (created.length > 0) {
      const values = created.map((item) => {
        const row: Record<string, unknown> = {};
        for (const [name, value] of Object.entries(item.values!)) {
          const column = target.columns.get(name);
          if (column && value !== undefined) row[column] = value;
        }
        if (target.linksMember) row.memberId = item.member!.id;
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
    }));
    // Only a refused row's cells are kept (for the failed-rows file): the file's personal data goes.
    await tx.execute(sql`
      update ${importRows} set outcome = v.outcome, record_id = v.record_id, before = v.before,
        after_hash = v.after_hash, errors = v.errors, vehicle_id = v.vehicle_id,
        cells = case when v.outcome = 'invalid' then ${importRows.cells} else '[]'::jsonb end
      from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(sheet_row int, outcome text,
        record_id int, before jsonb, after_hash text, errors jsonb, vehicle_id int)
      where ${importRows.batchId} = ${batchId} and ${importRows.sheetRow} = v.sheet_row`);
  }

  const preview = (item: Classified): PreviewRow => ({
    row: item.sheetRow,
    outcome: item.outcome,
    cells: item.cells,
    errors: item.errors,
  });

  /** One audit entry for a whole import or its Undo: the file, its list, and what was done. */
  const auditBatch = (
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

  async function stagedOnly(id: number, via: Database = db, lock = false) {
    const found = await batchOf(id, via, lock);
    if (found.batch.status !== "staged")
      throw new DomainError(
        "conflict",
        `${found.batch.fileName} was imported already${found.batch.status === "undone" ? " (and undone)" : ""}. Upload the file again to import it once more.`,
      );
    return found.batch;
  }

  return {
    /**
     * Reads an upload as a stream and stages its rows, CHUNK_ROWS to an INSERT; answers its columns and the
     * mapping their headers suggest. A file over MAX_IMPORT_ROWS rows is read to the end (to say how many it
     * has) and refused; nothing is kept of a refused file.
     */
    async stage(actor: Actor, type: ImportType, fileName: string, file: AsyncIterable<Uint8Array>) {
      const spec = importSpecs[type];
      const [batch] = await db
        .insert(importBatches)
        .values({
          type,
          fileName,
          headers: [],
          createdBy: actor.operatorId > 0 ? actor.operatorId : null,
          createdByName: actor.username,
        })
        .returning({ id: importBatches.id });
      const id = batch!.id;
      try {
        const { headers, rows, count } = await inspectFile({
          kind: "csv",
          bytes: await bytesOf(file),
          maxRows: MAX_IMPORT_ROWS,
          maxColumns: MAX_IMPORT_COLUMNS,
        });
        if (headers === null)
          throw refused(
            `The file is empty: it needs a header row naming the columns, then one row per ${spec.noun}.`,
          );
        if (count === 0) throw refused("The file has a header row but no rows below it to import.");
        if (count > MAX_IMPORT_ROWS)
          throw refused(
            `The file has ${count.toLocaleString("en-IN")} rows; one import takes at most ${MAX_IMPORT_ROWS.toLocaleString("en-IN")}. Split it into files of ${MAX_IMPORT_ROWS.toLocaleString("en-IN")} rows or fewer.`,
          );
        const samples = rows.slice(0, SAMPLE_ROWS).map((row) => row.cells);
        // Statements stay small in rows and in bytes: a row can hold 100,000 characters.
        let pending: (typeof importRows.$inferInsert)[] = [];
        let pendingChars = 0;
        for (const row of rows) {
          pending.push({ batchId: id, sheetRow: row.sheetRow, cells: row.cells });
          pendingChars += row.cells.reduce((sum, cell) => sum + cell.length, 0);
          if (pending.length === CHUNK_ROWS || pendingChars >= CHUNK_CHARS) {
            await db.insert(importRows).values(pending);
            pending = [];
            pendingChars = 0;
            await yieldToOthers();
          }
        }
        if (pending.length > 0) await db.insert(importRows).values(pending);
        await db.update(importBatches).set({ headers, rowCount: count }).where(eq(importBatches.id, id));
        return {
          id,
          type,
          file_name: fileName,
          row_count: count,
          headers,
          samples,
          mapping: suggestMapping(spec, headers),
          fields: spec.fields.map((f) => ({ name: f.name, label: f.label, required: f.required })),
          key: spec.fields.find((f) => f.name === spec.key)?.label ?? null,
        } satisfies StagedImport;
      } catch (error) {
        await db.delete(importBatches).where(eq(importBatches.id, id));
        throw error;
      }
    },

    /** The dry run: what a commit with this plan would do with every row, nothing written. */
    async check(id: number, plan: ImportPlan): Promise<ImportCheck> {
      const batch = await stagedOnly(id);
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
    },

    /**
     * Applies the plan in one transaction (all rows or none), CHUNK_ROWS at a time, yielding between chunks;
     * `onProgress` hears after each. One audit entry holds the counts.
     */
    async commit(
      actor: Actor,
      id: number,
      plan: ImportPlan,
      onProgress?: (done: number, total: number) => void,
    ): Promise<ImportBatch> {
      return db.transaction(async (tx) => {
        const batch = await stagedOnly(id, tx, true);
        const target = targets[batch.type];
        const fields = fieldsOf(target, batch.headers, plan);
        const counts = zeroCounts();
        const seen = new Map<string, number>();
        let done = 0;
        for await (const rows of stagedChunks(tx, id)) {
          const items = await classify(tx, target, fields, plan.mode, rows, seen, true);
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
            counts,
            committedAt: sql`now()`,
          })
          .where(eq(importBatches.id, id));
        await auditBatch(tx, actor, "import", batch, { mode: plan.mode, ...counts });
        return toBatch(await batchOf(id, tx));
      });
    },

    /**
     * Undo: the records the import created go to the trash, those it updated get their earlier values back,
     * all in one transaction and one audit entry. Refused (nothing changed) once the trash window has passed
     * or when a record was edited or deleted since the import, so Undo never overwrites later work.
     */
    async undo(actor: Actor, id: number) {
      return db.transaction(async (tx) => {
        const found = await batchOf(id, tx, true);
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
        await auditBatch(tx, actor, "import_undo", batch, { removed, restored });
        return {
          batch: toBatch(await batchOf(id, tx)),
          message: `Import undone: ${plural(removed, target.spec.noun, target.spec.plural)} removed (in Recently deleted), ${plural(restored, target.spec.noun, target.spec.plural)} put back as they were.`,
        };
      });
    },

    /**
     * Recently deleted's Restore of an Undo: every record of `resource` that undoing import `id` sent to the
     * trash comes back, in one transaction with one audit entry ("restore" of the import batch). The updates
     * the Undo reverted stay reverted. Answers how many came back.
     */
    async restoreUndone(actor: Actor, id: number, resource: TrashTypeName) {
      const type = importTypes.find((t) => importTrashTypes[t] === resource);
      if (!type)
        throw new DomainError(
          "not_found",
          `${trashTypes[resource].plural} are not imported from spreadsheets.`,
        );
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
    },

    /** Recent imports (of one list, or all), newest first, with how long each can be undone. */
    async recent(type?: ImportType, limit = 10): Promise<ImportBatch[]> {
      const rows = await db
        .select({ batch: importBatches, undoable, undoUntil })
        .from(importBatches)
        .where(and(type ? eq(importBatches.type, type) : undefined, ne(importBatches.status, "staged")))
        .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
        .limit(limit);
      return rows.map(toBatch);
    },

    /**
     * The rows a commit refused, as CSV: the file's own columns and an Error column (formula-safe, domain/csv.ts),
     * ready to fix and import again (the Error column is ignored then).
     */
    async failedRows(id: number) {
      const { batch } = await batchOf(id);
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
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
