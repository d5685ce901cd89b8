import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { ConversionKind } from "#schemas/site-analytics.ts";
import { isPrefetch, visitOf, type Visit } from "#domain/site-analytics/visit.ts";
import { clientAddressOf, type TrustFunction } from "../proxy-trust";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A visitor's success on this route (a 2xx) counts as this conversion in the site's analytics. */
    conversion?: ConversionKind;
  }
}

/**
 * Counts the site's page views and conversions (domain/site-analytics/). Views are noted from the raw request:
 * right after the page cache front has written a 200, or once the app's answer turns out a 200; the database
 * sees them in the recorder's next batch, never while the visitor waits.
 */
export function registerSiteAnalytics(app: FastifyInstance, trustProxy: TrustFunction | false) {
  let recorder: { stop(): Promise<void> } | undefined;
  app.addHook("onReady", async () => {
    recorder = app.services.siteAnalytics.start();
  });
  app.addHook("preClose", async () => {
    await recorder?.stop();
  });
  app.addHook("onResponse", async (request, reply) => {
    const kind = request.routeOptions.config.conversion;
    if (kind && reply.statusCode >= 200 && reply.statusCode < 300)
      app.services.siteAnalytics.conversion(kind, request, request.ip);
  });

  const count = (req: IncomingMessage, visit: Visit) => {
    const client = { address: clientAddressOf(req, trustProxy), agent: String(req.headers["user-agent"]) };
    // A page fetched ahead waits for its script to say it was opened (POST /api/site_analytics/opened).
    if (isPrefetch(req.headers)) app.services.siteAnalytics.prefetched(visit, client);
    else app.services.siteAnalytics.view(visit, client);
  };
  const visitIn = (req: IncomingMessage) => {
    if (req.method !== "GET") return null;
    try {
      return visitOf({ method: req.method, url: req.url ?? "/", headers: req.headers });
    } catch {
      return null; // An address no URL parser takes is no page of ours.
    }
  };
  return {
    /** A page the cache front has just written as a 200: counted at once, no listener on the answer. */
    served(req: IncomingMessage) {
      const visit = visitIn(req);
      if (visit) count(req, visit);
    },
    /** A request the app will answer: counted once the answer turns out a 200. */
    pending(req: IncomingMessage, res: ServerResponse) {
      const visit = visitIn(req);
      if (!visit) return;
      res.once("finish", () => {
        if (res.statusCode === 200) count(req, visit);
      });
    },
  };
}
