import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";

/** Development only: Vite in middleware mode serves the app with HMR, and each request gets the fresh build. */
export async function createViteDev(): Promise<{ vite: ViteDevServer; build: () => Promise<ServerBuild> }> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  return {
    vite,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  };
}
