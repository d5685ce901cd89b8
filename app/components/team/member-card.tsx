import { Link } from "react-router";
import type { TeamProfile } from "#schemas/team.ts";
import { leaderPath } from "#shared/portrait.ts";
import { MemberInitials, MemberPortrait } from "./member-portrait";

/** A member on the leadership page: the name links to their own page; "Read More" opens the spec's dialog. */
export function MemberCard({ member, onReadMore }: { member: TeamProfile; onReadMore: () => void }) {
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {member.image ? (
        <MemberPortrait
          member={member}
          loading="lazy"
          decoding="async"
          className="h-[250px] w-full bg-slate-100 object-cover"
        />
      ) : (
        <MemberInitials name={member.name} className="h-[250px] w-full text-6xl" />
      )}
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-bold text-navy-900">
          <Link to={leaderPath(member.slug)} className="hover:text-brand-700 hover:underline">
            {member.name}
          </Link>
        </h2>
        <p className="mt-1 flex-1 font-medium text-brand-700">{member.position}</p>
        <button
          type="button"
          onClick={onReadMore}
          aria-haspopup="dialog"
          className="btn-secondary mt-5 self-start"
        >
          Read More<span className="sr-only"> about {member.name}</span>
        </button>
      </div>
    </article>
  );
}
