import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { modelOverviewRedirects } from "#shared/content/models.ts";
import { GENERAL_APPLICATION_PATH } from "#shared/paths.ts";

const solutionPaths = [
  "consulting-services",
  "managed-services",
  "workspace-solution",
  "talent-solution",
  "smart-talent",
  "ailed-service",
] as const;

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about-page", "routes/site/about.tsx"),
    route("leadership-page", "routes/site/leadership.tsx"),
    // Legacy spellings kept (links to them are out in the world); code builds them with shared/paths.ts.
    route("Careers-page", "routes/site/careers.tsx"),
    route("careers-details", "routes/site/careers-details.tsx"),
    route("careers-details/applied", "routes/site/careers-applied.tsx"),
    route(GENERAL_APPLICATION_PATH.slice(1), "routes/site/careers-general-application.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:idSlug", "routes/site/blog-post.tsx"),
    route("blog/preview/:id/:token", "routes/site/blog-preview.tsx"),
    route("contact", "routes/site/contact.tsx"),
    ...solutionPaths.map((path) => route(path, "routes/site/solution.tsx", { id: `solution-${path}` })),
    route("products/:product", "routes/site/product.tsx"),
    ...Object.keys(modelOverviewRedirects).map((path) =>
      route(path.slice(1), "routes/site/model-overview.tsx", {
        id: `model-overview${path.replaceAll("/", "-")}`,
      }),
    ),
    route("details/:page", "routes/site/gcc.tsx"),
    route("build-operator/:phase", "routes/site/build-operator.tsx"),
    route("managed-teams/:page", "routes/site/managed-teams.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("dashboard/login", "routes/dashboard/login.tsx"),
  route("dashboard/forgot-password", "routes/dashboard/forgot-password.tsx"),
  route("dashboard/reset-password", "routes/dashboard/reset-password.tsx"),
  route("dashboard/undo-email-change", "routes/dashboard/undo-email-change.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("enquiries", "routes/dashboard/enquiries.tsx"),
    route("settings", "routes/dashboard/settings.tsx"),
    route("account", "routes/dashboard/account.tsx"),
    route("operators", "routes/dashboard/operators.tsx"),
    route("audit", "routes/dashboard/audit.tsx"),
    route("recently-deleted", "routes/dashboard/recently-deleted.tsx"),
    route("mail", "routes/dashboard/mail.tsx"),
    route("blog", "routes/dashboard/blog.tsx"),
    route("comments", "routes/dashboard/comments.tsx"),
    route("team", "routes/dashboard/team.tsx"),
    route("jobs", "routes/dashboard/jobs.tsx"),
    route("applications", "routes/dashboard/applications.tsx"),
    route("home", "routes/dashboard/home.tsx"),
    route("analytics", "routes/dashboard/analytics.tsx"),
    route("services/load_details", "routes/dashboard/services-loads.tsx"),
    route("services/truck_details", "routes/dashboard/services-trucks.tsx"),
    route("services/driver_details", "routes/dashboard/services-drivers.tsx"),
    route("services/buy_sell_details", "routes/dashboard/services-buy-sell.tsx"),
    route("services/insurance", "routes/dashboard/services-requests.tsx", { id: "services-insurance" }),
    route("services/fast_tag", "routes/dashboard/services-requests.tsx", { id: "services-fast-tag" }),
    route("feedback_complaints", "routes/dashboard/feedback.tsx"),
    route("crm", "routes/dashboard/crm.tsx"),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
] satisfies RouteConfig;
