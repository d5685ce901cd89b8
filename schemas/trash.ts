import { z } from "zod";
import { recordId } from "./common";
import { listQuerySchema } from "./list-query";
import type { Role } from "./operator";

/** A record type that goes to "Recently deleted": how it is named, who may see it, and where its list is. */
export interface TrashType {
  label: string;
  plural: string;
  /** The role of the record's console list; editors see and restore only their screens' types. */
  role: Role;
  /** Its list's API endpoint (the list screen shows a "Recently deleted" link for it). */
  endpoint: string;
  /** Its console list screen. */
  screen: string;
}

/** Every record type the trash keeps, by its audit-log name (domain/trash.ts `resource`). */
export const trashTypes = {
  blog_post: {
    label: "Blog post",
    plural: "Blog posts",
    role: "editor",
    endpoint: "/api/blog",
    screen: "/dashboard/blog",
  },
  comment: {
    label: "Comment",
    plural: "Comments",
    role: "editor",
    endpoint: "/api/comments",
    screen: "/dashboard/comments",
  },
  team_member: {
    label: "Team member",
    plural: "Team members",
    role: "editor",
    endpoint: "/api/team_members",
    screen: "/dashboard/team",
  },
  case_study: {
    label: "Case study",
    plural: "Case studies",
    role: "editor",
    endpoint: "/api/case_studies",
    screen: "/dashboard/case-studies",
  },
  testimonial: {
    label: "Testimonial",
    plural: "Testimonials",
    role: "editor",
    endpoint: "/api/testimonials",
    screen: "/dashboard/testimonials",
  },
  client_logo: {
    label: "Client logo",
    plural: "Client logos",
    role: "editor",
    endpoint: "/api/client_logos",
    screen: "/dashboard/client-logos",
  },
  job: { label: "Job", plural: "Jobs", role: "editor", endpoint: "/api/jobs", screen: "/dashboard/jobs" },
  enquiry: {
    label: "Enquiry",
    plural: "Enquiries",
    role: "editor",
    endpoint: "/api/contact_requests",
    screen: "/dashboard/enquiries",
  },
  member: {
    label: "Member",
    plural: "Members",
    role: "admin",
    endpoint: "/api/members",
    screen: "/dashboard/home",
  },
  load: {
    label: "Load",
    plural: "Loads",
    role: "admin",
    endpoint: "/api/loads",
    screen: "/dashboard/services/load_details",
  },
  truck: {
    label: "Truck",
    plural: "Trucks",
    role: "admin",
    endpoint: "/api/trucks",
    screen: "/dashboard/services/truck_details",
  },
  driver: {
    label: "Driver",
    plural: "Drivers",
    role: "admin",
    endpoint: "/api/drivers",
    screen: "/dashboard/services/driver_details",
  },
  buy_sell: {
    label: "Buy & Sell listing",
    plural: "Buy & Sell listings",
    role: "admin",
    endpoint: "/api/buy_sell",
    screen: "/dashboard/services/buy_sell_details",
  },
  insurance: {
    label: "Insurance request",
    plural: "Insurance requests",
    role: "admin",
    endpoint: "/api/insurance",
    screen: "/dashboard/services/insurance",
  },
  fast_tag: {
    label: "FASTag request",
    plural: "FASTag requests",
    role: "admin",
    endpoint: "/api/fast_tag",
    screen: "/dashboard/services/fast_tag",
  },
  feedback: {
    label: "Feedback or complaint",
    plural: "Feedback & complaints",
    role: "admin",
    endpoint: "/api/feedback",
    screen: "/dashboard/feedback_complaints",
  },
  crm_lead: {
    label: "CRM lead",
    plural: "CRM leads",
    role: "admin",
    endpoint: "/api/crm/leads",
    screen: "/dashboard/crm",
  },
} as const satisfies Record<string, TrashType>;

export type TrashTypeName = keyof typeof trashTypes;
export const trashTypeNames = Object.keys(trashTypes) as [TrashTypeName, ...TrashTypeName[]];

export const isTrashType = (name: string): name is TrashTypeName => Object.hasOwn(trashTypes, name);

/** The types an operator may see and restore. */
export const trashTypesFor = (role: Role) =>
  trashTypeNames.filter((name) => role === "admin" || trashTypes[name].role === "editor");

/** The trash type whose list answers at `endpoint`, if any. */
export const trashTypeOfEndpoint = (endpoint: string) =>
  trashTypeNames.find((name) => trashTypes[name].endpoint === endpoint);

/** The console screen of "Recently deleted", opened on one type. */
export const RECENTLY_DELETED_PATH = "/dashboard/recently-deleted";
export const recentlyDeletedHref = (type?: TrashTypeName) =>
  type ? `${RECENTLY_DELETED_PATH}?type=${type}` : RECENTLY_DELETED_PATH;

const typeRule = z.enum(trashTypeNames, {
  error: `type must be one of: ${trashTypeNames.join(", ")}`,
});

export const trashListQuerySchema = listQuerySchema
  .omit({ sort: true })
  .extend({ type: z.preprocess((v) => (v === "" ? undefined : v), typeRule.optional()) });
export type TrashListQuery = z.output<typeof trashListQuerySchema>;

/**
 * What to put back: records by id, or every record of the type that undoing one import sent to the trash
 * (`import_batch`, the import's id: one Restore, one audit entry, up to 10,000 records).
 */
export const trashRestoreSchema = z
  .object({
    type: typeRule,
    ids: z
      .array(recordId(), "ids must be a list of record ids")
      .min(1, "Name at least one record to restore")
      .max(1000, "Restore at most 1,000 records at once")
      .optional(),
    import_batch: recordId("import_batch must be an import's id (a positive whole number)").optional(),
  })
  .strict()
  .refine((v) => (v.ids === undefined) !== (v.import_batch === undefined), {
    message: "Send either ids (the records to restore) or import_batch (the import whose Undo removed them)",
  });

/**
 * One entry of "Recently deleted": a deleted record, or the records of one type that undoing an import
 * removed (`import_batch_id` set, `record_id` null, `count` of them, named "Import of <file>: N trucks").
 */
export const trashEntrySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  record_id: z.number().int().nullable(),
  import_batch_id: z.number().int().nullable(),
  count: z.number().int(),
  name: z.string(),
  deleted_by: z.string().nullable(),
  deleted_at: z.string(),
  /** When it leaves the trash for good. */
  expires_at: z.string(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;

/** Console screens of audit-log entities that are no trash type (a link from the log to the record). */
export const recordScreens: Record<string, string> = {
  ...Object.fromEntries(trashTypeNames.map((name) => [name, trashTypes[name].screen])),
  operator: "/dashboard/operators",
  site_settings: "/dashboard/settings",
  mail: "/dashboard/mail",
};
