// One flat config for the whole repository. Syntax-only rules (no type information), so a full run stays a
// few seconds; the type checker already runs as its own step of `npm test`.
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";
import { moduleBoundaries } from "./scripts/eslint/module-boundaries.js";

/** Where Kysely values (`sql`, `Kysely`, `expressionBuilder`, ...) may be imported: the query layer and tests. */
const KYSELY_VALUE_FILES = [
  "apps/server/src/**/*.repository.ts",
  "apps/server/src/**/*.filters.ts",
  "apps/server/src/**/*.tables.ts",
  // A module's own migrations (ModuleDefinition.migrations) write SQL like db/migrations does.
  "apps/server/src/**/*.migration.ts",
  "apps/server/src/db/**",
  "apps/server/src/scripts/**",
  "apps/server/src/**/*.test.ts",
  "apps/server/test/**",
];

export default defineConfig([
  globalIgnores(["**/node_modules/", "**/dist/", "bench/results/", "e2e/artifacts/", "data/"]),

  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    extends: [tseslint.configs.recommended],
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x skips every .ts file it reaches and sees no cycle at all.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Follows TypeScript's `.js` specifiers to the `.ts` files and `@plotline/*` to the workspaces, so
      // the cycle rule sees the real import graph.
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ["packages/contracts/tsconfig.json", "apps/server/tsconfig.json", "apps/web/tsconfig.json", "e2e/tsconfig.json", "bench/tsconfig.json"],
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": "error",
      // `_name` marks a parameter or binding kept for its position (route handlers, destructuring that drops
      // a field on purpose); the compiler's noUnusedLocals already checks the rest.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },

  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // Only the two classic rules: the React Compiler rules of the plugin's recommended set are slower
      // and judge code written without the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },

  {
    files: ["apps/server/src/**/*.ts"],
    ignores: KYSELY_VALUE_FILES,
    rules: {
      // STYLE.md: only repositories query. Types (`Kysely<Database>`, `Transaction<Database>`) may travel.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "kysely", message: "Only repositories, *.filters.ts, *.tables.ts, *.migration.ts and db/ import Kysely values; use `import type` elsewhere.", allowTypeImports: true }] },
      ],
    },
  },

  {
    files: ["apps/server/src/modules/**/*.ts"],
    plugins: { plotline: moduleBoundaries },
    rules: { "plotline/no-foreign-repository": "error" },
  },
]);
