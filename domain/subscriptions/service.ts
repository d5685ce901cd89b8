import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { oweCompaction } from "#db/compaction.ts";
import { auditLog, mailOutbox, subscriptions } from "#db/schema/index.ts";
import {
  subscribeRequestSchema,
  type SubscribeRequest,
  type Subscriber,
  type SubscriberCounts,
  type SubscriberListQuery,
  type SubscriptionKind,
  PENDING_DAYS,
} from "#schemas/subscription.ts";
import { asBlogLanguage, blogLanguages, languageCodes } from "#shared/blog-languages.ts";
import { confirmSubscriptionPath } from "#shared/subscription-paths.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { DomainError } from "../errors";
import { enqueueVisitorMail, eraseMailAbout } from "../notifications/outbox";
import { startPolling } from "../polling";
import type { PublicAddressService } from "../settings/public-address";
import { containsAny, orderBy } from "../sql";
import { aboutOf, dispatchJobs, dispatchPosts } from "./dispatch";
import { confirmationMail, followed } from "./mails";

type Row = typeof subscriptions.$inferSelect;

/** An unconfirmed subscription (and its link) lasts this long. */
const PENDING_LIFETIME = sql`${`${PENDING_DAYS} days`}::interval`;

const newToken = () => randomBytes(32).toString("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const toSubscriber = (r: Row): Subscriber => ({
  id: r.id,
  kind: r.kind,
  email: r.email,
  language: r.language,
  search: r.search,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  confirmed_at: r.confirmedAt?.toISOString() ?? null,
});

const sortable = {
  created_at: subscriptions.createdAt,
  email: subscriptions.email,
  language: subscriptions.language,
  status: subscriptions.status,
};

function where(filter: Omit<SubscriberListQuery, "page" | "page_size" | "sort">): SQL | undefined {
  return and(
    filter.kind ? eq(subscriptions.kind, filter.kind) : undefined,
    filter.language ? eq(subscriptions.language, filter.language) : undefined,
    filter.status ? eq(subscriptions.status, filter.status) : undefined,
    containsAny(filter.search, [subscriptions.email, subscriptions.search]),
  );
}

const topicOf = (row: Row): SubscriptionTopic => ({
  kind: row.kind,
  language: row.kind === "blog" ? languageCodes[asBlogLanguage(row.language)] : "",
  what: followed(row.kind, row.language, row.search),
});

/** What a subscription follows, as the pages that confirm and end it name it. */
export interface SubscriptionTopic {
  kind: SubscriptionKind;
  /** The language code of a blog subscription ("hi"), empty for a job alert. */
  language: string;
  what: string;
}

