import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * Every public page loads the site shell; as one chunk it gzips about 5 KB smaller than as the dozen tiny
 * chunks Rolldown would make of it (docs/decisions/0003-public-site-performance-budget.md).
 */
const SITE_SHELL =
  /[\\/]app[\\/]components[\\/]layout[\\/]|[\\/]app[\\/]lib[\\/](text|toast|focus-trap|scroll|online|nonce)\.tsx?$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared[\\/]src[\\/]utils[\\/]\w+|icons[\\/](mail|map-pin|phone|chevron-down|menu|x))\.mjs$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: isSsrBuild
    ? {}
    : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: "shell", test: SITE_SHELL }] } } } },
}));
