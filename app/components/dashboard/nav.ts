import type { Role } from "#schemas/operator.ts";

export interface ConsoleNavItem {
  label: string;
  path: string;
  /** Lowest role that may open the screen. */
  role: Role;
}

export interface ConsoleNavSection {
  heading: string;
  items: ConsoleNavItem[];
}

export const consoleNav: ConsoleNavSection[] = [
  {
    heading: "Directory",
    items: [
      { label: "Dashboard", path: "/dashboard/home", role: "admin" },
      { label: "Analytics", path: "/dashboard/analytics", role: "admin" },
      { label: "Loads", path: "/dashboard/services/load_details", role: "admin" },
      { label: "Trucks", path: "/dashboard/services/truck_details", role: "admin" },
      { label: "Drivers", path: "/dashboard/services/driver_details", role: "admin" },
      { label: "Buy & Sell", path: "/dashboard/services/buy_sell_details", role: "admin" },
      { label: "Insurance", path: "/dashboard/services/insurance", role: "admin" },
      { label: "FASTag", path: "/dashboard/services/fast_tag", role: "admin" },
      { label: "Feedback & Complaints", path: "/dashboard/feedback_complaints", role: "admin" },
      { label: "CRM", path: "/dashboard/crm", role: "admin" },
    ],
  },
  {
    heading: "Website",
    items: [
      { label: "Blog", path: "/dashboard/blog", role: "editor" },
      { label: "Comments", path: "/dashboard/comments", role: "editor" },
      { label: "Team", path: "/dashboard/team", role: "editor" },
      { label: "Case studies", path: "/dashboard/case-studies", role: "editor" },
      { label: "Testimonials", path: "/dashboard/testimonials", role: "editor" },
      { label: "Client logos", path: "/dashboard/client-logos", role: "editor" },
      { label: "Jobs", path: "/dashboard/jobs", role: "editor" },
      { label: "Applications", path: "/dashboard/applications", role: "editor" },
      { label: "Enquiries", path: "/dashboard/enquiries", role: "editor" },
      { label: "Subscribers", path: "/dashboard/subscribers", role: "admin" },
      { label: "Site analytics", path: "/dashboard/site-analytics", role: "admin" },
    ],
  },
  {
    heading: "Administration",
    items: [
      { label: "Your account", path: "/dashboard/account", role: "editor" },
      { label: "Site settings", path: "/dashboard/settings", role: "admin" },
      { label: "Operators", path: "/dashboard/operators", role: "admin" },
      { label: "Audit log", path: "/dashboard/audit", role: "admin" },
      // Editors see their screens' types only.
      { label: "Recently deleted", path: "/dashboard/recently-deleted", role: "editor" },
      { label: "Mail", path: "/dashboard/mail", role: "admin" },
    ],
  },
];

export const canOpen = (role: Role, item: { role: Role }) => role === "admin" || item.role === "editor";

/** The menu's screen an address belongs to (its own page or one below it), if any. */
export function screenAt(pathname: string): ConsoleNavItem | undefined {
  const path = pathname.replace(/\/+$/, "");
  return consoleNav
    .flatMap((section) => section.items)
    .find((item) => path === item.path || path.startsWith(`${item.path}/`));
}

/** Whether a role may open the console screen at an address (addresses outside the menu are for everyone). */
export const mayOpen = (role: Role, pathname: string) => {
  const screen = screenAt(pathname);
  return !screen || canOpen(role, screen);
};

/** The first screen of the menu a role may open: where it lands after sign-in and at /dashboard. */
export const homeFor = (role: Role) =>
  consoleNav.flatMap((section) => section.items).find((item) => canOpen(role, item))?.path ??
  "/dashboard/account";
