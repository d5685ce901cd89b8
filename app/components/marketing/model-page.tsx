import type { ComponentProps, ReactNode } from "react";
import type { ContentSection } from "#shared/content/types.ts";
import { ContactSection } from "./contact-section";
import type { Crumb } from "./meta";
import { ContentSections, PageHero, Paragraphs, SideNav, WithSideNav } from "./page";

/** The engagement-model pages' kit: hero, side menu, intro and sections from shared/content, then `children`. */
export function ModelPage({
  page,
  eyebrow,
  trail,
  nav,
  tagline,
  proofHtml,
  children,
}: {
  page: { title: string; intro: readonly string[]; sections: readonly ContentSection[] };
  eyebrow: string;
  trail: readonly Crumb[];
  nav: ComponentProps<typeof SideNav>;
  tagline?: string;
  /** The model's case studies, testimonials and logos as server-rendered HTML (empty: no block). */
  proofHtml?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHero title={page.title} eyebrow={eyebrow} trail={trail} />
      <WithSideNav nav={<SideNav {...nav} />}>
        <Paragraphs paragraphs={page.intro} className="max-w-3xl" />
        {page.sections.length > 0 && (
          <div className="mt-12 max-w-3xl">
            <ContentSections sections={page.sections} />
          </div>
        )}
        {children}
      </WithSideNav>
      {proofHtml ? <div dangerouslySetInnerHTML={{ __html: proofHtml }} /> : null}
      <ContactSection tagline={tagline} />
    </>
  );
}
