import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // The browser bundle must never reach the database, secrets or the HTTP server.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/db/**", "**/domain/**"],
              allowTypeImports: true,
              message: "app/ is UI only; use the load context.",
            },
          ],
        },
      ],
    },
  },
);
