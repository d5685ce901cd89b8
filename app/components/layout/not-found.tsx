import type { ReactNode } from "react";
import { Link } from "react-router";

export const HomeLink = ({ className }: { className: string }) => (
  <Link to="/" className={className}>
    Go to the home page
  </Link>
);

export function NotFoundContent() {
  return (
    <section className="container-page grid min-h-[60vh] place-items-center py-20 text-center">
      <div>
        <p className="text-6xl font-extrabold text-brand-600">404</p>
        <h1 className="mt-4 text-3xl font-bold text-navy-900">Page not found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <HomeLink className="btn-primary" />
          <Link to="/contact" className="btn-secondary">
            Contact us
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The text of a page that failed to draw, under `title`; `children` is the way home. */
export function FailureContent({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-3 text-slate-600">Please reload the page or try again in a moment.</p>
      {children}
    </div>
  );
}
