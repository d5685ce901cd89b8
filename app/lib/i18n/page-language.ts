import { useMatches } from "react-router";
import { languageOfCode, type LanguageCode } from "#shared/blog-languages.ts";

/**
 * The language of the page shown, for `<html lang>`: the deepest route whose data names one (`htmlLang`: a
 * post in Hindi says "hi"), else English. Read from the matches, so it follows client navigations too.
 */
export function usePageLanguage(): LanguageCode {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const lang = (matches[i]!.data as { htmlLang?: unknown } | null | undefined)?.htmlLang;
    if (typeof lang === "string" && languageOfCode(lang)) return lang as LanguageCode;
  }
  return "en";
}
