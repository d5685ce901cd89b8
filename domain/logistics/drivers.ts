import { and, eq, inArray, desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { drivers, driverSearch } from "../../db/schema/index";
import type { Driver, DriverListQuery, driverInputSchema, driverUpdateSchema } from "../../schemas/logistics";
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

type Row = typeof drivers.$inferSelect;
type Input = z.output<typeof driverInputSchema>;
type Change = z.output<typeof driverUpdateSchema>;

export const toDriver = (r: Row): Driver => ({
  driver_id: r.id,
  user_id: r.memberId,
  driver_name: r.driverName,
  vehicle_number: r.vehicleNumber,
  licence_number: r.licenceNumber,
  contact_no: r.contactNo,
  company_name: r.companyName,
  state: r.state,
  from_city: r.fromCity,
  to_city: r.toCity,
  created_at: iso(r.createdAt),
});

const sortable = {
  created_at: drivers.createdAt,
  driver_name: drivers.driverName,
  vehicle_number: drivers.vehicleNumber,
  state: drivers.state,
};

export function driverWhere(q: Partial<DriverListQuery>) {
  return and(
    q.state ? eq(drivers.state, q.state) : undefined,
    dateRange(drivers.createdAt, q.created_from, q.created_to),
    searchCondition(driverSearch(drivers), q.search, Boolean(q.state)),
  );
}

const columns = (v: Partial<Input>) =>
  defined({
    contactNo: v.contact_no,
    driverName: v.driver_name,
    vehicleNumber: v.vehicle_number,
    licenceNumber: v.licence_number,
    companyName: v.company_name,
    state: v.state,
    fromCity: v.from_city,
    toCity: v.to_city,
  });

export function createDriverService(db: Database, audit: AuditService, memberService: MemberService) {
  async function row(id: number) {
    const [r] = await db.select().from(drivers).where(eq(drivers.id, id));
    if (!r) throw notFound("Driver");
    return r;
  }
  return {
    async list(query: DriverListQuery) {
      const condition = driverWhere(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(drivers)
          .where(condition)
          .orderBy(...orderBy(query.sort, sortable, desc(drivers.createdAt), drivers.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        boundedCount(db, drivers, condition),
      ]);
      return { ...total, rows: rows.map(toDriver) };
    },
    async get(id: number) {
      return toDriver(await row(id));
    },
    async create(actor: Actor, input: Input) {
      const member = await memberByPhone(db, input.contact_no);
      const [created] = await db
        .insert(drivers)
        .values({
          ...columns(input),
          memberId: member.id,
          contactNo: input.contact_no,
          driverName: input.driver_name,
          vehicleNumber: input.vehicle_number,
          licenceNumber: input.licence_number,
          state: input.state,
        })
        .returning();
      await memberService.rememberVehicle(member.id, input.vehicle_number);
      const data = toDriver(created!);
      await audit.record(actor, "create", "driver", data.driver_id, null, data);
      return data;
    },
    async update(actor: Actor, id: number, change: Change) {
      const before = await row(id);
      const member = change.contact_no ? await memberByPhone(db, change.contact_no) : null;
      const [after] = await db
        .update(drivers)
        .set({ ...columns(change), ...(member ? { memberId: member.id } : {}) })
        .where(eq(drivers.id, id))
        .returning();
      if (after!.memberId && change.vehicle_number)
        await memberService.rememberVehicle(after!.memberId, change.vehicle_number);
      const data = toDriver(after!);
      await audit.record(actor, "update", "driver", id, toDriver(before), data);
      return data;
    },
    async remove(actor: Actor, id: number) {
      const before = await row(id);
      await db.delete(drivers).where(eq(drivers.id, id));
      await audit.record(actor, "delete", "driver", id, toDriver(before), null);
    },
    async removeMany(actor: Actor, ids: number[]) {
      const gone = await db.delete(drivers).where(inArray(drivers.id, ids)).returning();
      await audit.recordDeletes(
        actor,
        "driver",
        gone.map((r) => ({ id: r.id, before: toDriver(r) })),
      );
      return gone.length;
    },
    async exportCsv(query: Partial<DriverListQuery>) {
      const rows = await db
        .select()
        .from(drivers)
        .where(driverWhere(query))
        .orderBy(...orderBy(query.sort, sortable, desc(drivers.createdAt), drivers.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        [
          "Driver id",
          "Added",
          "Driver name",
          "Vehicle number",
          "Licence number",
          "Phone number",
          "Company name",
          "State",
          "From",
          "To",
        ],
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.driverName,
          r.vehicleNumber,
          r.licenceNumber,
          r.contactNo,
          r.companyName,
          stateLabel(r.state),
          r.fromCity,
          r.toCity,
        ]),
      );
    },
  };
}
