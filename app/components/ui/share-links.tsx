/**
 * Share buttons that open each network's share page in a new tab with this page's address. `labels`: the
 * heading and the new-tab notice in the page's language (English by default).
 */
export function ShareLinks({
  url,
  title,
  what,
  labels,
}: {
  url: string;
  title: string;
  what: "job" | "post";
  labels?: { heading: string; newTab: string };
}) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const links = [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
  return (
    <section aria-labelledby="share-heading">
      <h2 id="share-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
        {labels?.heading ?? `Share this ${what}`}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-navy-900 hover:border-navy-900 hover:bg-navy-900 hover:text-white"
            >
              {link.name}
              <span className="sr-only">{labels?.newTab ?? " (opens in a new tab)"}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
