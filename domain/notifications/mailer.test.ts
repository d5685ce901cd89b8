import nodemailer from "nodemailer";
import { describe, expect, it, vi } from "vitest";
import { createMailer } from "./mailer";

vi.mock("nodemailer", () => {
  const sendMail = vi.fn(async () => ({}));
  return { default: { createTransport: vi.fn(() => ({ sendMail })) } };
});

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

describe("the mailer with SMTP_URL", () => {
  it("sends from the site's address, and gives up on a hung server within its time limits", async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const mailer = createMailer("smtp://mail.example.com:25", "site@example.com", log);
    const mail = { to: "team@example.com", subject: "Hello", text: "Body", replyTo: "asha@example.com" };
    expect(await mailer.send(mail)).toBe("sent");
    expect(nodemailer.createTransport).toHaveBeenCalledWith({
      url: "smtp://mail.example.com:25",
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const transport = vi.mocked(nodemailer.createTransport).mock.results[0]!.value;
    expect(transport.sendMail).toHaveBeenCalledWith({ from: "site@example.com", ...mail });
    expect(log.info).not.toHaveBeenCalled();
  });
});
