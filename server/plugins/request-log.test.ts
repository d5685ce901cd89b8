import Fastify, { LogController, type FastifyBaseLogger } from "fastify";
import pino from "pino";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { registerRequestLog } from "./request-log";

/** The request lines a server logs while answering `paths`. */
async function loggedPaths(paths: string[]): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino(stream) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  app.get("/*", async () => "ok");
  for (const url of paths) await app.inject({ url });
  await app.close();
  return lines
    .map((l) => JSON.parse(l) as { msg: string; path?: string })
    .flatMap((l) => (l.msg === "request" ? [l.path!] : []));
}

describe("request log", () => {
  it("keeps a booking's manage link without its token, however the path is spelled", async () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE";
    const logged = await loggedPaths([
      `/book-a-call/manage/${token}`,
      `/book-a-call/manage/${token}.data?_routes=x`,
      `/Book-A-Call//manage/${token}`,
      `/book-a-call%2Fmanage/${token}`,
      "/book-a-call",
      "/blog/a-post",
    ]);
    expect(logged.join(" ")).not.toContain(token.slice(0, 10));
    expect(logged).toEqual([
      "/book-a-call/manage/[token]",
      "/book-a-call/manage/[token]",
      "/book-a-call/manage/[token]",
      "/book-a-call/manage/[token]",
      "/book-a-call",
      "/blog/a-post",
    ]);
  });
});
