import type { Logger } from "pino";
import type { Database } from "../db/client";
import { createAuditService } from "./audit/service";
import { createAuthService, type AuthOptions } from "./auth/service";
import { createBlogService } from "./blog/service";
import { createCareersService } from "./careers/service";
import { createContactService } from "./contact/service";
import { createContentAdminService } from "./content-admin/service";
import { createLogisticsService } from "./logistics/index";
import { createMediaService } from "./media/service";
import { createMailer } from "./notifications/mailer";
import { createOperatorService } from "./operators/service";
import { createSettingsService } from "./settings/service";
import { createTeamService } from "./team/service";

export interface ServiceDeps {
  log: Pick<Logger, "info" | "error">;
  smtpUrl?: string;
  mailFrom: string;
  auth: AuthOptions;
}

/** Every domain service bound to one database; routes and loaders both use this. */
export function createServices(db: Database, deps: ServiceDeps) {
  const mailer = createMailer(deps.smtpUrl, deps.mailFrom, deps.log);
  const audit = createAuditService(db);
  const blog = createBlogService(db, { previewSecret: deps.auth.secret });
  const settings = createSettingsService(db, audit);
  return {
    audit,
    auth: createAuthService(db, deps.auth),
    media: createMediaService(db),
    operators: createOperatorService(db, audit),
    logistics: createLogisticsService(db, audit),
    settings,
    contact: createContactService(db, {
      mailer,
      settings,
      audit,
      onNotifyError: (err) => deps.log.error({ err }, "enquiry notification failed"),
    }),
    blog,
    contentAdmin: createContentAdminService(db, { blog, audit }),
    team: createTeamService(db),
    careers: createCareersService(db, { settings }),
  };
}

export type Services = ReturnType<typeof createServices>;
