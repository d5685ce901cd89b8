import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactRequests } from "#db/schema/index.ts";
import { createTestApp, type TestApp } from "#tests/support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.database.db.delete(contactRequests);
});

const valid = {
  first_name: "Asha",
  last_name: "Verma",
  organization: "Northwind Retail",
  email: "asha.verma@example.com",
  phone: "+91 98765 43210",
  location: "London",
  message: "We are planning a 50-person engineering centre in Pune next year.",
  privacy_consent: true,
};

const post = (payload: unknown, app = t.app, ip = "10.0.0.1") =>
  app.inject({ method: "POST", url: "/api/contact_requests", payload: payload as object, remoteAddress: ip });
const stored = () => t.app.database.db.select().from(contactRequests);

describe("POST /api/contact_requests", () => {
  it("stores a valid enquiry and answers 201", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Asha", email: "asha.verma@example.com", status: "new" });
  });

  it("accepts an enquiry without the optional phone and organization", async () => {
    const { phone: _p, organization: _o, ...rest } = valid;
    expect((await post(rest)).statusCode).toBe(201);
  });

  it.each([
    ["first_name", { first_name: "  " }, "first_name: Enter your first name"],
    ["last_name", { last_name: "" }, "last_name: Enter your last name"],
    ["email", { email: "not-an-email" }, "email: Enter a valid official e-mail address"],
    ["message", { message: "" }, "message: Tell us how we can help"],
    [
      "privacy_consent",
      { privacy_consent: false },
      "privacy_consent: Please accept the privacy policy to continue",
    ],
    ["phone", { phone: "call me" }, "phone: Enter a phone number of 7-20 digits"],
    ["message length", { message: "x".repeat(5001) }, "message: Message must be at most 5,000 characters"],
    // Names go into the subject of the team's mail: one line, no link.
    [
      "first_name with a link",
      { first_name: "Claim at https://evil.example" },
      "first_name: Write your first name only: one line, without web or e-mail addresses",
    ],
    [
      "last_name on two lines",
      { last_name: "Verma\nBcc: all@example.com" },
      "last_name: Write your last name only: one line, without web or e-mail addresses",
    ],
    // A right-to-left override reverses what follows it: "Asha\u202Eetorw" shows as "Ashawrote" in the
    // team's subject and in the "… wrote:" line that quotes the enquiry in a reply.
    [
      "first_name with a bidi override",
      { first_name: "Asha\u202Eetorw" },
      "first_name: Write your first name only: one line, without web or e-mail addresses",
    ],
    [
      "last_name with a bidi isolate",
      { last_name: "Verma\u2067" },
      "last_name: Write your last name only: one line, without web or e-mail addresses",
    ],
  ])("rejects a bad %s with a field message and stores nothing", async (_name, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it("rejects a filled honeypot and stores nothing", async () => {
    const res = await post({ ...valid, url_hp: "http://spam.example" });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toHaveLength(0);
  });

  it("stores markup as typed text", async () => {
    await post({ ...valid, message: "<img src=x onerror=alert(1)>" });
    expect((await stored())[0]?.message).toBe("<img src=x onerror=alert(1)>");
  });

  it("limits each IP and says when to try again", async () => {
    const limited = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "2" });
    try {
      const nth = (n: number) => ({ ...valid, message: `${valid.message} (${n})` });
      expect((await post(nth(1), limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await post(nth(2), limited.app, "10.9.9.9")).statusCode).toBe(201);
      const res = await post(nth(3), limited.app, "10.9.9.9");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/);
      expect((await post(nth(4), limited.app, "10.9.9.10")).statusCode).toBe(201);
      expect(await limited.app.database.db.$count(contactRequests)).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe("a visitor who mistypes", () => {
  it("is not locked out: refused enquiries count only against a higher bound than accepted ones", async () => {
    const limited = await createTestApp({ PUBLIC_FORM_RATE_LIMIT: "2" });
    try {
      const typo = { ...valid, email: "asha.verma@" };
      for (let i = 0; i < 5; i++) expect((await post(typo, limited.app, "10.9.9.9")).statusCode).toBe(400);
      const nth = (n: number) => ({ ...valid, message: `${valid.message} (${n})` });
      expect((await post(nth(1), limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await post(nth(2), limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await post(nth(3), limited.app, "10.9.9.9")).statusCode).toBe(429);
      // Every attempt is bounded too: 2 × ATTEMPTS_PER_ACCEPTED = 8 were allowed, the ninth is refused unread.
      expect((await post(typo, limited.app, "10.9.9.9")).statusCode).toBe(429);
      expect(await limited.app.database.db.$count(contactRequests)).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe("repeated enquiries", () => {
  const REPEAT =
    "We already received this message from you a moment ago, so there is no need to send it again.";

  it("refuses the same message from the same address within a minute, and stores it once", async () => {
    expect((await post(valid)).statusCode).toBe(201);
    const again = await post({ ...valid, email: "Asha.Verma@EXAMPLE.com" }, t.app, "10.0.0.2");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: REPEAT });
    expect(await stored()).toHaveLength(1);
    // A different message, or the same words from someone else, is a new enquiry.
    expect((await post({ ...valid, message: "And a second question." })).statusCode).toBe(201);
    expect((await post({ ...valid, email: "colleague@example.com" })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(3);
  });

  it("stores one of two identical enquiries sent at the same moment (a double click)", async () => {
    const answers = await Promise.all([post(valid), post(valid), post(valid)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await stored()).toHaveLength(1);
  });

  it("accepts the same message again once a minute has passed", async () => {
    expect((await post(valid)).statusCode).toBe(201);
    await t.app.database.db.update(contactRequests).set({ createdAt: new Date(Date.now() - 61_000) });
    expect((await post(valid)).statusCode).toBe(201);
    expect(await stored()).toHaveLength(2);
  });
});

describe("enquiry inbox API", () => {
  let token = "";
  beforeAll(async () => {
    await t.app.services.operators.create({
      username: "inbox-editor",
      password: "inbox-password-01",
      role: "editor",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "inbox-editor", password: "inbox-password-01" },
    });
    token = res.json().access_token;
  });
  const call = (method: "GET" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  async function seed() {
    for (const [i, org] of ["Acme Corp", "Globex", "Initech"].entries()) {
      await post({ ...valid, first_name: `Person${i}`, organization: org, email: `p${i}@example.com` });
    }
  }

  it("lists newest first with the total, searches and filters by status", async () => {
    await seed();
    const all = (await call("GET", "/api/contact_requests")).json();
    expect(all.total_no_of_data).toBe(3);
    expect(all.contact_requests_data.map((e: { organization: string }) => e.organization)).toEqual([
      "Initech",
      "Globex",
      "Acme Corp",
    ]);
    const found = (await call("GET", "/api/contact_requests?search=globex")).json();
    expect(found.total_no_of_data).toBe(1);
    const id = found.contact_requests_data[0].id;
    const patched = await call("PATCH", `/api/contact_requests/${id}`, {
      status: "contacted",
      notes: "Called on Monday",
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ status: "contacted", notes: "Called on Monday" });
    const contacted = (await call("GET", "/api/contact_requests?status=contacted")).json();
    expect(contacted.contact_requests_data.map((e: { id: number }) => e.id)).toEqual([id]);
  });

  it("pages with the allowed sizes only", async () => {
    await seed();
    expect(
      (await call("GET", "/api/contact_requests?page=2&page_size=10")).json().contact_requests_data,
    ).toEqual([]);
    for (const bad of [
      "page=0",
      "page=-1",
      "page=abc",
      "page_size=15",
      "page_size=1000",
      "status=open",
      "sort=1;drop",
    ]) {
      const res = await call("GET", `/api/contact_requests?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^(page|page_size|status|sort)/);
    }
  });

  it("treats SQL-looking and wildcard search text as plain text", async () => {
    await seed();
    for (const search of ["' or 1=1 --", "%", "_", "\\"]) {
      const res = await call("GET", `/api/contact_requests?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total_no_of_data).toBe(0);
    }
  });

  it("rejects unknown fields and bad statuses on edit, changing nothing", async () => {
    await seed();
    const [first] = (await call("GET", "/api/contact_requests")).json().contact_requests_data;
    for (const body of [
      { status: "archived" },
      { email: "x@example.com" },
      { id: 99 },
      { created_at: "2020-01-01" },
      // Found by the fuzzer: an empty change answered 500.
      {},
    ]) {
      expect((await call("PATCH", `/api/contact_requests/${first.id}`, body)).statusCode).toBe(400);
    }
    const again = (await call("GET", "/api/contact_requests")).json().contact_requests_data[0];
    expect(again).toEqual(first);
  });

  it("validates ids strictly and answers 404 for unknown ones", async () => {
    expect((await call("PATCH", "/api/contact_requests/12abc", { status: "closed" })).statusCode).toBe(400);
    expect((await call("DELETE", "/api/contact_requests/999999")).statusCode).toBe(404);
  });

  it("deletes and records who did it in the audit log", async () => {
    await seed();
    const [first] = (await call("GET", "/api/contact_requests")).json().contact_requests_data;
    expect((await call("DELETE", `/api/contact_requests/${first.id}`)).statusCode).toBe(200);
    expect((await call("GET", "/api/contact_requests")).json().total_no_of_data).toBe(2);
    const { rows } = await t.app.services.audit.list({ page: 1, page_size: 10, search: "" });
    expect(rows[0]).toMatchObject({
      operatorName: "inbox-editor",
      action: "delete",
      entity: "enquiry",
      entityId: String(first.id),
    });
  });

  it("exports exactly the filtered rows as CSV", async () => {
    await seed();
    const res = await call("GET", "/api/contact_requests/export.csv?search=acme");
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Received \(IST\),First name,Last name,Organization/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Acme Corp");
  });

  it("dates the CSV file by the India date, which is a day ahead of UTC from 00:00 to 05:30 IST", async () => {
    await seed();
    // 20:00 UTC is 01:30 IST the next day; the latest such moment before now, so the token is signed in it.
    const day = 86_400_000;
    const at = Math.floor((Date.now() - 20 * 3_600_000) / day) * day + 20 * 3_600_000;
    vi.useFakeTimers({ toFake: ["Date"], now: at });
    try {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "inbox-editor", password: "inbox-password-01" },
      });
      const res = await t.app.inject({
        method: "GET",
        url: "/api/contact_requests/export.csv",
        headers: { authorization: `Bearer ${login.json().access_token}` },
      });
      const indiaDate = new Date(at + day).toISOString().slice(0, 10);
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="enquiries-${indiaDate}.csv"`);
    } finally {
      vi.useRealTimers();
    }
  });
});
