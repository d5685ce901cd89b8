import type { ProofBlocksData } from "#domain/proof/public.ts";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { CaseStudyCardView } from "./case-study-card";
import { ExampleBadge } from "./example-badge";
import { Picture } from "./picture";

/**
 * The proof a marketing page shows: a few case studies, testimonials and a strip of approved client logos.
 * Each block is there only when it has something to show; with nothing at all, nothing is rendered.
 * Rendered to HTML on the server (./proof-html.server.tsx), so it adds no JavaScript to the pages.
 */
export function ProofBlocks({ proof }: { proof: ProofBlocksData | undefined }) {
  if (!proof) return null;
  const { caseStudies, testimonials, logos } = proof;
  if (caseStudies.length + testimonials.length + logos.length === 0) return null;
  return (
    <div data-proof className="below-fold">
      {caseStudies.length > 0 ? (
        <section aria-labelledby="proof-cases-heading" className="bg-slate-50 py-16 md:py-20">
          <div className="container-page">
            <SectionHeading
              id="proof-cases-heading"
              eyebrow="Client stories"
              title="What we have built with our clients"
            />
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {caseStudies.map((study) => (
                <li key={study.slug}>
                  <CaseStudyCardView study={study} />
                </li>
              ))}
            </ul>
            <p className="mt-8">
              <a href="/case-studies" className="font-semibold text-brand-700 hover:text-brand-600">
                All case studies <span aria-hidden="true">→</span>
              </a>
            </p>
          </div>
        </section>
      ) : null}
      {testimonials.length > 0 ? (
        <section aria-labelledby="proof-quotes-heading" className="py-16 md:py-20">
          <div className="container-page">
            <SectionHeading id="proof-quotes-heading" eyebrow="In their words" title="What our clients say" />
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {testimonials.map((t) => (
                <li key={`${t.person}-${t.company}`}>
                  <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                    <blockquote className="flex-1 text-lg leading-relaxed text-slate-700">
                      <p>“{t.quote}”</p>
                    </blockquote>
                    <figcaption className="mt-5 flex items-center gap-3">
                      {t.photo ? (
                        <Picture
                          src={t.photo}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                          decoding="async"
                          className="size-12 rounded-full object-cover"
                        />
                      ) : null}
                      <span className="text-sm">
                        <span className="block font-semibold text-navy-900">{t.person}</span>
                        <span className="block text-slate-600">
                          {[t.role, t.company].filter(Boolean).join(", ")}
                        </span>
                        {t.is_example ? <ExampleBadge className="mt-1" /> : null}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      {logos.length > 0 ? (
        <section aria-labelledby="proof-logos-heading" className="border-y border-slate-200 py-12">
          <div className="container-page">
            <h2
              id="proof-logos-heading"
              className="text-center text-sm font-semibold uppercase tracking-[0.14em] text-slate-600"
            >
              Trusted by
            </h2>
            <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
              {logos.map((logo) => {
                const img = (
                  <Picture
                    src={logo.image}
                    alt={logo.name}
                    height={48}
                    width={144}
                    loading="lazy"
                    decoding="async"
                    className="h-12 w-36 object-contain"
                  />
                );
                return (
                  <li key={logo.name} className="flex flex-col items-center gap-1">
                    {logo.link ? (
                      <a href={logo.link} rel="noopener noreferrer" target="_blank">
                        {img}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      img
                    )}
                    {logo.is_example ? <ExampleBadge /> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ) : null}
    </div>
  );
}
