import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactRequests } from "../../db/schema/index";
import { createTestApp, type TestApp } from "../../tests/support/app";

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
      expect((await post(valid, limited.app, "10.9.9.9")).statusCode).toBe(201);
      expect((await post(valid, limited.app, "10.9.9.9")).statusCode).toBe(201);
      const res = await post(valid, limited.app, "10.9.9.9");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ minute\(s\) and try again\.$/);
      expect((await post(valid, limited.app, "10.9.9.10")).statusCode).toBe(201);
      expect(await limited.app.database.db.$count(contactRequests)).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
