import type { LucideIcon } from "lucide-react";
import type { IconName } from "#shared/content/types.ts";
import * as iconSet from "./icon-set";

/**
 * IconName (as used by app/content) → lucide-react component. The named re-exports of icon-set keep the bundle
 * to these icons; the map lives in its own chunk, shared by the pages that render content icons.
 */
const icons = iconSet satisfies Record<IconName, LucideIcon>;

/** Decorative icon for a content item; the text beside it carries the meaning. */
export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" focusable="false" className={className} strokeWidth={1.75} />;
}
