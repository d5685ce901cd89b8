import { z } from "zod";
import { recordId } from "./common";
import { MAX_BULK_IDS } from "./bulk";
import { listQuerySchema } from "./list-query";
import { isOneLine, personName } from "./one-line";
import { normalizePhone } from "./phone";
import { replySchema } from "./thread";

// Also the database's column enums (db/schema/careers.ts).
export const applicationStages = ["new", "screening", "interview", "offer", "hired", "rejected"] as const;
export const rejectReasons = ["not_a_fit", "withdrew", "no_response", "spam", "duplicate"] as const;
export type ApplicationStage = (typeof applicationStages)[number];
export type RejectReason = (typeof rejectReasons)[number];

export const stageLabels: Record<ApplicationStage, string> = {
  new: "New",
  screening: "Screening",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
};
export const rejectReasonLabels: Record<RejectReason, string> = {
  not_a_fit: "Not a fit",
  withdrew: "Withdrew",
  no_response: "No response",
  spam: "Spam",
  duplicate: "Duplicate",
};

export const COVER_NOTE_MAX = 4000;
/** How long a CV is kept for future openings when the candidate agrees (stated on the form). */
export const KEEP_CV_DAYS = 365;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .optional()
    .transform((v) => v ?? "");
/** "linkedin.com/in/meera" → "https://linkedin.com/in/meera": people type addresses without the scheme. */
const withScheme = (address: string) =>
  address === "" || /^[a-z][a-z\d+.-]*:/i.test(address) ? address : `https://${address.replace(/^\/+/, "")}`;
/** A short answer the hiring team's mail shows on a line of its own. */
const optionalLine = (max: number, label: string) =>
  optionalText(max, label).refine(isOneLine, `${label} must be one line`);

/** Indian numbers in any usual shape (schemas/phone.ts), or an international one written with "+". */
export function applicantPhone(input: string): string | null {
  const indian = normalizePhone(input);
  if (indian) return indian;
  const compact = input.trim().replace(/[\s().-]/g, "");
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal(true)])
  .optional()
  .transform((v) => v !== undefined);

/**
 * The fields of a job application (the CV travels beside them in the multipart body). Form posts send
 * strings; checkboxes arrive as "on" when ticked and are absent otherwise.
 */
export const applicationFieldsSchema = z.object({
  first_name: personName("first name"),
  last_name: personName("last name"),
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .pipe(
      z
        .email("Enter a valid e-mail address, e.g. name@example.com")
        .max(200, "E-mail must be at most 200 characters"),
    ),
  phone: z
    .string({ error: "Enter your phone number" })
    .trim()
    .min(1, "Enter your phone number")
    .transform((value, ctx) => {
      const phone = applicantPhone(value);
      if (!phone) {
        ctx.addIssue({
          code: "custom",
          message:
            "Enter a 10-digit Indian mobile number (98765 43210) or an international number starting with +",
        });
        return z.NEVER;
      }
      return phone;
    }),
  cover_note: optionalText(COVER_NOTE_MAX, "The cover note"),
  profile_url: optionalText(300, "The profile address")
    .transform(withScheme)
    .pipe(
      z
        .string()
        .regex(/^$|^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i, "Enter a full address starting with https://"),
    ),
  city: optionalLine(100, "City"),
  notice_period: optionalLine(100, "Notice period"),
  consent_processing: checkbox.refine((v) => v, "Please agree to the processing of your application"),
  keep_cv: checkbox,
  /** Honeypot: hidden from people, so anything here came from a bot. */
  url_hp: z.string().max(0, "Your application could not be sent.").optional(),
});
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

// ---- The console ----

export const applicationListQuerySchema = listQuerySchema.extend({
  job_id: z.coerce.number().int().min(1, "job_id must be a job's id").max(2_147_483_647).optional(),
  stage: z
    .enum(applicationStages, "stage must be new, screening, interview, offer, hired or rejected")
    .optional(),
  /** true: only general applications (for no particular job); false: only those for a job. */
  general: z
    .enum(["true", "false"], "general must be true or false")
    .transform((v) => v === "true")
    .optional(),
  from: z.iso.date("from must be a date, e.g. 2026-03-01").optional(),
  to: z.iso.date("to must be a date, e.g. 2026-03-31").optional(),
});
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

export const stageChangeSchema = z
  .object({
    stage: z.enum(applicationStages, "stage must be new, screening, interview, offer, hired or rejected"),
    reason: z.enum(rejectReasons, "Choose why the application is rejected").optional(),
    /** A mail to the candidate sent with the move (the edited "thank you / not this time" on Reject). */
    reply: replySchema.optional(),
  })
  .strict()
  .refine((v) => v.stage !== "rejected" || v.reason, {
    message: "Choose why the application is rejected",
    path: ["reason"],
  });
