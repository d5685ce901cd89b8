/**
 * Shared types for the static marketing copy of the GCC View 360 website.
 *
 * Content files export plain, readonly data; components decide how to render it.
 * Icons are referenced by their lucide-react component name so the data stays free of React imports.
 */

/** lucide-react icon component names used by the content. Keep in sync with the icons actually referenced. */
export type IconName =
  | "ArrowRightLeft"
  | "Award"
  | "BadgeCheck"
  | "BarChart3"
  | "BrainCircuit"
  | "Briefcase"
  | "Building2"
  | "CalendarClock"
  | "ClipboardCheck"
  | "Compass"
  | "Cpu"
  | "Database"
  | "FileCheck2"
  | "FileStack"
  | "Handshake"
  | "Headset"
  | "HeartHandshake"
  | "Landmark"
  | "Layers"
  | "Lightbulb"
  | "LineChart"
  | "MapPin"
  | "MessagesSquare"
  | "Network"
  | "PencilRuler"
  | "Rocket"
  | "Scale"
  | "Search"
  | "Settings2"
  | "ShieldCheck"
  | "Sparkles"
  | "Target"
  | "TrendingUp"
  | "Truck"
  | "UserPlus"
  | "Users"
  | "Wallet"
  | "Workflow"
  | "Wrench"
  | "Zap";

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

export type SolutionPath =
  | "/consulting-services"
  | "/managed-services"
  | "/workspace-solution"
  | "/talent-solution"
  | "/smart-talent"
  | "/ailed-service";

export type ProductPath = "/products/click-100" | "/products/advantage-plus";

export type GccPhaseSlug = "initiation" | "implementation" | "ongoing-support";
export type GccPhasePath = `/details/${GccPhaseSlug}`;
export type GccOverviewPath = "/details/features";
export type GccModelPath = "/details/managed-teams" | "/details/build-operator";

export type BotOverviewPath = "/build-operator/bot_modal";
export type BotPath =
  | BotOverviewPath
  | "/build-operator/initiation"
  | "/build-operator/build"
  | "/build-operator/operate"
  | "/build-operator/transfer";

export type ManagedTeamsOverviewPath = "/managed-teams/manage_overview";
export type ManagedTeamsPath =
  | ManagedTeamsOverviewPath
  | "/managed-teams/relationship"
  | "/managed-teams/record"
  | "/managed-teams/services";

/** Every public, statically known route of the marketing site. */
export type SitePath =
  | "/"
  | "/about-page"
  | "/leadership-page"
  | "/Careers-page"
  | "/blog"
  | "/contact"
  | "/case-studies"
  | GccOverviewPath
  | GccPhasePath
  | GccModelPath
  | BotPath
  | ManagedTeamsPath
  | SolutionPath
  | ProductPath;

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

/** Page metadata. `title` is at most 60 characters; `description` is 120–160 characters and unique per page. */
export interface PageSeo {
  /** The page's own name; every title reads "<name> | GCC View 360" (pageTitle in app/lib/seo.ts). */
  readonly title: string;
  readonly description: string;
}

export interface ContentSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly bullets?: readonly string[];
}

export interface Feature {
  readonly title: string;
  readonly description: string;
  readonly icon: IconName;
}

export interface NavLink {
  readonly label: string;
  readonly path: SitePath;
}

export interface SectionIntro {
  readonly heading: string;
  readonly text: string;
}

// ---------------------------------------------------------------------------
// Solutions and products
// ---------------------------------------------------------------------------

export interface ServicePage<TPath extends SitePath = SitePath> {
  readonly slug: string;
  readonly path: TPath;
  readonly title: string;
  readonly shortTitle: string;
  /** One-sentence summary for menus, tiles and meta fallbacks. */
  readonly summary: string;
  /** Card text for the home carousel; the UI truncates anything over 250 characters. */
  readonly description: string;
  readonly seo: PageSeo;
  readonly intro: readonly string[];
  readonly offerings: readonly Feature[];
  readonly sections: readonly ContentSection[];
  readonly outcomes: readonly string[];
}

export type SolutionPage = ServicePage<SolutionPath>;

export interface ProductPage extends ServicePage<ProductPath> {
  readonly tagline: string;
}

// ---------------------------------------------------------------------------
// Engagement models and GCC journey
// ---------------------------------------------------------------------------

