import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.js";

// Enqueuing inside a transaction of the app's database (an event subscriber's `db`), on the engine of the
// run: SQLite's jobs table, or pg-boss on PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { workers: 0 } });
});
afterAll(() => t.close());

describe("enqueue with a transaction", () => {
  it("writes no job when the transaction rolls back", async () => {
    let id: string | null = null;
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        id = await t.app.jobs.enqueue("auth.prune-sessions", {}, { key: "rolled-back", transaction: trx });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(id).not.toBeNull();
    expect(await t.app.jobs.findJob("auth.prune-sessions", id ?? "")).toBeNull();
  });

  it("writes the job with the transaction's other writes when it commits", async () => {
    const id = await t.database.db.transaction().execute((trx) => t.app.jobs.enqueue("auth.prune-sessions", {}, { key: "committed", transaction: trx }));
    expect(await t.app.jobs.findJob("auth.prune-sessions", id ?? "")).toMatchObject({ state: "pending", attempts: 0 });
    // The key dedupes as for any other enqueue while the job waits.
    expect(await t.database.db.transaction().execute((trx) => t.app.jobs.enqueue("auth.prune-sessions", {}, { key: "committed", transaction: trx }))).toBeNull();
  });
});
