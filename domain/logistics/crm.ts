import { and, count, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#db/client.ts";
import { crmLeads, crmNotes, leadSearch } from "#db/schema/index.ts";
import {
  leadCsvHeaders,
  todayInIndia,
  type Lead,
  type LeadListQuery,
  type LeadNote,
  type leadInputSchema,
  type leadMoveSchema,
  type leadUpdateSchema,
} from "#schemas/logistics.ts";
import { leadStatuses } from "#schemas/logistics-options.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { trashOf } from "../trash";
import { DomainError } from "../errors";
import { createAfterSaleService } from "./after-sale";
import { dateRange, EXPORT_LIMIT, iso, listPage, notFound, searchCondition } from "./common";
import { orderBy } from "../sql";

type Row = Omit<typeof crmLeads.$inferSelect, "importBatchId">;
type LeadInput = z.output<typeof leadInputSchema>;
type LeadChange = z.output<typeof leadUpdateSchema>;
type LeadMove = z.output<typeof leadMoveSchema>;
const t = crmLeads;

// Qualified by hand: Drizzle leaves select-list columns unqualified, where "id" would mean crm_notes.id.
const noteCount = sql<number>`(select count(*)::int from crm_notes n where n.lead_id = "crm_leads"."id")`;
const toLead = (r: Row & { noteCount?: number }, today = todayInIndia()): Lead => ({
  id: r.id,
  name: r.name,
  contact_no: r.contactNo,
  company: r.company,
  interest: r.interest,
  status: r.status,
  follow_up_date: r.followUpDate,
  overdue: r.followUpDate !== null && r.followUpDate < today,
  note_count: r.noteCount ?? 0,
  created_at: iso(r.createdAt),
});

function followUp(kind: LeadListQuery["follow_up"], today: string): SQL | undefined {
  if (kind === "overdue") return lt(t.followUpDate, today);
  if (kind === "today") return eq(t.followUpDate, today);
  if (kind === "upcoming") return gt(t.followUpDate, today);
  if (kind === "none") return isNull(t.followUpDate);
  return undefined;
}
/** The list's filters; `ids` narrows an export to the rows ticked. */
function leadWhere(q: Partial<LeadListQuery> & { ids?: number[] }, today: string) {
  return and(
    q.ids ? inArray(t.id, q.ids) : undefined,
    q.status ? eq(t.status, q.status) : undefined,
    followUp(q.follow_up, today),
    dateRange(t.createdAt, q.created_from, q.created_to),
    searchCondition(leadSearch(t), q.search, Boolean(q.status)),
  );
}
const sortable = { created_at: t.createdAt, name: t.name, status: t.status, follow_up_date: t.followUpDate };
/** Leads come soonest follow-up first (no date last) unless a column is chosen. */
const leadOrder = (sort: string | undefined) =>
  orderBy(sort, sortable, sql`${t.followUpDate} asc nulls last`, t.id);

/** CRM: before-sale leads (HOT/WARM/COLD, follow-ups, notes) and after-sale customers with their history. */
export function createCrmService(db: Database, audit: AuditService) {
  // Deletes go to the trash with their notes, so Undo brings a lead back whole (domain/trash.ts).
  const trash = trashOf(db, audit, {
    table: t,
    resource: "crm_lead",
    what: "Lead",
    describe: (r) => toLead(r),
    dependents: [{ table: crmNotes, column: crmNotes.leadId }],
  });
  async function row(id: number, via: Database = db) {
    const [r] = await via
      .select({ ...leadColumns(), noteCount })
      .from(t)
      .where(eq(t.id, id));
    if (!r) throw notFound("Lead");
    return r;
  }
  async function notes(leadId: number): Promise<LeadNote[]> {
    const rows = await db
      .select()
      .from(crmNotes)
      .where(eq(crmNotes.leadId, leadId))
      .orderBy(desc(crmNotes.createdAt), desc(crmNotes.id));
    return rows.map((n) => ({ id: n.id, note: n.note, created_at: iso(n.createdAt) }));
  }

  return {
    async listLeads(query: LeadListQuery) {
      const today = todayInIndia();
      const rows = db
        .select({ ...leadColumns(), noteCount })
        .from(t)
        .$dynamic();
      const page = await listPage(db, t, rows, leadWhere(query, today), leadOrder(query.sort), query);
      return { ...page, rows: page.rows.map((r) => toLead(r, today)) };
    },

    /** The board: every status with its count and its most urgent leads. */
    async board(
      query: Pick<Partial<LeadListQuery>, "search" | "follow_up" | "created_from" | "created_to">,
      perColumn = 25,
    ) {
      const today = todayInIndia();
      const condition = leadWhere(query, today);
      const counts = await db
        .select({ status: t.status, n: count() })
        .from(t)
        .where(condition)
        .groupBy(t.status);
      const columns = await Promise.all(
        leadStatuses.map(async (status) => {
          const rows = await db
            .select({ ...leadColumns(), noteCount })
            .from(t)
            .where(and(condition, eq(t.status, status)))
            .orderBy(...leadOrder(undefined))
            .limit(perColumn);
          return {
            status,
            count: counts.find((c) => c.status === status)?.n ?? 0,
            leads: rows.map((r) => toLead(r, today)),
          };
        }),
      );
      return columns;
    },

    async lead(id: number) {
      const r = await row(id);
      return { lead: toLead(r), notes: await notes(id) };
    },

    async createLead(actor: Actor, input: LeadInput) {
      return db.transaction(async (tx) => {
        const [lead] = await tx
          .insert(t)
          .values({
            name: input.name,
            contactNo: input.contact_no,
            company: input.company ?? "",
            interest: input.interest ?? "",
            status: input.status,
            followUpDate: input.follow_up_date ?? null,
          })
          .returning();
        if (input.note) await tx.insert(crmNotes).values({ leadId: lead!.id, note: input.note });
        const data = toLead({ ...lead!, noteCount: input.note ? 1 : 0 });
        await audit.record(actor, "create", "crm_lead", lead!.id, null, data, tx);
        return data;
      });
    },

    async updateLead(actor: Actor, id: number, change: LeadChange) {
      return db.transaction(async (tx) => {
        const before = await row(id, tx);
        await tx
          .update(t)
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.contact_no !== undefined ? { contactNo: change.contact_no } : {}),
            ...(change.company !== undefined ? { company: change.company } : {}),
            ...(change.interest !== undefined ? { interest: change.interest } : {}),
            ...(change.status !== undefined ? { status: change.status } : {}),
            ...(change.follow_up_date !== undefined ? { followUpDate: change.follow_up_date } : {}),
          })
          .where(eq(t.id, id));
        const after = toLead(await row(id, tx));
        await audit.record(actor, "update", "crm_lead", id, toLead(before), after, tx);
        return after;
      });
    },

    /**
     * A board move (or its undo): the status changes and the audit entry commits with it. `from` is the
     * column the card left; if someone moved the lead meanwhile the move is refused, not applied blind.
     */
    async moveLead(actor: Actor, id: number, move: LeadMove) {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).for("update");
        if (!locked) throw notFound("Lead");
        const before = toLead(await row(id, tx));
        if (move.from && before.status !== move.from)
          throw new DomainError(
            "conflict",
            `${before.name} is already in ${before.status} (moved by someone else); reload the board and try again.`,
          );
        if (before.status === move.status) return before;
        await tx.update(t).set({ status: move.status }).where(eq(t.id, id));
        const after = { ...before, status: move.status };
        await audit.record(actor, "update", "crm_lead", id, before, after, tx);
        return after;
      });
    },

    async addNote(actor: Actor, id: number, note: string) {
      await db.transaction(async (tx) => {
        // Holds the lead until the note commits: a racing delete waits and then keeps the note in the trash.
        const [lead] = await tx.select({ id: t.id }).from(t).where(eq(t.id, id)).for("key share");
        if (!lead) throw notFound("Lead");
        const [created] = await tx.insert(crmNotes).values({ leadId: id, note }).returning();
        await audit.record(actor, "create", "crm_note", created!.id, null, { lead_id: id, note }, tx);
      });
      return notes(id);
    },

    removeLead: (actor: Actor, id: number) => trash.discardOne(actor, id, row),

    removeLeads: (actor: Actor, ids: number[]) => trash.discardIds(actor, ids),

    removeMatchingLeads: (actor: Actor, query: Partial<LeadListQuery>) =>
      trash.discardMatching(actor, leadWhere(query, todayInIndia())),
    restoreLeads: (actor: Actor, ids: number[]) => trash.restore(actor, ids),
    /** The Undo of an import moves the leads it created here (domain/imports). */
    leadTrash: trash,

    async exportLeads(query: Partial<LeadListQuery> & { ids?: number[] }) {
      const today = todayInIndia();
      const rows = await db
        .select({ ...leadColumns(), noteCount })
        .from(t)
        .where(leadWhere(query, today))
        .orderBy(...leadOrder(query.sort))
        .limit(EXPORT_LIMIT);
      return toCsv(
        Object.values(leadCsvHeaders),
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.name,
          r.contactNo,
          r.company,
          r.interest,
          r.status,
          r.followUpDate ?? "",
          toLead(r, today).overdue ? "yes" : "no",
          r.noteCount,
        ]),
      );
    },

    ...createAfterSaleService(db),
  };
}

function leadColumns() {
  return {
    id: t.id,
    name: t.name,
    contactNo: t.contactNo,
    company: t.company,
    interest: t.interest,
    status: t.status,
    followUpDate: t.followUpDate,
    createdAt: t.createdAt,
  };
}
