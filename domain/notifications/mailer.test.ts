import { describe, expect, it, vi } from "vitest";
import { createMailer } from "./mailer";

describe("the mailer without SMTP_URL", () => {
  it("writes the recipient and subject to the log instead, and says it only logged the message", async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createMailer(undefined, "site@example.com", log);
    const outcome = await mailer.send({ to: "team@example.com", subject: "Hello", text: "Body" });
    expect(outcome).toBe("logged");
    expect(log.info.mock.calls).toEqual([
      [{ to: "team@example.com", subject: "Hello" }, "e-mail not sent (SMTP_URL is not set)"],
    ]);
  });
});
