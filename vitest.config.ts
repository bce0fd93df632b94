import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure logic, no database) and `api` (HTTP tests through app.inject on a real
 * database: SQLite by default, PostgreSQL when DATABASE_URL is set). The browser journeys live in e2e/.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/lib/**/*.test.ts", "apps/web/src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/src/**/*.test.ts"],
          exclude: ["apps/server/src/lib/**"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
