import type { Database } from "../client";
import { caseStudies, clientLogos, testimonials } from "../schema/index";

// The demo's proof is made up: every record is marked as an example (`is_example`), and the site and the
// console show it with an "Example" badge, so nobody takes it for a real client.

const studies = [
  {
    slug: "example-fintech-captive-centre-bengaluru",
    title: "A fintech's own engineering centre in Bengaluru, live in five months",
    clientName: "",
    industry: "Fintech",
    summary:
      "A payments company wanted its own engineering centre in India without pausing its product roadmap. We set up the entity, the workspace and the first sixty hires.",
    challenge:
      "The company had tried outsourcing and lost too much product knowledge with each vendor change. Its board wanted a centre it owned, with a first team shipping within two quarters.\n\nNobody on the leadership team had set up an Indian entity before.",
    approach:
      "We ran the entity registration, the workspace search and the hiring plan in parallel, with one weekly review for all three.\n\nOur talent team hired the engineering leads first, so each later hire joined a team with a lead already in place.",
    outcomes: [
      { value: "5 months", label: "from decision to first release" },
      { value: "60", label: "engineers hired in the first year" },
      { value: "92%", label: "of first-year hires still on the team" },
    ],
    quote: "The centre felt like ours from the first week, because the people were ours from the first hire.",
    quoteAttribution: "VP Engineering, the client (example)",
    model: "captive",
    city: "Bengaluru",
    coverImage: "/images/blog/cover-2.svg",
    coverAlt: "An illustration of an office floor",
  },
  {
    slug: "example-logistics-bot-pune",
    title: "Build, operate, transfer: a logistics analytics team in Pune",
    clientName: "",
    industry: "Logistics",
    summary:
      "A European logistics group wanted an analytics team in India with the option to own it later. We built and ran it for two years, then transferred it.",
    challenge:
      "The group needed data engineers and analysts quickly, but was not ready to run an Indian entity on its own.",
    approach:
      "We hired and employed the team, ran its operations and governance, and prepared the transfer from the first month: contracts, policies and knowledge all written for the day the client took over.",
    outcomes: [
      { value: "24 months", label: "to a planned, on-time transfer" },
      { value: "35", label: "people transferred with no attrition at handover" },
    ],
    quote: "The transfer was a non-event, which is exactly what we wanted.",
    quoteAttribution: "Head of Data, the client (example)",
    model: "bot",
    city: "Pune",
    coverImage: "/images/blog/cover-4.svg",
    coverAlt: "An illustration of a delivery network",
  },
  {
    slug: "example-healthcare-managed-team-hyderabad",
    title: "A managed quality-engineering team for a health-tech company",
    clientName: "",
    industry: "Health technology",
    summary:
      "A health-tech company needed a dedicated testing team in India without an entity of its own. We employ the team; the client directs its work.",
    challenge: "Releases were slipping because testing could not keep up with development.",
    approach:
      "We hired a dedicated quality-engineering team that works only on the client's products, and handle its contracts, payroll and compliance.",
    outcomes: [
      { value: "8 weeks", label: "to a team of twelve" },
      { value: "2×", label: "release frequency after six months" },
    ],
    quote: "",
    quoteAttribution: "",
    model: "managed_teams",
    city: "Hyderabad",
    coverImage: "/images/blog/cover-6.svg",
    coverAlt: "An illustration of a team at work",
  },
] as const;

const quotes = [
  {
    person: "Priya Example",
    role: "CTO",
    company: "Example fintech",
    quote:
      "They knew which decisions mattered in the first month and which could wait. That saved us a quarter.",
  },
  {
    person: "Tom Example",
    role: "Head of Operations",
    company: "Example logistics group",
    quote: "One partner for the entity, the office and the hiring meant one conversation instead of five.",
  },
  {
    person: "Meera Example",
    role: "VP Engineering",
    company: "Example health-tech",
    quote: "Our team in Hyderabad is as much a part of the product as the team at home.",
  },
];

const logos = [
  { name: "Northwind Example", image: "/images/proof/logo-1.svg", approved: true },
  { name: "Example Freight", image: "/images/proof/logo-2.svg", approved: true },
  { name: "Acme Example Bank", image: "/images/proof/logo-3.svg", approved: true },
  // Not approved by the client (yet): in the console, never on the site.
  { name: "Example Health", image: "/images/proof/logo-4.svg", approved: false },
];

/** The demo's example case studies (published), testimonials (published) and client logos. */
export async function seedDemoProof(tx: Pick<Database, "insert">, now: Date) {
  await tx.insert(caseStudies).values(
    studies.map((s, i) => ({
      ...s,
      outcomes: [...s.outcomes],
      status: "published" as const,
      publishedAt: now,
      sortOrder: i,
      isExample: true,
    })),
  );
  await tx
    .insert(testimonials)
    .values(quotes.map((q, i) => ({ ...q, status: "published" as const, sortOrder: i, isExample: true })));
  await tx
    .insert(clientLogos)
    .values(logos.map((l, i) => ({ ...l, link: null, sortOrder: i, isExample: true })));
}