export interface EngagementModelCard {
  readonly title: string;
  readonly description: string;
  readonly path: "/details/initiation" | GccModelPath;
  readonly icon: IconName;
}

type GccPhaseIdentity =
  | {
      readonly number: 1;
      readonly slug: "initiation";
      readonly path: "/details/initiation";
      readonly label: "1. GCC Initiation";
    }
  | {
      readonly number: 2;
      readonly slug: "implementation";
      readonly path: "/details/implementation";
      readonly label: "2. GCC Implementation";
    }
  | {
      readonly number: 3;
      readonly slug: "ongoing-support";
      readonly path: "/details/ongoing-support";
      readonly label: "3. GCC Ongoing Support";
    };

export type GccPhase = GccPhaseIdentity & {
  readonly title: string;
  readonly seo: PageSeo;
  readonly intro: readonly string[];
  readonly sections: readonly ContentSection[];
};

/** What the GCC route shows for the overview or a phase. */
export interface GccPageView {
  readonly path: GccOverviewPath | GccPhase["path"];
  readonly title: string;
  readonly eyebrow: string;
  readonly seo: PageSeo;
  readonly intro: readonly string[];
  readonly sections: readonly ContentSection[];
  readonly featuresHeading: string;
  readonly features: readonly Feature[];
}

export interface GccOverview {
  readonly title: string;
  readonly seo: PageSeo;
  readonly intro: readonly string[];
  readonly keyFeatures: readonly [Feature, Feature, Feature];
}

/** A page in a side-menu section (Build Operate Transfer, Managed Teams). */
export interface SubPage<TPath extends SitePath = SitePath> {
  readonly path: TPath;
  /** Side-menu label, e.g. "Overview" or "1. Initiation". */
  readonly menuLabel: string;
  readonly title: string;
  readonly seo: PageSeo;
  readonly intro: readonly string[];
  readonly sections: readonly ContentSection[];
}

export type BotPage = SubPage<BotPath>;
export type ManagedTeamsPage = SubPage<ManagedTeamsPath>;

// ---------------------------------------------------------------------------
// About
// ---------------------------------------------------------------------------

export interface AboutIntro {
  readonly title: string;
  readonly seo: PageSeo;
  readonly paragraphs: readonly string[];
}

export interface AudienceCard {
  readonly title: string;
  /** Texts over 250 characters get a View More / View Less toggle. */
  readonly text: string;
  readonly icon: IconName;
}

export type CoreValueTitle = "Integrity" | "Empathy" | "Relationships" | "Innovation" | "Performance";

export interface CoreValue<TTitle extends CoreValueTitle = CoreValueTitle> {
  readonly title: TTitle;
  readonly description: string;
  readonly icon: IconName;
}

export interface AboutTile {
  readonly title: string;
  readonly description: string;
  readonly path: SitePath;
}

// ---------------------------------------------------------------------------
// Home
// ---------------------------------------------------------------------------

/** Ids of the home-page sections the hero buttons scroll to. */
export type HomeSectionId = "about" | "experience" | "solutions";

export interface HeroSlide<TTarget extends HomeSectionId = HomeSectionId> {
  readonly eyebrow: string;
  readonly title: string;
  readonly text: string;
  readonly cta: {
    readonly label: string;
    readonly target: TTarget;
  };
}

export interface HomeAbout {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface Stat {
  readonly value: string;
  readonly label: string;
}

export interface ExperienceSection {
  readonly heading: string;
  readonly intro: string;
  readonly stats: readonly Stat[];
}

// ---------------------------------------------------------------------------
// Other pages
// ---------------------------------------------------------------------------

export interface PageBanner {
  readonly heading: string;
  readonly text: string;
}

export interface ContactPageContent {
  readonly seo: PageSeo;
  readonly banner: PageBanner;
  readonly intro: string;
  readonly formHeading: string;
}

export interface NotFoundPageContent {
  readonly seo: PageSeo;
  readonly heading: string;
  readonly text: string;
  readonly cta: NavLink;
}

// ---------------------------------------------------------------------------
// Navigation
// ---------------------------------------------------------------------------

export interface NavGroup {
  readonly label: string;
  readonly items: readonly NavLink[];
}

export type NavEntry = NavGroup | NavLink;

export interface FooterColumn {
  readonly heading: string;
  readonly links: readonly NavLink[];
}
