import type {
  BotPage,
  EngagementModelCard,
  Feature,
  BotOverviewPath,
  GccModelPath,
  GccOverview,
  GccPageView,
  GccPhase,
  ManagedTeamsOverviewPath,
  ManagedTeamsPage,
} from "./types";

// ---------------------------------------------------------------------------
// Home "models" section
// ---------------------------------------------------------------------------

/** The three engagement model cards on the home page. */
export const engagementModels = [
  {
    title: "Captive GCC",
    description:
      "Your own fully owned subsidiary in India. You keep complete control of people, processes and intellectual property, and we guide you through every step of setting it up and running it.",
    path: "/details/initiation",
    icon: "Building2",
  },
  {
    title: "Managed Teams",
    description:
      "A shared services model in which we act as the employer of record. Your team works exclusively on your priorities, while we handle employment contracts, payroll, benefits, tax and compliance.",
    path: "/details/managed-teams",
    icon: "Users",
  },
  {
    title: "Build Operate Transfer",
    description:
      "We set up and run your centre on your behalf, then transfer ownership to you after a predefined period. You gain speed and lower risk now, with full ownership later.",
    path: "/details/build-operator",
    icon: "ArrowRightLeft",
  },
] as const satisfies readonly EngagementModelCard[];

// ---------------------------------------------------------------------------
// GCC journey: overview and phases
// ---------------------------------------------------------------------------

export const gccOverview = {
  title: "Global Capability Centers in India",
  seo: {
    title: "Set Up a Global Capability Center in India",
    description:
      "End-to-end support to plan, set up and run a Global Capability Center in India, from initiation and implementation to ongoing operational support.",
  },
  intro: [
    "A Global Capability Center (GCC) is an offshore unit that a company sets up to deliver technology, operations, analytics, finance or research capabilities for its global business. India has become the world's leading destination for GCCs thanks to its depth of skilled talent, mature ecosystem and cost advantage.",
    "GCC View 360 supports you across the entire journey. We help you define the strategy, establish the legal entity, secure workspace, hire your team and keep the centre compliant and performing, so that it becomes a lasting source of value rather than a cost line.",
  ],
  keyFeatures: [
    {
      title: "Comprehensive Setup and Operational Management",
      description:
        "One partner for entity incorporation, registrations, workspace, hiring, payroll and day-to-day operations, with a single plan and a single point of accountability.",
      icon: "Settings2",
    },
    {
      title: "Scalable Solutions Aligned with Business Growth",
      description:
        "Start with a focused team and expand in planned phases. Workspace, hiring and governance scale in step with your mandate, so you never pay for capacity before you need it.",
      icon: "TrendingUp",
    },
    {
      title: "Expertise in Tax, Compliance and Talent Strategy",
      description:
        "Practical knowledge of Indian tax, company, labour and foreign exchange regulation, combined with a talent strategy designed to attract and retain the people your centre depends on.",
      icon: "ShieldCheck",
    },
  ],
} as const satisfies GccOverview;

/** Verbatim tagline shown on the GCC pages above the contact form. */
export const gccTagline =
  "Transform your GCC vision into reality with GCC View 360. Get in Touch to start your journey today.";

/** Benefits listed beside the embedded contact form on the GCC pages. */
export const contactBenefits = [
  "A conversation with a senior consultant who has built centres in India",
  "An initial view of the engagement model that best fits your goals",
  "Indicative timelines, budget drivers and the key decisions ahead",
  "Early guidance on entity structure, tax and compliance considerations",
  "No obligation, and your information is kept strictly confidential",
] as const satisfies readonly string[];

