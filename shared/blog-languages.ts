/** The blog's languages (the spec's list); a post is written in one of them. */
export const blogLanguages = ["English", "Hindi", "Tamil"] as const;
export type BlogLanguage = (typeof blogLanguages)[number];

/** Each language's code: `<html lang>`, hreflang, `inLanguage` and the `?lang=` of lists and feeds. */
export const languageCodes = { English: "en", Hindi: "hi", Tamil: "ta" } as const satisfies Record<
  BlogLanguage,
  string
>;
export type LanguageCode = (typeof languageCodes)[BlogLanguage];
export const languageCodeList = ["en", "hi", "ta"] as const satisfies readonly LanguageCode[];

/** Where dates are written as readers of the language write them (Intl). */
export const languageLocales = { English: "en-IN", Hindi: "hi-IN", Tamil: "ta-IN" } as const satisfies Record<
  BlogLanguage,
  string
>;

export const languageOfCode = (code: string): BlogLanguage | undefined =>
  blogLanguages.find((language) => languageCodes[language] === code);

/** The language of a stored post; a value outside the list (none is written) reads as English. */
export const asBlogLanguage = (value: string): BlogLanguage =>
  (blogLanguages as readonly string[]).includes(value) ? (value as BlogLanguage) : "English";

/** A count as readers of the language write it ("1,234"; Indian grouping for larger ones in Hindi and Tamil). */
export const formatCount = (value: number, language: BlogLanguage = "English") =>
  value.toLocaleString(language === "English" ? "en-US" : languageLocales[language]);
