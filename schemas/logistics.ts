import { z } from "zod";
import { recordId } from "./common";
import { addDays, daysBetween, isoDate, isRealDate, todayInIndia } from "./dates";
import { buySellResource } from "./directory/buy-sell";
import { driverResource } from "./directory/drivers";
import { loadResource } from "./directory/loads";
import { truckResource } from "./directory/trucks";
import {
  enumOf,
  optionalText,
  phoneField,
  queryEnum,
  requiredText,
  stateField,
  stateQuery,
  vehicleNumberField,
} from "./logistics-fields";
import {
  analyticsPeriods,
  feedbackKinds,
  feedbackStatuses,
  leadStatuses,
  serviceCategories,
  serviceRequestStatuses,
} from "./logistics-options";
import { listQuerySchema } from "./list-query";
import { timestamp } from "./api-responses";
import {
  createdRange as createdRangeRules,
  type ListQueryOfResource,
  type RecordOfResource,
} from "./resource";

export { addDays, daysBetween, isRealDate, todayInIndia };
export { MAX_IMAGES } from "./logistics-fields";

/* ------------------------------------------------------------------ the directory's records (schemas/directory) */

export { buySellResource, driverResource, loadResource, truckResource };
export type Load = RecordOfResource<typeof loadResource>;
export type Truck = RecordOfResource<typeof truckResource>;
export type Driver = RecordOfResource<typeof driverResource>;
export type BuySell = RecordOfResource<typeof buySellResource>;
export type LoadListQuery = ListQueryOfResource<typeof loadResource>;
export type TruckListQuery = ListQueryOfResource<typeof truckResource>;
export type DriverListQuery = ListQueryOfResource<typeof driverResource>;
export type BuySellListQuery = ListQueryOfResource<typeof buySellResource>;

/* ------------------------------------------------------------------ records: create and edit */

export const memberInputSchema = z
  .object({
    first_name: requiredText("first name", 100),
    last_name: optionalText("last name", 100).optional(),
    phone: phoneField,
    company: optionalText("company", 200).optional(),
    state: stateField,
    service_category: enumOf(serviceCategories, "Choose a service category"),
  })
  .strict();
export const memberUpdateSchema = memberInputSchema.partial().strict();
/** The members' CSV headers: the export writes them and the import (schemas/imports.ts) reads them back. */
export const memberCsvHeaders = {
  user_id: "Member id",
  first_name: "First name",
  last_name: "Last name",
  phone: "Phone",
  company: "Company",
  state: "State",
  service_category: "Service category",
  vehicle_count: "Vehicles",
  created_at: "Joined (IST)",
} as const;
export type MemberInput = z.input<typeof memberInputSchema>;

export const memberVehicleSchema = z.object({ vehicle_no: vehicleNumberField }).strict();
export const verifyQuerySchema = z.object({ phone: phoneField });

export const serviceRequestUpdateSchema = z
  .object({
    status: enumOf(serviceRequestStatuses, "status must be new, in_progress, done or rejected").optional(),
    notes: optionalText("notes", 5000).optional(),
  })
  .strict();

/** Feedback or a complaint an operator logs on a member's behalf (e.g. received by phone). */
export const feedbackInputSchema = z
  .object({
    kind: enumOf(feedbackKinds, "kind must be feedback or complaint"),
    text: requiredText("message", 5000),
    contact_no: phoneField.optional(),
  })
  .strict();

export const feedbackUpdateSchema = z
  .object({
    status: enumOf(feedbackStatuses, "status must be open, in_progress or resolved").optional(),
    reply: optionalText("reply", 5000).optional(),
  })
  .strict();

export const leadInputSchema = z
  .object({
    name: requiredText("name", 100),
    contact_no: phoneField,
    company: optionalText("company", 200).optional(),
    interest: optionalText("interest", 200).optional(),
    status: enumOf(leadStatuses, "status must be HOT, WARM or COLD"),
    follow_up_date: isoDate("Follow-up date").nullable().optional(),
    note: optionalText("note", 2000).optional(),
  })
  .strict();
