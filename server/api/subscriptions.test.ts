import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  blogPosts,
  jobs,
  mailOutbox,
  subscriptionDispatches,
  subscriptions,
} from "#db/schema/index.ts";
import { SUBSCRIBE_ANSWER } from "#schemas/subscription.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { createJob, createPost } from "#tests/support/factories.ts";
import { decodedText, startTestSmtp, type TestSmtp } from "#tests/support/smtp.ts";

let t: TestApp;
let smtp: TestSmtp;
const BASE = "https://gcc.example";
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, PUBLIC_FORM_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(async () => {
  const { db } = t.app.database;
  await db.delete(subscriptions);
  await db.delete(subscriptionDispatches);
  await db.delete(blogPosts);
  await db.delete(jobs);
  await db.delete(mailOutbox);
  smtp.received.length = 0;
});

const subscribe = (payload: Record<string, unknown>, remoteAddress = "203.0.113.7") =>
  t.app.inject({ method: "POST", url: "/api/subscriptions", payload, remoteAddress });
/** Sends what the outbox holds now, as the worker would. */
const deliver = () => t.app.services.mail.deliverDue();
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const linkIn = (raw: string, path: string) => {
  const match = new RegExp(`${BASE.replace(/\./g, "\\.")}${path}\\?token=[A-Za-z0-9_-]{43}`).exec(
    decodedText(raw),
  );
  return match ? match[0].slice(BASE.length) : null;
};
async function confirmedSubscriber(email: string, body: Record<string, unknown>) {
  expect((await subscribe({ email, ...body })).statusCode).toBe(202);
  await deliver();
  const confirm = linkIn(mailsTo(email).at(-1)!.raw, "/subscribe/confirm");
  expect((await t.app.inject({ method: "GET", url: confirm! })).statusCode).toBe(303);
  smtp.received.length = 0;
}

