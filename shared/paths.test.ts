import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { CAREERS_PATH, careersSearchPath, jobPath } from "./paths";

/** Every path the route config declares, nested ones included. */
function declaredPaths(entries: readonly { path?: string; children?: unknown }[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.path ? [`/${entry.path}`] : []),
    ...(Array.isArray(entry.children) ? declaredPaths(entry.children) : []),
  ]);
}

describe("public path helpers", () => {
  it("build the addresses the routes serve", () => {
    const paths = declaredPaths(routes);
    expect(paths).toContain(CAREERS_PATH);
    expect(paths).toContain(new URL(jobPath(7), "http://x").pathname);
  });

  it("put a job's id and a search in the query string", () => {
    expect(jobPath(42)).toBe("/careers-details?jobId=42");
    expect(careersSearchPath("")).toBe("/Careers-page");
    expect(careersSearchPath("q=data")).toBe("/Careers-page?q=data");
  });
});
