import type { Database } from "#db/client.ts";
import { EMAIL_UNDO_DAYS } from "#schemas/password-reset.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { enqueueMail } from "../notifications/outbox";

/** Who a security notice goes to: the account, at an address (none: nothing is sent). */
export interface Recipient {
  username: string;
  email: string | null;
}

const SIGNATURE = [
  "",
  "-- ",
  "GCC View 360 console. This is an automatic security notice; replies are not read.",
];

/**
 * Plain-text notices of every change to how an operator signs in, queued in the mail outbox in the
 * transaction of the change (both are stored, or neither). `prepare` reads the site's address first: a
 * query outside the transaction must not wait on it.
 */
export function createSecurityMail(publicAddress: { url(): Promise<string> }) {
  return {
    async prepare() {
      const base = await publicAddress.url();
      const when = formatDateTime(new Date());
      const forgot = `${base}/dashboard/forgot-password`;
      const notYou = [
        "",
        `If this was not you, someone else has your password: set a new one with "Forgot password?" at ${forgot} and tell an administrator.`,
      ];
      const send = async (tx: Database, to: Recipient, subject: string, lines: string[]) => {
        if (!to.email) return;
        const text = [`Hello ${to.username},`, "", ...lines, ...SIGNATURE].join("\n");
        await enqueueMail(tx, { to: to.email, subject, text });
      };
      const account = (to: Recipient) => `your console account "${to.username}" at ${base}`;

      return {
        /** The site's public address, for links. */
        base,
        /** To the old address; `undoLink` when the operator changed it themselves, `by` when an admin did. */
        emailChanged: (
          tx: Database,
          to: Recipient,
          change: { newEmail: string | null; ip: string; by?: string; undoLink?: string },
        ) =>
          send(tx, to, "Your console e-mail address was changed", [
            `The e-mail address of ${account(to)} was changed on ${when}, ${change.by ? `by the administrator "${change.by}"` : `from the address ${change.ip}`}.`,
            "",
            `Old address: ${to.email}`,
            `New address: ${change.newEmail ?? "none"}`,
            "",
            "Mail about the account, such as a link to reset its password, now goes to the new address.",
            "",
            ...(change.undoLink
              ? [
                  `If you did not make this change, undo it within ${EMAIL_UNDO_DAYS} days with the link below. It puts this address back, signs every device out and stops the current password from working; a link to set a new password then comes to this address.`,
                  change.undoLink,
                ]
              : ["If you did not expect this change, ask an administrator about it."]),
          ]),

        passwordChanged: (tx: Database, to: Recipient, ip: string) =>
          send(tx, to, "Your console password was changed", [
            `The password of ${account(to)} was changed on ${when}, from the address ${ip}. Your other devices were signed out.`,
            ...notYou,
          ]),

        passwordReset: (tx: Database, to: Recipient, ip: string) =>
          send(tx, to, "Your console password was reset", [
            `The password of ${account(to)} was set with a reset link sent to this address, on ${when}, from the address ${ip}. Every device signed in to the account was signed out.`,
            ...notYou,
          ]),

        passwordSetByAdmin: (tx: Database, to: Recipient, by: string) =>
          send(tx, to, "An administrator set a new password for your console account", [
            `The administrator "${by}" set a new password for ${account(to)} on ${when}. Every device signed in to the account was signed out.`,
            "",
            "Ask them for the new password, and change it under Your account once you have signed in. If you did not expect this, tell another administrator.",
          ]),

        twoFactorOn: (tx: Database, to: Recipient, ip: string) =>
          send(tx, to, "Two-factor sign-in is on for your console account", [
            `Two-factor sign-in was turned on for ${account(to)} on ${when}, from the address ${ip}. Each sign-in now asks for a code from an authenticator app. Keep the recovery codes somewhere safe.`,
            ...notYou,
          ]),

        twoFactorOff: (tx: Database, to: Recipient, change: { ip: string; by?: string }) =>
          send(tx, to, "Two-factor sign-in was turned off for your console account", [
            change.by
              ? `The administrator "${change.by}" reset two-factor sign-in of ${account(to)} on ${when}, and every device signed in to it was signed out. You can set it up again under Your account; if your role requires it, the console asks you to at your next sign-in.`
              : `Two-factor sign-in was turned off for ${account(to)} on ${when}, from the address ${change.ip}. The password alone signs in to it now.`,
            ...notYou,
          ]),

        recoveryCodeUsed: (tx: Database, to: Recipient, change: { ip: string; left: number }) =>
          send(tx, to, "A recovery code was used to sign in to your console account", [
            `A recovery code was used instead of a code from the authenticator app to sign in to ${account(to)} on ${when}, from the address ${change.ip}. ${change.left} recovery code${change.left === 1 ? "" : "s"} left; make new ones under Your account before they run out.`,
            ...notYou,
          ]),

        twoFactorLocked: (tx: Database, to: Recipient, change: { ip: string; failures: number }) =>
          send(tx, to, "Two-factor sign-in to your console account is locked", [
            `After ${change.failures} wrong codes in a row (the last on ${when}, from the address ${change.ip}), codes from the authenticator app no longer sign in to ${account(to)}. Whoever entered them knew the password.`,
            "",
            "To get back in:",
            "- sign in with one of your recovery codes, or",
            `- set a new password with "Forgot password?" at ${forgot}; this also unlocks two-factor sign-in, or`,
            "- ask an administrator to reset your two-factor sign-in.",
            "",
            "If it was not you who entered the codes, set a new password in any case.",
          ]),
      };
    },
  };
}

export type SecurityMail = ReturnType<typeof createSecurityMail>;
export type SecurityNotices = Awaited<ReturnType<SecurityMail["prepare"]>>;