export const gccPhases = [
  {
    number: 1,
    slug: "initiation",
    path: "/details/initiation",
    label: "1. GCC Initiation",
    title: "GCC Initiation: Strategy, Location and Structure",
    seo: {
      title: "GCC Initiation: Strategy & Planning",
      description:
        "Define the mandate, business case, location and legal structure of your Global Capability Center in India before you commit capital or hire.",
    },
    intro: [
      "Every successful centre starts with clarity. In the initiation phase we work with your leadership to agree why the centre exists, what it will deliver, where it should be and how it should be structured.",
      "The result is a business case and roadmap that your board can approve with confidence, and a plan that the implementation team can execute without guesswork.",
    ],
    sections: [
      {
        heading: "Mandate and business case",
        paragraphs: [
          "We help you decide which capabilities to build in India and in what order, and we model the costs, benefits and risks over a realistic time horizon.",
        ],
        bullets: [
          "Scope of functions, services and roles for the first phase and beyond",
          "Cost model covering talent, workspace, technology and compliance",
          "Comparison of captive, managed team and Build Operate Transfer options",
          "Success measures and governance expectations agreed up front",
        ],
      },
      {
        heading: "Location assessment",
        paragraphs: [
          "We compare candidate cities on talent availability for your specific skill mix, salary levels, attrition, infrastructure, connectivity and state-level incentives, and present a scored recommendation.",
        ],
      },
      {
        heading: "Legal and regulatory structure",
        paragraphs: [
          "We outline the right entity structure for your plans, typically a private limited subsidiary, and the approvals and registrations it will need, including foreign direct investment and FEMA reporting, tax registrations and transfer-pricing considerations.",
        ],
      },
      {
        heading: "Roadmap and budget",
        paragraphs: [
          "The phase ends with a detailed roadmap covering entity setup, workspace, hiring waves, technology and knowledge transfer, with owners, milestones and a budget for each stage.",
        ],
      },
    ],
  },
  {
    number: 2,
    slug: "implementation",
    path: "/details/implementation",
    label: "2. GCC Implementation",
    title: "GCC Implementation: Building Your Centre",
    seo: {
      title: "GCC Implementation & Setup in India",
      description:
        "Entity incorporation, registrations, workspace, hiring, technology and knowledge transfer, coordinated to bring your India centre live on schedule.",
    },
    intro: [
      "Implementation turns the plan into a working centre. It involves many parallel workstreams, each with its own dependencies, and it is where experienced coordination makes the biggest difference.",
      "Our team manages the full programme, keeping legal, workspace, hiring and technology work aligned so that your first employees join a fully functioning centre.",
    ],
    sections: [
      {
        heading: "Entity setup and registrations",
        paragraphs: [
          "We coordinate company incorporation and the registrations required to operate and employ people in India.",
        ],
        bullets: [
          "Incorporation under the Companies Act, 2013, with PAN and TAN",
          "GST registration and bank account opening",
          "Shops and Establishments registration for your premises",
          "Provident Fund, ESI and Professional Tax registrations",
        ],
      },
      {
        heading: "Workspace and infrastructure",
        paragraphs: [
          "From flexible seats for your first hires to a fully fitted office, we deliver workspace, networks and security that meet your global standards, timed to your hiring plan.",
        ],
      },
      {
        heading: "Hiring your founding team",
        paragraphs: [
          "The first leaders and specialists set the culture of your centre. We run leadership and core-team hiring first, then scale through planned hiring waves with structured assessments and onboarding.",
        ],
      },
      {
        heading: "Processes, governance and knowledge transfer",
        paragraphs: [
          "We put in place HR policies, finance and payroll processes, information security controls and reporting lines, and we help your headquarters teams plan the knowledge transfer that brings work into the centre smoothly.",
        ],
      },
    ],
  },
  {
    number: 3,
    slug: "ongoing-support",
    path: "/details/ongoing-support",
    label: "3. GCC Ongoing Support",
    title: "GCC Ongoing Support: Running and Scaling with Confidence",
    seo: {
      title: "GCC Operations & Ongoing Support",
      description:
        "Compliance, payroll, HR operations, retention and governance support that keeps your Global Capability Center in India performing as it grows.",
    },
    intro: [
      "Going live is the beginning, not the end. A centre must stay compliant, keep its people engaged and keep earning a bigger role within the global organisation.",
      "Our ongoing support lets your centre leadership concentrate on delivery and growth while we look after the operational backbone.",
    ],
    sections: [
      {
        heading: "Compliance and finance",
        paragraphs: [
          "We manage the statutory calendar for tax, company and labour law, prepare for audits and keep your books and transfer-pricing documentation in order.",
        ],
        bullets: [
          "GST, TDS and corporate tax filings",
          "Annual ROC filings and statutory audit support",
          "FEMA and foreign investment reporting",
          "Monthly compliance status reporting",
        ],
      },
      {
        heading: "HR operations and payroll",
        paragraphs: [
          "Accurate payroll, statutory contributions, employee queries, policy updates and joiner and leaver processes, handled by a dedicated shared services team.",
        ],
      },
      {
        heading: "Talent and retention",
        paragraphs: [
          "We help you keep hiring at the right pace, benchmark pay each year, develop future leaders and act on engagement feedback before it turns into attrition.",
        ],
      },
      {
        heading: "Governance and growth",
        paragraphs: [
          "Regular performance reviews with your stakeholders track the centre against its goals, and we help you plan the next phase, whether that means new capabilities, a second location or a transition to full self-management.",
        ],
      },
    ],
  },
] as const satisfies readonly GccPhase[];

