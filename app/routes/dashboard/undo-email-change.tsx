import { useState } from "react";
import { Link } from "react-router";
import { postPublic, SignedOutCard } from "#app/components/dashboard/signed-out-card.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { MissingLinkCard, ReadingLinkCard } from "#app/components/dashboard/link-token.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { useFragmentToken } from "#app/lib/dashboard/fragment-token.ts";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";

const TITLE = "Undo the change of your e-mail address";

export function meta() {
  return [
    ...consoleMeta(TITLE),
    { name: "robots", content: "noindex, nofollow" },
    // The token is in the fragment, never sent; no referrer either, in case a link on the page is followed.
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The link in the mail to an operator's old address: one button puts that address back, signs every device
 * out and voids the password (whoever changed the address may know it); a link to set a new one follows by
 * mail. Nothing happens on opening the page, so a mail scanner that follows links changes nothing.
 */
export default function UndoEmailChangePage() {
  const token = useFragmentToken();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    setBusy(true);
    setError(null);
    // A link without its token is the server's to refuse, with its own message.
    const result = await postPublic("POST /api/auth/email_change/undo", { token } as { token: string });
    setBusy(false);
    if (result.ok) setDone(result.message);
    else setError(result.errors.token ?? result.message);
  };

  if (token === undefined) return <ReadingLinkCard title={TITLE} />;

  if (done)
    return (
      <SignedOutCard title="Your e-mail address is back">
        <div className="mt-6 space-y-4">
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {done}
          </p>
          <p className="text-sm text-slate-700">
            Open the link in that mail to choose a new password, then sign in. If it does not arrive, use
            &ldquo;Forgot password?&rdquo; on the sign-in page.
          </p>
          <Link to="/dashboard/login" className="btn-secondary inline-block">
            Go to sign-in
          </Link>
        </div>
      </SignedOutCard>
    );

  if (!token)
    return (
      <MissingLinkCard title={TITLE}>
        <FormAlert>
          This page needs the link from the e-mail about the change of your address. Open the link from the
          e-mail again.
        </FormAlert>
      </MissingLinkCard>
    );

  return (
    <SignedOutCard title={TITLE}>
      <div className="mt-6 space-y-4">
        <p className="text-sm text-slate-700">
          If you did not change the e-mail address of your console account, undo it here. This puts your
          address back, signs every device out of your account and stops the current password from working:
          someone who could change your address may know it. We then mail you a link to set a new password.
        </p>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <button type="button" className="btn-primary w-full" onClick={() => void undo()} disabled={busy}>
          {busy ? <Spinner label="Undoing…" /> : "Undo the change"}
        </button>
      </div>
    </SignedOutCard>
  );
}
