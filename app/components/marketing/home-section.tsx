import type { ReactNode } from "react";
import { Glyph } from "#app/components/marketing/glyphs.tsx";
import type { HomeSectionId } from "#shared/content/types.ts";

/** A section the hero buttons scroll to: focusable by script only, and named by its h2 (`<id>-heading`). */
export function HomeScrollTarget({
  id,
  className = "",
  children,
}: {
  id: HomeSectionId;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className={`below-fold py-16 outline-none md:py-24 ${className}`}
    >
      {children}
    </section>
  );
}

/** The "Explore" line at the foot of a home card; the card's own link carries the name for screen readers. */
export function CardExploreHint({ label }: { label: string }) {
  return (
    <span
      aria-hidden="true"
      className="mt-6 inline-flex items-center gap-2 text-sm font-semibold text-brand-700"
    >
      {label}
      <Glyph name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
    </span>
  );
}
