import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogComments, mailOutbox } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createComment, createPost } from "#tests/support/factories.ts";
import { decodedText, startTestSmtp, type TestSmtp } from "#tests/support/smtp.ts";

let t: TestApp;
let smtp: TestSmtp;
let editor: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_FORM_RATE_LIMIT: "10000",
    PUBLIC_BASE_URL: "https://gcc.example",
  });
  // The editors the digest goes to: an operator without an address gets none.
  await t.app.services.operators.create({
    username: "moderator",
    password: "moderator-password-long",
    role: "editor",
    email: "moderator@example.com",
  });
  editor = await operatorToken(t.app, "editor");
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const db = () => t.app.database.db;
let ip = 0;
const post = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/blog_comments/",
    payload,
    remoteAddress: `10.9.0.${++ip % 250}`,
  });
const publicList = async (blogId: number) =>
  (await t.app.inject({ url: `/api/blog_comments/?blog_id=${blogId}` })).json() as { comment: string }[];
const consoleCall = (method: "GET" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${editor}` } });
const digests = () =>
  db().select().from(mailOutbox).where(like(mailOutbox.topic, "comment-digest:%")).orderBy(mailOutbox.id);

describe("comments held for moderation", () => {
  it("a comment with links is held: the commenter is told it awaits moderation, the public never sees it", async () => {
    const blog = await createPost(db());
    // A regular: one published comment already, so only the links hold this one.
    await createComment(db(), { blogId: blog.id, emailId: "pills@example.com", comment: "Nice post." });
    const res = await post({
      blog_id: blog.id,
      name: "Cheap Pills",
      email_id: "pills@example.com",
      comment: "Cheap Pills here http://spam.example and http://spam.example/more",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Your comment awaits moderation. It will appear here once an editor approves it.",
      data: { held: true },
    });
    expect((await publicList(blog.id)).map((c) => c.comment)).toEqual(["Nice post."]);
    const page = await t.app.inject({ url: `/api/blog_comments/` });
    expect(page.body).not.toContain("spam.example");
  });

  it("a first-time commenter is held even without a link; once approved, their next comment is published at once", async () => {
    const blog = await createPost(db());
    const first = await post({
      blog_id: blog.id,
      name: "Ravi",
      email_id: "ravi@example.com",
      comment: "Which cities do you cover?",
    });
    expect(first.json().data.held).toBe(true);
    expect(await publicList(blog.id)).toEqual([]);

    const approve = await consoleCall("PATCH", `/api/comments/${first.json().data.id}`, {
      status: "published",
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().message).toBe("Comment approved: it is on the site.");
    expect((await publicList(blog.id)).map((c) => c.comment)).toEqual(["Which cities do you cover?"]);

    const second = await post({
      blog_id: blog.id,
      name: "Ravi",
      email_id: "RAVI@example.com",
      comment: "Thanks, that helps.",
    });
    expect(second.json()).toMatchObject({
      message: "Comment submitted successfully!",
      data: { held: false },
    });
    expect(await publicList(blog.id)).toHaveLength(2);
    // A regular's link still waits.
    const link = await post({
      blog_id: blog.id,
      name: "Ravi",
      email_id: "ravi@example.com",
      comment: "See www.ravi-consulting.com",
    });
    expect(link.json().data.held).toBe(true);
    expect(await publicList(blog.id)).toHaveLength(2);
  });

  it("a commenter's name is one line without links", async () => {
    const blog = await createPost(db());
    for (const name of ["Visit http://spam.example", "cheap-pills.com", "Asha\nBuy now"]) {
      const res = await post({ blog_id: blog.id, name, email_id: "a@example.com", comment: "Hello" });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain("Write your name only: one line, without web or e-mail addresses");
    }
  });
});

describe("the console's moderation queue", () => {
  it("lists held comments; approve, reject and delete act on them and each leaves an audit entry", async () => {
    const blog = await createPost(db(), { heading: "Queue post" });
    const ids: number[] = [];
    for (const who of ["q1", "q2", "q3"]) {
      const res = await post({
        blog_id: blog.id,
        name: who,
        email_id: `${who}@example.com`,
        comment: `Comment from ${who}`,
      });
      ids.push(res.json().data.id as number);
    }
    const queue = await consoleCall("GET", `/api/comments?status=held&blog_id=${blog.id}`);
    expect(queue.statusCode).toBe(200);
    expect(
      queue.json().comments_data.map((c: { name: string; status: string }) => [c.name, c.status]),
    ).toEqual([
      ["q3", "held"],
      ["q2", "held"],
      ["q1", "held"],
    ]);

    expect((await consoleCall("PATCH", `/api/comments/${ids[0]}`, { status: "published" })).statusCode).toBe(
      200,
    );
    const rejected = await consoleCall("PATCH", `/api/comments/${ids[1]}`, { status: "rejected" });
    expect(rejected.json().message).toBe("Comment rejected: it stays off the site.");
    expect((await consoleCall("DELETE", `/api/comments/${ids[2]}`)).statusCode).toBe(200);

    expect((await publicList(blog.id)).map((c) => c.comment)).toEqual(["Comment from q1"]);
    expect(
      (await consoleCall("GET", `/api/comments?status=held&blog_id=${blog.id}`)).json().total_no_of_data,
    ).toBe(0);
    const [row] = await db().select().from(blogComments).where(eq(blogComments.id, ids[1]!));
    expect(row!.status).toBe("rejected");
    // "held" is not something an operator sets: only approve or reject.
    expect((await consoleCall("PATCH", `/api/comments/${ids[1]}`, { status: "held" })).statusCode).toBe(400);

    const audit = await t.app.inject({
      url: `/api/audit_log?entity=comment&page_size=50`,
      headers: { authorization: `Bearer ${await operatorToken(t.app, "admin")}` },
    });
    const entries = audit.json().audit_log_data as {
      action: string;
      entity_id: string;
      before: unknown;
      after: unknown;
    }[];
    const of = (id: number) => entries.filter((e) => e.entity_id === String(id));
    expect(of(ids[0]!)).toContainEqual(
      expect.objectContaining({
        action: "update",
        before: { hidden: false, status: "held" },
        after: { hidden: false, status: "published" },
      }),
    );
    expect(of(ids[1]!)).toContainEqual(
      expect.objectContaining({ action: "update", after: { hidden: false, status: "rejected" } }),
    );
    expect(of(ids[2]!).map((e) => e.action)).toContain("delete");
  });
});

describe("the editors' digest", () => {
  it("mails the editors what arrived, held ones marked, with a link to the queue; the next waits an hour and collects what comes meanwhile", async () => {
    const blog = await createPost(db(), { heading: "Digest post" });
    await createComment(db(), { blogId: blog.id, emailId: "regular@example.com", comment: "Earlier." });
    // The first comment of the file went out in a digest at once (none had gone out in the hour before).
    await expect.poll(async () => (await digests()).some((m) => m.status === "sent")).toBe(true);
    // Say the last digest went out half an hour ago, and nothing waits.
    const halfHourAgo = new Date(Date.now() - 1_800_000);
    await db()
      .update(mailOutbox)
      .set({ status: "sent", sentAt: halfHourAgo })
      .where(like(mailOutbox.topic, "comment-digest:%"));
    smtp.received.length = 0;
    await post({
      blog_id: blog.id,
      name: "Regular",
      email_id: "regular@example.com",
      comment: "Good overview.",
    });
    await post({
      blog_id: blog.id,
      name: "Cheap Pills",
      email_id: "spam@example.com",
      comment: "Cheap Pills http://spam.example http://spam.example/buy",
    });
    const waiting = (await digests()).filter((m) => m.status === "pending");
    // One digest for the two, to the one editor with an address, an hour after the last.
    expect(waiting.map((m) => m.recipient)).toEqual(["moderator@example.com"]);
    expect(Math.abs(waiting[0]!.nextAttemptAt.getTime() - (halfHourAgo.getTime() + 3_600_000))).toBeLessThan(
      1000,
    );
    expect(waiting[0]!.subject).toBe("GCC View 360 comments: 2 new, 1 awaiting moderation");
    expect(waiting[0]!.text).toContain('Regular on "Digest post"');
    expect(waiting[0]!.text).toContain('[Awaiting moderation] Cheap Pills on "Digest post"');
    expect(waiting[0]!.text).toContain(
      "Moderation queue: https://gcc.example/dashboard/comments?status=held",
    );

    // Its hour comes: it goes out once, through the real SMTP server.
    await db().update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, waiting[0]!.id));
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(["moderator@example.com"]);
    expect(mail.subject).toBe("GCC View 360 comments: 2 new, 1 awaiting moderation");
    const text = decodedText(mail.raw);
    expect(text).toContain("[Awaiting moderation] Cheap Pills");
    expect(text).toContain("Good overview.");
    expect(text).toContain("https://gcc.example/dashboard/comments?status=held");
  });
});
