import ICAL from "ical.js";
import { and, eq, like, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, contactRequests, mailOutbox } from "#db/schema/index.ts";
import { SLOT_GONE, SLOT_TAKEN, LINK_USED } from "#domain/bookings/service.ts";
import { rowsOf } from "#domain/sql.ts";
import type { MailAttachment } from "#schemas/mail.ts";
import { testAppPerFile } from "#tests/support/app.ts";
import { operatorToken } from "#tests/support/auth.ts";
import { itWith } from "#tests/support/services.ts";

const t = testAppPerFile({ PUBLIC_FORM_RATE_LIMIT: "1000" });
const db = () => t().app.database.db;

let address = 0;
const post = (url: string, payload: object, ip = `10.61.0.${++address % 250}`) =>
  t().app.inject({ method: "POST", url, payload, remoteAddress: ip });

/** Free slots at least `hours` ahead (a reminder goes a day before, so tests that want one pick later slots). */
async function freeSlots(hours = 0): Promise<string[]> {
  const res = await t().app.inject({ method: "GET", url: "/api/bookings/slots?tz=Europe/London" });
  expect(res.statusCode).toBe(200);
  const after = Date.now() + hours * 3_600_000;
  return (res.json().slots as { start: string }[]).map((s) => s.start).filter((s) => Date.parse(s) > after);
}

let sequence = 0;
const visitor = (start: string) => ({
  start,
  name: "Asha Verma",
  email: `asha.${++sequence}@example.com`,
  company: "Northwind Retail",
  note: "A 50-person centre in Pune; <b>not HTML</b>",
  time_zone: "America/New_York",
});

const mailsAbout = (id: number) =>
  db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.about, `booking:${id}`));

/** The manage token from the visitor's invitation mail (the link it carries). */
async function tokenOf(id: number, email: string) {
  const [mail] = (await mailsAbout(id)).filter(
    (m) => m.recipient === email && m.subject.startsWith("Your call"),
  );
  return /\/book-a-call\/manage\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
}

describe("booking a call", () => {
  it("books a free slot: the enquiry with its time, both invitations with an .ics, the reminders", async () => {
    const [start] = await freeSlots(48);
    const body = visitor(start!);
    const res = await post("/api/bookings", body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(res.json().data.start).toBe(start);

    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({
      status: "confirmed",
      timeZone: "America/New_York",
      company: "Northwind Retail",
    });
    const [enquiry] = await db()
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, row!.enquiryId!));
    expect(enquiry!.callAt!.toISOString()).toBe(start);
    expect(enquiry).toMatchObject({ firstName: "Asha", lastName: "Verma", email: body.email });

    const listed = await t().app.inject({
      method: "GET",
      url: "/api/contact_requests",
      headers: { authorization: `Bearer ${await operatorToken(t().app, "editor")}` },
    });
    expect(
      listed.json().contact_requests_data.find((e: { id: number }) => e.id === enquiry!.id).call_at,
    ).toBe(start);

    const mails = await mailsAbout(id);
    const info = (await t().app.services.settings.get()).info_email;
    const invitations = mails.filter((m) => m.attachments?.length);
    expect(invitations.map((m) => m.recipient).sort()).toEqual([body.email, info].sort());
    for (const mail of invitations) {
      const ics = mail.attachments![0] as MailAttachment;
      expect(ics.contentType).toContain("method=REQUEST");
      const calendar = new ICAL.Component(ICAL.parse(ics.content));
      expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
      expect(event.startDate.toJSDate().toISOString()).toBe(start);
      expect(event.endDate.toJSDate().getTime() - Date.parse(start!)).toBe(30 * 60_000);
    }
    const reminders = mails.filter((m) => m.topic === `booking-reminder:${id}`);
    expect(reminders.map((m) => m.recipient).sort()).toEqual([body.email, info].sort());
    for (const r of reminders) expect(r.nextAttemptAt.getTime()).toBe(Date.parse(start!) - 24 * 3_600_000);

    // The slot is gone from the list.
    expect(await freeSlots()).not.toContain(start);
  });

  it("refuses a slot already booked, with a message that says to pick another", async () => {
    const [start] = await freeSlots();
    expect((await post("/api/bookings", visitor(start!))).statusCode).toBe(201);
    const again = await post("/api/bookings", visitor(start!));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SLOT_GONE);
    expect(again.json().errors).toEqual({ start: SLOT_GONE });
    expect(await db().$count(bookings, eq(bookings.startsAt, new Date(start!)))).toBe(1);
  });

  it("refuses a time that is not a slot, and bad input by field", async () => {
    const [start] = await freeSlots();
    const offGrid = new Date(Date.parse(start!) + 7 * 60_000).toISOString();
    expect((await post("/api/bookings", visitor(offGrid))).json().message).toBe(SLOT_GONE);
    const bad = await post("/api/bookings", { ...visitor(start!), email: "nope", time_zone: "Mars/Base" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      email: "Enter a valid e-mail address",
      time_zone: "Choose your time zone from the list",
    });
  });

  itWith(
    "TEST_DATABASE_URL",
    "lets only one of many parallel requests book one slot: the database decides",
    async () => {
      const [start] = await freeSlots();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post("/api/bookings", visitor(start!))),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect([SLOT_GONE, SLOT_TAKEN]).toContain(refused.json().message);
      expect(
        await db().$count(
          bookings,
          and(eq(bookings.startsAt, new Date(start!)), ne(bookings.status, "cancelled")),
        ),
      ).toBe(1);
      // Each refused request left no enquiry and no mail behind (one transaction).
      expect(await db().$count(contactRequests, eq(contactRequests.callAt, new Date(start!)))).toBe(1);
    },
    60_000,
  );
});

