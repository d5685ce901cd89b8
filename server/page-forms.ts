import type { FastifyInstance, FastifyRequest } from "fastify";

/** The public API routes a page's action may post a form to: the console's forms before sign-in. */
export const PAGE_FORM_ROUTES = [
  "/api/auth/login",
  "/api/auth/login/second_factor",
  "/api/auth/forgot_password",
] as const;
export type PageFormRoute = (typeof PAGE_FORM_ROUTES)[number];

/** The API route's answer to a page's form. */
export interface PageFormAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string> } & Record<string, unknown>;
  /** The route's Set-Cookie headers (a sign-in's refresh cookie), for the page's answer to pass on. */
  cookies: string[];
}

export type PostPageForm = (route: PageFormRoute, fields: Record<string, string>) => Promise<PageFormAnswer>;

/**
 * Lets a page's action post its form to the form's API route in-process, as the visitor of `request` (their
 * address and browser): the route's validation, per-address limit, sign-in throttle, logging and cookie
 * attributes apply to a form posted without JavaScript exactly as to the page's script calling the API, and
 * keep doing so as the route changes, so the no-script path is never a second door with weaker limits
 * (docs/decisions/0020-page-forms-through-the-api.md).
 */
export function pageFormPoster(app: FastifyInstance, request: FastifyRequest): PostPageForm {
  return async (route, fields) => {
    if (!PAGE_FORM_ROUTES.includes(route)) throw new Error(`${route} is not a page form's route`);
    const userAgent = request.headers["user-agent"];
    const answer = await app.inject({
      method: "POST",
      url: route,
      // The visitor's address as this request resolved it (TRUST_PROXY); the inner request has no proxy.
      remoteAddress: request.ip,
      headers: { "content-type": "application/json", ...(userAgent ? { "user-agent": userAgent } : {}) },
      payload: JSON.stringify(fields),
    });
    let body: PageFormAnswer["body"] = {};
    try {
      body = answer.json();
    } catch {
      // Every API answer is JSON; an empty one leaves the page to say "try again".
    }
    const cookies = answer.headers["set-cookie"];
    return {
      status: answer.statusCode,
      body,
      cookies: cookies === undefined ? [] : [cookies].flat().map(String),
    };
  };
}
