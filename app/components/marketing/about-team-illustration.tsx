/** The team illustration shared by the home page's "Who we are" section and the About Us page. */
export function AboutTeamIllustration({ className }: { className: string }) {
  return (
    <img
      src="/images/marketing/about-team.svg"
      alt="Illustration: a consultant guiding a growing team through the stages of building a centre in India"
      width={480}
      height={360}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
