import { and, eq, gte, inArray, lte, desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { buySellListings, buySellSearch } from "../../db/schema/index";
import type {
  BuySell,
  BuySellListQuery,
  buySellInputSchema,
  buySellUpdateSchema,
} from "../../schemas/logistics";
import { kmBands, priceBands, stateLabel, type Band } from "../../schemas/logistics-options";
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

type Row = typeof buySellListings.$inferSelect;
type Input = z.output<typeof buySellInputSchema>;
type Change = z.output<typeof buySellUpdateSchema>;
const t = buySellListings;

export const toBuySell = (r: Row): BuySell => ({
  buy_sell_id: r.id,
  user_id: r.memberId,
  owner_name: r.ownerName,
  contact_no: r.contactNo,
  vehicle_number: r.vehicleNumber,
  brand: r.brand,
  model_year: r.modelYear,
  kms_driven: r.kmsDriven,
  price: r.price,
  location: r.location,
  state: r.state,
  images: r.images,
  created_at: iso(r.createdAt),
});

const sortable = {
  created_at: t.createdAt,
  price: t.price,
  kms_driven: t.kmsDriven,
  model_year: t.modelYear,
  owner_name: t.ownerName,
  brand: t.brand,
};

const band = (
  column: typeof t.price | typeof t.kmsDriven,
  bands: readonly Band[],
  value: string | undefined,
) => {
  const b = value ? bands.find((x) => x.value === value) : undefined;
  return b ? and(gte(column, b.min), b.max === null ? undefined : lte(column, b.max)) : undefined;
};

export function buySellWhere(q: Partial<BuySellListQuery>) {
  return and(
    q.state ? eq(t.state, q.state) : undefined,
    q.brand ? eq(t.brand, q.brand) : undefined,
    band(t.kmsDriven, kmBands, q.km_band),
    band(t.price, priceBands, q.price_band),
    dateRange(t.createdAt, q.created_from, q.created_to),
    searchCondition(buySellSearch(t), q.search, Boolean(q.state)),
  );
}

const columns = (v: Partial<Input>) =>
  defined({
    contactNo: v.contact_no,
    ownerName: v.owner_name,
    vehicleNumber: v.vehicle_number,
    brand: v.brand,
    modelYear: v.model_year,
    kmsDriven: v.kms_driven,
    price: v.price,
    location: v.location,
    state: v.state,
    images: v.images,
  });

export function createBuySellService(db: Database, audit: AuditService, memberService: MemberService) {
  async function row(id: number) {
    const [r] = await db.select().from(t).where(eq(t.id, id));
    if (!r) throw notFound("Listing");
    return r;
  }
  return {
    async list(query: BuySellListQuery) {
      const condition = buySellWhere(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(t)
          .where(condition)
          .orderBy(...orderBy(query.sort, sortable, desc(t.createdAt), t.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        boundedCount(db, t, condition),
      ]);
      return { ...total, rows: rows.map(toBuySell) };
    },
    async get(id: number) {
      return toBuySell(await row(id));
    },
    async create(actor: Actor, input: Input) {
      const member = await memberByPhone(db, input.contact_no);
      const [created] = await db
        .insert(t)
        .values({
          ...columns(input),
          memberId: member.id,
          contactNo: input.contact_no,
          ownerName: input.owner_name,
          vehicleNumber: input.vehicle_number,
          brand: input.brand,
          modelYear: input.model_year,
          kmsDriven: input.kms_driven,
          price: input.price,
          location: input.location,
          state: input.state,
          images: input.images ?? [],
        })
        .returning();
      await memberService.rememberVehicle(member.id, input.vehicle_number);
      const data = toBuySell(created!);
      await audit.record(actor, "create", "buy_sell", data.buy_sell_id, null, data);
      return data;
    },
    /** `images` replaces the stored list: an image left out is removed from the listing. */
    async update(actor: Actor, id: number, change: Change) {
      const before = await row(id);
      const member = change.contact_no ? await memberByPhone(db, change.contact_no) : null;
      const [after] = await db
        .update(t)
        .set({ ...columns(change), ...(member ? { memberId: member.id } : {}) })
        .where(eq(t.id, id))
        .returning();
      if (after!.memberId && change.vehicle_number)
        await memberService.rememberVehicle(after!.memberId, change.vehicle_number);
      const data = toBuySell(after!);
      await audit.record(actor, "update", "buy_sell", id, toBuySell(before), data);
      return data;
    },
    async remove(actor: Actor, id: number) {
      const before = await row(id);
      await db.delete(t).where(eq(t.id, id));
      await audit.record(actor, "delete", "buy_sell", id, toBuySell(before), null);
    },
    async removeMany(actor: Actor, ids: number[]) {
      const gone = await db.delete(t).where(inArray(t.id, ids)).returning();
      await audit.recordDeletes(
        actor,
        "buy_sell",
        gone.map((r) => ({ id: r.id, before: toBuySell(r) })),
      );
      return gone.length;
    },
    async exportCsv(query: Partial<BuySellListQuery>) {
      const rows = await db
        .select()
        .from(t)
        .where(buySellWhere(query))
        .orderBy(...orderBy(query.sort, sortable, desc(t.createdAt), t.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        [
          "Listing id",
          "Listed",
          "Owner name",
          "Phone number",
          "Vehicle number",
          "Brand",
          "Model year",
          "Kms driven",
          "Price (INR)",
          "Location",
          "State",
          "Images",
        ],
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.ownerName,
          r.contactNo,
          r.vehicleNumber,
          r.brand,
          r.modelYear,
          r.kmsDriven,
          r.price,
          r.location,
          stateLabel(r.state),
          r.images.length,
        ]),
      );
    },
  };
}
