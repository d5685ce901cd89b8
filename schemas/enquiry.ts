import { z } from "zod";
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

export interface Enquiry {
  id: number;
  first_name: string;
  last_name: string;
  organization: string;
  email: string;
  phone: string;
  location: string;
  message: string;
  status: (typeof enquiryStatuses)[number];
  notes: string;
  created_at: string;
}
