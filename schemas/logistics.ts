import { z } from "zod";
import { recordId } from "./blog";
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
    queryEnum("period", analyticsPeriods.map((p) => p.value) as ["today", "last_7_days", "this_month"]),
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

export interface Member {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  state: number;
  service_category: string;
  vehicle_count: number;
  created_at: string;
}
export interface MemberVehicle {
  id: number;
  vehicle_no: string;
}
export interface VerifiedMember {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  vehicle_list: string[];
}
export interface ServiceRequest {
  id: number;
  kind: "insurance" | "fast_tag";
  user_id: number | null;
  member_name: string;
  vehicle_number: string;
  contact_no: string;
  status: (typeof serviceRequestStatuses)[number];
  notes: string;
  created_at: string;
}
export interface FeedbackItem {
  id: number;
  user_id: number | null;
  member_name: string;
  contact_no: string;
  kind: (typeof feedbackKinds)[number];
  text: string;
  status: (typeof feedbackStatuses)[number];
  reply: string;
  created_at: string;
}
export interface Lead {
  id: number;
  name: string;
  contact_no: string;
  company: string;
  interest: string;
  status: (typeof leadStatuses)[number];
  follow_up_date: string | null;
  overdue: boolean;
  note_count: number;
  created_at: string;
}
export interface LeadNote {
  id: number;
  note: string;
  created_at: string;
}
export interface AfterSaleCustomer {
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  state: number;
  service_count: number;
  total_amount: number;
  last_service_at: string;
}
export interface ServiceHistoryEntry {
  id: number;
  service: string;
  note: string;
  amount: number;
  created_at: string;
}
