import type { FastifyInstance, FastifyRequest } from "fastify";

/** The public API routes a page's action may post a form to: the console's forms before sign-in, the site's. */
export const PAGE_FORM_ROUTES = [
  "/api/auth/login",
  "/api/auth/login/second_factor",
  "/api/auth/forgot_password",
  "/api/contact_requests",
  "/api/blog_comments/",
  "/api/subscriptions",
  // The general application, multipart with its CV like a job's.
  "/api/general_applications",
] as const;
/** A job's application form, sent as multipart with its CV. */
type ApplicationRoute = `/api/jobs/${number}/applications`;
const APPLICATION_ROUTE = /^\/api\/jobs\/[1-9]\d{0,9}\/applications$/;
export type PageFormRoute = (typeof PAGE_FORM_ROUTES)[number] | ApplicationRoute;

/** The API route's answer to a page's form. */
export interface PageFormAnswer {
  status: number;
  body: { message?: string; errors?: Record<string, string> } & Record<string, unknown>;
  /** The route's Set-Cookie headers (a sign-in's refresh cookie), for the page's answer to pass on. */
  cookies: string[];
}

/** A form's fields as JSON, or a form with a file (the application's CV) as multipart. */
export type PageFormBody = Record<string, unknown> | FormData;
export type PostPageForm = (route: PageFormRoute, fields: PageFormBody) => Promise<PageFormAnswer>;

/** The body and its content type as the API route reads it. */
async function encode(fields: PageFormBody): Promise<{ type: string; payload: string | Buffer }> {
  if (!(fields instanceof FormData)) return { type: "application/json", payload: JSON.stringify(fields) };
  // The platform's own multipart encoder, boundary included.
  const encoded = new Request("http://page.form/", { method: "POST", body: fields });
  return {
    type: encoded.headers.get("content-type") ?? "multipart/form-data",
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}

/**
 * Lets a page's action post its form to the form's API route in-process, as the visitor of `request` (their
 * address and browser): the route's validation, per-address limit, sign-in throttle, logging and cookie
 * attributes apply to a form posted without JavaScript exactly as to the page's script calling the API, and
 * keep doing so as the route changes, so the no-script path is never a second door with weaker limits
 * (docs/decisions/0020-page-forms-through-the-api.md).
 */
export function pageFormPoster(app: FastifyInstance, request: FastifyRequest): PostPageForm {
  return async (route, fields) => {
    if (!(PAGE_FORM_ROUTES as readonly string[]).includes(route) && !APPLICATION_ROUTE.test(route))
      throw new Error(`${route} is not a page form's route`);
    // The browser and its privacy wishes, for the limits, the log and the site's analytics.
    const passed = Object.fromEntries(
      ["user-agent", "dnt", "sec-gpc"].flatMap((name) => {
        const value = request.headers[name];
        return typeof value === "string" ? [[name, value]] : [];
      }),
    );
    const { type, payload } = await encode(fields);
    const answer = await app.inject({
      method: "POST",
      url: route,
      // The visitor's address as this request resolved it (TRUST_PROXY); the inner request has no proxy.
      remoteAddress: request.ip,
      headers: {
        "content-type": type,
        accept: "application/json",
        ...passed,
      },
      payload,
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
