import { and, eq, getTableColumns, inArray, sql, desc } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#db/client.ts";
import { feedback, feedbackSearch, members } from "#db/schema/index.ts";
import type {
  FeedbackItem,
  FeedbackListQuery,
  feedbackInputSchema,
  feedbackUpdateSchema,
} from "#schemas/logistics.ts";
import type { feedbackStatuses } from "#schemas/logistics-options.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { DomainError } from "../errors";
import { dateRange, EXPORT_LIMIT, iso, listPage, memberByPhone, notFound, searchCondition } from "./common";
import { orderBy } from "../sql";
import { trashOf } from "../trash";

type Row = typeof feedback.$inferSelect & { memberName: string; memberPhone: string };
type Change = z.output<typeof feedbackUpdateSchema>;
type Input = z.output<typeof feedbackInputSchema>;
type Status = (typeof feedbackStatuses)[number];
const t = feedback;

const rank: Record<Status, number> = { open: 0, in_progress: 1, resolved: 2 };
const label: Record<Status, string> = { open: "open", in_progress: "in progress", resolved: "resolved" };

/** Review moves forward only (open → in progress → resolved), and resolving needs a reply to the member. */
export function checkReview(current: Status, next: Status | undefined, reply: string): string | null {
  if (next && rank[next] < rank[current])
    return `An item that is ${label[current]} cannot go back to ${label[next]}.`;
  if (next === "resolved" && !reply.trim()) return "Write a reply note before resolving.";
  return null;
}

const toItem = (r: Row): FeedbackItem => ({
  id: r.id,
  user_id: r.memberId,
  member_name: r.memberName.trim(),
  contact_no: r.memberPhone,
  kind: r.kind,
  text: r.text,
  status: r.status,
  reply: r.reply,
  created_at: iso(r.createdAt),
});
const sortable = { created_at: t.createdAt, status: t.status, kind: t.kind };

/** The list's filters; `ids` narrows an export to the rows ticked. */
function where(q: Partial<FeedbackListQuery> & { ids?: number[] }) {
  return and(
    q.ids ? inArray(t.id, q.ids) : undefined,
    q.kind ? eq(t.kind, q.kind) : undefined,
    q.status ? eq(t.status, q.status) : undefined,
    dateRange(t.createdAt, q.created_from, q.created_to),
    searchCondition(feedbackSearch(t), q.search, Boolean(q.status)),
  );
}

export function createFeedbackService(db: Database, audit: AuditService) {
  // Deletes go to the trash, so the console can undo them (domain/trash.ts).
  const trash = trashOf(db, audit, {
    table: t,
    resource: "feedback",
    what: "Feedback",
    describe: (r) => ({ id: r.id, kind: r.kind, text: r.text, status: r.status }),
  });
  const select = (via: Database = db) =>
    via
      .select({
        ...getTableColumns(t),
        memberName: sql<string>`coalesce(${members.firstName} || ' ' || ${members.lastName}, '')`,
        memberPhone: sql<string>`coalesce(${members.phone}, '')`,
      })
      .from(t)
      .leftJoin(members, eq(members.id, t.memberId));
  async function row(id: number, via: Database = db) {
    const [r] = await select(via).where(eq(t.id, id));
    if (!r) throw notFound("Feedback");
    return r;
  }
  return {
    async list(query: FeedbackListQuery) {
      const order = orderBy(query.sort, sortable, desc(t.createdAt), t.id);
      const page = await listPage(db, t, select().$dynamic(), where(query), order, query);
      return { ...page, rows: page.rows.map(toItem) };
    },
    async create(actor: Actor, input: Input) {
      const member = input.contact_no ? await memberByPhone(db, input.contact_no) : null;
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(t)
          .values({ kind: input.kind, text: input.text, memberId: member?.id ?? null })
          .returning();
        const item = toItem(await row(created!.id, tx));
        await audit.record(actor, "create", "feedback", item.id, null, item, tx);
        return item;
      });
    },
    async update(actor: Actor, id: number, change: Change) {
      const before = await row(id);
      const reply = change.reply ?? before.reply;
      const problem = checkReview(before.status, change.status, reply);
      if (problem)
        throw new DomainError("invalid", problem, {
          fields: {
            [change.status === "resolved" && !reply.trim() ? "reply" : "status"]: problem,
          },
        });
      return db.transaction(async (tx) => {
        await tx
          .update(t)
          .set({
            ...(change.status ? { status: change.status } : {}),
            ...(change.reply !== undefined ? { reply: change.reply } : {}),
          })
          .where(eq(t.id, id));
        const after = await row(id, tx);
        await audit.record(actor, "update", "feedback", id, toItem(before), toItem(after), tx);
        return toItem(after);
      });
    },
    /** Moves the item to the trash; `restore` puts it back within the trash window (setting trash_days). */
    remove: (actor: Actor, id: number) => trash.discardOne(actor, id, row),
    removeMany: (actor: Actor, ids: number[]) => trash.discardIds(actor, ids),
    removeMatching: (actor: Actor, query: Partial<FeedbackListQuery>) =>
      trash.discardMatching(actor, where(query)),
    restore: (actor: Actor, ids: number[]) => trash.restore(actor, ids),
    async exportCsv(query: Partial<FeedbackListQuery> & { ids?: number[] }) {
      const rows = await select()
        .where(where(query))
        .orderBy(...orderBy(query.sort, sortable, desc(t.createdAt), t.id))
        .limit(EXPORT_LIMIT);
      return toCsv(
        ["Id", "Received (IST)", "Kind", "Member", "Phone number", "Text", "Status", "Reply"],
        rows.map((r) => [
          r.id,
          r.createdAt,
          r.kind,
          r.memberName.trim(),
          r.memberPhone,
          r.text,
          r.status,
          r.reply,
        ]),
      );
    },
  };
}
