import { blogLanguages, languageCodes, type BlogLanguage } from "#shared/blog-languages.ts";
import { SubscriptionForm } from "./subscription-form";

/** The language to follow, where the page has none of its own (the whole blog's list). */
export function LanguageChoice({ id, selected }: { id: string; selected?: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Posts in</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {blogLanguages.map((language) => (
          <label key={language} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="language"
              value={language}
              defaultChecked={(selected || "English") === language}
              id={`${id}-${languageCodes[language]}`}
            />
            {language}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const feedHref = (language: BlogLanguage) => `/rss.xml?lang=${languageCodes[language]}`;

/**
 * Subscribe on the blog's list and posts: new posts in one language by e-mail (double opt-in), and the
 * language's RSS feed as a visible link (phone browsers never show the page head's).
 */
export function BlogSubscribe({ language }: { language: BlogLanguage | null }) {
  const id = "blog-subscribe";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold text-navy-900">
        {language ? `Get new posts in ${language} by e-mail` : "Get new posts by e-mail"}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        We send a link to confirm first. Your address is used for nothing else; every e-mail has a one-click
        unsubscribe.
      </p>
      <div className="mt-4">
        <SubscriptionForm
          id={id}
          hidden={language ? { kind: "blog", language } : { kind: "blog" }}
          button="Subscribe"
        >
          {language ? null : <LanguageChoice id={id} />}
        </SubscriptionForm>
      </div>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <svg aria-hidden="true" viewBox="0 0 8 8" className="size-3.5 fill-orange-600">
          <circle cx="1.5" cy="6.5" r="1.5" />
          <path d="M0 3v1.2A3.8 3.8 0 0 1 3.8 8H5A5 5 0 0 0 0 3Zm0-3v1.2A6.8 6.8 0 0 1 6.8 8H8A8 8 0 0 0 0 0Z" />
        </svg>
        {(language ? [language] : blogLanguages).map((l) => (
          <a key={l} href={feedHref(l)} className="font-semibold text-brand-700 hover:text-brand-600">
            RSS feed{language ? "" : ` (${l})`}
          </a>
        ))}
      </p>
    </section>
  );
}
