import { ContactSection } from "./contact-section";
import type { ServicePage } from "#shared/content/types.ts";
import type { Crumb } from "./meta";
import { ContentSections, FeatureGrid, PageHero, Paragraphs } from "./page";
import { SectionHeading } from "./section-heading";

/** Solution and product pages: overview, sub-offerings, how it works, outcomes, then the contact form. */
export function ServicePageView({
  page,
  trail,
  eyebrow,
  lead,
  proofHtml,
}: {
  page: Pick<ServicePage, "title" | "summary" | "intro" | "offerings" | "sections" | "outcomes">;
  trail: readonly Crumb[];
  eyebrow: string;
  lead?: string;
  /** Case studies, testimonials and logos as server-rendered HTML (empty: no block). */
  proofHtml?: string;
}) {
  return (
    <>
      <PageHero title={page.title} eyebrow={eyebrow} lead={lead ?? page.summary} trail={trail} />
      <section className="container-page py-16 md:py-20" aria-label="Overview">
        <Paragraphs paragraphs={page.intro} className="max-w-3xl" />
      </section>
      <section aria-labelledby="offerings-heading" className="below-fold bg-slate-50 py-16 md:py-24">
        <div className="container-page">
          <SectionHeading id="offerings-heading" eyebrow="What we offer" title={`${page.title} offerings`} />
          <div className="mt-10">
            <FeatureGrid features={page.offerings} />
          </div>
        </div>
      </section>
      <div className="container-page below-fold grid gap-12 py-16 md:py-24 lg:grid-cols-[1.6fr_1fr]">
        <ContentSections sections={page.sections} />
        <aside
          aria-labelledby="outcomes-heading"
          className="self-start rounded-2xl bg-navy-900 p-8 text-white"
        >
          <h2 id="outcomes-heading" className="text-xl font-bold">
            Outcomes you can expect
          </h2>
          <ul className="mt-5 space-y-3">
            {page.outcomes.map((outcome) => (
              <li key={outcome} className="flex gap-3 text-slate-200">
                <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-accent-400" />
                {outcome}
              </li>
            ))}
          </ul>
        </aside>
      </div>
      {proofHtml ? <div dangerouslySetInnerHTML={{ __html: proofHtml }} /> : null}
      <ContactSection />
    </>
  );
}
