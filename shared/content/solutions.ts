import type { SolutionPage } from "./types";

/**
 * The six solution pages, in the order they appear in the menu and the home carousel.
 * `description` is the carousel card text: two entries are deliberately longer than the 250-character
 * truncation limit, the others fit within it.
 */
export const solutions = [
  {
    slug: "consulting-services",
    path: "/consulting-services",
    title: "Consulting & Advisory",
    shortTitle: "Consulting & Advisory",
    summary:
      "Independent, evidence-based advice on where, how and at what cost to set up your Global Capability Center in India.",
    description:
      "Strategic advice for every decision that shapes your India centre. We benchmark costs and capabilities against comparable GCCs, research the talent market for your skill mix, compare cities on cost, talent depth and infrastructure, and design a talent model that lets your centre scale with confidence from the very first hire.",
    seo: {
      title: "GCC Consulting & Advisory in India",
      description:
        "Advisory, benchmarking, market research, location analysis and talent optimisation for companies planning a Global Capability Center in India.",
    },
    intro: [
      "Setting up a Global Capability Center is a board-level decision. The choices you make in the first few months, from the city and the legal structure to the roles you hire first, shape the cost, quality and culture of your centre for years.",
      "Our consulting team gives you an independent view grounded in current market data and hands-on experience of building centres in India. We help you frame the right questions, test the assumptions behind your business case and reach decisions your leadership can stand behind.",
    ],
    offerings: [
      {
        title: "Strategic Advisory",
        description:
          "Shape the mandate, scope and operating model of your centre, choose between captive, managed team and Build Operate Transfer routes, and build a business case your board can approve.",
        icon: "Compass",
      },
      {
        title: "Benchmarking",
        description:
          "Compare salaries, operating costs, productivity measures and governance practices against centres of similar size and maturity, so your targets are realistic from day one.",
        icon: "BarChart3",
      },
      {
        title: "Market Research",
        description:
          "Understand the supply of skills you need, competitor hiring activity, attrition patterns and emerging capability hubs before you commit to a plan.",
        icon: "Search",
      },
      {
        title: "Location Analysis",
        description:
          "Evaluate established hubs such as Bengaluru, Hyderabad, Pune, Chennai and Delhi NCR alongside fast-growing tier-2 cities on talent depth, cost, infrastructure, connectivity and state incentives.",
        icon: "MapPin",
      },
      {
        title: "Talent Optimisation",
        description:
          "Design the organisation structure, role mix, career paths and leadership layer that keep your centre productive, engaged and ready to take on more complex work.",
        icon: "Target",
      },
    ],
    sections: [
      {
        heading: "How an advisory engagement works",
        paragraphs: [
          "Every engagement starts with your objectives, not a template. We agree the decisions you need to make, the evidence required to make them and the timeline your leadership is working to.",
        ],
        bullets: [
          "Discovery workshops with your business, finance, HR and technology stakeholders",
          "Market, talent and cost analysis tailored to your target roles and functions",
          "Side-by-side comparison of locations and engagement models",
          "A recommended roadmap with budget, hiring plan, risks and key milestones",
        ],
      },
      {
        heading: "What you receive",
        paragraphs: [
          "Our recommendations are practical and ready to act on. Because the same team can support implementation, the advice is written with delivery in mind rather than left on a shelf.",
        ],
        bullets: [
          "A GCC business case with cost modelling and sensitivity analysis",
          "A location shortlist with clear scoring criteria",
          "A talent market report covering availability, compensation and competition",
          "An operating model, governance framework and phased scale-up plan",
        ],
      },
    ],
    outcomes: [
      "Clear, defensible decisions on location, structure and engagement model",
      "A realistic budget built on current market benchmarks",
      "A talent strategy matched to the skills your centre actually needs",
      "A phased roadmap that connects strategy to execution",
    ],
  },
  {
    slug: "managed-services",
    path: "/managed-services",
    title: "Managed Services",
    shortTitle: "Managed Services",
    summary:
      "Tax, finance, HR, support and logistics services that keep your India centre compliant and running smoothly.",
    description:
      "Hand over the day-to-day administration of your India centre. We manage tax and finance compliance, HR shared services, support services, and employee transportation and logistics, so your leaders can focus on delivery.",
    seo: {
      title: "Managed Services for GCCs in India",
      description:
        "Tax and finance compliance, HR shared services, support services and employee transport, managed end to end for your Global Capability Center in India.",
    },
    intro: [
      "Running a centre in India means meeting a steady calendar of statutory obligations while keeping employees paid, supported and safe. Getting any of it wrong costs time, money and goodwill.",
      "Our managed services take these responsibilities off your hands. We operate the processes, track every deadline and report to you with full transparency, while you retain control over the decisions that matter.",
    ],
    offerings: [
      {
        title: "Tax & Finance Compliance",
        description:
          "GST, TDS, advance tax and corporate tax filings, statutory and tax audits, transfer-pricing documentation, annual ROC filings and FEMA reporting, managed against a shared compliance calendar.",
        icon: "Landmark",
      },
      {
        title: "HR Shared Services",
        description:
          "Payroll, Provident Fund, ESI and Professional Tax, onboarding and exits, employee records, policies and employee queries, delivered through a single accountable team.",
        icon: "Users",
      },
      {
        title: "Support Services",
        description:
          "Front office, administration, IT helpdesk coordination, vendor management and business travel support that keep the workplace running without distraction.",
        icon: "Headset",
      },
      {
        title: "Transportation & Logistics",
        description:
          "Employee commute programmes with planned routes, vetted vendors and safety protocols for late shifts, plus logistics for equipment, assets and office moves.",
        icon: "Truck",
      },
    ],
    sections: [
      {
        heading: "One partner for the back office",
        paragraphs: [
          "Instead of coordinating several local vendors, you work with one team that understands how finance, HR and facilities connect. A single point of contact owns your service levels and escalations.",
          "Each service runs on documented processes, agreed service levels and regular reporting, so you always know what has been filed, paid and resolved.",
        ],
      },
      {
        heading: "Compliance you can evidence",
        paragraphs: [
          "We maintain an auditable trail of filings, payments and approvals. Monthly reports summarise the status of every obligation and flag upcoming deadlines and regulatory changes that affect you.",
        ],
        bullets: [
          "Monthly compliance dashboard and filing tracker",
          "Timely alerts on changes to tax, labour and company law",
          "Audit-ready records for internal and statutory reviews",
          "Clear escalation routes with named owners",
        ],
      },
    ],
    outcomes: [
      "Statutory deadlines met consistently, with evidence on file",
      "Accurate, on-time payroll and a better employee experience",
      "Lower administrative overhead for your centre leadership",
      "Predictable costs under a clear service agreement",
    ],
  },
  {
    slug: "workspace-solution",
    path: "/workspace-solution",
    title: "Workspace Solutions",
    shortTitle: "Workspace Solutions",
    summary:
      "From a few flexible seats to a fully fitted campus, workspace that grows with your team in India.",
    description:
      "Workspace that grows with your team. We find and negotiate office space, manage design and fit-out, provide flexible seats while you scale, and run facility management, so your people have a productive, secure place to work from day one.",
    seo: {
      title: "Office Space & Workspace Solutions in India",
      description:
        "Office search, design and fit-out, flexible seats and facility management for Global Capability Centers, sized to your hiring plan in India.",
    },
    intro: [
      "Your workspace is often the first tangible sign of your commitment to India. It needs to reflect your brand, meet your security standards and support the way your teams collaborate, without locking you into more space than you need.",
      "We manage the full workspace lifecycle, from the first flexible seats for a pilot team to a dedicated, fully fitted office for a mature centre.",
    ],
    offerings: [
      {
        title: "Office Space Search",
        description:
          "Shortlist and compare buildings and business parks on location, commute, amenities, power backup, connectivity and lease terms, then negotiate on your behalf.",
        icon: "Building2",
      },
      {
        title: "Design & Fit-out",
        description:
          "Workplace design, project management and fit-out delivered to your brand, security and collaboration standards, on an agreed budget and timeline.",
        icon: "PencilRuler",
      },
      {
        title: "Flexible Seats",
        description:
          "Ready-to-use seats in managed offices for early hires and pilot teams, with the option to expand or move into dedicated space as your team grows.",
        icon: "Layers",
      },
      {
        title: "Facility Management",
        description:
          "Housekeeping, maintenance, security, access control, cafeteria and utilities managed to agreed service levels, with a single point of contact.",
        icon: "Wrench",
      },
      {
        title: "IT & Network Infrastructure",
        description:
          "Structured cabling, redundant internet links, secure networks and meeting-room technology, set up to meet your global IT and information security policies.",
        icon: "Network",
      },
      {
        title: "Safety & Compliance",
        description:
          "Fire safety, building approvals, occupational health and safety and the statutory registrations your premises need, tracked and kept current.",
        icon: "ShieldCheck",
      },
    ],
    sections: [
      {
        heading: "From shortlist to handover",
        paragraphs: [
          "We align the workspace plan with your hiring roadmap so that seats are ready when people join, and no capital is tied up in space you will not use for months.",
        ],
        bullets: [
          "Requirement definition based on headcount, work patterns and security needs",
          "Market scan, site visits and a scored shortlist",
          "Commercial negotiation and lease review",
          "Design, fit-out, move-in and ongoing facility management",
        ],
      },
      {
        heading: "Options for every stage",
        paragraphs: [
          "Early teams often start in managed or coworking space, while larger centres benefit from dedicated floors or build-to-suit campuses. Where it helps your business case, we also assess premises in Special Economic Zones and IT parks.",
        ],
      },
    ],
    outcomes: [
      "A workspace ready in step with your hiring plan",
      "Capital and lease commitments matched to real demand",
      "A secure, well-run office that supports collaboration and retention",
      "One accountable partner from search to daily operations",
    ],
  },
  {
    slug: "talent-solution",
    path: "/talent-solution",
    title: "Talent Management",
    shortTitle: "Talent Management",
    summary:
      "Hiring, interviewing, compensation, workforce planning and retention for teams that need to perform from the start.",
    description:
      "Build a team that performs and stays. We hire for technical and leadership roles, run structured interviews on your behalf, benchmark compensation against the local market, plan your workforce as the mandate grows, and design retention programmes that keep your best people engaged, challenged and rewarded over the long term.",
    seo: {
      title: "Talent Management for GCCs in India",
      description:
        "Hiring, interview as a service, compensation benchmarking, workforce planning and retention programmes for Global Capability Centers in India.",
    },
    intro: [
      "The success of a Global Capability Center rests on its people. India offers deep pools of engineering, analytics, finance and operations talent, but competition for experienced professionals is intense.",
      "Our talent management services cover the full employee lifecycle: attracting the right people, assessing them rigorously, paying them fairly and giving them reasons to build their careers with you.",
    ],
    offerings: [
      {
        title: "Hiring",
        description:
          "End-to-end recruitment for technical, functional and leadership roles, from role definition and sourcing to offer management and joining.",
        icon: "UserPlus",
      },
      {
        title: "Interview as a Service",
        description:
          "Structured technical and behavioural interviews conducted by experienced panellists, with consistent scorecards that free your engineers to focus on delivery.",
        icon: "MessagesSquare",
      },
      {
        title: "Compensation & Benefits",
        description:
          "Salary benchmarking, pay structures, benefits design and incentive plans that are competitive in the local market and consistent with your global reward philosophy.",
        icon: "Wallet",
      },
      {
        title: "Workforce Planning",
        description:
          "Translate your business roadmap into a hiring plan by role, level, skill and quarter, balancing cost, capability and the pace of knowledge transfer.",
        icon: "CalendarClock",
      },
      {
        title: "Retention & Engagement",
        description:
          "Onboarding, career frameworks, learning paths, recognition and regular engagement pulse checks that address the common causes of attrition early.",
        icon: "HeartHandshake",
      },
    ],
    sections: [
      {
        heading: "Hiring that reflects your standards",
        paragraphs: [
          "We take time to understand your engineering culture, quality bar and ways of working. Every role starts with a clear profile and assessment plan agreed with your hiring managers.",
        ],
        bullets: [
          "Role profiles and interview plans built with your managers",
          "Calibrated technical and behavioural assessments",
          "Transparent reporting on pipeline health and time to hire",
          "Offer and pre-joining management to reduce drop-offs",
        ],
      },
      {
        heading: "Keeping your best people",
        paragraphs: [
          "Attrition is one of the biggest hidden costs of a new centre. We help you build the career paths, recognition and leadership practices that make people want to stay and grow with you.",
        ],
      },
    ],
    outcomes: [
      "Strong teams assembled in step with your roadmap",
      "Consistent, fair assessment across every hire",
      "Competitive, well-governed pay structures",
      "Higher engagement and lower regretted attrition",
    ],
  },
  {
    slug: "smart-talent",
    path: "/smart-talent",
    title: "Smart Talent Acquisition with AI",
    shortTitle: "Smart Talent Acquisition",
    summary:
      "AI-assisted sourcing, matching and screening, guided by experienced recruiters, for faster and fairer hiring.",
    description:
      "Hire faster without lowering the bar. AI-assisted sourcing, skills-based matching and automated screening surface the strongest candidates early, while experienced recruiters review every shortlist before it reaches you.",
    seo: {
      title: "AI-Powered Smart Talent Acquisition",
      description:
        "AI-assisted sourcing, skills-based matching and automated screening, reviewed by experienced recruiters, to hire faster and fairer for your GCC in India.",
    },
    intro: [
      "Traditional recruitment struggles with volume. Recruiters spend hours reading CVs and scheduling interviews, and strong candidates are lost to slower processes or keyword filters that miss relevant experience.",
      "Smart Talent Acquisition combines artificial intelligence with recruiter judgement. Technology does the repetitive work at scale, and people make the decisions that need context and care.",
    ],
    offerings: [
      {
        title: "AI-Assisted Sourcing",
        description:
          "Search across job boards, professional networks and our own talent pool at once to build a broader and more relevant long list for every role.",
        icon: "Sparkles",
      },
      {
        title: "Skills-Based Matching",
        description:
          "Machine learning models compare skills, experience and project history with the role profile, looking beyond job titles and keywords to real capability.",
        icon: "BrainCircuit",
      },
      {
        title: "Automated Screening",
        description:
          "Structured screening questions and online assessments filter for essential requirements early, so interview time is spent on the most promising candidates.",
        icon: "ClipboardCheck",
      },
      {
        title: "Hiring Analytics",
        description:
          "Live insight into funnel conversion, time to hire, source quality and offer acceptance, so you can see where the process slows and act on it.",
        icon: "LineChart",
      },
      {
        title: "Human Review & Fairness",
        description:
          "Every shortlist is reviewed by an experienced recruiter, and matching criteria are monitored to reduce bias and keep decisions explainable.",
        icon: "Scale",
      },
    ],
    sections: [
      {
        heading: "How it works",
        paragraphs: [
          "We begin by building a skills-based profile of each role with your hiring manager. That profile drives sourcing, matching and screening, and it is refined as interview feedback comes in.",
        ],
        bullets: [
          "Role calibration with your hiring managers",
          "AI-assisted sourcing and ranking against the agreed profile",
          "Automated screening and assessment for essential skills",
          "Recruiter review, interviews and offer management",
        ],
      },
      {
        heading: "Responsible use of AI",
        paragraphs: [
          "AI supports our recruiters; it never makes a hiring decision on its own. Candidate data is handled in line with applicable data protection law, and we regularly review matching outcomes for signs of bias.",
        ],
      },
    ],
    outcomes: [
      "Shorter time to shortlist and time to hire",
      "Better-matched candidates and higher interview-to-offer ratios",
      "Less recruiter and hiring-manager time spent on manual screening",
      "A consistent, transparent and fairer candidate experience",
    ],
  },
  {
    slug: "ailed-service",
    path: "/ailed-service",
    title: "AI-Led Talent Supply",
    shortTitle: "AI-Led Talent Supply",
    summary:
      "On-demand access to a pre-screened pipeline of over {candidates} candidates, matched to your roles with AI.",
    description:
      "Tap into a pre-screened pipeline of over {candidates} candidates across technology, data and business functions. AI-led matching and assessed skills mean you see qualified profiles quickly, whether you need one specialist or a whole team.",
    seo: {
      title: "AI-Led Talent Supply: {candidates}+ Candidates",
      description:
        "Access a pre-screened pipeline of over {candidates} candidates, matched to your roles with AI, to staff your Global Capability Center in India quickly.",
    },
    intro: [
      "When you need to staff a new team or fill critical roles quickly, starting every search from scratch is too slow. AI-Led Talent Supply gives you a head start.",
      "We maintain a pre-screened pipeline of over {candidates} candidates whose skills, experience and availability have already been assessed. Our AI matching engine connects your requirements to the right people, and our recruiters take it from there.",
    ],
    offerings: [
      {
        title: "Pre-Screened Talent Pipeline",
        description:
          "Over {candidates} candidates whose profiles, skills and career goals have been reviewed in advance, ready to be matched to your open roles.",
        icon: "Database",
      },
      {
        title: "Rapid Shortlists",
        description:
          "Because screening has already happened, shortlists for priority roles reach your hiring managers quickly, with skills evidence attached.",
        icon: "Zap",
      },
      {
        title: "Verified Skills",
        description:
          "Technical assessments, structured screening and reference checks give you confidence in each profile before the first interview.",
        icon: "BadgeCheck",
      },
      {
        title: "Team Ramp-Ups",
        description:
          "Hire whole squads for a new product line or function in coordinated waves, with joining dates aligned to your onboarding capacity.",
        icon: "Rocket",
      },
      {
        title: "Flexible Engagement",
        description:
          "Permanent hiring, contract staffing or contract-to-hire arrangements, so you can match the engagement to the certainty of each role.",
        icon: "Handshake",
      },
    ],
    sections: [
      {
        heading: "A pipeline that is always moving",
        paragraphs: [
          "Our talent pipeline is continuously refreshed. Candidates are re-engaged regularly, their availability and preferences are kept up to date, and new profiles are screened before they are added.",
        ],
        bullets: [
          "Engineering, cloud, data, cybersecurity and quality roles",
          "Finance, analytics, operations and customer functions",
          "Early-career, experienced and leadership profiles",
        ],
      },
      {
        heading: "Supply that scales with you",
        paragraphs: [
          "Whether you are hiring your first ten people or adding a new capability to an established centre, we plan supply against your ramp-up schedule and report progress role by role.",
        ],
      },
    ],
    outcomes: [
      "Faster access to qualified, interested candidates",
      "Reduced sourcing effort for your recruiters and managers",
      "Predictable ramp-ups for new teams and functions",
      "Confidence in skills before interviews begin",
    ],
  },
] as const satisfies readonly SolutionPage[];

export type Solution = (typeof solutions)[number];
export type SolutionSlug = Solution["slug"];
