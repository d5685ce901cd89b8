import type { ImgHTMLAttributes } from "react";
import type { TeamMember } from "#schemas/team.ts";

/** A member's square portrait (stored at 600 x 600), named in its alternative text; none, nothing. */
export function MemberPortrait({
  member,
  ...img
}: { member: Pick<TeamMember, "image" | "name"> } & ImgHTMLAttributes<HTMLImageElement>) {
  if (!member.image) return null;
  return <img src={member.image} alt={`Portrait of ${member.name}`} width={600} height={600} {...img} />;
}
