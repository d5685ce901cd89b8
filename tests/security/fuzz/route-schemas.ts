import type { z } from "zod";
import { z as zod } from "zod";
import { loginSchema } from "../../../schemas/auth";
import { pageQuerySchema, recordId } from "../../../schemas/blog";
import { blogPostInputSchema } from "../../../schemas/blog";
import { commentInputSchema, commentQuerySchema } from "../../../schemas/comment";
import { contactRequestSchema } from "../../../schemas/contact";
import {
  blogListQuerySchema,
  commentListQuerySchema,
  commentModerationSchema,
  jobListQuerySchema,
} from "../../../schemas/content-admin";
import { buySellResource } from "../../../schemas/directory/buy-sell";
import { driverResource } from "../../../schemas/directory/drivers";
import { loadResource } from "../../../schemas/directory/loads";
import { truckResource } from "../../../schemas/directory/trucks";
import { enquiryListQuerySchema, enquiryUpdateSchema } from "../../../schemas/enquiry";
import { jobInputSchema } from "../../../schemas/job";
import { listQuerySchema } from "../../../schemas/list-query";
import {
  afterSaleQuerySchema,
  analyticsEntityParams,
  analyticsQuerySchema,
  bulkDeleteSchema,
  feedbackInputSchema,
  feedbackListQuerySchema,
  feedbackUpdateSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadNoteSchema,
  leadUpdateSchema,
  memberInputSchema,
  memberListQuerySchema,
  memberUpdateSchema,
  memberVehicleSchema,
  overallQuerySchema,
  serviceRequestListQuerySchema,
  serviceRequestUpdateSchema,
  verifyQuerySchema,
} from "../../../schemas/logistics";
import { newOperatorSchema, operatorUpdateSchema } from "../../../schemas/operator";
import { siteSettingsSchema } from "../../../schemas/settings";
import { teamMemberInputSchema } from "../../../schemas/team";

/** What a route reads: the shape another branch adds to `app.apiRoutes` entries as `schema`. */
export interface RouteSchemas {
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
}

const idParams = zod.object({ id: recordId() });
const vehicleParams = zod.object({ id: recordId(), vehicleId: recordId() });

/* ============================================================================================== */
/* FALLBACK_ROUTE_SCHEMAS — DELETE once every route records its schemas in `app.apiRoutes[].schema`. */
/* Copied by hand from each `parseOr400(schema, request.query|params|body)` in server/api/*.ts.     */
/* `{}` marks a route that reads no input (it is still fuzzed with random queries and junk bodies). */
/* ============================================================================================== */

/** The console REST shape crudRoutes (server/api/crud.ts) registers for one resource. */
function crud(
  path: string,
  listQuery: z.ZodType,
  input?: z.ZodType,
  update?: z.ZodType,
  { bulk = false, read = true }: { bulk?: boolean; read?: boolean } = {},
): Record<string, RouteSchemas> {
  const routes: Record<string, RouteSchemas> = {
    [`GET ${path}`]: { querystring: listQuery },
    [`DELETE ${path}/:id`]: { params: idParams },
  };
  if (read) routes[`GET ${path}/:id`] = { params: idParams };
  if (input) routes[`POST ${path}`] = { body: input };
  if (update) routes[`PATCH ${path}/:id`] = { params: idParams, body: update };
  if (bulk) routes[`POST ${path}/bulk_delete`] = { body: bulkDeleteSchema };
  return routes;
}

const directory = [loadResource, truckResource, driverResource, buySellResource].map((resource) => ({
  ...crud(resource.endpoint, resource.listQuery, resource.input, resource.update, { bulk: true }),
  [`GET ${resource.endpoint}/export.csv`]: { querystring: resource.listQuery },
}));

const serviceRequests = (["insurance", "fast_tag"] as const).map((kind) => ({
  [`GET /api/${kind}`]: { querystring: serviceRequestListQuerySchema },
  [`GET /api/${kind}/export.csv`]: { querystring: serviceRequestListQuerySchema },
  [`PATCH /api/${kind}/:id`]: { params: idParams, body: serviceRequestUpdateSchema },
  [`DELETE /api/${kind}/:id`]: { params: idParams },
  [`POST /api/${kind}/bulk_delete`]: { body: bulkDeleteSchema },
}));