describe("the e-mail's link", () => {
  it("cancels: the reminders are dropped and never sent, cancellations go out, the slot is free again", async () => {
    const [start] = await freeSlots(48);
    const body = visitor(start!);
    const { id } = (await post("/api/bookings", body)).json().data;
    const token = await tokenOf(id, body.email);

    const res = await post("/api/bookings/cancel", { token });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: "cancelled", manageTokenHash: null, sequence: 1 });
    // Everything due now is sent: a reminder, had it been kept, would be among them.
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.status, "pending"));
    await t().app.services.mail.deliverDue();
    const mails = await mailsAbout(id);
    expect(mails.filter((m) => m.subject.startsWith("Reminder"))).toEqual([]);
    const cancels = mails.filter((m) => m.subject.includes("cancelled"));
    expect(cancels).toHaveLength(2);
    const ics = new ICAL.Component(ICAL.parse(cancels[0]!.attachments![0]!.content));
    expect(ics.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(ics.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(1);
    expect(await freeSlots()).toContain(start);

    // The link works once.
    const again = await post("/api/bookings/cancel", { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(LINK_USED);
    // The enquiry says so.
    const [enquiry] = await db()
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, row!.enquiryId!));
    expect(enquiry!.notes).toMatch(/^Call cancelled by the visitor on /);
  });

  it("reschedules: a new time, a new invitation with the same UID and a new link; the old link stops working", async () => {
    const [start, later] = await freeSlots(48);
    const body = visitor(start!);
    const { id } = (await post("/api/bookings", body)).json().data;
    const token = await tokenOf(id, body.email);
    const firstIcs = (await mailsAbout(id)).find((m) => m.recipient === body.email && m.attachments)!;
    const uid = new ICAL.Component(ICAL.parse(firstIcs.attachments![0]!.content))
      .getFirstSubcomponent("vevent")!
      .getFirstPropertyValue("uid");

    const res = await post("/api/bookings/reschedule", { token, start: later, time_zone: "Europe/London" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, start: later, time_zone: "Europe/London" });
    const mails = await mailsAbout(id);
    expect(
      mails.filter((m) => m.topic === `booking-reminder:${id}`).map((m) => m.nextAttemptAt.getTime()),
    ).toEqual([Date.parse(later!) - 86_400_000, Date.parse(later!) - 86_400_000]);
    const moved = mails.find(
      (m) => m.recipient === body.email && m.subject.startsWith("Your call was moved"),
    )!;
    const event = new ICAL.Component(ICAL.parse(moved.attachments![0]!.content)).getFirstSubcomponent(
      "vevent",
    )!;
    expect(event.getFirstPropertyValue("uid")).toBe(uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(1);
    expect(new ICAL.Event(event).startDate.toJSDate().toISOString()).toBe(later);

    const old = await post("/api/bookings/reschedule", { token, start: start!, time_zone: "Europe/London" });
    expect(old.statusCode).toBe(404);
    const newToken = /\/book-a-call\/manage\/([A-Za-z0-9_-]{43})/.exec(moved.text)![1]!;
    expect(newToken).not.toBe(token);
    expect(await t().app.services.bookings.findByToken(newToken)).toMatchObject({ id, start: later });
    // Only the token's hash is stored.
    expect(JSON.stringify(await db().select().from(bookings).where(eq(bookings.id, id)))).not.toContain(
      newToken,
    );
  });

  itWith(
    "TEST_DATABASE_URL",
    "a cancel that waited on a move made meanwhile still raises the calendar's SEQUENCE past the move's",
    async () => {
      const [start] = await freeSlots(48);
      const body = visitor(start!);
      const { id } = (await post("/api/bookings", body)).json().data;
      const token = await tokenOf(id, body.email);
      let cancel: ReturnType<typeof post> | undefined;
      await db().transaction(async (tx) => {
        await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
        cancel = post("/api/bookings/cancel", { token });
        // The cancel has read the booking (SEQUENCE 0) and waits for this row: a move commits first.
        while ((await rowsOf(db(), sql`select 1 from pg_locks where not granted`)).length === 0)
          await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.update(bookings).set({ sequence: 1, manageTokenHash: "moved" }).where(eq(bookings.id, id));
      });
      expect((await cancel!).statusCode).toBe(200);
      const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: "cancelled", sequence: 2 });
      const mail = (await mailsAbout(id)).find(
        (m) => m.recipient === body.email && m.subject.includes("cancelled"),
      );
      const ics = new ICAL.Component(ICAL.parse(mail!.attachments![0]!.content));
      expect(ics.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(2);
    },
    60_000,
  );

  it("refuses a link that is not one", async () => {
    const res = await post("/api/bookings/cancel", { token: "short" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("token: This link is not complete. Open it from the e-mail again.");
  });
});

