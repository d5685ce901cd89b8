import { existsSync } from "node:fs";
import { beforeAll, describe, it, type TestFunction } from "vitest";

/**
 * What some tests need beyond Node: a service .ci/run points them at when it answers (it sets the variable
 * then), or a tool .ci/run installs.
 */
const SERVICES = {
  TEST_DATABASE_URL: {
    needs: "PostgreSQL on 127.0.0.1:5432",
    present: () => !!process.env.TEST_DATABASE_URL,
  },
  REDIS_URL: { needs: "Redis on 127.0.0.1:6379", present: () => !!process.env.REDIS_URL },
  sqlmap: { needs: "Debian's sqlmap at /usr/bin/sqlmap", present: () => existsSync("/usr/bin/sqlmap") },
} as const;

export type Service = keyof typeof SERVICES;
type UrlService = Exclude<Service, "sqlmap">;

const missingReason = (name: Service) =>
  name === "sqlmap" ? `${SERVICES[name].needs} is not installed` : `${name} is not set`;

/** The error a test that needs an absent service fails with under CI. */
function missingError(name: Service) {
  return new Error(
    `${missingReason(name)}: CI expects ${SERVICES[name].needs} (.ci/run provides it; a missing one fails CI)`,
  );
}

/**
 * True (and printed) when the test is to be skipped: the service is absent here and this is not CI. Under
 * CI=true it is never true, so a missing service fails the tests that need it instead of hiding them.
 */
function skipWithout(name: Service, what: string): boolean {
  const skip = !SERVICES[name].present() && process.env.CI !== "true";
  // Vitest's summary only counts skipped tests; this line says which ones and why.
  if (skip) console.warn(`SKIPPED "${what}": ${missingReason(name)} (needs ${SERVICES[name].needs})`);
  return skip;
}

function requireService(name: Service) {
  if (!SERVICES[name].present()) throw missingError(name);
}

/** The service's URL, or an error naming what CI expected. */
export function serviceUrl(name: UrlService): string {
  requireService(name);
  return process.env[name]!;
}

/** A test that needs the service: skipped with a printed line without it, failing under CI without it. */
export function itWith(service: Service, title: string, fn: TestFunction, timeout?: number) {
  it.skipIf(skipWithout(service, title))(
    title,
    (context) => {
      requireService(service);
      return fn(context);
    },
    timeout,
  );
}

/** A block of tests that need the service (see itWith). */
export function describeWith(service: Service, title: string, fn: () => void) {
  describe.skipIf(skipWithout(service, title))(title, () => {
    beforeAll(() => requireService(service));
    fn();
  });
}