export const FALLBACK_ROUTE_SCHEMAS: Record<string, RouteSchemas> = {
  // auth
  "POST /api/auth/login": { body: loginSchema },
  "POST /api/auth/logout": {},
  "GET /api/auth/me": {},
  // admin
  "GET /api/site_settings": {},
  "PUT /api/site_settings": { body: siteSettingsSchema.strict() },
  "GET /api/operators": {},
  "POST /api/operators": { body: newOperatorSchema.strict() },
  "PATCH /api/operators/:id": { params: idParams, body: operatorUpdateSchema },
  "GET /api/audit_log": { querystring: listQuerySchema },
  // public site
  "GET /api/blog_details/": { querystring: pageQuerySchema },
  "GET /api/blog_details/:id/": { params: idParams },
  "GET /api/blog_comments/": { querystring: commentQuerySchema },
  "POST /api/blog_comments/": { body: commentInputSchema },
  "POST /api/contact_requests": { body: contactRequestSchema },
  "GET /api/post_jobs/": {},
  "GET /api/teams/": {},
  "GET /api/teams/:id/": { params: idParams },
  "POST /api/uploads": {},
  // enquiries
  "GET /api/contact_requests": { querystring: enquiryListQuerySchema },
  "GET /api/contact_requests/export.csv": { querystring: enquiryListQuerySchema },
  "PATCH /api/contact_requests/:id": { params: idParams, body: enquiryUpdateSchema },
  "DELETE /api/contact_requests/:id": { params: idParams },
  // content admin
  ...crud("/api/blog", blogListQuerySchema, blogPostInputSchema.strict(), blogPostInputSchema.strict()),
  ...crud(
    "/api/team_members",
    listQuerySchema,
    teamMemberInputSchema.strict(),
    teamMemberInputSchema.strict(),
    {
      read: false,
    },
  ),
  ...crud("/api/jobs", jobListQuerySchema, jobInputSchema.strict(), jobInputSchema.strict(), { read: false }),
  ...crud("/api/comments", commentListQuerySchema, undefined, undefined, { read: false }),
  "PATCH /api/comments/:id": { params: idParams, body: commentModerationSchema },
  // logistics: members
  "GET /api/members": { querystring: memberListQuerySchema },
  "GET /api/members/export.csv": { querystring: memberListQuerySchema },
  "GET /api/members/verify": { querystring: verifyQuerySchema },
  "GET /api/members/:id": { params: idParams },
  "POST /api/members": { body: memberInputSchema },
  "PATCH /api/members/:id": { params: idParams, body: memberUpdateSchema },
  "DELETE /api/members/:id": { params: idParams },
  "POST /api/members/bulk_delete": { body: bulkDeleteSchema },
  "POST /api/members/:id/vehicles": { params: idParams, body: memberVehicleSchema },
  "DELETE /api/members/:id/vehicles/:vehicleId": { params: vehicleParams },
  ...Object.assign({}, ...directory),
  ...Object.assign({}, ...serviceRequests),
  // feedback and CRM
  "GET /api/feedback": { querystring: feedbackListQuerySchema },
  "GET /api/feedback/export.csv": { querystring: feedbackListQuerySchema },
  "POST /api/feedback": { body: feedbackInputSchema },
  "PATCH /api/feedback/:id": { params: idParams, body: feedbackUpdateSchema },
  "DELETE /api/feedback/:id": { params: idParams },
  "POST /api/feedback/bulk_delete": { body: bulkDeleteSchema },
  "GET /api/crm/after_sale": { querystring: afterSaleQuerySchema },
  "GET /api/crm/after_sale/export.csv": { querystring: afterSaleQuerySchema },
  "GET /api/crm/after_sale/:id": { params: idParams },
  "GET /api/crm/leads": { querystring: leadListQuerySchema },
  "GET /api/crm/leads/export.csv": { querystring: leadListQuerySchema },
  "GET /api/crm/board": { querystring: leadListQuerySchema.pick({ search: true, follow_up: true }) },
  "GET /api/crm/leads/:id": { params: idParams },
  "POST /api/crm/leads": { body: leadInputSchema },
  "PATCH /api/crm/leads/:id": { params: idParams, body: leadUpdateSchema },
  "POST /api/crm/leads/:id/notes": { params: idParams, body: leadNoteSchema },
  "DELETE /api/crm/leads/:id": { params: idParams },
  "POST /api/crm/leads/bulk_delete": { body: bulkDeleteSchema },
  // analytics
  "GET /api/analytics/overall": { querystring: overallQuerySchema },
  "GET /api/analytics/:entity": { params: analyticsEntityParams, querystring: analyticsQuerySchema },
  "GET /api/analytics/:entity/export.csv": {
    params: analyticsEntityParams,
    querystring: analyticsQuerySchema,
  },
};
/* ====================================== end of fallback map ===================================== */

/** A route's schemas: its own (`route.schema`, once routes carry them) or the fallback map's. */
export function schemasFor(route: {
  method: string;
  url: string;
  schema?: RouteSchemas;
}): RouteSchemas | undefined {
  return route.schema ?? FALLBACK_ROUTE_SCHEMAS[`${route.method} ${route.url}`];
}