export function createSubscriptionService(
  db: Database,
  deps: { audit: AuditService; publicAddress: PublicAddressService; compact: () => Promise<unknown> },
) {
  /** Deletes a subscription and the personal data of its mail, in `tx`. */
  async function erase(tx: Database, row: Row) {
    await tx.delete(subscriptions).where(eq(subscriptions.id, row.id));
    await oweCompaction(tx, [subscriptions, mailOutbox, auditLog]);
    await eraseMailAbout(tx, [aboutOf(row.id)], "(subscriber removed)");
  }

  return {
    /**
     * Records a subscription and queues its confirmation mail. The caller answers the same whatever happened
     * here (new, already pending, already confirmed), so the form tells nobody who is subscribed.
     */
    async subscribe(input: SubscribeRequest): Promise<void> {
      const data = subscribeRequestSchema.parse(input);
      const key = {
        kind: data.kind,
        email: data.email,
        language: data.kind === "blog" ? (data.language ?? "English") : "",
        // As typed, spaces tidied (matching ignores case).
        search: data.kind === "jobs" ? data.search.split(/\s+/).filter(Boolean).join(" ") : "",
      };
      const token = newToken();
      const base = await deps.publicAddress.url();
      await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(subscriptions)
          .values({ ...key, confirmTokenHash: hashOf(token), unsubscribeToken: newToken() })
          .onConflictDoNothing()
          .returning();
        let row = created;
        if (!row) {
          const [existing] = await tx
            .select()
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.kind, key.kind),
                eq(sql`lower(${subscriptions.email})`, key.email.toLowerCase()),
                eq(subscriptions.language, key.language),
                eq(subscriptions.search, key.search),
              ),
            )
            .for("update");
          // Already confirmed: nothing to send (the answer is the same, so this is not told).
          if (!existing || existing.status === "confirmed") return;
          [row] = await tx
            .update(subscriptions)
            .set({ confirmTokenHash: hashOf(token), createdAt: sql`now()` })
            .where(eq(subscriptions.id, existing.id))
            .returning();
        }
        // One confirmation a day per subscription: the form cannot be used to mail someone over and over.
        await enqueueVisitorMail(
          tx,
          confirmationMail(
            key.kind,
            row!.email,
            followed(key.kind, key.language, key.search),
            `${base}${confirmSubscriptionPath(token)}`,
          ),
          { about: aboutOf(row!.id), topic: aboutOf(row!.id) },
        );
      });
    },

    /** Confirms the subscription of a confirmation link; null when the link was used, replaced or expired. */
    async confirm(token: string): Promise<SubscriptionTopic | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ status: "confirmed", confirmedAt: sql`now()`, confirmTokenHash: null })
        .where(
          and(
            eq(subscriptions.confirmTokenHash, hashOf(token)),
            eq(subscriptions.status, "pending"),
            gt(subscriptions.createdAt, sql`now() - ${PENDING_LIFETIME}`),
          ),
        )
        .returning();
      return row ? topicOf(row) : null;
    },

    /** What an unsubscribe link ends, for its confirm page; null when it is already gone. */
    async findByUnsubscribeToken(token: string): Promise<SubscriptionTopic | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.unsubscribeToken, token));
      return row ? topicOf(row) : null;
    },

    /** Ends the subscription of an unsubscribe link, deleting the address; false when it was already gone. */
    async unsubscribe(token: string): Promise<boolean> {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.unsubscribeToken, token))
          .for("update");
        if (!row) return false;
        await erase(tx, row);
        return true;
      });
      if (done) await deps.compact();
      return done;
    },

    /**
     * Mails each post and job published in the last days, once, to its confirmed subscribers (a post to its
     * language's, a job to the alerts it matches); scheduled posts go when their time comes. Also drops
     * subscriptions never confirmed. Returns how many mails were queued.
     */
    async dispatchDue(): Promise<number> {
      await db
        .delete(subscriptions)
        .where(
          and(
            eq(subscriptions.status, "pending"),
            lte(subscriptions.createdAt, sql`now() - ${PENDING_LIFETIME}`),
          ),
        );
      const base = await deps.publicAddress.url();
      return (await dispatchPosts(db, base)) + (await dispatchJobs(db, base));
    },

    async list(query: SubscriberListQuery) {
      const condition = where(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(subscriptions)
          .where(condition)
          .orderBy(...orderBy(query.sort, sortable, desc(subscriptions.createdAt), subscriptions.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.$count(subscriptions, condition),
      ]);
      return { rows: rows.map(toSubscriber), total };
    },

    async counts(): Promise<SubscriberCounts> {
      const rows = await db
        .select({
          kind: subscriptions.kind,
          language: subscriptions.language,
          status: subscriptions.status,
          n: sql<number>`count(*)::int`,
        })
        .from(subscriptions)
        .groupBy(subscriptions.kind, subscriptions.language, subscriptions.status);
      const count = (kind: SubscriptionKind, status: "confirmed" | "pending", language?: string) =>
        rows
          .filter(
            (r) =>
              r.kind === kind && r.status === status && (language === undefined || r.language === language),
          )
          .reduce((sum, r) => sum + Number(r.n), 0);
      return {
        blog: blogLanguages.map((language) => ({
          language,
          confirmed: count("blog", "confirmed", language),
          pending: count("blog", "pending", language),
        })),
        jobs: { confirmed: count("jobs", "confirmed"), pending: count("jobs", "pending") },
      };
    },

    /** Exactly the rows the filter selects, as CSV. */
    async exportCsv(filter: Omit<SubscriberListQuery, "page" | "page_size">) {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(where(filter))
        .orderBy(...orderBy(filter.sort, sortable, desc(subscriptions.createdAt), subscriptions.id))
        .limit(50_000);
      return toCsv(
        ["Subscribed (IST)", "E-mail", "Kind", "Language", "Job search", "Status", "Confirmed (IST)"],
        rows.map((r) => [r.createdAt, r.email, r.kind, r.language, r.search, r.status, r.confirmedAt]),
      );
    },

    /**
     * Removes a subscriber for good (an erasure request): the row and the address in its mail. The audit
     * entry names what was followed, not the address.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
        if (!row)
          throw new DomainError("not_found", "Subscriber not found. They may have unsubscribed already.");
        await erase(tx, row);
        await deps.audit.record(
          actor,
          "delete",
          "subscriber",
          id,
          { kind: row.kind, language: row.language, search: row.search, status: row.status },
          null,
          tx,
        );
      });
      await deps.compact();
    },

    /** Runs dispatchDue at once, then every `pollMs`, until stopped. */
    startDispatcher(onError: (error: unknown) => void, { pollMs = 30_000 }: { pollMs?: number } = {}) {
      return startPolling(() => this.dispatchDue().catch(onError), pollMs);
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
