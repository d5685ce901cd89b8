import { describe, expect, it } from "vitest";
import { explainMailError } from "./mail-errors";

describe("explainMailError", () => {
  it.each([
    ["550 550 mailbox unavailable", "address"],
    [
      "Can't send mail - all recipients were rejected: 550 5.1.1 <x@example.com>: Recipient address rejected: User unknown",
      "address",
    ],
    ["Message failed: 553 5.1.3 Invalid address", "address"],
    ["Mailbox unavailable (test server refuses)", "address"],
    ["connect ECONNREFUSED 127.0.0.1:2525", "unreachable"],
    ["getaddrinfo ENOTFOUND smtp.exmaple.com", "unreachable"],
    ["Invalid login: 535-5.7.8 Username and Password not accepted", "auth"],
    ["Mail command failed: 530 5.7.0 Authentication Required", "auth"],
    [
      "Can't send mail - all recipients were rejected: 554 5.7.1 <x@example.com>: Relay access denied",
      "auth",
    ],
    ["421 4.7.0 Try again later, closing connection", "temporary"],
    [
      "Can't send mail - all recipients were rejected: 450 4.2.1 The user you are trying to contact is receiving mail too quickly",
      "temporary",
    ],
    ["Greeting never received", "temporary"],
    ["Connection timeout", "temporary"],
    ["write EPIPE", "temporary"],
    ["552 5.2.2 The email account that you tried to reach is over quota", "mailbox_full"],
    ["554 5.7.1 Message rejected as spam", "refused"],
    ["Message failed: 557 something new", "refused"],
    ["140A0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number", "tls"],
    ["self-signed certificate in certificate chain", "tls"],
    ["something nobody has seen before", "unknown"],
  ])("%s → %s", (raw, kind) => {
    const explained = explainMailError(raw);
    expect(explained?.kind).toBe(kind);
    expect(explained?.summary.length).toBeGreaterThan(20);
    expect(explained?.advice.length).toBeGreaterThan(20);
  });

  // Each rule on its own (a code without words, words without a code) and each code bound on its edge: a rule
  // that only ever matched beside another would not be missed if it went.
  it.each([
    ["535 5.7.8 Username and Password not accepted", "auth", "user name or password"],
    ["534 5.7.9 Application-specific password required", "auth", "user name or password"],
    ["500 relay not permitted", "auth", "relaying denied"],
    ["450 4.7.1 Relay temporarily unavailable", "temporary", "try again later"],
    ["Relay access denied", "unknown", "could not be sent"],
    ["551 User not local; please try <forward@example.com>", "address", "does not exist"],
    ["Recipient <x@example.com> 5.1.1 bad destination mailbox address", "address", "does not exist"],
    ["Recipient <x@example.com> 5.1.4 ambiguous destination", "unknown", "could not be sent"],
    ["552 Message size exceeds fixed maximum message size", "mailbox_full", "mailbox is full"],
    ["Mailbox full", "mailbox_full", "mailbox is full"],
    ["400 try later", "temporary", "try again later"],
    ["499 closing", "temporary", "try again later"],
    ["500 Syntax error, command unrecognised", "refused", "refused the message for good"],
    ["Unexpected reply: 354 Start mail input", "unknown", "could not be sent"],
    ["554 Transaction failed", "refused", "as spam or by its rules"],
    ["Message blocked by policy", "refused", "as spam or by its rules"],
    ["Your message 5.7.1 was not accepted", "refused", "as spam or by its rules"],
    ["Your message 5.7 was not accepted", "unknown", "could not be sent"],
    ["The server said 550", "address", "does not exist"],
    ["The server said 550x", "unknown", "could not be sent"],
  ])("%s → %s (%s)", (raw, kind, words) => {
    const explained = explainMailError(raw);
    expect(explained?.kind).toBe(kind);
    expect(explained?.summary).toContain(words);
  });

  it("says in words that a 550 means the address does not exist, and what to do", () => {
    expect(explainMailError("550 550 mailbox unavailable")).toEqual({
      kind: "address",
      summary:
        "The recipient's mail server says this address does not exist or does not take mail: it was refused for good.",
      advice:
        "Check the address for a typo and correct it where it came from (the operator, enquiry or application). Retry alone fails the same way.",
    });
  });

  it("has nothing to explain without an error", () => {
    expect(explainMailError(null)).toBeNull();
    expect(explainMailError("")).toBeNull();
  });
});
