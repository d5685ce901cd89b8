import { z } from "zod";
import { timestamp } from "./api-responses";
import { enquiryStatuses } from "./contact";
import { listQuerySchema } from "./list-query";

export const enquiryListQuerySchema = listQuerySchema.extend({
  status: z.enum(enquiryStatuses, "status must be new, contacted or closed").optional(),
});

export const enquiryUpdateSchema = z
  .object({
    status: z.enum(enquiryStatuses, "status must be new, contacted or closed").optional(),
    notes: z.string().max(5000, "Notes must be at most 5,000 characters").optional(),
  })
  .strict();
export type EnquiryUpdate = z.infer<typeof enquiryUpdateSchema>;

/** An enquiry in the console's inbox (GET /api/contact_requests). */
export const enquirySchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  organization: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  message: z.string(),
  status: z.enum(enquiryStatuses),
  notes: z.string(),
  /** The call the visitor booked, when the enquiry came from the booking page. */
  call_at: timestamp().nullable(),
  created_at: timestamp(),
});
export type Enquiry = z.output<typeof enquirySchema>;
