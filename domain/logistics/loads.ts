import { and, eq, inArray, desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { loads, loadSearch } from "../../db/schema/index";
import type { Load, LoadListQuery, loadInputSchema, loadUpdateSchema } from "../../schemas/logistics";
import { stateLabel } from "../../schemas/logistics-options";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import {
  boundedCount,
  dateRange,
  defined,
  EXPORT_LIMIT,
  iso,
  memberByPhone,
  notFound,
  offsetOf,
  searchCondition,
} from "./common";
import { orderBy } from "../sql";

type Row = typeof loads.$inferSelect;
type Input = z.output<typeof loadInputSchema>;
type Change = z.output<typeof loadUpdateSchema>;

export const toLoad = (r: Row): Load => ({
  load_id: r.id,
  user_id: r.memberId,
  contact_no: r.contactNo,
  contact_name: r.contactName,
  company_name: r.companyName,
  from_city: r.fromCity,
  from_state: r.fromState,
  to_city: r.toCity,
  to_state: r.toState,
  material: r.material,
  weight_tons: r.weightTons,
  body_type: r.bodyType,
  tyres: r.tyres,
  tonnage_band: r.tonnageBand,
  pickup_date: r.pickupDate,
  status: r.status as Load["status"],
  created_at: iso(r.createdAt),
});

const sortable = {
  created_at: loads.createdAt,
  pickup_date: loads.pickupDate,
  from_city: loads.fromCity,
  to_city: loads.toCity,
  weight_tons: loads.weightTons,
  status: loads.status,
};

export function loadWhere(q: Partial<LoadListQuery>) {
  return and(
    q.state ? eq(loads.fromState, q.state) : undefined,
    q.to_state ? eq(loads.toState, q.to_state) : undefined,
    q.body_type ? eq(loads.bodyType, q.body_type) : undefined,
    q.tyres ? eq(loads.tyres, q.tyres) : undefined,
    q.tonnage_band ? eq(loads.tonnageBand, q.tonnage_band) : undefined,
    q.status ? eq(loads.status, q.status) : undefined,
    dateRange(loads.createdAt, q.created_from, q.created_to),
    searchCondition(loadSearch(loads), q.search, Boolean(q.state)),
  );
}

const columns = (v: Partial<Input>) =>
  defined({
    contactNo: v.contact_no,
    contactName: v.contact_name,
    companyName: v.company_name,
    fromCity: v.from_city,
    fromState: v.from_state,
    toCity: v.to_city,
    toState: v.to_state,
    material: v.material,
    weightTons: v.weight_tons,
    bodyType: v.body_type,
    tyres: v.tyres,
    tonnageBand: v.tonnage_band,
    pickupDate: v.pickup_date,
    status: v.status,
  });

export function createLoadService(db: Database, audit: AuditService) {
  async function row(id: number) {
    const [r] = await db.select().from(loads).where(eq(loads.id, id));
    if (!r) throw notFound("Load");
    return r;
  }
  return {
    async list(query: LoadListQuery) {
      const condition = loadWhere(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(loads)
          .where(condition)
          .orderBy(...orderBy(query.sort, sortable, desc(loads.createdAt), loads.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        boundedCount(db, loads, condition),
      ]);
      return { ...total, rows: rows.map(toLoad) };
    },
    async get(id: number) {
      return toLoad(await row(id));
    },
    async create(actor: Actor, input: Input) {
      const member = await memberByPhone(db, input.contact_no);
      const [created] = await db
        .insert(loads)
        .values({
          ...columns(input),
          memberId: member.id,
          contactNo: input.contact_no,
          contactName: input.contact_name || `${member.firstName} ${member.lastName}`.trim(),
          fromCity: input.from_city,
          fromState: input.from_state,
          toCity: input.to_city,
          toState: input.to_state,
          material: input.material,
          weightTons: input.weight_tons,
          bodyType: input.body_type,
          tyres: input.tyres,
          tonnageBand: input.tonnage_band,
          pickupDate: input.pickup_date,
        })
        .returning();
      const data = toLoad(created!);
      await audit.record(actor, "create", "load", data.load_id, null, data);
      return data;
    },
    async update(actor: Actor, id: number, change: Change) {
      const before = await row(id);
      const member = change.contact_no ? await memberByPhone(db, change.contact_no) : null;
      const [after] = await db
        .update(loads)
        .set({ ...columns(change), ...(member ? { memberId: member.id } : {}) })
        .where(eq(loads.id, id))
        .returning();
      const data = toLoad(after!);
      await audit.record(actor, "update", "load", id, toLoad(before), data);
      return data;
    },
    async remove(actor: Actor, id: number) {
      const before = await row(id);
      await db.delete(loads).where(eq(loads.id, id));
      await audit.record(actor, "delete", "load", id, toLoad(before), null);
    },
    async removeMany(actor: Actor, ids: number[]) {
      const gone = await db.delete(loads).where(inArray(loads.id, ids)).returning();
      await audit.recordDeletes(
        actor,
        "load",
        gone.map((r) => ({ id: r.id, before: toLoad(r) })),
      );
      return gone.length;
    },
    async exportCsv(query: Partial<LoadListQuery>) {
      const rows = await db
        .select()
        .from(loads)
        .where(loadWhere(query))
        .orderBy(...orderBy(query.sort, sortable, desc(loads.createdAt), loads.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        [
          "Load id",
          "Posted",
          "Phone number",
          "Name",
          "Company name",
          "From",
          "From state",
          "To",
          "To state",
          "Material",
          "Weight (t)",
          "Body type",
          "Tyres",
          "Tonnage",
          "Pickup date",
          "Status",
        ],
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.contactNo,
          r.contactName,
          r.companyName,
          r.fromCity,
          stateLabel(r.fromState),
          r.toCity,
          stateLabel(r.toState),
          r.material,
          r.weightTons,
          r.bodyType,
          r.tyres,
          r.tonnageBand,
          r.pickupDate,
          r.status,
        ]),
      );
    },
  };
}
