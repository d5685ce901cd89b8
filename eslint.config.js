import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A folder's module paths both ways: relative, and through its package alias ("#" is escaped: it starts a comment here). */
const layer = (...folders) => folders.flatMap((folder) => [`**/${folder}/**`, `\\#${folder}/**`]);
/** Across top-level folders, imports use the aliases (#schemas/…, #app/…), so moving a file moves no import. */
const noDeepRelative = {
  group: [
    "../../**",
    ...["app", "db", "domain", "schemas", "scripts", "server", "shared", "tests"].map((f) => `../${f}/**`),
  ],
  message: "Import from another folder through its alias (#schemas/x.ts, #app/…), not a ../../ path.",
};
const uiOnly = {
  group: layer("server", "db", "domain"),
  allowTypeImports: true,
  message: "app/ is UI only; use the load context.",
};
/** The console's own folders under app/: app.css does not scan them, and public modules do not import them. */
const CONSOLE_FOLDERS = ["routes/dashboard", "components/dashboard", "lib/dashboard"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".build-*/",
      "bench-results/",
      "data/",
      ".react-router/",
      "node_modules/",
      "db/migrations/",
      ".stryker-tmp/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [noDeepRelative] }] },
  },
  {
    // The browser bundle must never reach the database, secrets or the HTTP server.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [uiOnly, noDeepRelative] }] },
  },
  {
    // Public pages download no console code or styles (docs/decisions/0012-console-stylesheet.md); a later
    // entry replaces the rule's options, so the UI-only patterns are repeated.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", ...CONSOLE_FOLDERS.map((folder) => `app/${folder}/**`)],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            uiOnly,
            noDeepRelative,
            {
              group: CONSOLE_FOLDERS.map((folder) => `**/${folder}/**`),
              message:
                "Public pages import nothing of the console; share it from a folder outside the console's.",
            },
          ],
        },
      ],
    },
  },
  {
    // The HTTP server and the shared schemas never reach into the UI's source (shared/ holds what both need).
    files: ["server/**/*.ts", "schemas/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: layer("app"), message: "Import what the UI and the server share from shared/." },
            noDeepRelative,
          ],
        },
      ],
    },
  },
  {
    // Rules and queries know nothing of HTTP or the UI (ARCHITECTURE.md, the layers).
    files: ["domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: layer("server", "app"),
              message: "domain/ is below server/ and app/; pass what it needs in.",
            },
            noDeepRelative,
          ],
        },
      ],
    },
  },
  {
    // What the UI and the server both need (site name, post addresses) depends on neither.
    files: ["shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: layer("server", "domain", "db", "app"),
              message: "shared/ is imported by app/ and server/ and imports neither.",
            },
            noDeepRelative,
          ],
        },
      ],
    },
  },
  {
    // The schema, migrations, seed and database commands stand alone: no HTTP server, no services, no UI.
    files: ["db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: layer("server", "domain", "app"),
              message: "db/ is the bottom layer; read settings with db/settings.ts.",
            },
            noDeepRelative,
          ],
        },
      ],
    },
  },
  {
    // One operation per file: a domain module past 300 lines holds two (ARCHITECTURE.md, the layers).
    files: ["domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    // A route composes components; past 300 lines it has grown a component of its own to move out.
    files: ["app/routes/**/*.tsx"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
);
