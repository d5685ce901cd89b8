import type { Mail } from "../notifications/mailer";
import { plainMail } from "../notifications/plain-mail";
import { formatDateTime } from "#shared/india-time.ts";
import { SITE_NAME } from "#shared/site.ts";
import { fullTimeIn } from "#shared/visitor-time.ts";
import { buildInvitation } from "./ics";

/** What the mails of one booking need to know. */
export interface BookingForMail {
  id: number;
  start: Date;
  end: Date;
  name: string;
  email: string;
  company: string;
  note: string;
  timeZone: string;
  sequence: number;
}

export interface MailContext {
  teamAddress: string;
  /** The reschedule/cancel link (absent once cancelled). */
  manageUrl?: string;
  /** Where the invitation's UID is made unique (the site's host). */
  host: string;
  now: Date;
}

const SUMMARY = `30-minute call with ${SITE_NAME}`;

export const invitationUid = (id: number, host: string) => `booking-${id}@${host}`;

function invitation(b: BookingForMail, ctx: MailContext, method: "REQUEST" | "CANCEL") {
  const content = buildInvitation({
    method,
    uid: invitationUid(b.id, ctx.host),
    sequence: b.sequence,
    start: b.start,
    end: b.end,
    stamp: ctx.now,
    summary: SUMMARY,
    description: [
      `${b.name}${b.company ? ` (${b.company})` : ""} and ${SITE_NAME}.`,
      b.note ? `Note: ${b.note}` : "",
      ctx.manageUrl ? `Reschedule or cancel: ${ctx.manageUrl}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    ...(ctx.manageUrl ? { url: ctx.manageUrl } : {}),
    organizer: { name: SITE_NAME, email: ctx.teamAddress },
    attendees: [{ name: b.name, email: b.email }],
  });
  return [
    {
      filename: method === "CANCEL" ? "cancelled.ics" : "invite.ics",
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content,
    },
  ];
}

const when = (b: BookingForMail) => [
  `When: ${fullTimeIn(b.timeZone, b.start)}`,
  `In India: ${formatDateTime(b.start)}`,
];

/** To the visitor: the invitation, and the link to move or cancel it. Reply reaches the team. */
export function visitorInvitation(b: BookingForMail, ctx: MailContext, rescheduled = false): Mail {
  return {
    to: b.email,
    subject: `${rescheduled ? "Your call was moved" : "Your call is booked"}: ${SITE_NAME}`,
    replyTo: ctx.teamAddress,
    attachments: invitation(b, ctx, "REQUEST"),
    ...plainMail([
      `Dear ${b.name},`,
      `${rescheduled ? "Your 30-minute call has a new time." : `Thank you for booking a 30-minute call with ${SITE_NAME}.`} The invitation is attached; open it to add the call to your calendar.`,
      when(b).join("\n"),
      `To reschedule or cancel, open ${ctx.manageUrl}`,
      `If you did not book this call, cancel it with the link above.`,
      SITE_NAME,
    ]),
  };
}

/** To the team: who booked, when, and what they wrote (as text). Reply reaches the visitor. */
export function teamInvitation(b: BookingForMail, ctx: MailContext, rescheduled = false): Mail {
  return {
    to: ctx.teamAddress,
    replyTo: b.email,
    subject: `${rescheduled ? "Call moved" : "Call booked"}: ${b.name}${b.company ? ` (${b.company})` : ""}, ${formatDateTime(b.start)}`,
    attachments: invitation(b, { ...ctx, manageUrl: undefined }, "REQUEST"),
    text: [
      `When: ${formatDateTime(b.start)} (the visitor's time: ${fullTimeIn(b.timeZone, b.start)})`,
      `Name: ${b.name}`,
      `Company: ${b.company || "-"}`,
      `E-mail: ${b.email}`,
      "",
      b.note || "(no note)",
    ].join("\n"),
  };
}

/** The day before: to the visitor (in their zone) or to the team (in India time). */
export function reminder(b: BookingForMail, ctx: MailContext, to: "visitor" | "team"): Mail {
  if (to === "team")
    return {
      to: ctx.teamAddress,
      replyTo: b.email,
      subject: `Reminder: call with ${b.name} ${formatDateTime(b.start)}`,
      text: [
        `Tomorrow: a 30-minute call with ${b.name}${b.company ? ` (${b.company})` : ""}.`,
        `E-mail: ${b.email}`,
      ].join("\n"),
    };
  return {
    to: b.email,
    replyTo: ctx.teamAddress,
    subject: `Reminder: your call with ${SITE_NAME} tomorrow`,
    ...plainMail([
      `Dear ${b.name},`,
      `This is a reminder of your 30-minute call with ${SITE_NAME}.`,
      when(b).join("\n"),
      `To reschedule or cancel, open ${ctx.manageUrl}`,
      SITE_NAME,
    ]),
  };
}

/** The call is off: the calendar entry is withdrawn (METHOD:CANCEL, same UID, higher SEQUENCE). */
export function cancellation(b: BookingForMail, ctx: MailContext, to: "visitor" | "team"): Mail {
  const attachments = invitation(b, { ...ctx, manageUrl: undefined }, "CANCEL");
  if (to === "team")
    return {
      to: ctx.teamAddress,
      replyTo: b.email,
      subject: `Call cancelled: ${b.name}, ${formatDateTime(b.start)}`,
      attachments,
      text: `The call with ${b.name} (${b.email}) on ${formatDateTime(b.start)} was cancelled.`,
    };
  return {
    to: b.email,
    replyTo: ctx.teamAddress,
    subject: `Your call was cancelled: ${SITE_NAME}`,
    attachments,
    ...plainMail([
      `Dear ${b.name},`,
      `Your 30-minute call on ${fullTimeIn(b.timeZone, b.start)} is cancelled.`,
      `You can book another time whenever you like.`,
      SITE_NAME,
    ]),
  };
}
