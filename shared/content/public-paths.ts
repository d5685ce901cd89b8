import { botPages, gccPhases, managedTeamsPages } from "./models";
import { products } from "./products";
import { solutions } from "./solutions";

/** Every static public page, for the sitemap and the route tests (blog posts and jobs are added from the database). */
export const staticPublicPaths: readonly string[] = [
  "/",
  "/about-page",
  "/leadership-page",
  "/Careers-page",
  "/careers-general-application",
  "/blog",
  "/contact",
  "/case-studies",
  "/privacy",
  ...solutions.map((s) => s.path),
  ...products.map((p) => p.path),
  "/details/features",
  ...gccPhases.map((p) => p.path),
  ...botPages.map((p) => p.path),
  ...managedTeamsPages.map((p) => p.path),
];