/** A page of the GCC journey (`/details/features` or a phase's) as the GCC route shows it; null for no page. */
export function gccPage(slug: string | undefined): GccPageView | null {
  const page = slug === "features" ? gccOverview : gccPhases.find((p) => p.slug === slug);
  if (!page) return null;
  const phase = "number" in page ? page : null;
  return {
    path: phase?.path ?? "/details/features",
    title: page.title,
    eyebrow: phase ? `Phase ${phase.number} of your GCC journey` : "Global Capability Centers",
    seo: page.seo,
    intro: page.intro,
    sections: phase?.sections ?? [],
    featuresHeading: "Key features",
    features: gccOverview.keyFeatures,
  };
}

// ---------------------------------------------------------------------------
// Build Operate Transfer
// ---------------------------------------------------------------------------

/** The five key features of the Build Operate Transfer model. */
export const botKeyFeatures = [
  {
    title: "Cost Efficiency",
    description:
      "Use our existing infrastructure, processes and hiring capability instead of building them from scratch, and convert large upfront investment into predictable operating costs.",
    icon: "Wallet",
  },
  {
    title: "Risk Mitigation",
    description:
      "We carry the operational and regulatory risk of the start-up period, so you can prove the model in India before taking on full ownership.",
    icon: "ShieldCheck",
  },
  {
    title: "Customisation",
    description:
      "The centre is built to your specification, from roles and technology to culture and security standards, so it feels like part of your organisation from the start.",
    icon: "Settings2",
  },
  {
    title: "Compliance",
    description:
      "Entity, tax, labour and data protection obligations are managed for you throughout the build and operate phases, with full records handed over at transfer.",
    icon: "FileCheck2",
  },
  {
    title: "Seamless Transition",
    description:
      "A planned, phased transfer of people, assets, contracts and processes ensures continuity of delivery when ownership moves to you.",
    icon: "Handshake",
  },
] as const satisfies readonly [Feature, Feature, Feature, Feature, Feature];

