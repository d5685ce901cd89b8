import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { members, memberSearch, serviceHistory } from "#db/schema/index.ts";
import type { AfterSaleCustomer, AfterSaleQuery, ServiceHistoryEntry } from "#schemas/logistics.ts";
import { stateLabel } from "#schemas/logistics-options.ts";
import { toCsv } from "../csv";
import { orderBy } from "../sql";
import { EXPORT_LIMIT, iso, offsetOf, searchCondition, memberBasics } from "./common";

/** Customer history per member: one grouped pass over service_history (only the matching members' rows). */
function historyTotals(db: Database, memberCondition: SQL | undefined) {
  return db
    .select({
      memberId: serviceHistory.memberId,
      serviceCount: count().as("service_count"),
      totalAmount: sql<number>`sum(${serviceHistory.amount})::bigint`.mapWith(Number).as("total_amount"),
      lastServiceAt: sql<Date>`max(${serviceHistory.createdAt})`.as("last_service_at"),
    })
    .from(serviceHistory)
    .where(
      memberCondition
        ? inArray(serviceHistory.memberId, db.select({ id: members.id }).from(members).where(memberCondition))
        : undefined,
    )
    .groupBy(serviceHistory.memberId)
    .as("h");
}

/** The CRM's after-sale side: members who bought a service, with their totals and history. */
export function createAfterSaleService(db: Database) {
  const service = {
    async afterSale(query: AfterSaleQuery) {
      const condition = and(
        query.state ? eq(members.state, query.state) : undefined,
        searchCondition(memberSearch(members), query.search, Boolean(query.state)),
      );
      const h = historyTotals(db, condition);
      const base = () =>
        db
          .select({
            id: members.id,
            firstName: members.firstName,
            lastName: members.lastName,
            phone: members.phone,
            company: members.company,
            state: members.state,
            serviceCount: h.serviceCount,
            totalAmount: h.totalAmount,
            lastServiceAt: h.lastServiceAt,
          })
          .from(h)
          .innerJoin(members, eq(members.id, h.memberId));
      const [rows, [{ n } = { n: 0 }]] = await Promise.all([
        base()
          .orderBy(...orderBy(query.sort, {}, desc(h.lastServiceAt), members.id))
          .limit(query.page_size)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(h),
      ]);
      return {
        rows: rows.map((r): AfterSaleCustomer => ({
          ...memberBasics(r),
          service_count: Number(r.serviceCount),
          total_amount: Number(r.totalAmount),
          last_service_at: iso(new Date(r.lastServiceAt)),
        })),
        total: n,
      };
    },

    async exportAfterSale(query: Partial<AfterSaleQuery>) {
      const { rows } = await service.afterSale({
        page: 1,
        page_size: EXPORT_LIMIT,
        search: query.search ?? "",
        state: query.state,
        sort: query.sort,
      } as AfterSaleQuery);
      return toCsv(
        [
          "Member id",
          "First name",
          "Last name",
          "Phone number",
          "Company",
          "State",
          "Services",
          "Total (INR)",
          "Last service (IST)",
        ],
        rows.map((r) => [
          r.user_id,
          r.first_name,
          r.last_name,
          r.phone,
          r.company,
          stateLabel(r.state),
          r.service_count,
          r.total_amount,
          r.last_service_at,
        ]),
      );
    },

    async history(memberId: number): Promise<ServiceHistoryEntry[]> {
      const rows = await db
        .select()
        .from(serviceHistory)
        .where(eq(serviceHistory.memberId, memberId))
        .orderBy(desc(serviceHistory.createdAt), desc(serviceHistory.id));
      return rows.map((r) => ({
        id: r.id,
        service: r.service,
        note: r.note,
        amount: r.amount,
        created_at: iso(r.createdAt),
      }));
    },
  };
  return service;
}
