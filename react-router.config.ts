import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A separate BUILD_DIR lets a second build (e.g. a benchmark) run beside the one being served.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_middleware: false,
  },
} satisfies Config;
