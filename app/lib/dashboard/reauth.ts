/**
 * "Confirm it's you": a change of sign-in details that the server answers with `reauth_required` waits here
 * while the console asks for the password (components/dashboard/reauth-dialog.tsx), then is sent again.
 */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let asking: Promise<boolean> | null = null;

/** The dialog registers how to ask; answers the function that unregisters it. */
export function onReauthRequired(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/** True once the operator has confirmed (the session's new token is set); false if they cancelled. */
export function confirmIdentity(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  // Calls refused together wait for one dialog.
  asking ??= asker().finally(() => {
    asking = null;
  });
  return asking;
}
