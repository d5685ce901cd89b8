import type { AboutIntro, AboutTile, AudienceCard, CoreValue } from "./types";

export const aboutIntro = {
  title: "About GCC View 360",
  seo: {
    title: "About Us: Your GCC Partner in India",
    description:
      "GCC View 360 helps companies worldwide plan, build and run Global Capability Centers in India, with advisory, talent, workspace and managed services.",
  },
  paragraphs: [
    "GCC View 360 helps companies around the world establish and grow Global Capability Centers in India. We bring together strategy, legal and tax expertise, talent acquisition, workspace and managed services, so our clients can work with a single partner from the first conversation to a fully operational centre.",
    "Our name reflects how we work: a complete, 360-degree view of everything a centre needs to succeed. We understand that a GCC is more than an office and a headcount target. It is a long-term investment in people and capability, and it deserves a partner who is equally invested in its success.",
    "Whether you choose a captive centre, a managed team or a Build Operate Transfer arrangement, we tailor our support to your goals, your pace and your appetite for risk.",
  ],
} as const satisfies AboutIntro;

/** Audience cards. Texts over 250 characters are collapsed behind View More / View Less. */
export const audiences = [
  {
    title: "Small Business Owner",
    text: "Expanding into India does not have to mean a large upfront investment. If you run a growing business, our Managed Teams model lets you hire a dedicated team without setting up your own entity. We take care of employment, payroll, tax and compliance, so you can access skilled professionals at a sustainable cost and scale at a pace that suits your cash flow.",
    icon: "Briefcase",
  },
  {
    title: "Large Enterprise",
    text: "For enterprises building or expanding a Global Capability Center, we provide the structure, governance and execution capacity that large programmes demand. From location strategy and entity setup to multi-function hiring, workspace and statutory compliance, we coordinate every workstream so your centre goes live on time, meets global standards and becomes a strategic asset for the wider organisation.",
    icon: "Building2",
  },
  {
    title: "Tech Company",
    text: "Technology companies need engineers who can own products, not just close tickets. We help you hire strong engineers, data specialists and technology leaders quickly, and build the culture and career paths that keep them.",
    icon: "Cpu",
  },
] as const satisfies readonly AudienceCard[];

/** The five core values, in display order. */
export const coreValues = [
  {
    title: "Integrity",
    description:
      "We give honest advice, even when it is not what a client expects to hear, and we keep our commitments to clients, candidates and employees alike.",
    icon: "ShieldCheck",
  },
  {
    title: "Empathy",
    description:
      "We take time to understand the pressures our clients face and the aspirations of the people we hire, and we let that understanding shape every decision.",
    icon: "HeartHandshake",
  },
  {
    title: "Relationships",
    description:
      "We measure success in long-term partnerships rather than single transactions, and we aim to be the first call our clients make when their plans change.",
    icon: "Handshake",
  },
  {
    title: "Innovation",
    description:
      "We look for better ways of working, from AI-led hiring to smarter operating models, and adopt new approaches when they genuinely improve outcomes.",
    icon: "Lightbulb",
  },
  {
    title: "Performance",
    description:
      "We hold ourselves to clear, measurable standards and judge our work by the results our clients achieve: centres that deliver, grow and endure.",
    icon: "Award",
  },
] as const satisfies readonly [
  CoreValue<"Integrity">,
  CoreValue<"Empathy">,
  CoreValue<"Relationships">,
  CoreValue<"Innovation">,
  CoreValue<"Performance">,
];

export const aboutTiles = [
  {
    title: "Our Leadership",
    description:
      "Meet the leadership team behind GCC View 360, who bring {leadership_years} years of collective experience across consulting, technology, finance, HR and operations.",
    path: "/leadership-page",
  },
  {
    title: "Our Solutions",
    description:
      "Explore consulting and advisory, talent, workspace and managed services designed to support every stage of your Global Capability Center.",
    path: "/consulting-services",
  },
  {
    title: "Start Your GCC Journey",
    description:
      "See how we guide you through initiation, implementation and ongoing support to build a centre that delivers lasting value.",
    path: "/details/initiation",
  },
] as const satisfies readonly AboutTile[];

/** The leadership page's introduction; `{leadership_years}` is the site figure (shared/figures.ts). */
export const leadershipIntro = {
  description:
    "Meet the leadership team behind GCC View 360: {leadership_years} years of collective experience in setting up and running Global Capability Centers in India.",
  text: "Together our leaders bring {leadership_years} years of collective experience in building, staffing and running Global Capability Centers for companies around the world.",
} as const;
