import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildInvitation, escapeText, foldLine, type Invitation } from "./ics";

const invite: Invitation = {
  method: "REQUEST",
  uid: "booking-7@www.example.com",
  sequence: 0,
  // Monday 30 Nov 2026, 18:30-19:00 IST.
  start: new Date("2026-11-30T13:00:00Z"),
  end: new Date("2026-11-30T13:30:00Z"),
  stamp: new Date("2026-11-29T10:11:12Z"),
  summary: "30-minute call with GCC View 360",
  description:
    "Asha Verma (Northwind; Retail, Ltd) and GCC View 360.\nNote: a 50-person centre in Pune — नमस्ते, plans for 2027 \\ more text to fold the line",
  url: "https://www.example.com/book-a-call/manage/abc",
  organizer: { name: "GCC View 360", email: "info@example.com" },
  attendees: [{ name: 'Asha "A" Verma', email: "asha@example.com" }],
};

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

describe("the .ics invitation", () => {
  const text = buildInvitation(invite);

  it("is a METHOD:REQUEST calendar with CRLF lines of at most 75 octets", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    const event = calendar.getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("uid")).toBe("booking-7@www.example.com");
    expect(event.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-11-29T10:11:12Z");
    expect(event.getFirstPropertyValue("organizer")).toBe("mailto:info@example.com");
    expect(event.getFirstPropertyValue("attendee")).toBe("mailto:asha@example.com");
    expect(event.getFirstProperty("attendee")!.getParameter("cn")).toBe("A Verma".replace("A", "Asha A"));
  });

  it("unfolds and unescapes to the exact description", () => {
    const event = parse(text).getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("description")).toBe(invite.description);
    expect(event.getFirstPropertyValue("summary")).toBe(invite.summary);
  });

  it.each([
    ["Asia/Kolkata", "2026-11-30T18:30:00", "2026-11-30T19:00:00"],
    ["Europe/London", "2026-11-30T13:00:00", "2026-11-30T13:30:00"],
    ["America/New_York", "2026-11-30T08:00:00", "2026-11-30T08:30:00"],
  ])("gives the call's instant in %s", (zone, start, end) => {
    const event = new ICAL.Event(parse(text).getFirstSubcomponent("vevent")!);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-11-30T13:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-11-30T13:30:00.000Z");
    const local = (moment: Date) =>
      new Intl.DateTimeFormat("sv-SE", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .format(moment)
        .replace(" ", "T");
    expect(local(event.startDate.toJSDate())).toBe(start);
    expect(local(event.endDate.toJSDate())).toBe(end);
  });

  it("withdraws the call with METHOD:CANCEL, the same UID and a higher SEQUENCE", () => {
    const calendar = parse(buildInvitation({ ...invite, method: "CANCEL", sequence: 2 }));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const event = calendar.getFirstSubcomponent("vevent")!;
    expect(event.getFirstPropertyValue("uid")).toBe(invite.uid);
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

describe("text and lines", () => {
  it("keeps a visitor's note from adding lines, properties or control characters to the file", () => {
    const note =
      "a\r\nATTENDEE:mailto:x@evil.example\rEND:VEVENT\u000bb\u001b[31mc\u007fd\u0085e\u2028f;,\\\tg";
    const name = 'Eve "x";ROLE=CHAIR:mailto:a@evil.example\u0007';
    const text = buildInvitation({
      ...invite,
      description: note,
      attendees: [{ name, email: "eve@example.com" }],
    });
    // RFC 5545 3.1: a content line holds no control character but HTAB; lines end with CRLF only.
    const controls = (line: string) => [...line].filter((c) => /\p{Cc}/u.test(c) && c !== "\t");
    for (const line of text.split("\r\n")) expect(controls(line)).toEqual([]);
    const event = parse(text).getFirstSubcomponent("vevent")!;
    expect(event.getAllProperties("attendee")).toHaveLength(1);
    expect(event.getFirstPropertyValue("attendee")).toBe("mailto:eve@example.com");
    expect(event.getFirstProperty("attendee")!.getParameter("cn")).toBe(
      "Eve x;ROLE=CHAIR:mailto:a@evil.example",
    );
    expect(event.getAllProperties().map((p) => p.name)).toEqual(
      parse(buildInvitation(invite))
        .getFirstSubcomponent("vevent")!
        .getAllProperties()
        .map((p) => p.name),
    );
    expect(event.getFirstPropertyValue("description")).toBe(
      "a\nATTENDEE:mailto:x@evil.example\nEND:VEVENTb[31mcde\u2028f;,\\\tg",
    );
  });

  it("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `DESCRIPTION:${"न".repeat(60)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
  });
});
