import { COMMENT_NAME_MAX, COMMENT_TEXT_MAX } from "#schemas/comment-limits.ts";
import type { BlogLanguage } from "#shared/blog-languages.ts";
import { WAITING_TO_SEND } from "../offline-texts";
import { cardMessages, type CardMessages } from "./card-messages";

/**
 * The words around a post (its comments, the reply form, the sidebar, its card) in the post's language. Each
 * language must give every key: the type checker refuses a catalogue with one missing. The English texts
 * are the spec's, word for word. The menu and footer stay English on every page.
 */
export interface Messages extends CardMessages {
  home: string;
  blog: string;
  /** The breadcrumb's name for screen readers. */
  breadcrumb: string;
  /** Shown in place of the post while another post loads (a client navigation). */
  loadingPost: string;
  /** The sidebar's name for screen readers. */
  aboutArticle: string;
  /** "No comments yet", "1 Comment", "12 Comments" (the count already formatted). */
  commentCount: (count: number, formatted: string) => string;
  beFirst: string;
  commentPages: string;
  showingComments: (first: string, last: string, total: string, newest: boolean) => string;
  olderComments: string;
  newerComments: string;
  leaveReply: string;
  emailNotPublished: string;
  name: string;
  email: string;
  comment: string;
  plainTextUpTo: (max: string) => string;
  postComment: string;
  submitting: string;
  waitingToSend: string;
  offlineWait: string;
  allFieldsRequired: string;
  fillAllFields: string;
  commentSubmitted: string;
  /** Said instead of the comment when it waits for an editor (links, or a first comment). */
  commentAwaitsModeration: string;
  submitFailed: string;
  errorOccurred: string;
  notSent: string;
  checkForm: string;
  /** What is wrong with a filled field, or null to show the shared schema's own (English) words. */
  fieldProblems: Record<"name" | "email_id" | "comment", string> | null;
  tags: string;
  recentPosts: string;
  allArticles: string;
  alsoIn: string;
  shareThisPost: string;
  opensInNewTab: string;
}

const textMax = COMMENT_TEXT_MAX.toLocaleString("en-US");

const english: Messages = {
  ...cardMessages.English,
  home: "Home",
  blog: "Blog",
  breadcrumb: "Breadcrumb",
  loadingPost: "Loading blog...",
  aboutArticle: "About this article",
  commentCount: (count, n) => (count === 0 ? "No comments yet" : count === 1 ? "1 Comment" : `${n} Comments`),
  beFirst: "Be the first to share your thoughts.",
  commentPages: "Comment pages",
  showingComments: (first, last, total, newest) =>
    `Showing comments ${first}–${last} of ${total}${newest ? " (the newest)" : ""}.`,
  olderComments: "Older comments",
  newerComments: "Newer comments",
  leaveReply: "Leave a Reply",
  emailNotPublished: "Your e-mail address will not be published.",
  name: "Name",
  email: "Email",
  comment: "Comment",
  plainTextUpTo: (max) => `Plain text, up to ${max} characters.`,
  postComment: "Post Comment",
  submitting: "Submitting...",
  waitingToSend: "Waiting to send...",
  offlineWait: WAITING_TO_SEND,
  allFieldsRequired: "All fields are required",
  fillAllFields: "Please fill all the fields",
  commentSubmitted: "Comment submitted successfully!",
  commentAwaitsModeration: "Your comment awaits moderation. It will appear here once an editor approves it.",
  submitFailed: "Failed to submit comment",
  errorOccurred: "An error occurred. Please try again later.",
  notSent: "Your comment was not sent: the connection failed. What you typed is still here.",
  checkForm: "Please check the form",
  fieldProblems: null,
  tags: "Tags",
  recentPosts: "Recent posts",
  allArticles: "All articles",
  alsoIn: "This article is also available in:",
  shareThisPost: "Share this post",
  opensInNewTab: " (opens in a new tab)",
};

const hindi: Messages = {
  ...cardMessages.Hindi,
  home: "होम",
  blog: "ब्लॉग",
  breadcrumb: "आप यहाँ हैं",
  loadingPost: "लेख लोड हो रहा है...",
  aboutArticle: "इस लेख के बारे में",
  commentCount: (count, n) =>
    count === 0 ? "अभी कोई टिप्पणी नहीं" : count === 1 ? "1 टिप्पणी" : `${n} टिप्पणियाँ`,
  beFirst: "अपने विचार साझा करने वाले पहले व्यक्ति बनें।",
  commentPages: "टिप्पणियों के पृष्ठ",
  showingComments: (first, last, total, newest) =>
    `कुल ${total} में से टिप्पणियाँ ${first}–${last}${newest ? " (सबसे नई)" : ""}।`,
  olderComments: "पुरानी टिप्पणियाँ",
  newerComments: "नई टिप्पणियाँ",
  leaveReply: "अपनी प्रतिक्रिया दें",
  emailNotPublished: "आपका ईमेल पता प्रकाशित नहीं किया जाएगा।",
  name: "नाम",
  email: "ईमेल",
  comment: "टिप्पणी",
  plainTextUpTo: (max) => `केवल सादा पाठ, अधिकतम ${max} अक्षर।`,
  postComment: "टिप्पणी भेजें",
  submitting: "भेजी जा रही है...",
  waitingToSend: "भेजने की प्रतीक्षा है...",
  offlineWait: "आप ऑफ़लाइन हैं — इंटरनेट वापस आते ही हम इसे भेज देंगे।",
  allFieldsRequired: "सभी फ़ील्ड भरना ज़रूरी है",
  fillAllFields: "कृपया सभी फ़ील्ड भरें",
  commentSubmitted: "आपकी टिप्पणी भेज दी गई है!",
  commentAwaitsModeration: "आपकी टिप्पणी मॉडरेशन की प्रतीक्षा में है। संपादक की स्वीकृति के बाद यह यहाँ दिखाई देगी।",
  submitFailed: "टिप्पणी नहीं भेजी जा सकी",
  errorOccurred: "कोई गड़बड़ी हुई। कृपया थोड़ी देर बाद फिर कोशिश करें।",
  notSent: "आपकी टिप्पणी नहीं गई: कनेक्शन टूट गया। आपने जो लिखा है, वह यहीं सुरक्षित है।",
  checkForm: "कृपया फ़ॉर्म एक बार जाँच लें",
  fieldProblems: {
    name: `नाम ज़्यादा से ज़्यादा ${COMMENT_NAME_MAX} अक्षरों का हो सकता है`,
    email_id: "कृपया सही ईमेल पता लिखें",
    comment: `टिप्पणी ज़्यादा से ज़्यादा ${textMax} अक्षरों की हो सकती है`,
  },
  tags: "टैग",
  recentPosts: "हाल के लेख",
  allArticles: "सभी लेख",
  alsoIn: "यह लेख इन भाषाओं में भी उपलब्ध है:",
  shareThisPost: "यह लेख साझा करें",
  opensInNewTab: " (नए टैब में खुलेगा)",
};

