import type { Database } from "../../db/client";
import type { AuditService } from "../audit/service";
import { createAnalyticsService } from "./analytics";
import { createBuySellService } from "./buy-sell";
import { createCrmService } from "./crm";
import { createDriverService } from "./drivers";
import { createFeedbackService } from "./feedback";
import { createLoadService } from "./loads";
import { createMemberService } from "./members";
import { createServiceRequestService } from "./service-requests";
import { createTruckService } from "./trucks";

/** The logistics directory: members and their records, requests, feedback, CRM and analytics. */
export function createLogisticsService(db: Database, audit: AuditService) {
  const members = createMemberService(db, audit);
  return {
    members,
    loads: createLoadService(db, audit),
    trucks: createTruckService(db, audit, members),
    drivers: createDriverService(db, audit, members),
    buySell: createBuySellService(db, audit, members),
    requests: createServiceRequestService(db, audit),
    feedback: createFeedbackService(db, audit),
    crm: createCrmService(db, audit),
    analytics: createAnalyticsService(db),
  };
}

export type LogisticsService = ReturnType<typeof createLogisticsService>;
