import { Fragment } from "react";
import { Link } from "react-router";
import { languageCodes, type BlogLanguage } from "#shared/blog-languages.ts";
import { nativeNames } from "#app/lib/i18n/card-messages.ts";
import { messagesFor } from "#app/lib/i18n/messages.ts";

export interface TranslationLink {
  id: number;
  language: BlogLanguage;
  path: string;
}

/**
 * "Also available in: हिन्दी, தமிழ்": the post's published translations, each named in itself and marked so,
 * as a reader of that language looks for it (the other script's face is fetched for that one word).
 */
export function TranslationLinks({
  translations,
  language,
}: {
  translations: TranslationLink[];
  language: BlogLanguage;
}) {
  if (translations.length === 0) return null;
  const t = messagesFor(language);
  return (
    <p className="mb-6 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-700">
      {t.alsoIn}{" "}
      {translations.map((other, i) => (
        <Fragment key={other.id}>
          {i > 0 && ", "}
          <Link
            to={other.path}
            hrefLang={languageCodes[other.language]}
            lang={languageCodes[other.language]}
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-600"
          >
            {nativeNames[other.language]}
          </Link>
        </Fragment>
      ))}
    </p>
  );
}
