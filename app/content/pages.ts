import type { ContactPageContent, ListingPageContent, NotFoundPageContent } from "./types";

/** Support hours shown on the Contact Us page (verbatim). */
export const supportHours = "Mon-Fri 9:00am – 5:00pm, excludes holidays";

export const contactPage = {
  seo: {
    title: "Contact Us | GCC View 360",
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

export const leadershipPage = {
  seo: {
    title: "Our Leadership Team | GCC View 360",
    description:
      "Meet the GCC View 360 leadership team, bringing 400 years of collective experience in consulting, technology, talent, finance and operations.",
  },
  heading: "Our Leadership Team",
  intro:
    "Our leaders bring 400 years of collective experience across consulting, technology, talent, finance and operations, and they stay closely involved in every client engagement.",
} as const satisfies ListingPageContent;

export const careersPage = {
  seo: {
    title: "Careers: Open Positions | GCC View 360",
    description:
      "Explore open positions at GCC View 360 and with the Global Capability Centers we support in India. Find your next role and apply online today.",
  },
  heading: "Open Positions",
  intro:
    "Join a team that helps global companies build their capability in India. Browse our current openings, including roles with the centres we support, and apply online.",
} as const satisfies ListingPageContent;

export const blogPage = {
  seo: {
    title: "Blog: GCC Insights for India | GCC View 360",
    description:
      "Insights on setting up and running Global Capability Centers in India: strategy, talent, compliance, workspace and operating models, from our team.",
  },
  heading: "Insights",
  intro:
    "Practical perspectives from our team on building and running Global Capability Centers in India, from strategy and talent to tax, compliance and workspace.",
} as const satisfies ListingPageContent;

export const notFoundPage = {
  seo: {
    title: "Page Not Found | GCC View 360",
    description:
      "The page you were looking for could not be found. Return to the GCC View 360 home page to explore our Global Capability Center services in India.",
  },
  heading: "Page not found",
  text: "The page you are looking for may have moved or no longer exists.",
  cta: { label: "Back to home", path: "/" },
} as const satisfies NotFoundPageContent;
