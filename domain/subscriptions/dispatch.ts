import { and, asc, eq, gt, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { blogPosts, jobs, subscriptionDispatches, subscriptions } from "#db/schema/index.ts";
import { asBlogLanguage } from "#shared/blog-languages.ts";
import { jobPath } from "#shared/paths.ts";
import { hasEveryWord, searchWords } from "#shared/search-words.ts";
import { postPath } from "#shared/slug.ts";
import { unsubscribePath } from "#shared/subscription-paths.ts";
import { enqueueMail } from "../notifications/outbox";
import { jobMail, postMail } from "./mails";

/** A post or job published longer ago than this is never mailed (so turning the feature on mails no backlog). */
const DISPATCH_WINDOW = sql`interval '7 days'`;

/** Mail that carries a subscriber's address names the subscription, so removing it reaches the mail too. */
export const aboutOf = (id: number) => `subscription:${id}`;

/** A job's text as the careers search reads it: title, company, location, salary, description, requirements. */
const jobText = (job: typeof jobs.$inferSelect) =>
  [
    job.jobTitle,
    job.company,
    job.location,
    job.salary,
    job.jobDescription.replace(/<[^>]*>/g, " "),
    ...job.requirements,
  ]
    .join(" ")
    .replace(/&amp;/g, "&")
    .toLowerCase();

/** Mails each post published in the window, once, to its language's confirmed subscribers. */
export async function dispatchPosts(db: Database, base: string) {
  const due = await db
    .select({
      id: blogPosts.id,
      heading: blogPosts.heading,
      subHeading: blogPosts.subHeading,
      language: blogPosts.language,
    })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.status, "published"),
        lte(blogPosts.publishedAt, sql`now()`),
        gt(blogPosts.publishedAt, sql`now() - ${DISPATCH_WINDOW}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptionDispatches)
            .where(
              and(eq(subscriptionDispatches.kind, "blog"), eq(subscriptionDispatches.recordId, blogPosts.id)),
            ),
        ),
      ),
    )
    .orderBy(asc(blogPosts.publishedAt));
  let mailed = 0;
  for (const post of due) {
    mailed += await db.transaction(async (tx) => {
      // Whichever instance records the dispatch first mails it; the others find it taken.
      const [taken] = await tx
        .insert(subscriptionDispatches)
        .values({ kind: "blog", recordId: post.id })
        .onConflictDoNothing()
        .returning();
      if (!taken) return 0;
      const language = asBlogLanguage(post.language);
      const readers = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.kind, "blog"),
            eq(subscriptions.status, "confirmed"),
            eq(subscriptions.language, language),
          ),
        );
      const url = `${base}${postPath(post.id, post.heading)}`;
      for (const reader of readers)
        await enqueueMail(
          tx,
          postMail(
            reader.email,
            { heading: post.heading, sub_heading: post.subHeading, language, url },
            `${base}${unsubscribePath(reader.unsubscribeToken)}`,
          ),
          aboutOf(reader.id),
        );
      await tx
        .update(subscriptionDispatches)
        .set({ recipients: readers.length })
        .where(and(eq(subscriptionDispatches.kind, "blog"), eq(subscriptionDispatches.recordId, post.id)));
      return readers.length;
    });
  }
  return mailed;
}

/** Mails each job opened in the window, once, to the confirmed alerts whose every word it contains. */
export async function dispatchJobs(db: Database, base: string) {
  const due = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "open"),
        or(isNull(jobs.validThrough), gt(jobs.validThrough, sql`now()`)),
        gt(jobs.createdAt, sql`now() - ${DISPATCH_WINDOW}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptionDispatches)
            .where(
              and(eq(subscriptionDispatches.kind, "jobs"), eq(subscriptionDispatches.recordId, jobs.id)),
            ),
        ),
      ),
    )
    .orderBy(asc(jobs.createdAt));
  let mailed = 0;
  for (const job of due) {
    mailed += await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(subscriptionDispatches)
        .values({ kind: "jobs", recordId: job.id })
        .onConflictDoNothing()
        .returning();
      if (!taken) return 0;
      const text = jobText(job);
      const alerts = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.kind, "jobs"), eq(subscriptions.status, "confirmed")));
      const matching = alerts.filter((alert) => hasEveryWord(text, searchWords(alert.search)));
      const url = `${base}${jobPath(job.id)}`;
      for (const alert of matching)
        await enqueueMail(
          tx,
          jobMail(
            alert.email,
            { title: job.jobTitle, company: job.company, location: job.location, url },
            alert.search,
            `${base}${unsubscribePath(alert.unsubscribeToken)}`,
          ),
          aboutOf(alert.id),
        );
      await tx
        .update(subscriptionDispatches)
        .set({ recipients: matching.length })
        .where(and(eq(subscriptionDispatches.kind, "jobs"), eq(subscriptionDispatches.recordId, job.id)));
      return matching.length;
    });
  }
  return mailed;
}
