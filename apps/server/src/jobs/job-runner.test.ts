import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/kysely.js";
import { migrateToLatest } from "../db/migrate.js";
import type { JobRunner } from "./job-runner.js";
import { createPgBossRunner } from "./pg-boss-runner.js";
import { createTableRunner } from "./table-runner.js";

/** The jobs these tests enqueue, one name per test so that nothing left waiting by one test runs in another. */
interface TestJobs {
  "test.echo": { n: number };
  "test.retry": { n: number };
  "test.key": { n: number };
  "test.later": { n: number };
  "test.tick": Record<string, never>;
  "test.stop": { n: number };
}

/** A fresh database for one test, and runners on it that it stops and drops at the end. */
interface Environment {
  /** A runner with its own connection, as another process would have. */
  runner: () => JobRunner<TestJobs>;
  close: () => Promise<void>;
}

interface Engine {
  name: string;
  /** The first back-off wait the runners are given. */
  retryDelayMs: number;
  /** A delay long enough to see that a job waited for it. */
  laterMs: number;
  open: () => Promise<Environment>;
}

const tableEngine: Engine = {
  name: "table engine (SQLite)",
  retryDelayMs: 100,
  laterMs: 300,
  async open() {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-jobs-"));
    const file = path.join(folder, "jobs.db");
    const first = openDatabase({ databaseUrl: null, sqlitePath: file });
    await migrateToLatest(first);
    const handles: DatabaseHandle[] = [first];
    const runners: JobRunner<TestJobs>[] = [];
    return {
      runner() {
        // Each runner opens the file on its own connection, as a second process would.
        const handle = runners.length === 0 ? first : openDatabase({ databaseUrl: null, sqlitePath: file });
        if (handle !== first) handles.push(handle);
        const runner = createTableRunner<TestJobs>({ db: handle.db, runWorkers: true, pollIntervalMs: 20, retryDelayMs: 100 });
        runners.push(runner);
        return runner;
      },
      async close() {
        for (const runner of runners) await runner.stop();
        for (const handle of handles) await handle.destroy();
        fs.rmSync(folder, { recursive: true, force: true });
      },
    };
  },
};

const databaseUrl = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : null;

