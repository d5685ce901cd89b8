import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { ConversionKind } from "#schemas/site-analytics.ts";
import { visitOf } from "#domain/site-analytics/visit.ts";
import { clientAddressOf, type TrustFunction } from "../proxy-trust";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A visitor's success on this route (a 2xx) counts as this conversion in the site's analytics. */
    conversion?: ConversionKind;
  }
}

/**
 * Counts the site's page views and conversions (domain/site-analytics/). Views are noted from the raw request,
 * before the page cache front answers, and only once the answer turns out a 200; the database sees them in
 * the recorder's next batch, never while the visitor waits.
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

  return function notePageView(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "GET") return;
    let visit;
    try {
      visit = visitOf({ method: req.method, url: req.url ?? "/", headers: req.headers });
    } catch {
      return; // An address no URL parser takes is no page of ours.
    }
    if (!visit) return;
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      const client = { address: clientAddressOf(req, trustProxy), agent: String(req.headers["user-agent"]) };
      app.services.siteAnalytics.view(visit, client);
    });
  };
}
