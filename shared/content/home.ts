import type {
  EngagementModelCard,
  ExperienceSection,
  HeroSlide,
  HomeAbout,
  PageSeo,
  SectionIntro,
} from "./types";

export const homeSeo = {
  title: "Global Capability Centers in India",
  description:
    "Plan, build and run your Global Capability Center in India with one partner: consulting, AI-led talent, workspace and managed services, end to end.",
} as const satisfies PageSeo;

/** Hero carousel slides; each button scrolls to its target section, in this order. */
export const heroSlides = [
  {
    eyebrow: "Global Capability Centers in India",
    title: "Your partner for building world-class capability in India",
    text: "GCC View 360 helps companies plan, set up and run Global Capability Centers in India, bringing strategy, talent, workspace and compliance together under one roof.",
    cta: { label: "Discover who we are", target: "about" },
  },
  {
    eyebrow: "Experience you can rely on",
    title: "{leadership_years} years of collective leadership experience",
    text: "Our leaders have built and run teams across consulting, technology, finance and HR. That experience guides every centre we help create, from the first plan to steady-state operations.",
    cta: { label: "See our experience", target: "experience" },
  },
  {
    eyebrow: "Solutions and offerings",
    title: "Everything your centre needs, from one partner",
    text: "Consulting and advisory, AI-led talent acquisition and supply, talent management, workspace solutions and managed services, designed to work together.",
    cta: { label: "Explore our solutions", target: "solutions" },
  },
] as const satisfies readonly [HeroSlide<"about">, HeroSlide<"experience">, HeroSlide<"solutions">];

export const modelsIntro = {
  heading: "Engagement Models",
  text: "Every company's path to India is different. Choose the model that fits your goals, timeline and appetite for risk, and change course as your centre matures.",
} as const satisfies SectionIntro;

export const homeAbout = {
  heading: "About Us",
  paragraphs: [
    "GCC View 360 helps companies around the world establish and grow Global Capability Centers in India. We combine strategic advice with hands-on delivery across entity setup, hiring, workspace, compliance and day-to-day operations.",
    "Our clients range from growing businesses hiring their first team in India to large enterprises expanding established centres. What they share is a need for a partner who understands both their global ambitions and the local realities of building a team in India.",
  ],
} as const satisfies HomeAbout;

export const experience = {
  heading: "Experience That Sets Us Apart",
  intro:
    "Building a Global Capability Center calls for judgement that only comes from experience. Our team has guided companies through every stage of the journey, and our talent network gives your centre a head start from day one.",
  stats: [
    { value: "{candidates}+", label: "Pre-screened candidates in our talent pipeline" },
    { value: "{leadership_years}+", label: "Years of collective leadership experience" },
    {
      value: "{centres_set_up}",
      label: "Capability centres set up for our clients",
      figure: "centres_set_up",
    },
    { value: "3", label: "Engagement models: Captive, Managed Teams and BOT" },
    { value: "4", label: "Phases in our Build Operate Transfer model" },
  ],
} as const satisfies ExperienceSection;

export const solutionsIntro = {
  heading: "Solutions & Offerings",
  text: "Integrated services that cover every stage of your centre's lifecycle. Use them together for a complete setup, or individually where you need specialist support.",
} as const satisfies SectionIntro;

/** The Solutions & Offerings carousel advances every 3.5 s (spec section 9); the hero never does. */
export const SOLUTIONS_CAROUSEL_INTERVAL_MS = 3500;

/** Original illustrations (public/images/marketing) for the engagement model cards, by card path. */
export const modelIllustrations = {
  "/details/initiation": "/images/marketing/model-captive.svg",
  "/details/managed-teams": "/images/marketing/model-managed-teams.svg",
  "/details/build-operator": "/images/marketing/model-bot.svg",
} as const satisfies Record<EngagementModelCard["path"], string>;

export const homeCta = {
  heading: "Ready to plan your centre in India?",
  text: "Talk to a senior consultant about your goals, timeline and the engagement model that fits them best.",
} as const satisfies SectionIntro;
