import { describe, expect, it } from "vitest";
import { containsLink, digestMail } from "./comment-moderation";

describe("containsLink", () => {
  it.each([
    "Cheap Pills http://spam.example",
    "see https://x.io/buy",
    "visit www.cheap-pills",
    "cheap-pills.com today",
    "ftp://files",
  ])("holds %s", (text) => expect(containsLink(text)).toBe(true));

  it.each([
    "Node.js and React work well, e.g. for dashboards.",
    "The 30-60-100 split works.",
    "St. John and J. R. agree.",
    "बहुत उपयोगी लेख।",
  ])("lets %s through", (text) => expect(containsLink(text)).toBe(false));
});

describe("digestMail", () => {
  it("counts what arrived and what waits, lists the first (held ones marked, each on one short line), links the queue", () => {
    const mail = digestMail(
      [
        {
          id: 1,
          name: "Asha",
          comment: "Good.\nVery good.",
          status: "published",
          createdAt: new Date(0),
          heading: "Post",
        },
        {
          id: 2,
          name: "Spam",
          comment: `x${"y".repeat(300)}`,
          status: "held",
          createdAt: new Date(0),
          heading: "Post",
        },
      ],
      { all: 3, held: 2 },
      "https://gcc.example",
    );
    expect(mail.subject).toBe("GCC View 360 comments: 3 new, 2 awaiting moderation");
    // The ones not listed are counted.
    expect(mail.text).toContain("…and 1 more.");
    expect(mail.text).toContain('Asha on "Post"');
    expect(mail.text).toContain("  Good. Very good.");
    expect(mail.text).toContain('[Awaiting moderation] Spam on "Post"');
    expect(mail.text).toContain(`x${"y".repeat(198)}…`);
    expect(mail.text).toContain("Moderation queue: https://gcc.example/dashboard/comments?status=held");
  });
});
