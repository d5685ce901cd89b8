import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { contactRequests } from "#db/schema/index.ts";
import { contactRequestSchema, type ContactRequestInput } from "#schemas/contact.ts";
import type { Enquiry, EnquiryUpdate } from "#schemas/enquiry.ts";
import type { ListQuery } from "#schemas/list-query.ts";
import type { Actor, AuditService } from "../audit/service";
import { toCsv } from "../csv";
import { auditedTable } from "../audited-table";
import { enqueueMail } from "../notifications/outbox";
import { insertUnlessRepeated } from "../repeat-guard";
import type { SettingsService } from "../settings/service";
import { likePattern, orderBy } from "../sql";

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
  if (filter.search) {
    const p = likePattern(filter.search);
    conditions.push(
      or(
        ilike(contactRequests.firstName, p),
        ilike(contactRequests.lastName, p),
        ilike(contactRequests.email, p),
        ilike(contactRequests.organization, p),
        ilike(contactRequests.message, p),
      ),
    );
  }
  return and(...conditions);
}

const enquiryOrder = (sort: string | undefined) =>
  orderBy(sort, sortable, desc(contactRequests.createdAt), contactRequests.id);

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
  });

  return {
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
