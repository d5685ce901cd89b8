import { and, eq, getTableColumns, inArray, sql, desc } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  buySellListings,
  drivers,
  feedback,
  loads,
  members,
  memberSearch,
  memberVehicles,
  serviceHistory,
  serviceRequests,
  trucks,
} from "#db/schema/index.ts";
import { formatPhone } from "#schemas/phone.ts";
import type { z } from "zod";
import {
  memberCsvHeaders,
  type Member,
  type MemberListQuery,
  type MemberVehicle,
  type VerifiedMember,
  type memberInputSchema,
  type memberUpdateSchema,
} from "#schemas/logistics.ts";
import { stateLabel } from "#schemas/logistics-options.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { DomainError } from "../errors";
import {
  byStateName,
  dateRange,
  EXPORT_LIMIT,
  iso,
  isUniqueViolation,
  listPage,
  memberBasics,
  notFound,
  searchCondition,
} from "./common";
import { orderBy } from "../sql";
import { trashOf } from "../trash";

type Row = typeof members.$inferSelect;
type MemberInput = z.output<typeof memberInputSchema>;
type MemberChange = z.output<typeof memberUpdateSchema>;

// Written out in full: Drizzle leaves column names unqualified in a join-less select list, where "id"
// inside the subquery would mean member_vehicles.id.
const vehicleCount = sql<number>`(select count(*)::int from member_vehicles mv where mv.member_id = "members"."id")`;
const toMember = (r: Row & { vehicleCount?: number }): Member => ({
  ...memberBasics(r),
  service_category: r.serviceCategory,
  vehicle_count: r.vehicleCount ?? 0,
  created_at: iso(r.createdAt),
});

const sortable = {
  created_at: members.createdAt,
  first_name: members.firstName,
  state: byStateName(members.state),
  service_category: members.serviceCategory,
};

/** The list's filters; `ids` narrows an export to the rows ticked. */
function where(q: Partial<MemberListQuery> & { ids?: number[] }) {
  return and(
    q.ids ? inArray(members.id, q.ids) : undefined,
    q.state ? eq(members.state, q.state) : undefined,
    q.service_category ? eq(members.serviceCategory, q.service_category) : undefined,
    dateRange(members.createdAt, q.created_from, q.created_to),
    searchCondition(memberSearch(members), q.search, Boolean(q.state)),
  );
}

const duplicatePhone = (phone: string, name?: string) => {
  const message = `A member with the mobile number ${formatPhone(phone)} already exists${name ? ` (${name})` : ""}.`;
  return new DomainError("conflict", message, { fields: { phone: message } });
};

