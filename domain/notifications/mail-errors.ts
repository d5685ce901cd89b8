import type { MailErrorExplained } from "#schemas/mail.ts";

/**
 * What a failed attempt's error means to an admin who is not a mail administrator, and what to do about it:
 * the raw text (the mail server's words, or the connection's error) stays beside it for whoever is.
 * The first rule that matches wins, so connection and sign-in problems come before the reply codes.
 */
interface Rule {
  test: (raw: string, code: number | null) => boolean;
  explained: MailErrorExplained;
}

const RETRY_LATER =
  "Nothing to fix here: the outbox tries again by itself a few times. Retry sends it again at once.";

const rules: Rule[] = [
  {
    test: (raw) => /ECONNREFUSED/.test(raw),
    explained: {
      kind: "unreachable",
      summary: "The SMTP server is unreachable: nothing answered at its address and port.",
      advice:
        "Check the host and port in the SMTP_URL setting and that the mail server is running, then Retry.",
    },
  },
  {
    test: (raw) => /ENOTFOUND|EAI_AGAIN|getaddrinfo/.test(raw),
    explained: {
      kind: "unreachable",
      summary: "The SMTP server's name could not be found.",
      advice: "Check the host name in the SMTP_URL setting for a typo, then Retry.",
    },
  },
  {
    test: (raw) => /certificate|wrong version number|\bTLS\b|\bSSL\b/i.test(raw),
    explained: {
      kind: "tls",
      summary: "A secure connection to the SMTP server could not be set up.",
      advice:
        "Check the port and the scheme in SMTP_URL (smtps:// for port 465, smtp:// for 587 or 25), then Retry.",
    },
  },
  {
    test: (raw) =>
      /ETIMEDOUT|ECONNRESET|ESOCKET|EPIPE|timeout|timed out|Greeting never received|socket hang up|Connection closed/i.test(
        raw,
      ),
    explained: {
      kind: "temporary",
      summary: "The connection to the SMTP server timed out or was cut off.",
      advice: `Usually passing. ${RETRY_LATER} If it keeps happening, check that this server may reach the mail server (firewall, port).`,
    },
  },
  {
    test: (raw, code) => /Invalid login|EAUTH|authenticat/i.test(raw) || code === 535 || code === 534,
    explained: {
      kind: "auth",
      summary: "The SMTP server refused the console's user name or password.",
      advice:
        "Check the user and password in the SMTP_URL setting (many providers want an app password), then Retry.",
    },
  },
  {
    test: (raw, code) => code !== null && code >= 500 && /relay/i.test(raw),
    explained: {
      kind: "auth",
      summary: "The SMTP server will not pass this message on for the console (relaying denied).",
      advice:
        "The console must sign in to the mail server, or send from an address it accepts: check SMTP_URL and MAIL_FROM, then Retry.",
    },
  },
  {
    test: (raw, code) =>
      (code !== null && [550, 551, 553].includes(code)) ||
      /\b5\.1\.[0-3]\b|mailbox unavailable|user unknown|no such user|does not exist/i.test(raw),
    explained: {
      kind: "address",
      summary:
        "The recipient's mail server says this address does not exist or does not take mail: it was refused for good.",
      advice:
        "Check the address for a typo and correct it where it came from (the operator, enquiry or application). Retry alone fails the same way.",
    },
  },
  {
    test: (raw, code) => code === 552 || /\b5\.2\.2\b|mailbox full|quota/i.test(raw),
    explained: {
      kind: "mailbox_full",
      summary: "The recipient's mailbox is full, or the message is larger than it accepts.",
      advice: "Reach the recipient another way and ask them to make room, then Retry.",
    },
  },
  {
    test: (_raw, code) => code !== null && code >= 400 && code < 500,
    explained: {
      kind: "temporary",
      summary: "The mail server is busy or asked to try again later (a temporary refusal).",
      advice: RETRY_LATER,
    },
  },
  {
    test: (raw, code) => code === 554 || /\b5\.7\.\d\b|spam|blocked|policy|rejected/i.test(raw),
    explained: {
      kind: "refused",
      summary: "The recipient's mail server refused the message, as spam or by its rules.",
      advice:
        "Ask your mail provider why, and check that the sending domain's SPF and DKIM records are set. Retry only after that.",
    },
  },
  {
    test: (_raw, code) => code !== null && code >= 500,
    explained: {
      kind: "refused",
      summary: "The mail server refused the message for good.",
      advice: "Its own words are below: pass them to whoever runs your mail, then Retry.",
    },
  },
];

const FALLBACK: MailErrorExplained = {
  kind: "unknown",
  summary: "The message could not be sent.",
  advice: "The error is below as the server gave it: pass it to whoever runs your mail, then Retry.",
};

/** The first SMTP reply code in the text ("550 5.1.1 …", "Invalid login: 535 …"), if any. */
function replyCode(raw: string): number | null {
  const match = /(?:^|[\s:;(])([2-5]\d\d)(?=[\s\-.]|$)/.exec(raw);
  return match ? Number(match[1]) : null;
}

/** The explanation of a failed attempt's error; null when there is no error. */
export function explainMailError(raw: string | null | undefined): MailErrorExplained | null {
  if (!raw) return null;
  const code = replyCode(raw);
  return rules.find((rule) => rule.test(raw, code))?.explained ?? FALLBACK;
}
