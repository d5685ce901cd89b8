import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { contactRequests, threadMessages } from "#db/schema/index.ts";
import { contactRequestSchema, type ContactRequestInput } from "#schemas/contact.ts";
import type { Enquiry, EnquiryUpdate } from "#schemas/enquiry.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { auditedTable } from "../audited-table";
import { SITE_NAME } from "#shared/site.ts";
import { enqueueMail, enqueueVisitorMail } from "../notifications/outbox";
import { plainMail } from "../notifications/plain-mail";
import { insertUnlessRepeated } from "../repeat-guard";
import { createEnquiryReplies } from "./replies";
import type { SettingsService } from "../settings/service";
import { containsAny, orderBy } from "../sql";

type Row = typeof contactRequests.$inferSelect;
export type EnquiryFilter = Pick<ListQuery, "search" | "sort"> & { status?: Enquiry["status"] };

const toEnquiry = (r: Row): Enquiry => ({
  id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  organization: r.organization,
  email: r.email,
  phone: r.phone,
  location: r.location,
  message: r.message,
  status: r.status,
  notes: r.notes,
  created_at: r.createdAt.toISOString(),
});

const sortable = {
  created_at: contactRequests.createdAt,
  status: contactRequests.status,
  first_name: contactRequests.firstName,
};

function where(filter: EnquiryFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) conditions.push(eq(contactRequests.status, filter.status));
  conditions.push(
    containsAny(filter.search, [
      contactRequests.firstName,
      contactRequests.lastName,
      contactRequests.email,
      contactRequests.organization,
      contactRequests.message,
    ]),
  );
  return and(...conditions);
}

const enquiryOrder = (sort: string | undefined) =>
  orderBy(sort, sortable, desc(contactRequests.createdAt), contactRequests.id);

/** To the enquirer: we have it, and Reply reaches the team's address. */
export function enquiryAcknowledgement(to: string, firstName: string, teamAddress: string) {
  return {
    to,
    subject: `We received your message: ${SITE_NAME}`,
    replyTo: teamAddress,
    ...plainMail([
      `Dear ${firstName},`,
      `Thank you for contacting ${SITE_NAME}. We have received your message, and someone from our team will reply to you.`,
      `To add anything, reply to this e-mail; it reaches ${teamAddress}.`,
      `If you did not write to us, you can ignore this e-mail: we will not write again unless you do.`,
      SITE_NAME,
    ]),
  };
}

export function createContactService(
  db: Database,
  deps: {
    settings: SettingsService;
    audit: AuditService;
  },
) {
  const enquiries = auditedTable(db, deps.audit, {
    table: contactRequests,
    auditName: "enquiry",
    what: "Enquiry",
    toRecord: toEnquiry,
    // The replies go to Recently deleted with the enquiry and come back with it.
    dependents: [{ table: threadMessages, column: threadMessages.enquiryId }],
  });

  return {
    ...createEnquiryReplies(db, deps),

    /** Stores an enquiry and, in the same transaction, the team's notification (sent by the mail outbox). */
    async submit(input: ContactRequestInput) {
      const data = contactRequestSchema.parse(input);
      const settings = await deps.settings.get();
      return insertUnlessRepeated(
        db,
        {
          fingerprint: ["enquiry", data.email.toLowerCase(), data.message],
          table: contactRequests,
          createdAt: contactRequests.createdAt,
          same: and(
            eq(sql`lower(${contactRequests.email})`, data.email.toLowerCase()),
            eq(contactRequests.message, data.message),
          )!,
          message:
            "We already received this message from you a moment ago, so there is no need to send it again.",
        },
        async (tx) => {
          const [saved] = await tx
            .insert(contactRequests)
            .values({
              firstName: data.first_name,
              lastName: data.last_name,
              organization: data.organization,
              email: data.email,
              phone: data.phone,
              location: data.location,
              message: data.message,
            })
            .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
          await enqueueMail(tx, {
            to: settings.info_email,
            // Reply answers the visitor, not the site's no-reply sender.
            replyTo: data.email,
            subject: `New enquiry from ${data.first_name} ${data.last_name}${data.organization ? ` (${data.organization})` : ""}`,
            text: [
              `Name: ${data.first_name} ${data.last_name}`,
              `Organization: ${data.organization || "-"}`,
              `E-mail: ${data.email}`,
              `Phone: ${data.phone || "-"}`,
              `Location: ${data.location || "-"}`,
              "",
              data.message,
            ].join("\n"),
          });
          // The enquirer's acknowledgement: one a day per address (anyone can type anyone's address), and
          // it repeats nothing they wrote, so it cannot carry someone else's words to a stranger.
          await enqueueVisitorMail(
            tx,
            enquiryAcknowledgement(data.email, data.first_name, settings.info_email),
            {
              topic: "enquiry",
            },
          );
          return saved!;
        },
      );
    },

    async list(query: ListQuery & { status?: Enquiry["status"] }) {
      const condition = where(query);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(contactRequests)
          .where(condition)
          .orderBy(...enquiryOrder(query.sort))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.$count(contactRequests, condition),
      ]);
      return { rows: rows.map(toEnquiry), total };
    },

    update: (actor: Actor, id: number, change: EnquiryUpdate) =>
      enquiries.update(actor, id, {
        ...(change.status ? { status: change.status } : {}),
        ...(change.notes !== undefined ? { notes: change.notes } : {}),
      }),
    remove: (actor: Actor, id: number) => enquiries.remove(actor, id),
    restore: (actor: Actor, ids: number[]) => enquiries.restore(actor, ids),

    /** Exactly the rows the filter selects, newest first, as CSV. */
    async exportCsv(filter: EnquiryFilter) {
      const rows = await db
        .select()
        .from(contactRequests)
        .where(where(filter))
        .orderBy(...enquiryOrder(filter.sort))
        .limit(50_000);
      return toCsv(
        [
          "Received (IST)",
          "First name",
          "Last name",
          "Organization",
          "E-mail",
          "Phone",
          "Location",
          "Status",
          "Message",
          "Notes",
        ],
        rows.map((r) => [
          r.createdAt,
          r.firstName,
          r.lastName,
          r.organization,
          r.email,
          r.phone,
          r.location,
          r.status,
          r.message,
          r.notes,
        ]),
      );
    },

    async countNew() {
      return db.$count(contactRequests, sql`${contactRequests.status} = 'new'`);
    },
  };
}