export const botPages = [
  {
    path: "/build-operator/bot_modal",
    menuLabel: "Overview",
    title: "Build Operate Transfer (BOT) Model",
    seo: {
      title: "Build Operate Transfer (BOT) Model in India",
      description:
        "Let GCC View 360 build and run your India centre, then transfer ownership to you after a predefined period: speed and low risk now, full control later.",
    },
    intro: [
      "The Build Operate Transfer model gives you the best of both worlds: the speed and lower risk of working with an experienced partner today, and full ownership of your centre tomorrow.",
      "We set up the centre, run it on your behalf until it is stable and performing, and then transfer it to you after a predefined period, in four clearly defined phases: Initiation, Build, Operate and Transfer.",
    ],
    sections: [
      {
        heading: "Is BOT right for you?",
        paragraphs: [
          "BOT suits companies that want a captive centre in the long run but prefer not to manage the complexity of a first entry into India on their own.",
        ],
        bullets: [
          "You are setting up in India for the first time",
          "You need a team operating quickly, ahead of your own entity",
          "You want to validate the model before committing full investment",
          "You intend to own the centre, its people and its intellectual property",
        ],
      },
      {
        heading: "Commercial clarity from the start",
        paragraphs: [
          "The transfer timeline, the conditions for transfer and the commercial terms are agreed at the outset, so both sides plan towards the same goal and there are no surprises at handover.",
        ],
      },
    ],
  },
  {
    path: "/build-operator/initiation",
    menuLabel: "1. Initiation",
    title: "Phase 1: Initiation",
    seo: {
      title: "BOT Phase 1: Initiation and Planning",
      description:
        "Agree the scope, location, operating model, transfer terms and roadmap of your Build Operate Transfer centre in India before the build begins.",
    },
    intro: [
      "Initiation sets the foundation for the whole engagement. Together we define what the centre will do, how it will be governed and what success looks like at each stage through to transfer.",
    ],
    sections: [
      {
        heading: "What we agree together",
        paragraphs: ["We translate your objectives into a concrete plan that both teams can be held to."],
        bullets: [
          "Scope of services, roles and target headcount",
          "Location, workspace approach and technology requirements",
          "Governance structure, reporting and service levels",
          "Transfer timeline, conditions and commercial terms",
        ],
      },
      {
        heading: "Deliverables",
        paragraphs: [
          "The phase concludes with a signed-off roadmap, budget and hiring plan, and a governance charter that defines decision rights during the build and operate phases.",
        ],
      },
    ],
  },
  {
    path: "/build-operator/build",
    menuLabel: "2. Build",
    title: "Phase 2: Build",
    seo: {
      title: "BOT Phase 2: Build Your India Centre",
      description:
        "We establish the infrastructure, workspace, technology, processes and founding team of your BOT centre in India, built to your standards.",
    },
    intro: [
      "In the build phase we create the centre on your behalf. We use our own entity, infrastructure and hiring capability so the team can start work quickly, while everything is built to your specification.",
    ],
    sections: [
      {
        heading: "Workspace and technology",
        paragraphs: [
          "We provide a secure, fully equipped workspace and configure networks, devices and access in line with your information security policies.",
        ],
      },
      {
        heading: "Hiring the team",
        paragraphs: [
          "We recruit the centre leadership and core team first, then scale in planned waves. You take part in key hiring decisions so that the team reflects your culture and quality bar.",
        ],
        bullets: [
          "Role profiles and assessments agreed with your managers",
          "Leadership and specialist hiring prioritised",
          "Structured onboarding and induction into your ways of working",
        ],
      },
      {
        heading: "Processes and knowledge transfer",
        paragraphs: [
          "We set up HR, finance, IT and delivery processes and help your teams transfer knowledge into the centre through shadowing, documentation and phased handover of work.",
        ],
      },
    ],
  },
  {
    path: "/build-operator/operate",
    menuLabel: "3. Operate",
    title: "Phase 3: Operate",
    seo: {
      title: "BOT Phase 3: Operate and Stabilise",
      description:
        "We run your India centre day to day, managing people, payroll, compliance and service levels while the team matures and delivery stabilises.",
    },
    intro: [
      "During the operate phase we run the centre day to day while your teams direct the work. The focus is on stable delivery, a healthy team and operations that are ready to be handed over.",
    ],
    sections: [
      {
        heading: "Running the centre",
        paragraphs: [
          "We handle employment, payroll, statutory compliance, facilities and IT support, and we report regularly against agreed service levels and performance measures.",
        ],
        bullets: [
          "Monthly operational and compliance reporting",
          "Quarterly governance reviews with your leadership",
          "Continuous hiring, engagement and retention support",
        ],
      },
      {
        heading: "Preparing for ownership",
        paragraphs: [
          "Throughout this phase we document processes, develop local leaders and prepare your organisation to take on the responsibilities that come with ownership, so transfer becomes a formality rather than a disruption.",
        ],
      },
    ],
  },
  {
    path: "/build-operator/transfer",
    menuLabel: "4. Transfer",
    title: "Phase 4: Transfer",
    seo: {
      title: "BOT Phase 4: Transfer of Ownership",
      description:
        "A planned transfer of people, assets, contracts and processes into your own Indian entity, with continuity of delivery and full compliance.",
    },
    intro: [
      "At the end of the agreed period, ownership of the centre moves to you. We manage the transfer as a project in its own right, with a detailed plan, clear responsibilities and careful communication with employees.",
    ],
    sections: [
      {
        heading: "What is transferred",
        paragraphs: ["Everything you need to operate independently moves across in an orderly sequence."],
        bullets: [
          "Employees, with continuity of service and benefits",
          "Assets, workspace arrangements and vendor contracts",
          "Processes, documentation and system access",
          "Compliance records and statutory registrations",
        ],
      },
      {
        heading: "After the transfer",
        paragraphs: [
          "If your own entity is newly established, we can continue to provide selected managed services such as payroll, compliance or talent acquisition for as long as they add value.",
        ],
      },
    ],
  },
] as const satisfies readonly BotPage[];

// ---------------------------------------------------------------------------
// Managed Teams
// ---------------------------------------------------------------------------

