import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { deferHydration } from "./lib/defer-hydration.server";
import { NonceProvider } from "./lib/nonce";
import { markedModuleScripts, renderNonce, sealInlineScripts } from "./lib/script-hashes.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Marks the scripts this render writes; the sealed page carries their hashes instead (script-hashes.server.ts).
  const nonce = renderNonce();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Wait for the whole document so crawlers and first paint get complete HTML.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          pipe(body);
          buffer(body).then((bytes) => {
            const rendered = bytes.toString("utf8");
            const { html, scriptHashes } = sealInlineScripts(
              deferHydration(rendered),
              nonce,
              markedModuleScripts(rendered, nonce),
            );
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            // A page without React loads the next one in full: Chromium fetches it on hover (ADR 0028).
            if (!rendered.includes('type="module"'))
              responseHeaders.set("Speculation-Rules", '"/speculation-rules.json"');
            responseHeaders.set("Content-Security-Policy", loadContext.contentSecurityPolicy(scriptHashes));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
