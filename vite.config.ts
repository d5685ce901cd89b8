import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * Every public page loads the site shell; as one chunk it gzips about 5 KB smaller than as the dozen tiny
 * chunks Rolldown would make of it (docs/decisions/0003-public-site-performance-budget.md). Vite's preload
 * helper and the offline sending sit in it too: left to the marketing group (the contact form uses them),
 * every page with a lazy import or a comment form loaded the whole marketing kit for them. So does the site's
 * name, which every page reads (a chunk of its own cost each page a request and ~50 B).
 */
const SITE_SHELL =
  /vite[\\/]preload-helper|[\\/]shared[\\/]site\.ts$|[\\/]app[\\/]components[\\/]layout[\\/]|[\\/]app[\\/]lib[\\/](text|toast|focus-trap|scroll|online|nonce|offline-texts|send-when-online)\.tsx?$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|context|defaultAttributes|shared[\\/]src[\\/]utils[\\/]\w+|icons[\\/](mail|map-pin|phone|chevron-down|menu|x))\.mjs$/;

/**
 * The marketing page parts (sections, side menus, the contact form) as one chunk instead of a dozen
 * small ones: each module preload costs the browser a little main-thread time. What the home page uses
 * (its hero and sections, carousel, glyphs, headings, meta), the lazily loaded form validation and the form
 * kit every public form shares (fields, error summary: the post and job pages load no marketing kit) stay out.
 */
const MARKETING =
  /[\\/]app[\\/]components[\\/](marketing[\\/](?!carousel|glyphs|meta|home-|section-heading|about-team)|forms[\\/]contact-(?!validation))/;
/** The kit every public form shares (fields, error summary, form checks): before the marketing group too. */
const FORM_KIT =
  /[\\/]app[\\/]components[\\/]forms[\\/](field|error-summary|form-alert|validate)\.tsx?$|[\\/]schemas[\\/]validation\.ts$/;
/**
 * The case studies' cards and pictures, which the list and a case study's page share: one chunk. (The proof
 * blocks of the other pages are HTML made on the server, with no code in the browser.)
 */
const PROOF = /[\\/]app[\\/]components[\\/]proof[\\/]/;
/** The list pager and its page numbers (which the console's pager shares) as one chunk, not two. */
const PAGINATION = /[\\/]app[\\/](components[\\/]ui|lib)[\\/]pagination\.tsx?$/;
/** Section headings, used by home and the marketing pages alike: the home page loads none of the marketing kit. */
const SECTION_HEADING = /[\\/]app[\\/]components[\\/]marketing[\\/]section-heading\.tsx$/;
/** Icons are shared with the console; grouped by the pages that use them, small groups merged. */
const ICONS = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * Writes a `.br` and a `.gz` beside every emitted script and stylesheet, compressed once at the highest
 * level, so the server sends those bytes (fastify-static `preCompressed`) instead of compressing every
 * request again (server CPU per Lighthouse page load: 177 → 136 ms, docs/performance.md).
 */
function precompressAssets(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.values(bundle).filter((file) => /\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
          if (source.length < 1024) return; // the server sends small answers uncompressed anyway
          const path = join(dir, file.fileName);
          await writeFile(
            `${path}.br`,
            await br(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${path}.gz`, await gz(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * React Router's package exports only its development build (dev warnings on). In the browser build this
 * resolves `react-router` and `react-router/dom` to the production build it ships beside it, the same code
 * with the warnings off (~750 B gzip less on every page). Client build only: the server keeps the package's
 * own resolution, so it has one copy, the one @react-router/node loads. The two render the same markup as
 * long as every route with a `clientLoader` has a `HydrateFallback` (only the development build's default
 * fallback adds a script).
 */
function reactRouterProductionInBrowser(): Plugin {
  const entries: Record<string, string> = {
    "react-router": "index.mjs",
    "react-router/dom": "dom-export.mjs",
  };
  return {
    name: "react-router-production-in-browser",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      const entry = entries[source];
      return entry
        ? fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url))
        : null;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), reactRouterProductionInBrowser()],
  ssr: {
    noExternal: true,
    external: ["react", "react-dom", "react-router", "@react-router/node"],
  },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "shell", test: SITE_SHELL, priority: 3 },
                // Before the marketing group, which would otherwise take it in as a dependency of its modules.
                { name: "section-heading", test: SECTION_HEADING, priority: 2 },
                { name: "form-kit", test: FORM_KIT, priority: 2 },
                { name: "pagination", test: PAGINATION, priority: 2 },
                { name: "proof", test: PROOF, priority: 2 },
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
