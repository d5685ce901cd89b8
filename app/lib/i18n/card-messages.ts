import type { BlogLanguage } from "#shared/blog-languages.ts";

/** The words on a post's card: apart from the rest of a post's words, so the blog list loads only these. */
export interface CardMessages {
  viewDetails: string;
  /** Read after viewDetails by screen readers, naming the post. */
  viewDetailsOf: (heading: string) => string;
  /** The names of the blog's languages, written in this one. */
  languageNames: Record<BlogLanguage, string>;
}

/** Each language's name in itself: the language chips and "Also available in" (each marked with its `lang`). */
export const nativeNames: Record<BlogLanguage, string> = {
  English: "English",
  Hindi: "हिन्दी",
  Tamil: "தமிழ்",
};

export const cardMessages: Record<BlogLanguage, CardMessages> = {
  English: {
    viewDetails: "View Details",
    viewDetailsOf: (heading) => ` about ${heading}`,
    languageNames: { English: "English", Hindi: "Hindi", Tamil: "Tamil" },
  },
  Hindi: {
    viewDetails: "पूरा लेख पढ़ें",
    viewDetailsOf: (heading) => `: ${heading}`,
    languageNames: { English: "अंग्रेज़ी", Hindi: "हिन्दी", Tamil: "तमिल" },
  },
  Tamil: {
    viewDetails: "மேலும் படிக்க",
    viewDetailsOf: (heading) => `: ${heading}`,
    languageNames: { English: "ஆங்கிலம்", Hindi: "இந்தி", Tamil: "தமிழ்" },
  },
};
