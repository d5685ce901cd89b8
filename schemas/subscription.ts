import { z } from "zod";
import { blogLanguages } from "#shared/blog-languages.ts";
import { listAnswerOf, timestamp } from "./api-responses";
import { listQuerySchema } from "./list-query";
import { isOneLine } from "./one-line";

/** What a visitor can follow: new blog posts in one language, or new jobs matching a search. */
export const subscriptionKinds = ["blog", "jobs"] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];
export const subscriptionStatuses = ["pending", "confirmed"] as const;

/** A job alert's search is quoted in mail to an address anyone can type: words only, no link. */
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\d]\.\p{L}{2,}/iu;

/** The public Subscribe and job-alert forms; the same schema checks the page's form and the API body. */
export const subscribeRequestSchema = z
  .object({
    kind: z.enum(subscriptionKinds, "kind must be blog or jobs"),
    email: z
      .string({ error: "Enter your e-mail address" })
      .trim()
      .min(1, "Enter your e-mail address")
      .pipe(z.email("Enter a valid e-mail address").max(200, "E-mail must be at most 200 characters")),
    language: z.enum(blogLanguages, "language must be English, Hindi or Tamil").optional(),
    search: z
      .string()
      .trim()
      .normalize("NFC")
      .max(100, "The search must be at most 100 characters")
      .refine((v) => isOneLine(v) && !LINK_LIKE.test(v), "Write the search as words, without web addresses")
      .optional()
      .transform((v) => v ?? ""),
    /** Honeypot: hidden from people, so anything here came from a bot. */
    url_hp: z.string().max(0, "Your subscription could not be sent.").optional(),
  })
  .superRefine((value, context) => {
    if (value.kind === "blog" && !value.language)
      context.addIssue({ code: "custom", path: ["language"], message: "Choose the blog's language" });
  });
export type SubscribeRequest = z.output<typeof subscribeRequestSchema>;

/** An unconfirmed subscription, and its confirmation link, last this many days. */
export const PENDING_DAYS = 7;

/** The one answer to every accepted subscription, whether or not the address was already subscribed. */
export const SUBSCRIBE_ANSWER =
  "Thank you. Check your inbox: we have sent a link to confirm your subscription. Nothing else is sent until you confirm.";

export const subscriptionTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, "This link is not complete. Copy the whole link from the e-mail.");

export const subscriberListQuerySchema = listQuerySchema.extend({
  kind: z.enum(subscriptionKinds, "kind must be blog or jobs").optional(),
  language: z.enum(blogLanguages, "language must be English, Hindi or Tamil").optional(),
  status: z.enum(subscriptionStatuses, "status must be pending or confirmed").optional(),
});
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;

/** A subscriber as the console sees it. */
export const subscriberSchema = z.object({
  id: z.number().int(),
  kind: z.enum(subscriptionKinds),
  email: z.string(),
  language: z.string(),
  search: z.string(),
  status: z.enum(subscriptionStatuses),
  created_at: timestamp(),
  confirmed_at: timestamp().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListAnswerSchema = listAnswerOf("subscribers", subscriberSchema);

/** Confirmed and pending subscribers per blog language, and of job alerts. */
export const subscriberCountsSchema = z.object({
  blog: z.array(
    z.object({ language: z.enum(blogLanguages), confirmed: z.number().int(), pending: z.number().int() }),
  ),
  jobs: z.object({ confirmed: z.number().int(), pending: z.number().int() }),
});
export type SubscriberCounts = z.infer<typeof subscriberCountsSchema>;
