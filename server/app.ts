import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import middie from "@fastify/middie";
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from "fastify";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import zlib from "node:zlib";
import type { Logger } from "pino";
import type { ViteDevServer } from "vite";
import type { DatabaseHandle } from "#db/client.ts";
import { createContentVersionService } from "#domain/content-version/service.ts";
import { createServices, type Services } from "#domain/services.ts";
import { startTrashPurge } from "#domain/trash.ts";
import { startCompaction } from "#db/compaction.ts";
import { startApplicationRetention } from "#domain/careers/application-retention.ts";
import { adminRoutes } from "./api/admin";
import { inviteRoutes } from "./api/invites";
import { authRoutes } from "./api/auth";
import { passwordResetRoutes } from "./api/password-reset";
import { uploadRoutes } from "./api/uploads";
import { blogRoutes } from "./api/blog";
import { blogAdminRoutes } from "./api/blog-admin";
import { bookingRoutes } from "./api/bookings";
import { contactRoutes } from "./api/contact";
import { subscriptionRoutes } from "./api/subscriptions";
import { siteAnalyticsRoutes } from "./api/site-analytics";
import { contentAdminRoutes } from "./api/content-admin";
import { healthRoutes } from "./api/health";
import { jobRoutes } from "./api/jobs";
import { applicationBytesBudget, applicationRoutes } from "./api/applications";
import { importRoutes } from "./api/imports";
import { logisticsRoutes } from "./api/logistics";
import { linkPreviewRoutes } from "./api/link-preview";
import { mailRoutes } from "./api/mail";
import { mediaRoutes } from "./api/media";
import { openApiRoutes } from "./api/openapi";
import { recentlyDeletedRoutes } from "./api/recently-deleted";
import { rssRoutes } from "./api/rss";
import { seoRoutes } from "./api/seo";
import { teamRoutes } from "./api/team";
import { proofRoutes } from "./api/proof";
import type { Config } from "./config";
import { DomainError } from "#domain/errors.ts";
import { registerAccessControl } from "./plugins/access";
import { registerBodyLimits } from "./plugins/body-limits";
import { registerJsonDepthLimit } from "./plugins/json-depth";
import { registerErrorHandling } from "./plugins/errors";
import { registerPageCache } from "./plugins/page-cache";
import { registerMetrics } from "./plugins/metrics";
import { registerRateLimits } from "./plugins/rate-limit";
import { requestIdOf } from "./plugins/request-id";
import { registerRequestLog } from "./plugins/request-log";
import { registerSiteAnalytics } from "./plugins/site-analytics";
import { contentSecurityPolicy, registerSecurityHeaders } from "./plugins/security";
import { proxyTrustFunction } from "./proxy-trust";
import { pageFormPoster } from "./page-forms";
import { APPLICATION_BODY_LIMIT } from "#schemas/cv-limits.ts";
import { GENERAL_APPLICATION_PATH } from "#shared/paths.ts";
import { registerSsr, type BuildSource } from "./ssr";
import { registerZodValidation } from "./zod-provider";

/** How long a client may take to send a request's head (it gets the whole REQUEST_TIMEOUT_MS for all of it). */
const HEADERS_TIMEOUT_MS = 20_000;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    services: Services;
    lifecycle: { draining: boolean };
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: Logger;
  /** The React Router server build; without it only the API is served (API tests). */
  serverBuild?: BuildSource;
  /** Development: Vite serves the browser modules with HMR instead of the built assets. */
  vite?: ViteDevServer;
}

