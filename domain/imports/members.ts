import { inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { members } from "#db/schema/index.ts";
import { memberInputSchema } from "#schemas/logistics.ts";
import type { ImportType } from "#schemas/imports.ts";
import { formatPhone } from "#schemas/phone.ts";
import type { Classified } from "./classify";

/** A member a record links to: stored (id), or to be made by this import from the row (id 0 until it is). */
export interface MemberRef {
  id: number;
  firstName: string;
  lastName: string;
  draft?: {
    first_name: string;
    last_name?: string;
    phone: string;
    company?: string;
    state: number;
    service_category: string;
  };
}

/** Which of a row's columns make its member, when no member has its phone (the owner columns). */
const MEMBER_FROM: Partial<
  Record<ImportType, { name: string; company?: string; state: string; category: string }>
> = {
  trucks: { name: "owner_name", company: "company_name", state: "state", category: "Lorry Owner" },
  drivers: { name: "driver_name", company: "company_name", state: "state", category: "Driver" },
  loads: { name: "contact_name", company: "company_name", state: "from_state", category: "Logistics" },
  buy_sell: { name: "owner_name", state: "state", category: "Lorry Buy & Sell Dealers/Owner" },
};

/** What linking remembers across a file's chunks: the phones no member has, and the members to make. */
export interface MemberLinks {
  missing: Set<string>;
  drafts: Map<string, MemberRef>;
}
export const memberLinks = (): MemberLinks => ({ missing: new Set(), drafts: new Map() });

/** The member a row's owner columns describe (first word the first name, the rest the last), or the rules' problems. */
function draftOf(type: ImportType, row: Record<string, unknown>, phone: string) {
  const from = MEMBER_FROM[type]!;
  const [first = "", ...rest] = String(row[from.name] ?? "")
    .trim()
    .split(/\s+/);
  return memberInputSchema.safeParse({
    first_name: first,
    ...(rest.length > 0 ? { last_name: rest.join(" ") } : {}),
    phone,
    ...(from.company && row[from.company] ? { company: row[from.company] } : {}),
    state: row[from.state],
    service_category: from.category,
  });
}

/**
 * A directory record belongs to the member with its phone number. A phone no member has refuses the row,
 * unless `create` asks for the member to be made from the row's owner columns (once per phone, in the
 * import's transaction: written by the commit before the records that name it).
 */
export async function linkMembers(
  via: Database,
  type: ImportType,
  items: Classified[],
  column: number | null,
  create: boolean,
  links: MemberLinks,
) {
  const naming = items.filter(
    (i) => (i.outcome === "new" || i.outcome === "updated") && typeof i.values!.contact_no === "string",
  );
  const phones = [...new Set(naming.map((i) => i.values!.contact_no as string))].filter(
    (p) => !links.drafts.has(p),
  );
  const found =
    phones.length === 0
      ? []
      : await via
          .select({
            id: members.id,
            firstName: members.firstName,
            lastName: members.lastName,
            phone: members.phone,
          })
          .from(members)
          .where(inArray(members.phone, phones));
  const byPhone = new Map<string, MemberRef>(found.map((m) => [m.phone, m]));
  for (const item of naming) {
    const phone = item.values!.contact_no as string;
    item.member = byPhone.get(phone) ?? links.drafts.get(phone);
    if (item.member) continue;
    links.missing.add(phone);
    const refuse = (message: string) => {
      item.outcome = "invalid";
      item.values = undefined;
      item.errors = [{ column, message, kind: "No member has this mobile number" }];
    };
    if (!create || !MEMBER_FROM[type]) {
      refuse(
        `No member has the mobile number ${formatPhone(phone)}: import or create the member first, or choose “Create the missing members” in the import.`,
      );
      continue;
    }
    const draft = draftOf(type, { ...item.existing, ...item.values }, phone);
    if (!draft.success) {
      refuse(
        `No member has the mobile number ${formatPhone(phone)}, and the row cannot make one: ${draft.error.issues.map((i) => i.message).join("; ")}.`,
      );
      continue;
    }
    const ref: MemberRef = {
      id: 0,
      firstName: draft.data.first_name,
      lastName: draft.data.last_name ?? "",
      draft: draft.data,
    };
    links.drafts.set(phone, ref);
    item.member = ref;
    item.makesMember = true;
  }
}

/** Makes the chunk's new members (those not made yet), so its records can name them; answers their rows. */
export async function insertDrafts(tx: Database, items: Classified[]) {
  const pending = [...new Set(items.flatMap((i) => (i.member?.id === 0 ? [i.member] : [])))];
  if (pending.length === 0) return;
  const made = await tx
    .insert(members)
    .values(
      pending.map(({ draft }) => ({
        firstName: draft!.first_name,
        lastName: draft!.last_name ?? "",
        phone: draft!.phone,
        company: draft!.company ?? "",
        state: draft!.state,
        serviceCategory: draft!.service_category,
      })),
    )
    .returning({ id: members.id });
  pending.forEach((ref, i) => (ref.id = made[i]!.id));
}
