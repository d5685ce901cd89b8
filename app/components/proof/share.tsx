/**
 * Share links for a case study: LinkedIn, X and e-mail open with this page's address, and the address itself
 * stands in a read-only field to copy (no script needed).
 */
export function CaseStudyShare({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const links = [
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, newTab: true },
    { name: "X", href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`, newTab: true },
    {
      name: "E-mail",
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
      newTab: false,
    },
  ];
  return (
    <section aria-labelledby="share-heading">
      <h2 id="share-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
        Share this case study
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="inline-flex rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-navy-900 hover:border-navy-900 hover:bg-navy-900 hover:text-white"
            >
              {link.name}
              {link.newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
      </ul>
      <label htmlFor="share-link" className="mt-4 block text-sm font-medium text-slate-700">
        Copy link
      </label>
      <input
        id="share-link"
        type="url"
        readOnly
        value={url}
        className="mt-1 w-full max-w-xl rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
      />
    </section>
  );
}
