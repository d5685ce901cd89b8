import type { BlogLanguage } from "#shared/blog-languages.ts";

/**
 * The blog list's own words, for the list of one language's posts (`/blog?lang=hi`): the page is in that
 * language. The English texts are the spec's, word for word; the list of every language is English.
 */
export interface ListMessages {
  home: string;
  eyebrow: string;
  heading: string;
  intro: string;
  /** The page's title and its description; with a tag, naming it. */
  title: (tag: string | null) => string;
  description: (tag: string | null) => string;
  allLanguages: string;
  languagesNav: string;
  articles: string;
  loading: string;
  none: string;
  postsTagged: (tag: string) => string;
  allPosts: string;
  pages: string;
  pageOf: (title: string, page: number) => string;
}

const english: ListMessages = {
  home: "Home",
  eyebrow: "Insights",
  heading: "Blog",
  intro: "Practical guidance on planning, building and running a Global Capability Center in India.",
  title: (tag) => (tag === null ? "Blog posts in English" : `Posts tagged ${tag} in English`),
  description: (tag) =>
    `Articles${tag === null ? "" : ` about ${tag}`} in English on setting up, staffing and running a Global Capability Center in India.`,
  allLanguages: "All languages",
  languagesNav: "Languages",
  articles: "Articles",
  loading: "Loading blogs...",
  none: "No articles in English have been published yet. Please check back soon.",
  postsTagged: (tag) => `Posts tagged “${tag}”`,
  allPosts: "All posts",
  pages: "Blog pages",
  pageOf: (title, page) => `${title} (page ${page})`,
};

const hindi: ListMessages = {
  home: "होम",
  eyebrow: "जानकारी",
  heading: "ब्लॉग",
  intro: "भारत में ग्लोबल कैपेबिलिटी सेंटर की योजना बनाने, उसे खड़ा करने और चलाने पर काम की सलाह।",
  title: (tag) => (tag === null ? "हिन्दी में ब्लॉग लेख" : `“${tag}” टैग वाले हिन्दी लेख`),
  description: (tag) =>
    `${tag === null ? "" : `“${tag}” पर `}हिन्दी में लेख: भारत में ग्लोबल कैपेबिलिटी सेंटर की स्थापना, भर्ती और संचालन।`,
  allLanguages: "सभी भाषाएँ",
  languagesNav: "भाषाएँ",
  articles: "लेख",
  loading: "लेख लोड हो रहे हैं...",
  none: "हिन्दी में अभी कोई लेख प्रकाशित नहीं हुआ है। कृपया जल्द ही फिर देखें।",
  postsTagged: (tag) => `“${tag}” टैग वाले लेख`,
  allPosts: "सभी लेख",
  pages: "ब्लॉग के पृष्ठ",
  pageOf: (title, page) => `${title} (पृष्ठ ${page})`,
};

const tamil: ListMessages = {
  home: "முகப்பு",
  eyebrow: "நுண்ணறிவுகள்",
  heading: "வலைப்பதிவு",
  intro: "இந்தியாவில் உலகளாவிய திறன் மையத்தைத் திட்டமிட, அமைக்க, நடத்த நடைமுறை வழிகாட்டுதல்கள்.",
  title: (tag) => (tag === null ? "தமிழில் வலைப்பதிவுக் கட்டுரைகள்" : `“${tag}” குறிச்சொல் உள்ள தமிழ்க் கட்டுரைகள்`),
  description: (tag) =>
    `${tag === null ? "" : `“${tag}” பற்றிய `}தமிழ்க் கட்டுரைகள்: இந்தியாவில் உலகளாவிய திறன் மையத்தை அமைத்தல், பணியமர்த்தல், நடத்துதல்.`,
  allLanguages: "எல்லா மொழிகளும்",
  languagesNav: "மொழிகள்",
  articles: "கட்டுரைகள்",
  loading: "கட்டுரைகள் ஏற்றப்படுகின்றன...",
  none: "தமிழில் இன்னும் கட்டுரைகள் வெளியிடப்படவில்லை. விரைவில் மீண்டும் பாருங்கள்.",
  postsTagged: (tag) => `“${tag}” குறிச்சொல் உள்ள கட்டுரைகள்`,
  allPosts: "எல்லாக் கட்டுரைகளும்",
  pages: "வலைப்பதிவுப் பக்கங்கள்",
  pageOf: (title, page) => `${title} (பக்கம் ${page})`,
};

export const listMessages: Record<BlogLanguage, ListMessages> = {
  English: english,
  Hindi: hindi,
  Tamil: tamil,
};
