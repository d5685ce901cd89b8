import type { LanguageCode } from "#shared/blog-languages.ts";
import { ENGLISH_TOASTER_LABELS, type ToasterLabels } from "../toast";

/**
 * What a screen reader hears around the site's toasts, in the page's language: a Hindi post's comment form
 * toasts in Hindi, so its close button is named in Hindi too. Apart from the message catalogue (messages.ts),
 * which only blog pages load: the site layout, on every page, carries these few words only.
 */
export const toasterLabels: Record<LanguageCode, ToasterLabels> = {
  en: ENGLISH_TOASTER_LABELS,
  hi: { region: "सूचनाएँ", dismiss: "सूचना बंद करें" },
  ta: { region: "அறிவிப்புகள்", dismiss: "அறிவிப்பை மூடு" },
};
