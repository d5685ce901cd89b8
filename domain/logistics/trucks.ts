import { and, eq, inArray, desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { trucks, truckSearch } from "../../db/schema/index";
import type { Truck, TruckListQuery, truckInputSchema, truckUpdateSchema } from "../../schemas/logistics";
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
import type { MemberService } from "./members";

type Row = typeof trucks.$inferSelect;
type Input = z.output<typeof truckInputSchema>;
type Change = z.output<typeof truckUpdateSchema>;

export const toTruck = (r: Row): Truck => ({
  truck_id: r.id,
  user_id: r.memberId,
  vehicle_number: r.vehicleNumber,
  contact_no: r.contactNo,
  owner_name: r.ownerName,
  company_name: r.companyName,
  body_type: r.bodyType,
  tyres: r.tyres,
  tonnage_band: r.tonnageBand,
  brand: r.brand,
  state: r.state,
  from_city: r.fromCity,
  to_city: r.toCity,
  created_at: iso(r.createdAt),
});

const sortable = {
  created_at: trucks.createdAt,
  vehicle_number: trucks.vehicleNumber,
  owner_name: trucks.ownerName,
  brand: trucks.brand,
  state: trucks.state,
};

export function truckWhere(q: Partial<TruckListQuery>) {
  return and(
    q.state ? eq(trucks.state, q.state) : undefined,
    q.body_type ? eq(trucks.bodyType, q.body_type) : undefined,
    q.tyres ? eq(trucks.tyres, q.tyres) : undefined,
    q.tonnage_band ? eq(trucks.tonnageBand, q.tonnage_band) : undefined,
    q.brand ? eq(trucks.brand, q.brand) : undefined,
    dateRange(trucks.createdAt, q.created_from, q.created_to),
    searchCondition(truckSearch(trucks), q.search, Boolean(q.state)),
  );
}

const columns = (v: Partial<Input>) =>
  defined({
    contactNo: v.contact_no,
    vehicleNumber: v.vehicle_number,
    ownerName: v.owner_name,
    companyName: v.company_name,
    bodyType: v.body_type,
    tyres: v.tyres,
    tonnageBand: v.tonnage_band,
    brand: v.brand,
    state: v.state,
    fromCity: v.from_city,
    toCity: v.to_city,
  });

export function createTruckService(db: Database, audit: AuditService, memberService: MemberService) {
  async function row(id: number) {
    const [r] = await db.select().from(trucks).where(eq(trucks.id, id));
    if (!r) throw notFound("Truck");
    return r;
  }
  return {
    async list(query: TruckListQuery) {
      const condition = truckWhere(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(trucks)
          .where(condition)
          .orderBy(...orderBy(query.sort, sortable, desc(trucks.createdAt), trucks.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        boundedCount(db, trucks, condition),
      ]);
      return { ...total, rows: rows.map(toTruck) };
    },
    async get(id: number) {
      return toTruck(await row(id));
    },
    async create(actor: Actor, input: Input) {
      const member = await memberByPhone(db, input.contact_no);
      const [created] = await db
        .insert(trucks)
        .values({
          ...columns(input),
          memberId: member.id,
          contactNo: input.contact_no,
          vehicleNumber: input.vehicle_number,
          ownerName: input.owner_name,
          bodyType: input.body_type,
          tyres: input.tyres,
          tonnageBand: input.tonnage_band,
          brand: input.brand,
          state: input.state,
        })
        .returning();
      await memberService.rememberVehicle(member.id, input.vehicle_number);
      const data = toTruck(created!);
      await audit.record(actor, "create", "truck", data.truck_id, null, data);
      return data;
    },
    async update(actor: Actor, id: number, change: Change) {
      const before = await row(id);
      const member = change.contact_no ? await memberByPhone(db, change.contact_no) : null;
      const [after] = await db
        .update(trucks)
        .set({ ...columns(change), ...(member ? { memberId: member.id } : {}) })
        .where(eq(trucks.id, id))
        .returning();
      if (after!.memberId && change.vehicle_number)
        await memberService.rememberVehicle(after!.memberId, change.vehicle_number);
      const data = toTruck(after!);
      await audit.record(actor, "update", "truck", id, toTruck(before), data);
      return data;
    },
    async remove(actor: Actor, id: number) {
      const before = await row(id);
      await db.delete(trucks).where(eq(trucks.id, id));
      await audit.record(actor, "delete", "truck", id, toTruck(before), null);
    },
    async removeMany(actor: Actor, ids: number[]) {
      const gone = await db.delete(trucks).where(inArray(trucks.id, ids)).returning();
      await audit.recordDeletes(
        actor,
        "truck",
        gone.map((r) => ({ id: r.id, before: toTruck(r) })),
      );
      return gone.length;
    },
    async exportCsv(query: Partial<TruckListQuery>) {
      const rows = await db
        .select()
        .from(trucks)
        .where(truckWhere(query))
        .orderBy(...orderBy(query.sort, sortable, desc(trucks.createdAt), trucks.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        [
          "Truck id",
          "Added",
          "Vehicle number",
          "Phone number",
          "Owner name",
          "Company name",
          "Body type",
          "Tyres",
          "Tonnage",
          "Brand",
          "State",
          "From",
          "To",
        ],
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.vehicleNumber,
          r.contactNo,
          r.ownerName,
          r.companyName,
          r.bodyType,
          r.tyres,
          r.tonnageBand,
          r.brand,
          stateLabel(r.state),
          r.fromCity,
          r.toCity,
        ]),
      );
    },
  };
}
