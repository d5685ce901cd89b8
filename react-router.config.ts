import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A separate BUILD_DIR lets a second build (e.g. a benchmark) run beside the one being served.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Each v8 flag decided, so none warns (docs/decisions/0013-react-router-future-flags.md).
  future: {
    v8_middleware: false,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: false,
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
