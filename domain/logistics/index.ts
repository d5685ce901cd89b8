import type { Database } from "#db/client.ts";
import type { AuditService } from "../audit/service";
import { createAnalyticsService } from "./analytics";
import { createCrmService } from "./crm";
import { createFeedbackService } from "./feedback";
import { createMemberService } from "./members";
import { createDirectoryRecords } from "./records";
import { createServiceRequestService } from "./service-requests";

/** The logistics directory: members and their records, requests, feedback, CRM and analytics. */
export function createLogisticsService(db: Database, audit: AuditService) {
  const members = createMemberService(db, audit);
  return {
    members,
    ...createDirectoryRecords(db, audit, members),
    requests: createServiceRequestService(db, audit),
    feedback: createFeedbackService(db, audit),
    crm: createCrmService(db, audit),
    analytics: createAnalyticsService(db),
  };
}

export type LogisticsService = ReturnType<typeof createLogisticsService>;
