import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { compactErased } from "#db/compaction.ts";
import { createAuditService } from "./audit/service";
import { createPasswordResetService } from "./auth/password-reset";
import { createSecurityMail } from "./auth/security-mail";
import { createAuthService, type AuthOptions } from "./auth/service";
import { createTwoFactorService } from "./auth/two-factor";
import { createBlogService } from "./blog/service";
import { createApplicationService } from "./careers/applications";
import { createCareersService } from "./careers/service";
import { createContactService } from "./contact/service";
import { createContentAdminService } from "./content-admin/service";
import { createLogisticsService } from "./logistics/index";
import { createImportService } from "./imports/service";
import { createMediaService } from "./media/service";
import { createMailer } from "./notifications/mailer";
import { createMailOutbox } from "./notifications/outbox";
import { createInviteService } from "./operators/invites";
import { createOperatorService } from "./operators/service";
import { createProofAdmin } from "./proof/admin";
import { createProofService } from "./proof/public";
import { createRecentlyDeleted } from "./recently-deleted";
import { createPublicAddressService } from "./settings/public-address";
import { createSettingsService } from "./settings/service";
import { createSiteAnalyticsService } from "./site-analytics/service";
import { createSubscriptionService } from "./subscriptions/service";
import { createTeamService } from "./team/service";

export interface ServiceDeps {
  log: Pick<Logger, "info" | "warn" | "error">;
  /** PUBLIC_BASE_URL (read at each use), and the address used when neither it nor the setting is set. */
  publicBaseUrl: { fromEnv: () => string | undefined; fallback: string };
  smtpUrl?: string;
  mailFrom: string;
  /** The outbox's retry schedule (domain/notifications/outbox.ts); tests shorten it. */
  mailRetryBaseMs?: number;
  mailMaxAttempts?: number;
  auth: AuthOptions;
}

/** Every domain service bound to one database; routes and loaders both use this. */
export function createServices(db: Database, deps: ServiceDeps) {
  const audit = createAuditService(db);
  const mail = createMailOutbox(db, {
    mailer: createMailer(deps.smtpUrl, deps.mailFrom, deps.log),
    audit,
    log: deps.log,
    retryBaseMs: deps.mailRetryBaseMs,
    maxAttempts: deps.mailMaxAttempts,
  });
  const settings = createSettingsService(db, audit);
  const publicAddress = createPublicAddressService(
    settings,
    deps.publicBaseUrl.fromEnv,
    deps.publicBaseUrl.fallback,
  );
  const blog = createBlogService(db, { previewSecret: deps.auth.secret, publicAddress });
  const securityMail = createSecurityMail(publicAddress);
  const twoFactor = createTwoFactorService(db, { secret: deps.auth.secret }, audit, securityMail);
  const logistics = createLogisticsService(db, audit);
  const contact = createContactService(db, { settings, audit });
  const contentAdmin = createContentAdminService(db, { blog, audit });
  const imports = createImportService(db, audit, logistics);
  const proofAdmin = createProofAdmin(db, audit);
  // The erasure has committed either way; what its compaction leaves due, the timer retries (db/compaction.ts).
  const compact = () =>
    compactErased(db).catch((error) =>
      deps.log.error({ err: error }, "compaction after an erasure failed; it is retried every minute"),
    );
  return {
    audit,
    auth: createAuthService(db, deps.auth, audit, twoFactor, securityMail),
    twoFactor,
    passwordReset: createPasswordResetService(db, audit, securityMail),
    media: createMediaService(db),
    operators: createOperatorService(db, audit, securityMail),
    invites: createInviteService(db, audit),
    logistics,
    imports,
    settings,
    publicAddress,
    mail,
    contact,
    blog,
    contentAdmin,
    proof: createProofService(db),
    proofAdmin,
    recentlyDeleted: createRecentlyDeleted(
      db,
      {
        blog_post: contentAdmin.blog.restore,
        comment: contentAdmin.comments.restore,
        team_member: contentAdmin.team.restore,
        job: contentAdmin.jobs.restore,
        case_study: proofAdmin.caseStudies.restore,
        testimonial: proofAdmin.testimonials.restore,
        client_logo: proofAdmin.clientLogos.restore,
        enquiry: contact.restore,
        member: logistics.members.restore,
        load: logistics.loads.restore,
        truck: logistics.trucks.restore,
        driver: logistics.drivers.restore,
        buy_sell: logistics.buySell.restore,
        insurance: (actor, ids) => logistics.requests.restore(actor, "insurance", ids),
        fast_tag: (actor, ids) => logistics.requests.restore(actor, "fast_tag", ids),
        feedback: logistics.feedback.restore,
        crm_lead: logistics.crm.restoreLeads,
      },
      imports.restoreUndone,
    ),
    team: createTeamService(db),
    careers: createCareersService(db, { settings }),
    applications: createApplicationService(db, {
      settings,
      audit,
      publicAddress,
      compact,
    }),
    subscriptions: createSubscriptionService(db, { audit, publicAddress, compact }),
    siteAnalytics: createSiteAnalyticsService(db, { log: deps.log }),
  };
}

export type Services = ReturnType<typeof createServices>;