describe("the console", () => {
  it("saves weekly hours, buffer, notice and horizon (admins only), and the slots follow", async () => {
    const admin = await operatorToken(t().app, "admin");
    const editor = await operatorToken(t().app, "editor");
    const hours = [
      [{ start: "09:00", end: "10:00" }],
      [],
      [],
      [],
      [],
      [],
      [{ start: "20:00", end: "21:00" }],
    ];
    const settings = { hours, buffer_minutes: 0, notice_hours: 1, horizon_days: 10 };
    const put = (token: string, payload: object) =>
      t().app.inject({
        method: "PUT",
        url: "/api/booking_settings",
        payload,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await put(editor, settings)).statusCode).toBe(403);
    const overlap = await put(admin, {
      ...settings,
      hours: [
        [
          { start: "09:00", end: "10:00" },
          { start: "09:30", end: "11:00" },
        ],
        [],
        [],
        [],
        [],
        [],
        [],
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe("hours.0: A day's ranges must not overlap");
    expect((await put(admin, settings)).statusCode).toBe(200);
    const times = new Set(
      (await freeSlots()).map((s) =>
        new Intl.DateTimeFormat("en-GB", {
          timeZone: "Asia/Kolkata",
          weekday: "short",
          hour: "2-digit",
          minute: "2-digit",
        }).format(new Date(s)),
      ),
    );
    expect([...times].sort()).toEqual(
      ["Mon 09:00", "Mon 09:30", "Sun 20:00", "Sun 20:30"].filter((x) => times.has(x)),
    );
    expect(times.size).toBeGreaterThan(0);
  });

  it("lists upcoming calls and cancels one, with the audit and the mails", async () => {
    const admin = await operatorToken(t().app, "admin");
    const [start] = await freeSlots();
    const { id } = (await post("/api/bookings", visitor(start!))).json().data;
    const auth = { authorization: `Bearer ${admin}` };
    const list = await t().app.inject({ method: "GET", url: "/api/bookings", headers: auth });
    expect(list.json().bookings_data.map((b: { id: number }) => b.id)).toContain(id);
    const cancel = await t().app.inject({ method: "POST", url: `/api/bookings/${id}/cancel`, headers: auth });
    expect(cancel.statusCode).toBe(200);
    const after = await t().app.inject({ method: "GET", url: "/api/bookings", headers: auth });
    expect(after.json().bookings_data.map((b: { id: number }) => b.id)).not.toContain(id);
    const cancelled = await t().app.inject({
      method: "GET",
      url: "/api/bookings?status=cancelled",
      headers: auth,
    });
    expect(cancelled.json().bookings_data.map((b: { id: number }) => b.id)).toContain(id);
    expect(await db().$count(mailOutbox, like(mailOutbox.subject, "%cancelled%"))).toBeGreaterThan(0);
  });
});
