import { X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useSiteSettings } from "#app/lib/dashboard/site-settings.ts";

const ADDRESS_NOTICE_HIDDEN = "console:public-address-notice-hidden";

/** Shown to admins while neither PUBLIC_BASE_URL nor the Site settings field gives the public address. */
export function PublicAddressWarning() {
  const { data } = useSiteSettings();
  // Hidden in this browser once dismissed: on a phone it took a fifth of every screen.
  const [hidden, setHidden] = useState(() => localStorage.getItem(ADDRESS_NOTICE_HIDDEN) === "1");
  if (hidden || data?.public_address.source !== "default") return null;
  const hide = () => {
    localStorage.setItem(ADDRESS_NOTICE_HIDDEN, "1");
    setHidden(true);
  };
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="flex-1">
        <strong>The public address of the site is not set.</strong>{" "}
        <span className="max-sm:sr-only">
          Canonical tags, the sitemap, the RSS feed and share links point at {data.public_address.url}.
        </span>{" "}
        <Link to="/dashboard/settings" className="font-semibold underline">
          Set it in Site settings
        </Link>
        .
      </p>
      <button
        type="button"
        onClick={hide}
        className="-m-1 rounded p-1 hover:bg-amber-100"
        aria-label="Hide this notice"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
