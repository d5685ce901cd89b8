import type { ImgHTMLAttributes } from "react";
import type { TeamMember } from "#schemas/team.ts";
import { avifOf, initialsOf } from "#shared/portrait.ts";

/**
 * A member's square portrait (stored at 600 x 600), named in its alternative text: an upload as AVIF with its
 * WebP as the fallback, a site picture as it is; none, nothing.
 */
export function MemberPortrait({
  member,
  ...img
}: { member: Pick<TeamMember, "image" | "name"> } & ImgHTMLAttributes<HTMLImageElement>) {
  if (!member.image) return null;
  const picture = (
    <img src={member.image} alt={`Portrait of ${member.name}`} width={600} height={600} {...img} />
  );
  const avif = avifOf(member.image);
  if (!avif) return picture;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} />
      {picture}
    </picture>
  );
}

/** What stands in for a missing photo: the member's initials on the site's colours. */
export function MemberInitials({ name, className = "" }: { name: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`grid place-items-center bg-gradient-to-br from-navy-800 to-brand-700 font-bold tracking-wider text-white ${className}`}
    >
      {initialsOf(name)}
    </div>
  );
}
