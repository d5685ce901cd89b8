import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TrustFunction } from "../proxy-trust";

/** A proxy's id is kept only when it looks like one (no header injection, no log flooding). */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id an answer carries in X-Request-Id and its log line carries as `reqId`: the proxy's `X-Request-Id`
 * when the proxy is trusted (TRUST_PROXY), otherwise a new one.
 */
export function requestIdOf(req: IncomingMessage, trustProxy: boolean | TrustFunction): string {
  const fromProxy =
    typeof trustProxy === "function" ? trustProxy(req.socket?.remoteAddress ?? "", 0) : trustProxy;
  if (fromProxy) {
    const forwarded = req.headers["x-request-id"];
    if (typeof forwarded === "string" && FORWARDED_ID.test(forwarded)) return forwarded;
  }
  return `${INSTANCE}-${(++issued).toString(36)}`;
}

/** Ids are this process's random prefix and a counter: unique across instances, and cheap on a cached hit. */
const INSTANCE = randomBytes(6).toString("hex");
let issued = 0;
