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

/**
 * The marketing page parts (sections, side menus, the contact form) as one chunk instead of a dozen
 * small ones: each module preload costs the browser a little main-thread time. What the home page uses
 * (carousel, glyphs, meta) and the lazily loaded form validation stay out of it.
 */
const MARKETING =
  /[\\/]app[\\/]components[\\/](marketing[\\/](?!carousel|glyphs|meta)|forms[\\/](?!contact-validation))/;
/** Icons are shared with the console; grouped by the pages that use them, small groups merged. */
const ICONS = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "shell", test: SITE_SHELL, priority: 3 },
                { name: "marketing", test: MARKETING, priority: 1 },
                {
                  name: "icons",
                  test: ICONS,
                  entriesAware: true,
                  entriesAwareMergeThreshold: 8192,
                  priority: 2,
                },
              ],
            },
          },
        },
      },
}));
