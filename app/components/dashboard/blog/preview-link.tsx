import { Link2, Link2Off } from "lucide-react";
import { useState } from "react";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import type { BlogPreviewLink } from "#schemas/blog.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { rowActionClass } from "../row-actions";

/**
 * A row's Preview for a post not yet public: opens it in a new tab through a fresh signed preview link (a new
 * link voids the ones made before, as "New preview link" does).
 */
export function PreviewRowButton({ postId, heading }: { postId: number; heading: string }) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    // Opened now, while the click still counts as the operator's: a tab opened after the request is blocked.
    const tab = window.open("", "_blank");
    setBusy(true);
    try {
      const made = (await call("POST /api/blog/:id/preview_link", { params: { id: postId } })).data;
      if (tab) {
        tab.opener = null;
        tab.location.href = made.url;
      } else window.location.assign(made.url);
    } catch (error) {
      tab?.close();
      toast.error(error instanceof Error ? error.message : "Could not make a preview link");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={rowActionClass} onClick={open} disabled={busy}>
      Preview<span className="sr-only"> {heading} (opens in a new tab)</span>
    </button>
  );
}

/**
 * Preview links of this post: "New preview link" makes a signed link that works without signing in for 7 days
 * (voiding the ones made before), copies it and shows it; "Revoke links" voids every link made so far.
 */
export function PreviewLink({ postId }: { postId: number }) {
  const [link, setLink] = useState<BlogPreviewLink | null>(null);
  const [busy, setBusy] = useState<"make" | "revoke" | null>(null);
  const make = async () => {
    setBusy("make");
    try {
      const made = (await call("POST /api/blog/:id/preview_link", { params: { id: postId } })).data;
      setLink(made);
      try {
        await navigator.clipboard.writeText(made.url);
        toast.success(
          `Preview link copied. It works until ${formatDateTime(made.expires_at)}; earlier links no longer do.`,
        );
      } catch {
        toast.success(
          "Preview link ready: copy it from the field below the buttons. Earlier links no longer work.",
        );
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not make a preview link");
    } finally {
      setBusy(null);
    }
  };
  const revoke = async () => {
    setBusy("revoke");
    try {
      const { message } = await call("DELETE /api/blog/:id/preview_link", { params: { id: postId } });
      setLink(null);
      toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not revoke the preview links");
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex w-full flex-col items-stretch gap-2 sm:w-auto sm:items-end">
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <button type="button" className="btn-secondary" onClick={make} disabled={busy !== null}>
          {busy === "make" ? <Spinner /> : <Link2 aria-hidden="true" className="size-4" />} New preview link
        </button>
        <button type="button" className="btn-secondary" onClick={revoke} disabled={busy !== null}>
          {busy === "revoke" ? <Spinner /> : <Link2Off aria-hidden="true" className="size-4" />} Revoke links
        </button>
      </div>
      {link ? (
        <label className="text-xs text-slate-600">
          Preview link (anyone with it can read this post until {formatDateTime(link.expires_at)}, unless it
          is revoked)
          <input
            readOnly
            value={link.url}
            onFocus={(e) => e.target.select()}
            className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1 text-sm text-slate-800 sm:w-80"
          />
        </label>
      ) : null}
    </div>
  );
}
