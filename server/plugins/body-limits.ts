import type { FastifyInstance } from "fastify";

/**
 * Most bytes a public route (sign-in, comments, the contact form, token refresh, pages) reads from a body.
 * The largest valid one is the contact form with a 5,000-character message: written in Hindi or Tamil
 * (3 bytes a character in UTF-8) that is about 17 KB with the other fields, so 16 KB would refuse real
 * enquiries; 32 KB leaves room for escaped quotes and line breaks. Anything bigger is refused with 413
 * before it is parsed.
 */
export const PUBLIC_BODY_LIMIT = 32 * 1024;

/**
 * Body limits by who may call a route: routes for signed-in operators keep the app's limit (1 MB; uploads
 * declare their own), every other route reads at most PUBLIC_BODY_LIMIT unless it declares a limit itself.
 * Register before the routes.
 */
export function registerBodyLimits(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (route.bodyLimit !== undefined) return;
    const access = route.config?.access;
    if (access === "editor" || access === "admin") return;
    route.bodyLimit = PUBLIC_BODY_LIMIT;
  });
}
