import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.js";
import { loadConfig } from "../config.js";
import { createJobRunner } from "./create-job-runner.js";
import { registerJobHandlers, startJobRunner, type JobRunner } from "./job-runner.js";

describe("PLOTLINE_WORKERS", () => {
  it("is 1 by default, accepts 0, and refuses anything but a whole number", () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ PLOTLINE_WORKERS: "0" }).workers).toBe(0);
    expect(loadConfig({ PLOTLINE_WORKERS: "4" }).workers).toBe(4);
    expect(() => loadConfig({ PLOTLINE_WORKERS: "-1" })).toThrow(/PLOTLINE_WORKERS/);
    expect(() => loadConfig({ PLOTLINE_WORKERS: "two" })).toThrow(/PLOTLINE_WORKERS/);
  });
});

describe("an API-only process (PLOTLINE_WORKERS=0)", () => {
  let testApp: TestApp;
  let worker: JobRunner | null = null;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { workers: 0 } });
  });
  afterAll(async () => {
    await worker?.stop();
    await testApp.close();
  });

  it("queues jobs without running them, and a worker on the same database runs them", async () => {
    const { app, database } = testApp;
    await startJobRunner(app.jobs, app.modules);
    const id = (await app.jobs.enqueue("auth.prune-sessions", {})) ?? "";
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await app.jobs.findJob("auth.prune-sessions", id))?.state).toBe("pending");

    worker = createJobRunner({ database, databaseUrl: app.ctx.config.databaseUrl, runWorkers: true, pollIntervalMs: 500 });
    await registerJobHandlers(worker, app.modules, app.services);
    await worker.start();
    const deadline = Date.now() + 5000;
    while ((await app.jobs.findJob("auth.prune-sessions", id))?.state !== "done") {
      if (Date.now() > deadline) throw new Error("the worker did not run the job");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
