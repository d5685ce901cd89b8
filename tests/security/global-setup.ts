import type { TestProject } from "vitest/node";
import { ensureBuild } from "../support/build";
import { spawnServer } from "../reliability/support";

declare module "vitest" {
  export interface ProvidedContext {
    securityURL: string;
  }
}

/**
 * One built server (fresh embedded database with demo content) shared by the security files. It trusts
 * X-Forwarded-* as it would behind a load balancer, so tests can vary the client address and report HTTPS;
 * tests that need the direct-exposure setting start their own.
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await spawnServer({ env: { TRUST_PROXY: "true", LOG_LEVEL: "error" } });
  project.provide("securityURL", server.url);
  return async () => {
    await server.stop();
  };
}
