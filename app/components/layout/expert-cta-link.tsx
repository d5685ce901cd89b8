import { Link } from "react-router";
import { expertCta } from "#shared/content/navigation.ts";

/** The "Talk to an expert" link; `place` says which one it is (data-cta). */
export function ExpertCtaLink({ className, place }: { className: string; place: string }) {
  return (
    <Link to={expertCta.path} className={className} data-cta={place}>
      {expertCta.label}
    </Link>
  );
}