export const managedTeamsPages = [
  {
    path: "/managed-teams/manage_overview",
    menuLabel: "Overview",
    title: "Managed Teams (Shared Services) Model",
    seo: {
      title: "Managed Teams & Shared Services in India",
      description:
        "Build a dedicated team in India without your own entity. We handle employment, payroll, benefits, tax and shared services while you direct the work.",
    },
    intro: [
      "The Managed Teams model lets you build a dedicated team in India without first establishing your own legal entity. Your team works exclusively for you, on your priorities and under your direction.",
      "GCC View 360 takes on the legal and administrative duties of employment: the employee-employer relationship, Employee on Record services including payroll, benefits and tax, and the shared services that keep the team running.",
    ],
    sections: [
      {
        heading: "Why companies choose Managed Teams",
        paragraphs: [
          "It is the fastest and most flexible way to access talent in India, and a practical first step for companies that may later move to a captive or Build Operate Transfer model.",
        ],
        bullets: [
          "No entity setup needed to start",
          "Full control over the team's work and priorities",
          "Employment and compliance handled by an experienced partner",
          "Easy to scale up, or to convert into your own centre later",
        ],
      },
    ],
  },
  {
    path: "/managed-teams/relationship",
    menuLabel: "1. Employee-Employer Relationship",
    title: "Employee-Employer Relationship",
    seo: {
      title: "Employer Responsibilities, Handled for You",
      description:
        "We act as the legal employer of your India team, managing contracts, policies, labour law compliance and employee relations on your behalf.",
    },
    intro: [
      "Under the Managed Teams model, GCC View 360 holds the formal employee-employer relationship with your team members in India. You decide what the team works on; we take responsibility for being a good, compliant employer.",
    ],
    sections: [
      {
        heading: "What we take on",
        paragraphs: [
          "We carry the legal obligations of employment and manage them to a high standard, so your team enjoys a professional employee experience.",
        ],
        bullets: [
          "Employment contracts and offer letters aligned with Indian labour law",
          "HR policies, code of conduct and workplace grievance procedures",
          "Leave, attendance and working-hours compliance",
          "Performance, disciplinary and exit processes handled fairly and lawfully",
        ],
      },
      {
        heading: "What stays with you",
        paragraphs: [
          "Day-to-day direction of work, priorities, quality standards and team culture remain with your managers. We agree clear responsibilities at the outset so that team members always know who to turn to.",
        ],
      },
    ],
  },
  {
    path: "/managed-teams/record",
    menuLabel: "2. Employee on Record",
    title: "Employee on Record",
    seo: {
      title: "Employee on Record: Payroll, Benefits & Tax",
      description:
        "Employee on Record services for your India team: accurate payroll, statutory benefits, tax deductions and filings, managed on time every month.",
    },
    intro: [
      "As Employee on Record, we keep your team members on our payroll and manage every payment, deduction and filing that employment in India requires, accurately and on time.",
    ],
    sections: [
      {
        heading: "Payroll",
        paragraphs: [
          "Monthly payroll processing with clear payslips, reimbursements, variable pay and full and final settlements, reconciled and reported to you.",
        ],
      },
      {
        heading: "Benefits",
        paragraphs: [
          "Statutory benefits are administered correctly, and we can design and run additional benefits that help you compete for talent.",
        ],
        bullets: [
          "Provident Fund and Employees' State Insurance contributions",
          "Gratuity and statutory bonus where applicable",
          "Group health insurance and other voluntary benefits",
        ],
      },
      {
        heading: "Tax",
        paragraphs: [
          "We calculate and deduct income tax at source, deposit it on time, file the required returns and issue Form 16 to employees, along with Professional Tax and other state-level obligations.",
        ],
      },
    ],
  },
  {
    path: "/managed-teams/services",
    menuLabel: "3. Managed Shared Services",
    title: "Managed Shared Services",
    seo: {
      title: "Managed Shared Services for Teams in India",
      description:
        "Shared HR, finance, IT, workspace and administrative services that support your managed team in India, delivered to agreed service levels.",
    },
    intro: [
      "A productive team needs more than an employment contract. Our managed shared services provide the operational support your team relies on every day, without the cost of building these functions yourself.",
    ],
    sections: [
      {
        heading: "Services included",
        paragraphs: [
          "Services are bundled to suit the size and needs of your team and delivered by our shared services centre.",
        ],
        bullets: [
          "HR operations, onboarding, employee queries and engagement",
          "Finance and accounting support, invoicing and reporting",
          "IT provisioning, device management and helpdesk",
          "Workspace, facilities, transport and travel administration",
        ],
      },
      {
        heading: "Transparent and scalable",
        paragraphs: [
          "You receive a clear monthly report on service levels and costs, and services scale smoothly as your team grows or your needs change.",
        ],
      },
    ],
  },
] as const satisfies readonly ManagedTeamsPage[];

// ---------------------------------------------------------------------------
// Model pages within the GCC section
// ---------------------------------------------------------------------------

/**
 * The home page's model cards link to these addresses (the spec's links); each one is answered by its own model's
 * overview, so every page about a model tells the same story (BOT: four phases, not the GCC journey's three).
 */
export const modelOverviewRedirects = {
  "/details/managed-teams": "/managed-teams/manage_overview",
  "/details/build-operator": "/build-operator/bot_modal",
} as const satisfies Record<GccModelPath, BotOverviewPath | ManagedTeamsOverviewPath>;
