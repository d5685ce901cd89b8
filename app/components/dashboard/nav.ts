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
      { label: "Jobs", path: "/dashboard/jobs", role: "editor" },
      { label: "Applications", path: "/dashboard/applications", role: "editor" },
      { label: "Enquiries", path: "/dashboard/enquiries", role: "editor" },
      { label: "Subscribers", path: "/dashboard/subscribers", role: "admin" },
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

/** Where an operator lands after sign-in: the first screen their role may open. */
export const homeFor = (role: Role) => (role === "admin" ? "/dashboard/home" : "/dashboard/blog");