/** Members of the marketplace (the console's home): profile, vehicles, lookup by mobile number. */
export function createMemberService(db: Database, audit: AuditService) {
  // Deletes go to the trash with the vehicles and service history they cascade to, and the directory
  // records they own are pointed back at them on restore (domain/trash.ts).
  const trash = trashOf(db, audit, {
    table: members,
    resource: "member",
    what: "Member",
    describe: (r) => toMember(r),
    dependents: [
      { table: memberVehicles, column: memberVehicles.memberId },
      { table: serviceHistory, column: serviceHistory.memberId },
      ...[loads, trucks, drivers, buySellListings, serviceRequests, feedback].map((table) => ({
        table,
        column: table.memberId,
        onDelete: "set null" as const,
      })),
    ],
  });
  async function row(id: number) {
    const [r] = await db.select().from(members).where(eq(members.id, id));
    if (!r) throw notFound("Member");
    return r;
  }
  async function vehicles(memberId: number): Promise<MemberVehicle[]> {
    const rows = await db
      .select({ id: memberVehicles.id, vehicle_no: memberVehicles.vehicleNo })
      .from(memberVehicles)
      .where(eq(memberVehicles.memberId, memberId))
      .orderBy(memberVehicles.vehicleNo);
    return rows;
  }
  async function assertPhoneFree(phone: string, exceptId?: number) {
    const [other] = await db
      .select({ id: members.id, firstName: members.firstName, lastName: members.lastName })
      .from(members)
      .where(eq(members.phone, phone));
    if (other && other.id !== exceptId)
      throw duplicatePhone(phone, `${other.firstName} ${other.lastName}`.trim());
  }

  return {
    async list(query: MemberListQuery) {
      const rows = db
        .select({ ...getTableColumns(members), vehicleCount })
        .from(members)
        .$dynamic();
      const order = orderBy(query.sort, sortable, desc(members.createdAt), members.id);
      const page = await listPage(db, members, rows, where(query), order, query);
      return { ...page, rows: page.rows.map(toMember) };
    },

    /** The spec's dashboard answer: `profile_data` (first item used) and `vehicle_data`. */
    async profile(id: number) {
      const r = await row(id);
      const list = await vehicles(id);
      return { profile: { ...toMember(r), vehicle_count: list.length }, vehicles: list };
    },

    /** "Verify mobile": the member behind a phone number, with their vehicle numbers. */
    async verify(phone: string): Promise<VerifiedMember> {
      const [r] = await db.select().from(members).where(eq(members.phone, phone));
      if (!r)
        throw new DomainError(
          "not_found",
          `No member has the mobile number ${formatPhone(phone)}. Create the member to continue.`,
        );
      return {
        ...memberBasics(r),
        vehicle_list: (await vehicles(r.id)).map((v) => v.vehicle_no),
      };
    },

    async create(actor: Actor, input: MemberInput) {
      await assertPhoneFree(input.phone);
      try {
        return await db.transaction(async (tx) => {
          const [created] = (await tx
            .insert(members)
            .values({
              firstName: input.first_name,
              lastName: input.last_name ?? "",
              phone: input.phone,
              company: input.company ?? "",
              state: input.state,
              serviceCategory: input.service_category,
            })
            .returning()) as [Row];
          const data = toMember(created);
          await audit.record(actor, "create", "member", created.id, null, data, tx);
          return data;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicatePhone(input.phone);
        throw error;
      }
    },

    async update(actor: Actor, id: number, change: MemberChange) {
      const before = await row(id);
      if (change.phone) await assertPhoneFree(change.phone, id);
      try {
        return await db.transaction(async (tx) => {
          const [after] = (await tx
            .update(members)
            .set({
              ...(change.first_name !== undefined ? { firstName: change.first_name } : {}),
              ...(change.last_name !== undefined ? { lastName: change.last_name } : {}),
              ...(change.phone !== undefined ? { phone: change.phone } : {}),
              ...(change.company !== undefined ? { company: change.company } : {}),
              ...(change.state !== undefined ? { state: change.state } : {}),
              ...(change.service_category !== undefined ? { serviceCategory: change.service_category } : {}),
            })
            .where(eq(members.id, id))
            .returning()) as [Row];
          const data = toMember(after);
          await audit.record(actor, "update", "member", id, toMember(before), data, tx);
          return data;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicatePhone(change.phone ?? before.phone);
        throw error;
      }
    },

    /** Moves the member to the trash; `restore` puts them back within the trash window (setting trash_days). */
    async remove(actor: Actor, id: number) {
      await row(id);
      await db.transaction((tx) => trash.discard(tx, actor, eq(members.id, id)));
    },

    removeMany: (actor: Actor, ids: number[]) => trash.discardIds(actor, ids),

    /** "Select all N matching": every member the list's filters select goes to the trash. */
    removeMatching: (actor: Actor, query: Partial<MemberListQuery>) =>
      trash.discardMatching(actor, where(query)),

    restore: (actor: Actor, ids: number[]) => trash.restore(actor, ids),
    /** The Undo of an import moves the members it created here (domain/imports). */
    trash,

    async addVehicle(actor: Actor, memberId: number, vehicleNo: string) {
      await row(memberId);
      await db.transaction(async (tx) => {
        const [added] = await tx
          .insert(memberVehicles)
          .values({ memberId, vehicleNo })
          .onConflictDoNothing()
          .returning();
        if (!added) {
          const message = `${vehicleNo} is already in this member's vehicle list.`;
          throw new DomainError("conflict", message, { fields: { vehicle_no: message } });
        }
        const record = { user_id: memberId, vehicle_no: vehicleNo };
        await audit.record(actor, "create", "member_vehicle", added.id, null, record, tx);
      });
      return vehicles(memberId);
    },

    async removeVehicle(actor: Actor, memberId: number, vehicleId: number) {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(memberVehicles)
          .where(and(eq(memberVehicles.id, vehicleId), eq(memberVehicles.memberId, memberId)))
          .returning();
        if (!gone) throw notFound("Vehicle");
        const record = { user_id: memberId, vehicle_no: gone.vehicleNo };
        await audit.record(actor, "delete", "member_vehicle", vehicleId, record, null, tx);
      });
      return vehicles(memberId);
    },

    /** Called when a truck, driver or listing names a vehicle: the member's list gains it. */
    async rememberVehicle(memberId: number, vehicleNo: string, via: Database = db) {
      await via.insert(memberVehicles).values({ memberId, vehicleNo }).onConflictDoNothing();
    },

    async exportCsv(query: Partial<MemberListQuery> & { ids?: number[] }) {
      const rows = await db
        .select({ ...getTableColumns(members), vehicleCount })
        .from(members)
        .where(where(query))
        .orderBy(...orderBy(query.sort, sortable, desc(members.createdAt), members.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        Object.values(memberCsvHeaders),
        rows.map((r) => [
          r.id,
          r.firstName,
          r.lastName,
          r.phone,
          r.company,
          stateLabel(r.state),
          r.serviceCategory,
          r.vehicleCount,
          r.createdAt,
        ]),
      );
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