export const leadUpdateSchema = leadInputSchema.omit({ note: true }).partial().strict();
/** The leads' CSV headers: the export writes them and the import (schemas/imports.ts) reads them back. */
export const leadCsvHeaders = {
  id: "Lead id",
  created_at: "Created (IST)",
  name: "Name",
  contact_no: "Phone number",
  company: "Company",
  interest: "Interest",
  status: "Status",
  follow_up_date: "Follow-up date",
  overdue: "Overdue",
  note_count: "Notes",
} as const;
/** A board move: the new status and, to refuse a stale drag, the column the card left. */
export const leadMoveSchema = z
  .object({
    status: enumOf(leadStatuses, "status must be HOT, WARM or COLD"),
    from: enumOf(leadStatuses, "from must be HOT, WARM or COLD").optional(),
  })
  .strict();
export const leadNoteSchema = z.object({ note: requiredText("note", 2000) }).strict();

export const bulkDeleteSchema = z
  .object({
    ids: z
      .array(recordId(), "ids must be a list of record ids")
      .min(1, "Select at least one row")
      .max(100, "Delete at most 100 rows at once"),
  })
  .strict();

/* ------------------------------------------------------------------ list queries */

/** An empty query value means "no filter". */
const opt = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const createdRange = {
  created_from: opt(createdRangeRules.created_from),
  created_to: opt(createdRangeRules.created_to),
};

export const memberListQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
  service_category: opt(queryEnum("service_category", serviceCategories)),
  ...createdRange,
});
export const serviceRequestListQuerySchema = listQuerySchema.extend({
  status: opt(queryEnum("status", serviceRequestStatuses)),
  ...createdRange,
});
export const feedbackListQuerySchema = listQuerySchema.extend({
  kind: opt(queryEnum("kind", feedbackKinds)),
  status: opt(queryEnum("status", feedbackStatuses)),
  ...createdRange,
});
export const leadListQuerySchema = listQuerySchema.extend({
  status: opt(queryEnum("status", leadStatuses)),
  follow_up: opt(queryEnum("follow_up", ["overdue", "today", "upcoming", "none"] as const)),
  ...createdRange,
});
export const afterSaleQuerySchema = listQuerySchema.extend({
  state: opt(stateQuery("state")),
});

export type MemberListQuery = z.output<typeof memberListQuerySchema>;
export type ServiceRequestListQuery = z.output<typeof serviceRequestListQuerySchema>;
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;
export type LeadListQuery = z.output<typeof leadListQuerySchema>;
export type AfterSaleQuery = z.output<typeof afterSaleQuerySchema>;

/* ------------------------------------------------------------------ analytics */

export const analyticsEntities = ["load", "truck", "driver", "buy_sell"] as const;
export type AnalyticsEntity = (typeof analyticsEntities)[number];
export const MAX_ANALYTICS_DAYS = 366;

export const overallQuerySchema = z.object({
  period: opt(
    queryEnum(
      "period",
      analyticsPeriods.map((p) => p.value) as [
        (typeof analyticsPeriods)[number]["value"],
        ...(typeof analyticsPeriods)[number]["value"][],
      ],
    ),
  ).transform((v) => v ?? "today"),
});
export const analyticsEntityParams = z.object({ entity: queryEnum("entity", analyticsEntities) });

/**
 * The days an analytics query covers once its defaults are filled (India dates): both given, as given;
 * from_date alone, up to today (or that one day when it is in the future); to_date alone, that one day;
 * neither, today.
 */
export function analyticsRange(
  q: { from_date?: string; to_date?: string },
  today = todayInIndia(),
): { from: string; to: string } {
  const from = q.from_date ?? q.to_date ?? today;
  const to = q.to_date ?? (q.from_date && q.from_date > today ? q.from_date : today);
  return { from, to };
}

