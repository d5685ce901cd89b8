import type { ContactPageContent, NotFoundPageContent } from "./types";

/** Support hours shown on the Contact Us page (verbatim). */
export const supportHours = "Mon-Fri 9:00am – 5:00pm, excludes holidays";
/** The time zone of those hours, said beside them (the spec's text names none). */
export const supportTimeZone = "India Standard Time (IST, UTC+5:30)";

export const contactPage = {
  seo: {
    title: "Contact Us",
    description:
      "Talk to GCC View 360 about setting up or scaling your Global Capability Center in India. Request a demo or reach our team in India and the US.",
  },
  banner: {
    heading: "Contact Us",
    text: "Let's talk about your plans for India.",
  },
  intro:
    "Whether you are exploring India for the first time or scaling an established centre, our team is ready to answer your questions and help you plan the next step.",
  formHeading: "Request a Demo or Contact Us",
} as const satisfies ContactPageContent;

export const notFoundPage = {
  seo: {
    title: "Page Not Found",
    description:
      "The page you were looking for could not be found. Return to the GCC View 360 home page to explore our Global Capability Center services in India.",
  },
  heading: "Page not found",
  text: "The page you are looking for may have moved or no longer exists.",
  cta: { label: "Back to home", path: "/" },
} as const satisfies NotFoundPageContent;
