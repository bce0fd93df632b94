import { defineConfig } from "vitest/config";

/** Browser journeys: one real server and one Chromium per file, run one file at a time. */
export default defineConfig({
  test: {
    include: ["journeys/**/*.journey.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
