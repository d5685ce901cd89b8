import type { TestProject } from "vitest/node";
import { ensureBuild } from "#tests/support/build.ts";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One real server (built app, fresh embedded database with demo content) for the browser tests. */
export default async function setup(project: TestProject) {
  ensureBuild();
  const server = await startServer();
  project.provide("baseURL", server.url);
  return async () => {
    await server.stop();
  };
}
