import type { CaseStudyCard } from "#schemas/proof.ts";
import { caseStudyPath, clientOf, engagementModelLabels } from "#shared/proof.ts";
import { ExampleBadge } from "./example-badge";
import { Picture } from "./picture";

/** A case study on the list and in the proof block: cover, client, title, summary and its first figures. */
export function CaseStudyCardView({
  study,
  headingLevel = 3,
}: {
  study: CaseStudyCard;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      {study.cover_image ? (
        <Picture
          src={study.cover_image}
          alt={study.cover_alt}
          loading="lazy"
          decoding="async"
          width={1200}
          height={630}
          className="aspect-[1200/630] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-brand-700">
          <span>{clientOf(study)}</span>
          {study.city ? <span className="text-slate-600">· {study.city}</span> : null}
          {study.is_example ? <ExampleBadge /> : null}
        </p>
        <Heading className="mt-2 text-xl font-bold leading-snug text-navy-900">
          <a href={caseStudyPath(study.slug)} className="after:absolute after:inset-0 after:rounded-2xl">
            {study.title}
          </a>
        </Heading>
        <p className="mt-3 flex-1 leading-relaxed text-slate-600">{study.summary}</p>
        {study.outcomes.length > 0 ? (
          <dl className="mt-5 grid grid-cols-2 gap-3">
            {study.outcomes.map((o) => (
              <div key={`${o.value}-${o.label}`} className="flex flex-col-reverse">
                <dt className="text-sm text-slate-600">{o.label}</dt>
                <dd className="text-2xl font-extrabold text-navy-900">{o.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-600">
          {engagementModelLabels[study.model]}
        </p>
      </div>
    </article>
  );
}