export const analyticsQuerySchema = listQuerySchema
  .extend({ from_date: opt(isoDate("from_date")), to_date: opt(isoDate("to_date")) })
  .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
    message: "from_date must be on or before to_date",
    path: ["from_date"],
  })
  // The limit holds for the range the defaults make, not only when both dates are given: from_date alone
  // runs to today, and "from_date=0100-01-01" once answered 700,000 chart points.
  .superRefine((q, ctx) => {
    const { from, to } = analyticsRange(q);
    if (daysBetween(from, to) < MAX_ANALYTICS_DAYS) return;
    ctx.addIssue({
      code: "custom",
      path: [q.to_date ? "to_date" : "from_date"],
      message: q.to_date
        ? `Choose a range of at most ${MAX_ANALYTICS_DAYS} days`
        : `Choose a range of at most ${MAX_ANALYTICS_DAYS} days (without to_date the range ends today)`,
    });
  });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export type AnalyticsPeriod = z.output<typeof overallQuerySchema>["period"];

/* ------------------------------------------------------------------ API answers */

// One declaration per record: the routes serialize through these schemas and the services' mappers are
// typed by them, so a field added to one and not the other fails tsc or the exact-answer check (docs/api.md).

export const memberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  company: z.string(),
  state: z.number().int(),
  service_category: z.string(),
  vehicle_count: z.number().int(),
  created_at: timestamp(),
});
export type Member = z.output<typeof memberSchema>;

export const memberVehicleRecordSchema = z.object({ id: z.number().int(), vehicle_no: z.string() });
export type MemberVehicle = z.output<typeof memberVehicleRecordSchema>;

/** "Verify mobile": the member behind a number, with their vehicle numbers. */
export const verifiedMemberSchema = memberSchema
  .pick({ user_id: true, first_name: true, last_name: true, phone: true, company: true, state: true })
  .extend({ vehicle_list: z.array(z.string()) });
export type VerifiedMember = z.output<typeof verifiedMemberSchema>;

export const serviceRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["insurance", "fast_tag"]),
  user_id: z.number().int().nullable(),
  member_name: z.string(),
  vehicle_number: z.string(),
  contact_no: z.string(),
  status: z.enum(serviceRequestStatuses),
  notes: z.string(),
  created_at: timestamp(),
});
export type ServiceRequest = z.output<typeof serviceRequestSchema>;

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  member_name: z.string(),
  contact_no: z.string(),
  kind: z.enum(feedbackKinds),
  text: z.string(),
  status: z.enum(feedbackStatuses),
  reply: z.string(),
  created_at: timestamp(),
});
export type FeedbackItem = z.output<typeof feedbackItemSchema>;

export const leadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_no: z.string(),
  company: z.string(),
  interest: z.string(),
  status: z.enum(leadStatuses),
  follow_up_date: z.string().nullable(),
  overdue: z.boolean(),
  note_count: z.number().int(),
  created_at: timestamp(),
});
export type Lead = z.output<typeof leadSchema>;

export const leadNoteRecordSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  created_at: timestamp(),
});
export type LeadNote = z.output<typeof leadNoteRecordSchema>;

/** GET /api/crm/leads/{id}: the lead and its notes, newest first. */
export const leadDetailSchema = z.object({ lead: leadSchema, notes: z.array(leadNoteRecordSchema) });

/** A column of the CRM board: its leads (the first few) and how many it holds. */
export const leadBoardColumnSchema = z.object({
  status: z.enum(leadStatuses),
  count: z.number().int(),
  leads: z.array(leadSchema),
});

export const afterSaleCustomerSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  company: z.string(),
  state: z.number().int(),
  service_count: z.number().int(),
  total_amount: z.number(),
  last_service_at: timestamp(),
});
export type AfterSaleCustomer = z.output<typeof afterSaleCustomerSchema>;

export const serviceHistoryEntrySchema = z.object({
  id: z.number().int(),
  service: z.string(),
  note: z.string(),
  amount: z.number(),
  created_at: timestamp(),
});
export type ServiceHistoryEntry = z.output<typeof serviceHistoryEntrySchema>;