const pgBossEngine: Engine = {
  name: "pg-boss (PostgreSQL)",
  // pg-boss counts back-off in whole seconds.
  retryDelayMs: 1000,
  laterMs: 800,
  async open() {
    const connectionString = databaseUrl ?? "";
    const schema = `t_${randomBytes(6).toString("hex")}_jobs`;
    const runners: JobRunner<TestJobs>[] = [];
    return {
      runner() {
        const runner = createPgBossRunner<TestJobs>({
          connectionString,
          schema,
          poolSize: 2,
          runWorkers: true,
          pollIntervalMs: 500,
          retryDelayMs: 1000,
          cronWorkerIntervalSeconds: 1,
          // The first check may come before the schedule is written; the next one must come within the test.
          cronMonitorIntervalSeconds: 1,
        });
        runners.push(runner);
        return runner;
      },
      async close() {
        for (const runner of runners) await runner.stop();
        const client = new pg.Client({ connectionString });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  },
};

const engines = databaseUrl ? [tableEngine, pgBossEngine] : [tableEngine];

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function countTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
}

describe.each(engines)("job runner on the $name", (engine) => {
  let env: Environment;
  beforeEach(async () => {
    env = await engine.open();
  });
  afterEach(async () => {
    await env.close();
  });

  it("runs a job with its payload and marks it done", async () => {
    const runner = env.runner();
    const seen: { n: number }[] = [];
    await runner.work("test.echo", async (payload) => {
      seen.push(payload);
    });
    await runner.start();
    const id = await runner.enqueue("test.echo", { n: 7 });
    expect(id).not.toBeNull();
    await waitFor(async () => (await runner.findJob("test.echo", id ?? ""))?.state === "done", 5000);
    expect(seen).toEqual([{ n: 7 }]);
  });

  it("retries a failing job with growing waits and ends it dead with its last error", async () => {
    const runner = env.runner();
    const runs: { at: number; attempt: number }[] = [];
    await runner.work("test.retry", async (_payload, job) => {
      runs.push({ at: Date.now(), attempt: job.attempt });
      throw new Error(`failure ${job.attempt}`);
    });
    await runner.start();
    const id = (await runner.enqueue("test.retry", { n: 1 }, { retries: 2 })) ?? "";
    await waitFor(async () => (await runner.findJob("test.retry", id))?.state === "dead", 10_000);

    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = runs.map((run) => run.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(engine.retryDelayMs - 50);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2 * engine.retryDelayMs - 50);
    const job = await runner.findJob("test.retry", id);
    expect(job).toMatchObject({ state: "dead", attempts: 3, lastError: "failure 3" });
  });

  it("ignores a repeated enqueue with the same key while the first job has not started", async () => {
    const runner = env.runner();
    const first = await runner.enqueue("test.key", { n: 1 }, { key: "project-5" });
    expect(first).not.toBeNull();
    expect(await runner.enqueue("test.key", { n: 2 }, { key: "project-5" })).toBeNull();
    expect(await runner.enqueue("test.key", { n: 3 }, { key: "project-6" })).not.toBeNull();
    const keyless = [await runner.enqueue("test.key", { n: 4 }), await runner.enqueue("test.key", { n: 5 })];
    expect(keyless[0]).not.toBeNull();
    expect(keyless[1]).not.toBe(keyless[0]);

    const seen: number[] = [];
    await runner.work(
      "test.key",
      async (payload) => {
        seen.push(payload.n);
      },
      { concurrency: 2 },
    );
    await runner.start();
    await waitFor(async () => (await runner.findJob("test.key", first ?? ""))?.state === "done", 5000);
    await waitFor(() => seen.length === 4, 5000);
    expect(seen.sort()).toEqual([1, 3, 4, 5]);
    // Once the first has run, the key is free again.
    expect(await runner.enqueue("test.key", { n: 6 }, { key: "project-5" })).not.toBeNull();
  });

  it("runs a job given runAt no earlier than that instant", async () => {
    const runner = env.runner();
    const ranAt: number[] = [];
    await runner.work("test.later", async () => {
      ranAt.push(Date.now());
    });
    await runner.start();
    const runAt = new Date(Date.now() + engine.laterMs);
    const id = (await runner.enqueue("test.later", { n: 1 }, { runAt })) ?? "";
    await new Promise((resolve) => setTimeout(resolve, engine.laterMs / 2));
    expect(ranAt).toEqual([]);
    expect((await runner.findJob("test.later", id))?.state).toBe("pending");
    await waitFor(() => ranAt.length === 1, engine.laterMs + 3000);
    expect(ranAt[0]).toBeGreaterThanOrEqual(runAt.getTime() - 50);
  });

  it("fires a schedule once per tick with two runners on one database", async () => {
    const startedAt = Date.now();
    const runs: { runner: number; at: number }[] = [];
    const runners = [env.runner(), env.runner()];
    // The table engine fires every second here; pg-boss fires at most once a minute, so one run is the tick.
    const cron = engine === tableEngine ? "* * * * * *" : "* * * * *";
    for (const [index, runner] of runners.entries()) {
      await runner.work("test.tick", async () => {
        runs.push({ runner: index, at: Date.now() });
      });
      await runner.schedule("test.tick", cron);
    }
    await Promise.all(runners.map((runner) => runner.start()));
    // Two ticks a second apart on the table engine; on pg-boss one, then long enough for a double to show.
    await waitFor(() => runs.length >= (engine === tableEngine ? 2 : 1), 5000);
    await new Promise((resolve) => setTimeout(resolve, engine === tableEngine ? 300 : 1500));
    for (const runner of runners) await runner.stop();

    if (engine === tableEngine) {
      expect(runs.length).toBe(2);
      const times = runs.map((run) => run.at).sort((a, b) => a - b);
      for (let index = 1; index < times.length; index += 1) {
        expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThan(500);
      }
    } else {
      // Every minute is one tick: one run, or two if the test saw the minute change.
      const minutes = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.length).toBeLessThanOrEqual(minutes);
    }
  });

  it("leaves no timers behind once stopped", async () => {
    const before = countTimers();
    const runner = env.runner();
    let ran = 0;
    await runner.work("test.stop", async () => {
      ran += 1;
    });
    await runner.schedule("test.tick", "0 * * * *");
    await runner.start();
    await runner.enqueue("test.stop", { n: 1 });
    await waitFor(() => ran === 1, 5000);
    await runner.stop();
    expect(countTimers()).toBeLessThanOrEqual(before);
  });
});

describe("job runner on the table engine, after a crash", () => {
  it("runs again a job whose process died while running it, once its lock has expired", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-jobs-"));
    const database = openDatabase({ databaseUrl: null, sqlitePath: path.join(folder, "jobs.db") });
    try {
      await migrateToLatest(database);
      const runner = createTableRunner<TestJobs>({ db: database.db, runWorkers: true, pollIntervalMs: 20 });
      const id = (await runner.enqueue("test.echo", { n: 1 })) ?? "";
      // What a process killed mid-run leaves behind: running, one attempt counted, a lock that has run out.
      await database.db.updateTable("jobs").set({ state: "running", attempts: 1, locked_until: Date.now() - 1 }).execute();
      const attempts: number[] = [];
      await runner.work("test.echo", async (_payload, job) => {
        attempts.push(job.attempt);
      });
      await runner.start();
      await waitFor(async () => (await runner.findJob("test.echo", id))?.state === "done", 5000);
      await runner.stop();
      expect(attempts).toEqual([2]);
    } finally {
      await database.destroy();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
