import { and, eq, inArray, sql, desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#db/client.ts";
import { members, serviceRequests, serviceRequestSearch } from "#db/schema/index.ts";
import type {
  ServiceRequest,
  ServiceRequestListQuery,
  serviceRequestUpdateSchema,
} from "#schemas/logistics.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { dateRange, EXPORT_LIMIT, iso, listPage, notFound, searchCondition } from "./common";
import { orderBy } from "../sql";
import { trashOf } from "../trash";

export type RequestKind = "insurance" | "fast_tag";
type Row = typeof serviceRequests.$inferSelect;
type Change = z.output<typeof serviceRequestUpdateSchema>;
const t = serviceRequests;

const memberName = sql<string>`coalesce(${members.firstName} || ' ' || ${members.lastName}, '')`;
const toRequest = (r: Row & { memberName?: string }): ServiceRequest => ({
  id: r.id,
  kind: r.kind,
  user_id: r.memberId,
  member_name: (r.memberName ?? "").trim(),
  vehicle_number: r.vehicleNumber,
  contact_no: r.contactNo,
  status: r.status,
  notes: r.notes,
  created_at: iso(r.createdAt),
});
const sortable = { created_at: t.createdAt, status: t.status, vehicle_number: t.vehicleNumber };

/** The list's filters; `ids` narrows an export to the rows ticked. */
function where(kind: RequestKind, q: Partial<ServiceRequestListQuery> & { ids?: number[] }) {
  return and(
    eq(t.kind, kind),
    q.ids ? inArray(t.id, q.ids) : undefined,
    q.status ? eq(t.status, q.status) : undefined,
    dateRange(t.createdAt, q.created_from, q.created_to),
    searchCondition(serviceRequestSearch(t), q.search, Boolean(q.status)),
  );
}

/** Insurance and FASTag requests: one table, one service, `kind` chosen by the route. */
export function createServiceRequestService(db: Database, audit: AuditService) {
  // Deletes go to the trash, one per kind, so the console can undo them (domain/trash.ts).
  const trashes = {
    insurance: trashOf(db, audit, {
      table: t,
      resource: "insurance",
      what: "Insurance request",
      describe: toRequest,
    }),
    fast_tag: trashOf(db, audit, {
      table: t,
      resource: "fast_tag",
      what: "FASTag request",
      describe: toRequest,
    }),
  } satisfies Record<RequestKind, unknown>;
  const select = (via: Database = db) =>
    via
      .select({ ...rowColumns(), memberName })
      .from(t)
      .leftJoin(members, eq(members.id, t.memberId));
  async function row(kind: RequestKind, id: number, via: Database = db) {
    const [r] = await select(via).where(and(eq(t.id, id), eq(t.kind, kind)));
    if (!r) throw notFound(kind === "insurance" ? "Insurance request" : "FASTag request");
    return r;
  }
  return {
    async list(kind: RequestKind, query: ServiceRequestListQuery) {
      const order = orderBy(query.sort, sortable, desc(t.createdAt), t.id);
      const page = await listPage(db, t, select().$dynamic(), where(kind, query), order, query);
      return { ...page, rows: page.rows.map(toRequest) };
    },
    async update(actor: Actor, kind: RequestKind, id: number, change: Change) {
      return db.transaction(async (tx) => {
        const before = await row(kind, id, tx);
        await tx
          .update(t)
          .set({
            ...(change.status ? { status: change.status } : {}),
            ...(change.notes !== undefined ? { notes: change.notes } : {}),
          })
          .where(eq(t.id, id));
        const after = await row(kind, id, tx);
        await audit.record(actor, "update", kind, id, toRequest(before), toRequest(after), tx);
        return toRequest(after);
      });
    },
    /** Moves the request to the trash; `restore` puts it back within the trash window (setting trash_days). */
    async remove(actor: Actor, kind: RequestKind, id: number) {
      await row(kind, id);
      await db.transaction((tx) => trashes[kind].discard(tx, actor, and(eq(t.id, id), eq(t.kind, kind))));
    },
    async removeMany(actor: Actor, kind: RequestKind, ids: number[]) {
      return db.transaction(
        async (tx) =>
          (await trashes[kind].discard(tx, actor, and(eq(t.kind, kind), inArray(t.id, ids)))).length,
      );
    },
    removeMatching: (actor: Actor, kind: RequestKind, query: Partial<ServiceRequestListQuery>) =>
      trashes[kind].discardMatching(actor, where(kind, query)),
    restore: (actor: Actor, kind: RequestKind, ids: number[]) => trashes[kind].restore(actor, ids),
    async exportCsv(kind: RequestKind, query: Partial<ServiceRequestListQuery> & { ids?: number[] }) {
      const rows = await select()
        .where(where(kind, query))
        .orderBy(...orderBy(query.sort, sortable, desc(t.createdAt), t.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        ["Request id", "Received (IST)", "Member", "Phone number", "Vehicle number", "Status", "Notes"],
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.memberName.trim(),
          r.contactNo,
          r.vehicleNumber,
          r.status,
          r.notes,
        ]),
      );
    },
  };
}

function rowColumns() {
  return {
    id: t.id,
    kind: t.kind,
    memberId: t.memberId,
    vehicleNumber: t.vehicleNumber,
    contactNo: t.contactNo,
    status: t.status,
    notes: t.notes,
    createdAt: t.createdAt,
  };
}
