/**
 * An iCalendar invitation (RFC 5545) for one call: METHOD:REQUEST to invite or update (same UID, higher
 * SEQUENCE), METHOD:CANCEL to withdraw it. Times are in UTC ("Z"), so no VTIMEZONE is needed and every
 * calendar shows the call at the same instant in its own zone.
 */
export interface Invitation {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  url?: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

/** 20261130T083000Z */
export const icsTime = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks; any other control
 * character but a tab is left out (3.1: a content line holds none, and a visitor's note may carry any).
 */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[^\P{Cc}\t]/gu, "");

/** A parameter value (a CN): quoted, with the characters a quoted value cannot hold left out. */
const paramValue = (text: string) => `"${text.replace(/["\p{Cc}]/gu, "")}"`;

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): continuation lines start with one space, and a UTF-8
 * character is never split.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets; a continuation line 74 after its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function buildInvitation(invite: Invitation): string {
  const mailto = (email: string) => `mailto:${email}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//GCC View 360//Book a call//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${invite.method}`,
    "BEGIN:VEVENT",
    `UID:${invite.uid}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${icsTime(invite.stamp)}`,
    `DTSTART:${icsTime(invite.start)}`,
    `DTEND:${icsTime(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    ...(invite.url ? [`URL:${invite.url}`] : []),
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:${mailto(invite.organizer.email)}`,
    ...invite.attendees.map(
      (a) =>
        `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${
          invite.method === "CANCEL" ? "DECLINED" : "NEEDS-ACTION"
        };RSVP=FALSE:${mailto(a.email)}`,
    ),
    `STATUS:${invite.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
