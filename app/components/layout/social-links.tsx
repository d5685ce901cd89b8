import type { SiteSettings } from "#schemas/settings.ts";

const networks = [
  {
    key: "facebook",
    label: "Facebook",
    path: "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z",
  },
  {
    key: "twitter",
    label: "X (Twitter)",
    path: "M17.7 3h3.1l-6.8 7.8L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L1.8 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.5 4.7H5.7z",
  },
  {
    key: "linkedin",
    label: "LinkedIn",
    path: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5M3 9.75h4V21H3zm7 0h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z",
  },
] as const;

export function SocialLinks({
  settings,
  className = "",
  dark = false,
}: {
  settings: Pick<SiteSettings, "facebook" | "twitter" | "linkedin">;
  className?: string;
  dark?: boolean;
}) {
  return (
    <ul className={`flex gap-3 ${className}`}>
      {networks.map((n) => (
        <li key={n.key}>
          <a
            href={settings[n.key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`GCC View 360 on ${n.label}`}
            className={`grid size-9 place-items-center rounded-full transition-colors ${dark ? "bg-navy-900 text-white hover:bg-brand-700" : "bg-white/10 text-white hover:bg-brand-600"}`}
          >
            <svg
              viewBox="0 0 24 24"
              className="size-4"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              <path d={n.path} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