/** Builds the whole HTTP app: external plugins, then app plugins, then routes, then SSR. */
export async function buildApp({
  config,
  database,
  logger,
  serverBuild,
  vite,
}: AppOptions): Promise<FastifyInstance> {
  // Stored public answers are written straight from the raw request, before Fastify builds its request
  // objects and runs its hooks: a hit costs what writing its bytes costs (docs/decisions/0008-page-cache-front.md).
  let serveCached: (req: IncomingMessage, res: ServerResponse) => number = () => 0;
  // Public page views: counted after the cache front has written them, or when the app's answer finishes
  // (plugins/site-analytics.ts).
  let pageViews: ReturnType<typeof registerSiteAnalytics> | null = null;
  // Which connections may tell us the client's address and scheme (X-Forwarded-*), server/proxy-trust.ts.
  const trustProxy = proxyTrustFunction(config.TRUST_PROXY);
  const app = Fastify({
    serverFactory: (handler, options) => {
      const requestTimeout = Number(options.requestTimeout);
      const server = createServer(
        {
          requestTimeout,
          // The head must arrive sooner than the whole request (Node requires headersTimeout <= requestTimeout).
          headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
          // Node checks the two timeouts every 30 s by default; a late check would let a request overstay.
          connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeout / 4))),
        },
        (req, res) => {
          let status = 0;
          try {
            status = serveCached(req, res);
          } catch (error) {
            app.log.error({ err: error }, "page cache front failed; handing the request to the app");
          }
          try {
            if (status === 200) pageViews?.served(req);
            else if (status === 0) pageViews?.pending(req, res);
          } catch (error) {
            app.log.error({ err: error }, "noting a page view failed");
          }
          if (status === 0 && !res.headersSent) handler(req, res);
        },
      );
      // What Fastify sets on the servers it creates itself.
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      return server;
    },
    genReqId: (req) => requestIdOf(req, trustProxy),
    // Slow clients cannot hold connections open for ever (docs/security.md, "Slow and heavy bodies").
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    loggerInstance: logger,
    logger: logger ? undefined : false,
    // Fastify's two lines per request are replaced by one (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy,
    // Signed-in operators' bodies; public routes read at most PUBLIC_BODY_LIMIT (plugins/body-limits.ts).
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    return503OnClosing: true,
  }) as unknown as FastifyInstance;

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate(
    "services",
    createServices(database.db, {
      log: app.log,
      smtpUrl: config.SMTP_URL,
      publicBaseUrl: { fromEnv: () => config.PUBLIC_BASE_URL, fallback: `http://localhost:${config.PORT}` },
      mailFrom: config.MAIL_FROM,
      mailRetryBaseMs: config.MAIL_RETRY_BASE_MS,
      mailMaxAttempts: config.MAIL_MAX_ATTEMPTS,
      auth: {
        secret: config.JWT_SECRET,
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      },
    }),
  );
  app.decorate("lifecycle", { draining: false });
  // The mail outbox's sender runs with the server; on close it finishes the sends under way, then stops.
  let mailWorker: { stop(): Promise<void> } | undefined;
  app.addHook("onReady", async () => {
    mailWorker = app.services.mail.startWorker();
  });
  app.addHook("preClose", async () => {
    await mailWorker?.stop();
  });
  // New posts (scheduled ones when their time comes) and jobs are mailed to their subscribers on a timer.
  let subscriptionDispatcher: { stop(): Promise<void> } | undefined;
  app.addHook("onReady", async () => {
    subscriptionDispatcher = app.services.subscriptions.startDispatcher((error) =>
      app.log.error({ err: error }, "mailing new posts and jobs to subscribers failed; retried in 30 s"),
    );
  });
  app.addHook("preClose", async () => {
    await subscriptionDispatcher?.stop();
  });
  // Expired trash goes on a timer too, not only when someone deletes something else.
  const trashPurge = startTrashPurge(database.db, (error) =>
    app.log.error({ err: error }, "trash purge failed"),
  );
  app.addHook("onClose", () => trashPurge.stop());
  // Job applications past their retention are anonymised on a timer too (domain/careers/applications.ts).
  const retention = startApplicationRetention(app.services.applications, (error) =>
    app.log.error({ err: error }, "application retention failed"),
  );
  app.addHook("onClose", () => retention.stop());
  // What an erasure's own compaction skipped or did not reach (a crash) is compacted on a timer (db/compaction.ts).
  const compaction = startCompaction(database.db, (error) =>
    app.log.error({ err: error }, "compaction of erased data failed"),
  );
  app.addHook("onClose", () => compaction.stop());
  app.decorate("sitemapSources", []);

  await app.register(cookie);
  // Answers the page cache does not hold (console lists, searches, CSV exports) are compressed per request,
  // at the knee measured in docs/performance.md ("Compression levels"): brotli 3 is within 7 % of brotli 5's
  // size at a third of its CPU; under 1 KB the saving is smaller than the headers that announce it.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 4 },
  });
  await registerSecurityHeaders(app, {
    dev: config.NODE_ENV === "development",
    trustProxy,
  });
  registerRequestLog(app);
  registerErrorHandling(app);
  registerPageCache(app, createContentVersionService(database.db), {
    metrics: await registerMetrics(app, database.poolStats),
    trustProxy,
    draining: () => app.lifecycle.draining,
  });
  serveCached = app.pageCache.serveRaw;
  pageViews = registerSiteAnalytics(app, trustProxy);
  // While draining, every answer closes its connection: clients reconnect (to another instance) instead
  // of reusing a keep-alive connection that the coming close would reset under them.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (app.lifecycle.draining) reply.header("Connection", "close");
    return payload;
  });

  await registerRateLimits(app);
  // First: its onRoute hook completes each route's schemas before the access hook records them.
  registerZodValidation(app, { exactAnswers: config.NODE_ENV !== "production" });
  registerAccessControl(app);
  registerBodyLimits(app);
  registerJsonDepthLimit(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(adminRoutes);
  await app.register(inviteRoutes);
  await app.register(mailRoutes);
  await app.register(contentAdminRoutes);
  await app.register(proofRoutes);
  await app.register(recentlyDeletedRoutes);
  await app.register(uploadRoutes);
  await app.register(contactRoutes);
  await app.register(bookingRoutes);
  await app.register(subscriptionRoutes);
  await app.register(siteAnalyticsRoutes);
  await app.register(blogRoutes);
  await app.register(blogAdminRoutes);
  await app.register(teamRoutes);
  await app.register(jobRoutes);
  await app.register(applicationRoutes);
  await app.register(logisticsRoutes);
  await app.register(importRoutes);
  await app.register(rssRoutes);
  await app.register(seoRoutes);
  await app.register(openApiRoutes);
  // Unknown API paths answer JSON, never the HTML not-found page.
  app.all("/api/*", async (request) => {
    throw new DomainError("not_found", `No route for ${request.method} ${request.url.split("?")[0]}`);
  });

  await app.register(mediaRoutes);
  await app.register(linkPreviewRoutes);

  if (serverBuild) {
    const applicationUploads = applicationBytesBudget(app);
    await app.register(async (site) => {
      // Form posts to React Router actions arrive raw; the action parses them.
      site.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
      if (vite) {
        await site.register(middie);
        site.use(vite.middlewares);
      }
      const dev = config.NODE_ENV === "development";
      await registerSsr(
        site,
        vite ? null : join(config.BUILD_DIR, "client"),
        serverBuild,
        async (request) => ({
          services: app.services,
          contentSecurityPolicy: (scriptHashes) => contentSecurityPolicy({ scriptHashes, dev }),
          baseUrl: await app.services.publicAddress.url(),
          postPageForm: pageFormPoster(app, request),
        }),
        // The application forms (a job's, the general one) carry their CV when posted without JavaScript.
        ["/careers-details", GENERAL_APPLICATION_PATH].map((url) => ({
          url,
          bodyLimit: APPLICATION_BODY_LIMIT,
          refuseUnread: (request: FastifyRequest) => applicationUploads.refuseUnread(request),
        })),
      );
    });
  }

  return app;
}