export type StageChange = z.output<typeof stageChangeSchema>;

/** The board takes the list's filters but its own order and no paging (schemas/list-query.ts). */
export const applicationBoardQuerySchema = applicationListQuerySchema.pick({
  search: true,
  job_id: true,
  general: true,
  from: true,
  to: true,
});
export type ApplicationBoardQuery = z.output<typeof applicationBoardQuerySchema>;

/**
 * A move of many applications at once: the ticked ones (`ids`), or every one the list's filters select
 * (`all_matching`, the filters in the query string), to one stage (a rejection with its reason).
 */
export const bulkStageChangeSchema = z
  .object({
    ids: z
      .array(recordId(), "ids must be a list of application ids")
      .min(1, "Select at least one application")
      .max(MAX_BULK_IDS, `Move at most ${MAX_BULK_IDS} applications by id at once`)
      .optional(),
    all_matching: z.literal(true, "all_matching must be true when sent").optional(),
    stage: z.enum(applicationStages, "stage must be new, screening, interview, offer, hired or rejected"),
    reason: z.enum(rejectReasons, "Choose why the applications are rejected").optional(),
  })
  .strict()
  .refine((v) => (v.ids === undefined) !== (v.all_matching === undefined), {
    message: "Send either ids (the applications ticked) or all_matching: true (every one the filters select)",
  })
  .refine((v) => v.stage !== "rejected" || v.reason, {
    message: "Choose why the applications are rejected",
    path: ["reason"],
  });
export type BulkStageChange = z.output<typeof bulkStageChangeSchema>;

export const applicationNoteSchema = z
  .object({
    text: z.string().trim().min(1, "Write the note").max(5000, "Notes must be at most 5,000 characters"),
  })
  .strict();

export const applicationRowSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int().nullable(),
  job_title: z.string().nullable(),
  /** Sent for no particular job (job_id null, as for a deleted job's application). */
  general: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  stage: z.enum(applicationStages),
  reject_reason: z.enum(rejectReasons).nullable(),
  has_cv: z.boolean(),
  keep_for_future: z.boolean(),
  resubmissions: z.number().int(),
  anonymised: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

export const GENERAL_APPLICATION_LABEL = "General application";

/** What the console and the export show as an application's job. */
export const applicationJobLabel = (a: { general: boolean; job_title: string | null }) =>
  a.general ? GENERAL_APPLICATION_LABEL : (a.job_title ?? "(deleted job)");

/** The job's questions as asked, with the candidate's answers; null when the job asked none. */
const askedAnswersSchema = z.array(z.object({ question: z.string(), answer: z.string() })).nullable();

/** One later post of the form for the same job and address; nothing of it is merged into the application. */
export const applicationSubmissionSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  cover_note: z.string(),
  profile_url: z.string(),
  notice_period: z.string(),
  answers: askedAnswersSchema,
  cv_file_name: z.string(),
  cv_size: z.number().int(),
  keep_for_future: z.boolean(),
  /** The application's stage when it came in. */
  stage_then: z.enum(applicationStages),
  created_at: z.string(),
});
export type ApplicationSubmission = z.infer<typeof applicationSubmissionSchema>;

export const applicationDetailSchema = applicationRowSchema.extend({
  cover_note: z.string(),
  profile_url: z.string(),
  notice_period: z.string(),
  answers: askedAnswersSchema,
  cv_file_name: z.string().nullable(),
  cv_size: z.number().int().nullable(),
  consented_at: z.string(),
  notes: z.array(
    z.object({ id: z.number().int(), author: z.string(), text: z.string(), created_at: z.string() }),
  ),
  history: z.array(
    z.object({
      from: z.enum(applicationStages).nullable(),
      to: z.enum(applicationStages),
      reason: z.enum(rejectReasons).nullable(),
      by: z.string(),
      at: z.string(),
    }),
  ),
  /** The form as sent again later with the same address: kept beside the application, oldest first. */
  submissions: z.array(applicationSubmissionSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** One column of the board: its stage, how many are in it, and the most recently moved ones. */
export const applicationBoardColumnSchema = z.object({
  stage: z.enum(applicationStages),
  count: z.number().int(),
  applications: z.array(applicationRowSchema),
});
export type ApplicationBoardColumn = z.infer<typeof applicationBoardColumnSchema>;

/** A job as the Job filter lists it: every one, open first. */
export const applicationJobOptionSchema = z.object({
  id: z.number().int(),
  job_title: z.string(),
  status: z.enum(["open", "closed"]),
});
