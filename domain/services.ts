import type { Logger } from "pino";
import type { Database } from "../db/client";
import { createAuthService, type AuthOptions } from "./auth/service";
import { createContactService } from "./contact/service";
import { createMailer } from "./notifications/mailer";
import { createOperatorService } from "./operators/service";
import { createSettingsService } from "./settings/service";

export interface ServiceDeps {
  log: Pick<Logger, "info" | "error">;
  smtpUrl?: string;
  mailFrom: string;
  auth: AuthOptions;
}

/** Every domain service bound to one database; routes and loaders both use this. */
export function createServices(db: Database, deps: ServiceDeps) {
  const mailer = createMailer(deps.smtpUrl, deps.mailFrom, deps.log);
  const settings = createSettingsService(db);
  return {
    auth: createAuthService(db, deps.auth),
    operators: createOperatorService(db),
    settings,
    contact: createContactService(db, {
      mailer,
      settings,
      onNotifyError: (err) => deps.log.error({ err }, "enquiry notification failed"),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
