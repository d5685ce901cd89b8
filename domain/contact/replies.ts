import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { contactRequests } from "#db/schema/index.ts";
import { replySchema, type Reply, type Thread } from "#schemas/thread.ts";
import { SITE_NAME } from "#shared/site.ts";
import type { Actor, AuditService } from "../audit/service";
import { DomainError } from "../errors";
import type { SettingsService } from "../settings/service";
import { sendReply, threadOf, type Original } from "../threads/thread";

type Row = typeof contactRequests.$inferSelect;

const original = (r: Row): Original => ({
  name: `${r.firstName} ${r.lastName}`,
  subject: `Enquiry from ${r.firstName} ${r.lastName}`,
  text: r.message,
  at: r.createdAt,
});

async function findEnquiry(via: Database, id: number, lock = false) {
  const query = via.select().from(contactRequests).where(eq(contactRequests.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not_found", "Enquiry not found");
  return row;
}

/** Answers to an enquiry from the console: through the outbox, kept in the enquiry's thread, audited. */
export function createEnquiryReplies(db: Database, deps: { settings: SettingsService; audit: AuditService }) {
  /** The enquiry's thread: the visitor's message, then each reply with who sent it, when, and its status. */
  async function thread(id: number): Promise<Thread> {
    const row = await findEnquiry(db, id);
    return {
      to: row.email,
      messages: await threadOf(db, { enquiryId: id }, original(row)),
      draft: { subject: `Re: Your message to ${SITE_NAME}`, body: `Dear ${row.firstName},\n\n` },
    };
  }

  return {
    thread,

    /**
     * Mails the reply to the enquirer (Reply-To the info address), their message quoted below it; a new
     * enquiry becomes contacted. Answers the thread as it is now.
     */
    async reply(actor: Actor, id: number, input: Reply): Promise<Thread> {
      const reply = replySchema.parse(input);
      const settings = await deps.settings.get();
      await db.transaction(async (tx) => {
        const row = await findEnquiry(tx, id, true);
        const sent = await sendReply(tx, actor, {
          owner: { enquiryId: id },
          to: row.email,
          replyTo: settings.info_email,
          reply,
          original: original(row),
        });
        if (row.status === "new")
          await tx.update(contactRequests).set({ status: "contacted" }).where(eq(contactRequests.id, id));
        await deps.audit.record(
          actor,
          "reply_sent",
          "enquiry",
          id,
          null,
          {
            first_name: row.firstName,
            last_name: row.lastName,
            to: row.email,
            subject: reply.subject,
            thread_message_id: sent.messageId,
            mail_id: sent.mailId,
            ...(row.status === "new" ? { status: "contacted" } : {}),
          },
          tx,
        );
      });
      return thread(id);
    },
  };
}
