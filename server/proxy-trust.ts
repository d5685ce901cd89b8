import { BlockList, isIP } from "node:net";

/**
 * TRUST_PROXY as the server uses it. A proxy appends the address it received a request from to
 * X-Forwarded-For, so only the right-most entries were written by proxies we run; everything to their left
 * came from the client and can say anything. Trust is therefore either a number of proxies in front of the
 * server (that many entries from the right, plus the connection itself) or the proxies' own addresses.
 */
export type ProxyTrust = false | { hops: number } | { addresses: string[] };

/** Fastify's form: whether the address `hop` steps back from the server (0 = the connection) is a proxy. */
export type TrustFunction = (address: string, hop: number) => boolean;

export const PROXY_TRUST_RULE =
  "must be false, the number of proxies in front of the server (1, 2 …) or a comma-separated list of their addresses or CIDR ranges (loopback, linklocal and uniquelocal name the usual ones)";

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** Reads TRUST_PROXY; null when the value is none of the accepted forms. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | null {
  const text = (value ?? "").trim().toLowerCase();
  if (["", "false", "0", "no"].includes(text)) return false;
  // `true` predates hop counts: it means the usual setup, one balancer in front.
  if (text === "true" || text === "yes") return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? { hops } : null;
  }
  const addresses = text.split(",").map((entry) => entry.trim());
  return addresses.every((entry) => ranges(entry) !== null) ? { addresses } : null;
}

/** The CIDR ranges one entry names, or null when it is not an address, a range or a known name. */
function ranges(entry: string): [string, number, "ipv4" | "ipv6"][] | null {
  if (NAMED_RANGES[entry]) return NAMED_RANGES[entry].flatMap((range) => ranges(range)!);
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const bits = prefix === undefined ? max : Number(prefix);
  // A /0 would trust every address, which is what a wrong setting must never do silently.
  if (bits < 1 || bits > max) return null;
  return [[address, bits, version === 4 ? "ipv4" : "ipv6"]];
}

/** What Fastify and the HTTPS check need; false when nothing is trusted. */
export function proxyTrustFunction(trust: ProxyTrust): TrustFunction | false {
  if (trust === false) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const [address, bits, type] of trust.addresses.flatMap((entry) => ranges(entry) ?? []))
    list.addSubnet(address, bits, type);
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}

/**
 * The client's address as Fastify's `request.ip` reads it, for code that runs before Fastify (the page cache
 * front): the connection's address, then X-Forwarded-For from the right for as long as the hop is trusted.
 */
export function clientAddressOf(
  req: { socket?: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> },
  trust: TrustFunction | false,
): string {
  let address = req.socket?.remoteAddress ?? "";
  if (trust === false) return address;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  for (let hop = 0; hop < forwarded.length && trust(address, hop); hop++) address = forwarded[hop]!;
  return address;
}
