import type { TeamMember } from "#schemas/team.ts";
import { MemberPortrait } from "./member-portrait";

export function MemberCard({ member, onReadMore }: { member: TeamMember; onReadMore: () => void }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {member.image ? (
        <MemberPortrait
          member={member}
          loading="lazy"
          decoding="async"
          className="h-[250px] w-full bg-slate-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="h-[250px] w-full bg-gradient-to-br from-navy-800 to-brand-700" />
      )}
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-bold text-navy-900">{member.name}</h2>
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