const tamil: Messages = {
  ...cardMessages.Tamil,
  home: "முகப்பு",
  blog: "வலைப்பதிவு",
  breadcrumb: "நீங்கள் இருக்கும் இடம்",
  loadingPost: "கட்டுரை ஏற்றப்படுகிறது...",
  aboutArticle: "இந்தக் கட்டுரையைப் பற்றி",
  commentCount: (count, n) =>
    count === 0 ? "இன்னும் கருத்துகள் இல்லை" : count === 1 ? "1 கருத்து" : `${n} கருத்துகள்`,
  beFirst: "உங்கள் எண்ணங்களை முதலில் பகிர்ந்துகொள்ளுங்கள்.",
  commentPages: "கருத்துப் பக்கங்கள்",
  showingComments: (first, last, total, newest) =>
    `மொத்தம் ${total} கருத்துகளில் ${first}–${last}${newest ? " (புதியவை)" : ""}.`,
  olderComments: "பழைய கருத்துகள்",
  newerComments: "புதிய கருத்துகள்",
  leaveReply: "உங்கள் கருத்தைப் பதிவிடுங்கள்",
  emailNotPublished: "உங்கள் மின்னஞ்சல் முகவரி வெளியிடப்படாது.",
  name: "பெயர்",
  email: "மின்னஞ்சல்",
  comment: "கருத்து",
  plainTextUpTo: (max) => `வெற்று உரை மட்டும், அதிகபட்சம் ${max} எழுத்துகள்.`,
  postComment: "கருத்தைப் பதிவிடு",
  submitting: "சமர்ப்பிக்கப்படுகிறது...",
  waitingToSend: "அனுப்பக் காத்திருக்கிறது...",
  offlineWait: "நீங்கள் இப்போது இணையத்தில் இல்லை — இணைப்பு கிடைத்ததும் இதை அனுப்புவோம்.",
  allFieldsRequired: "எல்லாப் புலங்களையும் நிரப்ப வேண்டும்",
  fillAllFields: "தயவுசெய்து எல்லாப் புலங்களையும் நிரப்புங்கள்",
  commentSubmitted: "உங்கள் கருத்து வெற்றிகரமாகப் பதிவானது!",
  commentAwaitsModeration: "உங்கள் கருத்து மதிப்பாய்வுக்காகக் காத்திருக்கிறது. ஆசிரியர் ஒப்புதல் அளித்த பின் இங்கே தோன்றும்.",
  submitFailed: "கருத்தைப் பதிவிட முடியவில்லை",
  errorOccurred: "ஏதோ பிழை ஏற்பட்டது. சிறிது நேரம் கழித்து மீண்டும் முயலுங்கள்.",
  notSent: "உங்கள் கருத்து அனுப்பப்படவில்லை: இணைப்பு துண்டிக்கப்பட்டது. நீங்கள் எழுதியது இங்கேயே இருக்கிறது.",
  checkForm: "படிவத்தை ஒருமுறை சரிபாருங்கள்",
  fieldProblems: {
    name: `பெயர் அதிகபட்சம் ${COMMENT_NAME_MAX} எழுத்துகள் வரை இருக்கலாம்`,
    email_id: "சரியான மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்",
    comment: `கருத்து அதிகபட்சம் ${textMax} எழுத்துகள் வரை இருக்கலாம்`,
  },
  tags: "குறிச்சொற்கள்",
  recentPosts: "சமீபத்திய கட்டுரைகள்",
  allArticles: "எல்லாக் கட்டுரைகளும்",
  alsoIn: "இந்தக் கட்டுரை இந்த மொழிகளிலும் உள்ளது:",
  shareThisPost: "இந்தக் கட்டுரையைப் பகிருங்கள்",
  opensInNewTab: " (புதிய தாவலில் திறக்கும்)",
};

const catalogue: Record<BlogLanguage, Messages> = { English: english, Hindi: hindi, Tamil: tamil };

export const messagesFor = (language: BlogLanguage): Messages => catalogue[language];
