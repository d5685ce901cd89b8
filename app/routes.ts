import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

const solutionPaths = [
  "consulting-services",
  "managed-services",
  "workspace-solution",
  "talent-solution",
  "smart-talent",
  "ailed-service",
] as const;

// Directory screens of the logistics console that are still to be built render a plain notice.
const pendingConsoleScreens = [
  "home",
  "analytics",
  "services/load_details",
  "services/truck_details",
  "services/driver_details",
  "services/buy_sell_details",
  "services/insurance",
  "services/fast_tag",
  "feedback_complaints",
  "crm",
  "blog",
  "comments",
  "team",
  "jobs",
] as const;

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about-page", "routes/site/about.tsx"),
    route("leadership-page", "routes/site/leadership.tsx"),
    route("Careers-page", "routes/site/careers.tsx"),
    route("careers-details", "routes/site/careers-details.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:idSlug", "routes/site/blog-post.tsx"),
    route("contact", "routes/site/contact.tsx"),
    ...solutionPaths.map((path) => route(path, "routes/site/solution.tsx", { id: `solution-${path}` })),
    route("products/:product", "routes/site/product.tsx"),
    route("details/:page", "routes/site/gcc.tsx"),
    route("build-operator/:phase", "routes/site/build-operator.tsx"),
    route("managed-teams/:page", "routes/site/managed-teams.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("dashboard/login", "routes/dashboard/login.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("enquiries", "routes/dashboard/enquiries.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("operators", "routes/dashboard/operators.tsx"),
    route("audit", "routes/dashboard/audit.tsx"),
    ...pendingConsoleScreens.map((path) => route(path, "routes/dashboard/pending.tsx", { id: `pending-${path}` })),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
] satisfies RouteConfig;
