import { and, asc, desc, eq, gte, inArray, isNotNull, like, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { blogComments, blogPosts, mailOutbox, operators } from "#db/schema/index.ts";
import { SITE_NAME } from "#shared/site.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { enqueueScheduledMail } from "../notifications/outbox";

/**
 * What a mail program or a browser turns into a link: a scheme, "www.", or a domain name with a common
 * ending ("spam.example.com"). "Node.js" and "e.g." stay text.
 */
const LINK =
  /:\/\/|\bwww\.|[\p{L}\d-]\.(?:com|net|org|info|biz|io|in|co|uk|us|ru|cn|xyz|top|online|site|shop|store|app|dev|me|ly|gl|to|cc|tk|club|link|click|example)\b/iu;

export const containsLink = (text: string) => LINK.test(text);

/**
 * WordPress's default: a comment waits for an editor when it carries a link, or when its address has no
 * published comment yet (a first-time commenter); otherwise it is published at once.
 */
export async function moderationFor(
  tx: Database,
  comment: { email_id: string; comment: string },
): Promise<"held" | "published"> {
  if (containsLink(comment.comment)) return "held";
  const [known] = await tx
    .select({ one: sql`1` })
    .from(blogComments)
    .where(
      and(
        eq(sql`lower(${blogComments.emailId})`, comment.email_id.toLowerCase()),
        eq(blogComments.status, "published"),
        eq(blogComments.hidden, false),
      ),
    )
    .limit(1);
  return known ? "published" : "held";
}

/** Digest rows are "comment-digest:<first comment id>"; one digest may go to several editors. */
const DIGEST_TOPIC = "comment-digest:";
/** Comments one digest lists by name; more are counted. */
const DIGEST_LIST_MAX = 50;
// Advisory lock of the comment digest, apart from the other lock spaces.
const DIGEST_LOCK_SPACE = 736_042;

/**
 * Rule: editors get at most one digest an hour. A comment with no digest waiting starts one, sent at once
 * if the last went out over an hour ago, else an hour after it; later comments join the waiting digest
 * until the outbox takes it. Called in the comment's transaction.
 */
export async function addToCommentDigest(tx: Database, commentId: number, consoleAddress: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DIGEST_LOCK_SPACE}, 0)`);
  const [latest] = await tx
    .select({ topic: mailOutbox.topic })
    .from(mailOutbox)
    .where(like(mailOutbox.topic, `${DIGEST_TOPIC}%`))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  // Locked: a sender that claims one of them first makes this digest "taken", and a new one starts.
  const current = latest?.topic
    ? await tx
        .select({ id: mailOutbox.id, status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(eq(mailOutbox.topic, latest.topic))
        .for("update")
    : [];
  const waiting = current.length > 0 && current.every((m) => m.status === "pending" && m.attempts === 0);
  const topic = waiting ? latest!.topic! : `${DIGEST_TOPIC}${commentId}`;
  const firstId = Number(topic.slice(DIGEST_TOPIC.length));

  // A busy hour lists its first DIGEST_LIST_MAX and counts the rest: each comment rewrites the digest.
  const since = gte(blogComments.id, firstId);
  const listed = await tx
    .select({
      id: blogComments.id,
      name: blogComments.name,
      comment: blogComments.comment,
      status: blogComments.status,
      createdAt: blogComments.createdAt,
      heading: blogPosts.heading,
    })
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.blogId))
    .where(since)
    .orderBy(asc(blogComments.id))
    .limit(DIGEST_LIST_MAX);
  const [counted] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      held: sql<number>`(count(*) filter (where ${blogComments.status} = 'held'))::int`,
    })
    .from(blogComments)
    .where(since);
  const mail = digestMail(listed, counted ?? { all: listed.length, held: 0 }, consoleAddress);

  if (waiting) {
    await tx
      .update(mailOutbox)
      .set({ subject: mail.subject, text: mail.text })
      .where(
        inArray(
          mailOutbox.id,
          current.map((m) => m.id),
        ),
      );
    return;
  }
  const editors = await tx
    .select({ email: operators.email })
    .from(operators)
    .where(and(isNotNull(operators.email), ne(operators.email, ""), eq(operators.disabled, false)))
    .orderBy(asc(operators.id));
  if (editors.length === 0) return;
  // Send time of the last digest (or its retry time, if it is still trying): the next one waits an hour.
  const [due] = await tx
    .select({
      at: sql`greatest(now(), coalesce(max(coalesce(${mailOutbox.sentAt}, ${mailOutbox.nextAttemptAt})), '-infinity') + interval '1 hour')`.mapWith(
        mailOutbox.nextAttemptAt,
      ),
    })
    .from(mailOutbox)
    .where(like(mailOutbox.topic, `${DIGEST_TOPIC}%`));
  for (const editor of editors)
    await enqueueScheduledMail(tx, { to: editor.email!, ...mail }, { topic, notBefore: due!.at });
}

type Listed = {
  id: number;
  name: string;
  comment: string;
  status: string;
  createdAt: Date;
  heading: string;
};

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};

/** The digest: how many arrived and wait, the first of them (held ones marked), and the link to the queue. */
export function digestMail(
  listed: Listed[],
  { all, held }: { all: number; held: number },
  consoleAddress: string,
) {
  const subject = `${SITE_NAME} comments: ${all} new, ${held} awaiting moderation`;
  const lines = listed.flatMap((c) => [
    `${c.status === "held" ? "[Awaiting moderation] " : ""}${c.name} on "${c.heading}", ${formatDateTime(c.createdAt)}`,
    `  ${excerpt(c.comment)}`,
    "",
  ]);
  const more = all - listed.length;
  return {
    subject,
    text: [
      `${all} new comment${all === 1 ? "" : "s"} since the last digest; ${held} await${held === 1 ? "s" : ""} moderation and ${held === 1 ? "is" : "are"} not on the site until approved.`,
      "",
      ...lines,
      ...(more > 0 ? [`…and ${more} more.`, ""] : []),
      `Moderation queue: ${consoleAddress}/dashboard/comments?status=held`,
    ].join("\n"),
  };
}
