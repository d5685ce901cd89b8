import { Link } from "react-router";

/** `compact`: below 440 px the header shows only the mark, so the call to action fits beside it. */
export function Logo({ light = false, compact = false }: { light?: boolean; compact?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2.5" aria-label="GCC View 360, home">
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <circle cx="18" cy="18" r="16" fill="none" stroke={light ? "#fff" : "#0b1f3a"} strokeWidth="3" />
        <path d="M18 2a16 16 0 0 1 16 16h-8a8 8 0 0 0-8-8z" fill="#14a38b" />
        <circle cx="18" cy="18" r="4" fill="#e9a21f" />
      </svg>
      <span
        className={`whitespace-nowrap text-lg font-extrabold tracking-tight ${compact ? "hidden min-[440px]:inline" : ""} ${light ? "text-white" : "text-navy-900"}`}
      >
        GCC View <span className={light ? "text-brand-500" : "text-brand-700"}>360</span>
      </span>
    </Link>
  );
}
