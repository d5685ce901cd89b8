import { request as httpRequest } from "node:http";

/** What a browser sends: the benches measure what a visitor gets, not what a bare client gets. */
export const BROWSER_ENCODING = "gzip, deflate, br, zstd";
/** A browser's user agent: ours counts a person's page views (site analytics), so a bench pays for it too. */
export const BROWSER_AGENT =
  process.env.BENCH_USER_AGENT ??
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The raw bytes and headers of one answer, as sent on the wire (fetch would decompress them). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((done, fail) => {
    httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        done({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on("error", fail)
      .end();
  });
}
