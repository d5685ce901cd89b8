import { createHash, randomBytes } from "node:crypto";
import type { Database } from "#db/client.ts";
import { emailChangeUndo } from "#db/schema/index.ts";
import { EMAIL_UNDO_DAYS } from "#schemas/password-reset.ts";
import type { SecurityNotices } from "./security-mail";
import { voidResetLinksIn } from "./sessions";

export const emailUndoTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The console page the undo link opens; the token rides in the fragment, so it never reaches a server log. */
export const emailUndoLink = (baseUrl: string, token: string) =>
  `${baseUrl}/dashboard/undo-email-change#token=${token}`;

/**
 * What follows a change of an operator's e-mail address, in the transaction that made it: the reset links
 * sent to the old address are void, and the old address is told. When the operator changed it themselves
 * (a stolen session, perhaps), the mail carries a link that puts the old address back for EMAIL_UNDO_DAYS;
 * an admin's change (`by`) is only reported.
 */
export async function noteEmailChangeIn(
  tx: Database,
  notices: SecurityNotices | undefined,
  before: { id: number; username: string; email: string | null },
  newEmail: string | null,
  change: { ip: string; by?: string },
) {
  await voidResetLinksIn(tx, before.id);
  if (!before.email || !notices) return;
  let undoLink: string | undefined;
  if (!change.by) {
    const token = randomBytes(32).toString("base64url");
    await tx.insert(emailChangeUndo).values({
      operatorId: before.id,
      tokenHash: emailUndoTokenHash(token),
      restoreEmail: before.email,
      expiresAt: new Date(Date.now() + EMAIL_UNDO_DAYS * 86_400_000),
    });
    undoLink = emailUndoLink(notices.base, token);
  }
  await notices.emailChanged(tx, before, { newEmail, ip: change.ip, by: change.by, undoLink });
}
