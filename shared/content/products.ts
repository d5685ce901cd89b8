import type { ProductPage } from "./types";

/** The two in-house hiring products. */
export const products = [
  {
    slug: "click-100",
    path: "/products/click-100",
    title: "Click 100",
    shortTitle: "Click 100",
    tagline: "Technology hiring, matched by AI and moved along by automation.",
    summary:
      "A tech-hiring platform that combines a curated talent network, AI/ML matching and workflow automation.",
    description:
      "Click 100 helps you hire engineers and technology specialists faster. A curated talent network, AI/ML matching and end-to-end automation bring relevant candidates forward and keep every hiring step moving.",
    seo: {
      title: "Click 100: AI Tech-Hiring Platform",
      description:
        "Click 100 combines a curated tech talent network, AI/ML candidate matching and hiring automation to help you build engineering teams in India faster.",
    },
    intro: [
      "Hiring technology talent is a race. The best engineers weigh several offers at once, and slow, manual hiring processes lose them to faster competitors.",
      "Click 100 is our technology hiring platform. It brings together a curated network of technology professionals, matching models that understand skills rather than keywords, and automation that removes the delays between each hiring step.",
    ],
    offerings: [
      {
        title: "Talent Network",
        description:
          "A curated network of software engineers, cloud, data and security specialists, and technology leaders, with profiles kept current and ready to match.",
        icon: "Network",
      },
      {
        title: "AI/ML Matching",
        description:
          "Machine learning models rank candidates on skills, technology stack, project experience and role fit, and learn from your interview feedback over time.",
        icon: "BrainCircuit",
      },
      {
        title: "Hiring Automation",
        description:
          "Automated screening, interview scheduling, reminders and status updates keep candidates informed and hiring managers on track.",
        icon: "Workflow",
      },
      {
        title: "Built for Technology Roles",
        description:
          "Role templates and assessments designed for engineering, data, cloud and quality roles, from graduate developers to engineering managers.",
        icon: "Cpu",
      },
    ],
    sections: [
      {
        heading: "From requisition to offer",
        paragraphs: [
          "Click 100 connects each stage of technology hiring in a single flow, so nothing waits in an inbox and every stakeholder can see where a candidate stands.",
        ],
        bullets: [
          "Create a role from a technology-specific template",
          "Receive ranked matches from the talent network",
          "Screen and schedule interviews automatically",
          "Collect structured feedback and move quickly to offer",
        ],
      },
      {
        heading: "Designed around people",
        paragraphs: [
          "Automation handles the routine work, but hiring decisions stay with your managers and our recruiters. Candidates receive timely updates, which protects your employer brand in a competitive market.",
        ],
      },
    ],
    outcomes: [
      "Shorter hiring cycles for technology roles",
      "More relevant shortlists with less manual screening",
      "Better visibility of every role and candidate",
      "A responsive candidate experience that reflects well on your brand",
    ],
  },
  {
    slug: "advantage-plus",
    path: "/products/advantage-plus",
    title: "Advantage plus",
    shortTitle: "Advantage plus",
    tagline: "Select the right candidates from a wider, fairer and better-understood talent pool.",
    summary:
      "A candidate-selection product built on market-based talent data, bulk resume processing, diverse pools, analytics and workflow.",
    description:
      "Advantage plus helps you choose with confidence. Market-based talent insight, bulk resume processing, a diverse candidate pool, selection analytics and a structured workflow make high-volume selection faster and fairer.",
    seo: {
      title: "Advantage plus: Candidate Selection",
      description:
        "Advantage plus brings market-based talent insight, bulk resume processing, diverse candidate pools, analytics and workflow to high-volume selection.",
    },
    intro: [
      "Selecting the right people from hundreds of applications is as hard as finding them. Without good data, teams fall back on familiar profiles and miss strong candidates from less obvious backgrounds.",
      "Advantage plus is our candidate-selection product. It grounds every decision in market data, processes resumes at scale and gives hiring teams a clear, consistent way to compare candidates.",
    ],
    offerings: [
      {
        title: "Market-Based Talent",
        description:
          "See how available a skill is, what it costs and where it is concentrated, so your role requirements and offers reflect the real market.",
        icon: "TrendingUp",
      },
      {
        title: "Bulk Resume Processing",
        description:
          "Upload large batches of resumes and have them parsed, de-duplicated and structured automatically, ready for consistent evaluation.",
        icon: "FileStack",
      },
      {
        title: "Diverse Talent Pool",
        description:
          "Broaden your reach beyond the usual channels and apply skills-first criteria that help you build balanced, diverse teams.",
        icon: "Users",
      },
      {
        title: "Selection Analytics",
        description:
          "Dashboards on pipeline quality, pass-through rates, source effectiveness and diversity help you improve selection with every hiring round.",
        icon: "BarChart3",
      },
      {
        title: "Structured Workflow",
        description:
          "Configurable stages, scorecards and approvals keep every evaluator aligned and create a clear record of each decision.",
        icon: "Workflow",
      },
    ],
    sections: [
      {
        heading: "Built for volume and quality",
        paragraphs: [
          "Advantage plus is designed for campus drives, new team launches and other high-volume hiring, where consistency matters as much as speed.",
        ],
        bullets: [
          "Consistent scoring across evaluators and locations",
          "Side-by-side candidate comparison on agreed criteria",
          "Shortlists supported by skills evidence",
          "Reports ready to share with hiring leadership",
        ],
      },
      {
        heading: "Fairer decisions by design",
        paragraphs: [
          "Structured criteria and transparent scoring reduce the influence of unconscious bias, and analytics make it easy to check whether your process treats every group of candidates fairly.",
        ],
      },
    ],
    outcomes: [
      "Faster, more consistent selection at volume",
      "Offers and requirements aligned with the market",
      "More diverse shortlists and teams",
      "A documented, defensible selection process",
    ],
  },
] as const satisfies readonly ProductPage[];

export type Product = (typeof products)[number];
export type ProductSlug = Product["slug"];
