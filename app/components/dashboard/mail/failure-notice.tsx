import { X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { useMailFailures } from "#app/lib/dashboard/mail-failures.ts";

const DISMISSED = "console:mail-failures-dismissed";

/**
 * Told to admins on every screen while any message has failed for good; hidden in this browser for the set
 * of failures it was dismissed for, and shown again when another message fails.
 */
export function MailFailureNotice() {
  const { data } = useMailFailures(true);
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED) ?? "");
  if (!data || data.failed === 0 || dismissed === data.failure_set || pathname.startsWith("/dashboard/mail"))
    return null;
  const hide = () => {
    localStorage.setItem(DISMISSED, data.failure_set);
    setDismissed(data.failure_set);
  };
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <p className="flex-1">
        <strong>
          {data.failed === 1 ? "1 e-mail could not be sent." : `${data.failed} e-mails could not be sent.`}
        </strong>{" "}
        <Link to="/dashboard/mail?status=failed" className="font-semibold underline">
          See why in Mail
        </Link>
        .
      </p>
      <button
        type="button"
        onClick={hide}
        className="-m-1 rounded p-1 hover:bg-red-100"
        aria-label="Hide this notice until another e-mail fails"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** The failed count beside "Mail" in the menu. */
export function MailFailureBadge() {
  const { data } = useMailFailures(true);
  if (!data?.failed) return null;
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
      {data.failed}
      <span className="sr-only"> failed</span>
    </span>
  );
}
