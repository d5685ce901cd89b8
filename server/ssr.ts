import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import { BODY_REFUSED_HEADER, BODY_TOO_LARGE_HEADER } from "#shared/page-forms.ts";
import { statusOf } from "./plugins/errors";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

export async function loadServerBuild(dir: string): Promise<ServerBuild> {
  const entry = join(dir, "server", "index.js");
  if (!existsSync(entry)) throw new Error(`No server build at ${entry}; run "npm run build" first.`);
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The prefetch rules a page without React names in its Speculation-Rules header (public/, ADR 0028). */
const SPECULATION_RULES = "speculation-rules.json";

export type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * Serves the built browser assets (unless Vite serves them in development) and hands every other
 * GET/HEAD/POST to React Router. `uploads` are the pages whose form posts a file, each with its body limit and
 * the API route's check of the address's upload budget (`refuseUnread`), asked before the body is read.
 */
export async function registerSsr(
  app: FastifyInstance,
  clientDir: string | null,
  build: BuildSource,
  getLoadContext: (request: FastifyRequest) => Promise<AppLoadContext>,
  uploads: {
    url: string;
    bodyLimit: number;
    refuseUnread?: (request: FastifyRequest) => Promise<void>;
  }[] = [],
) {
  if (clientDir) {
    // Hashed build output: one wildcard route. Listing its ~200 files (with their .br and .gz) as routes
    // cost ~0.2 s of every start-up; a missing asset now answers a plain 404.
    await app.register(fastifyStatic, {
      root: join(clientDir, "assets"),
      prefix: "/assets/",
      wildcard: true,
      index: false,
      decorateReply: false,
      // The build writes .br and .gz beside each script and stylesheet (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        // The same URL answers br, gzip or plain bytes, so shared caches must key on the request's encoding.
        res.setHeader("Vary", "Accept-Encoding");
      },
    });
    // The few public files (favicon, images) as exact routes, so every other path reaches React Router.
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      decorateReply: false,
      globIgnore: ["assets/**", SPECULATION_RULES],
      cacheControl: false,
      setHeaders(res) {
        res.setHeader("Cache-Control", "public, max-age=3600");
        res.setHeader("Vary", "Accept-Encoding");
      },
    });
  }

  if (clientDir) {
    // Chromium follows a page's Speculation-Rules header only to a file of this type (ADR 0028).
    const rules = await readFile(join(clientDir, SPECULATION_RULES));
    app.get(`/${SPECULATION_RULES}`, (_request, reply) =>
      reply
        .header("Cache-Control", "public, max-age=3600")
        .type("application/speculationrules+json")
        .send(rules),
    );
  }

  const handle = createRequestHandler(build, clientDir ? "production" : "development");
  const handler = async (request: FastifyRequest, reply: FastifyReply, unread?: Unread) => {
    const response = await handle(toFetchRequest(request, reply, unread), await getLoadContext(request));
    reply.status(response.status === 500 && (await databaseDown(app)) ? 503 : response.status);
    if (reply.statusCode === 503) reply.header("Retry-After", "5");
    for (const [key, value] of response.headers) {
      if (key !== "set-cookie") reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    if (!response.body || request.method === "HEAD") return reply.send();
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
  };
  app.route({ method: ["GET", "HEAD", "POST"], url: "/*", handler: (q, r) => handler(q, r) });
  for (const { url, bodyLimit, refuseUnread } of uploads)
    app.route({
      method: "POST",
      url,
      bodyLimit,
      ...(refuseUnread ? { onRequest: refuseUnread } : {}),
      handler: (q, r) => handler(q, r),
      // Refused unread, the post still reaches the page's action, marked, so the form says what to fix.
      errorHandler: (error, request, reply) => {
        const status = statusOf(error);
        if (status === 413) return handler(request, reply, { header: BODY_TOO_LARGE_HEADER, value: "1" });
        if (status === 429 && refuseUnread)
          return handler(request, reply, {
            header: BODY_REFUSED_HEADER,
            value: encodeURIComponent(error.message),
          });
        throw error;
      },
    });
}

/** A failed page is a 503 (try again shortly), not a 500, when the database is what failed. */
async function databaseDown(app: FastifyInstance): Promise<boolean> {
  const check = app.database.ping().then(
    () => false,
    () => true,
  );
  return Promise.race([check, new Promise<boolean>((r) => setTimeout(() => r(true), 500).unref())]);
}

/** A page's post refused before its body was read: the server's mark for the page's action. */
type Unread = { header: string; value: string };

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, unread?: Unread): Request {
  const origin = `${request.protocol}://${request.host}`;
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  headers.delete(BODY_TOO_LARGE_HEADER);
  headers.delete(BODY_REFUSED_HEADER);
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (unread) {
    headers.set(unread.header, unread.value);
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.delete("content-length");
    init.body = "";
  } else if (request.method !== "GET" && request.method !== "HEAD") {
    init.body =
      typeof request.body === "string" || request.body instanceof Buffer
        ? request.body
        : JSON.stringify(request.body ?? null);
  }
  return new Request(new URL(request.url, origin), init);
}