describe("subscribing to the blog", () => {
  it("mails a confirmation link and nothing else; the link works once", async () => {
    const res = await subscribe({ kind: "blog", language: "Hindi", email: "asha@example.com" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ success: true, message: SUBSCRIBE_ANSWER });
    await deliver();
    expect(smtp.received.map((m) => [m.to, m.subject])).toEqual([
      [["asha@example.com"], "Confirm your subscription to GCC View 360 blog in Hindi"],
    ]);
    // Not confirmed yet: a new Hindi post mails nobody.
    await createPost(t.app.database.db, { language: "Hindi", publishedAt: new Date() });
    expect(await t.app.services.subscriptions.dispatchDue()).toBe(0);

    const confirm = linkIn(smtp.received[0]!.raw, "/subscribe/confirm");
    expect(confirm).not.toBeNull();
    const first = await t.app.inject({ method: "GET", url: confirm! });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/subscribe/confirmed?kind=blog&lang=hi");
    const again = await t.app.inject({ method: "GET", url: confirm! });
    expect(again.headers.location).toBe("/subscribe/confirmed?expired=1");
    const [row] = await t.app.database.db.select().from(subscriptions);
    expect(row).toMatchObject({ status: "confirmed", confirmTokenHash: null });
  });

  it("answers a repeat the same, whether the address is pending, confirmed or new", async () => {
    const body = { kind: "blog", language: "English" };
    const fresh = await subscribe({ ...body, email: "new@example.com" });
    await confirmedSubscriber("ravi@example.com", body);
    const confirmed = await subscribe({ ...body, email: "RAVI@example.com" });
    const pending = await subscribe({ ...body, email: "new@example.com" });
    for (const res of [fresh, confirmed, pending]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ success: true, message: SUBSCRIBE_ANSWER, data: [] });
    }
    await deliver();
    // A confirmed address is not mailed again; a pending one got its one confirmation of the day already.
    expect(smtp.received).toEqual([]);
    expect(await t.app.database.db.$count(subscriptions)).toBe(2);
  });

  it("refuses a bad address and a missing language with a message, and a bot's honeypot", async () => {
    const bad = await subscribe({ kind: "blog", language: "Hindi", email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid e-mail/);
    const noLanguage = await subscribe({ kind: "blog", email: "a@example.com" });
    expect(noLanguage.statusCode).toBe(400);
    expect(noLanguage.json().message).toMatch(/language/);
    const bot = await subscribe({ kind: "blog", language: "Tamil", email: "a@example.com", url_hp: "x" });
    expect(bot.statusCode).toBe(400);
    expect(await t.app.database.db.$count(subscriptions)).toBe(0);
  });

  it("mails a new post to its language's confirmed subscribers only, with one-click unsubscribe headers", async () => {
    await confirmedSubscriber("hindi@example.com", { kind: "blog", language: "Hindi" });
    await confirmedSubscriber("tamil@example.com", { kind: "blog", language: "Tamil" });
    await subscribe({ kind: "blog", language: "Hindi", email: "pending@example.com" });
    await deliver();
    smtp.received.length = 0;
    const { db } = t.app.database;
    // A scheduled post waits for its time; an old post is never mailed.
    const scheduled = await createPost(db, {
      language: "Hindi",
      heading: "Later",
      publishedAt: new Date(Date.now() + 3_600_000),
    });
    await createPost(db, {
      language: "Hindi",
      heading: "Old",
      publishedAt: new Date(Date.now() - 30 * 86_400_000),
    });
    await createPost(db, {
      language: "Hindi",
      heading: "नया लेख",
      subHeading: "हिंदी में",
      publishedAt: new Date(),
    });
    expect(await t.app.services.subscriptions.dispatchDue()).toBe(1);
    expect(await t.app.services.subscriptions.dispatchDue()).toBe(0);
    await deliver();
    expect(smtp.received.map((m) => m.to)).toEqual([["hindi@example.com"]]);
    // Headers unfolded, as a mail program reads them.
    const raw = smtp.received[0]!.raw.replace(/\r?\n[ \t]+/g, " ");
    const unsubscribe = linkIn(raw, "/unsubscribe");
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe: <${BASE}${unsubscribe!.replace(/\?/, "\\?")}>`, "m"));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);

    // The scheduled post reaches its time.
    await db.update(blogPosts).set({ publishedAt: new Date() }).where(eq(blogPosts.id, scheduled.id));
    expect(await t.app.services.subscriptions.dispatchDue()).toBe(1);
  });

  it("unsubscribes by one-click POST without a confirmation, deleting the address", async () => {
    await confirmedSubscriber("asha@example.com", { kind: "blog", language: "English" });
    await createPost(t.app.database.db, { language: "English", publishedAt: new Date() });
    await t.app.services.subscriptions.dispatchDue();
    await deliver();
    const unsubscribe = linkIn(smtp.received[0]!.raw, "/unsubscribe")!;
    // A form post to the link, as a mail program (one click) or the page's button sends it.
    const postTo = (payload: string) =>
      t.app.inject({
        method: "POST",
        url: unsubscribe,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload,
      });
    const res = await postTo("List-Unsubscribe=One-Click");
    expect(res.statusCode).toBe(200);
    expect(await t.app.database.db.$count(subscriptions)).toBe(0);
    // The mail log keeps no address of theirs.
    const log = await t.app.database.db.select().from(mailOutbox);
    expect(log.map((m) => m.recipient)).not.toContain("asha@example.com");
    // The page's button posts the same address and lands on the answer.
    const button = await postTo("");
    expect(button.statusCode).toBe(303);
    expect(button.headers.location).toBe("/unsubscribe?done=1");
  });

  it("refuses more than the public form limit from one address with 429", async () => {
    const limited = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "2" });
    try {
      const post = (n: number) =>
        limited.app.inject({
          method: "POST",
          url: "/api/subscriptions",
          payload: { kind: "blog", language: "English", email: `r${n}@example.com` },
        });
      expect((await post(1)).statusCode).toBe(202);
      expect((await post(2)).statusCode).toBe(202);
      const third = await post(3);
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("job alerts", () => {
  it("mails a new job to the alerts whose search it matches, and not to others", async () => {
    await confirmedSubscriber("chennai@example.com", { kind: "jobs", search: "Chennai payroll" });
    await confirmedSubscriber("pune@example.com", { kind: "jobs", search: "Pune" });
    await confirmedSubscriber("any@example.com", { kind: "jobs" });
    await createJob(t.app.database.db, { jobTitle: "Payroll & Compliance Specialist", location: "Chennai" });
    expect(await t.app.services.subscriptions.dispatchDue()).toBe(2);
    await deliver();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["any@example.com", "chennai@example.com"]);
    const mail = smtp.received.find((m) => m.to[0] === "chennai@example.com")!;
    expect(mail.subject).toBe("New job: Payroll & Compliance Specialist");
    expect(decodedText(mail.raw)).toContain(`${BASE}/careers-details?jobId=`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  });

  it("refuses a search with a web address in it", async () => {
    const res = await subscribe({
      kind: "jobs",
      search: "cheap pills http://spam.example",
      email: "a@example.com",
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the console's subscribers", () => {
  it("counts per language, lists, exports and removes (an erasure, audited without the address)", async () => {
    await confirmedSubscriber("asha@example.com", { kind: "blog", language: "Tamil" });
    await subscribe({ kind: "blog", language: "Tamil", email: "ravi@example.com" });
    const token = await operatorToken(t.app, "admin");
    const auth = { authorization: `Bearer ${token}` };
    const counts = await t.app.inject({ method: "GET", url: "/api/subscribers/counts", headers: auth });
    expect(counts.json().data.blog).toContainEqual({ language: "Tamil", confirmed: 1, pending: 1 });
    const list = await t.app.inject({ method: "GET", url: "/api/subscribers?search=asha", headers: auth });
    expect(list.json()).toMatchObject({
      total_no_of_data: 1,
      subscribers_data: [{ email: "asha@example.com", status: "confirmed" }],
    });
    const csv = await t.app.inject({ method: "GET", url: "/api/subscribers/export.csv", headers: auth });
    expect(csv.body).toContain("asha@example.com");
    const id = list.json().subscribers_data[0].id as number;
    const editor = await operatorToken(t.app, "editor");
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/subscribers/${id}`,
          headers: { authorization: `Bearer ${editor}` },
        })
      ).statusCode,
    ).toBe(403);
    const removed = await t.app.inject({ method: "DELETE", url: `/api/subscribers/${id}`, headers: auth });
    expect(removed.statusCode).toBe(200);
    const rest = await t.app.database.db.select().from(subscriptions);
    expect(rest.map((r) => r.email)).toEqual(["ravi@example.com"]);
    const log = await t.app.database.db.select().from(mailOutbox);
    expect(log.map((m) => m.recipient)).not.toContain("asha@example.com");
    const [entry] = await t.app.database.db.select().from(auditLog).where(eq(auditLog.entity, "subscriber"));
    expect(JSON.stringify(entry)).not.toContain("asha@");
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/subscribers/${id}`, headers: auth })).statusCode,
    ).toBe(404);
  });
});
