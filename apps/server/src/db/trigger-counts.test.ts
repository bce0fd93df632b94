import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.js";
import { createTriggerCounts } from "./trigger-counts.js";

/** Counts kept by triggers, on a table of their own: filled from the rows there, then kept through every kind of write. */
let t: TestApp;
let db: Kysely<unknown>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as unknown as Kysely<unknown>;
  await sql`create table probe_boxes (id integer primary key)`.execute(db);
  await sql`create table probe_items (id integer primary key, box_id integer not null references probe_boxes (id) on delete cascade,
    parent_id integer not null, colour varchar(30), status integer not null, title varchar(30) not null)`.execute(db);
  await sql`insert into probe_boxes (id) values (1), (2), (3)`.execute(db);
  // Rows there before the counts: the creation fills them in.
  await sql`insert into probe_items (id, box_id, parent_id, colour, status, title) values
    (1, 1, 0, 'red', 0, 'a'), (2, 1, 0, 'red', 0, 'b'), (3, 1, 0, null, 1, 'c'), (4, 2, 0, 'blue', 0, 'd'), (5, 2, 1, 'blue', 0, 'child')`.execute(db);
  await createTriggerCounts(db, t.database.kind, {
    counts: "probe_counts",
    source: "probe_items",
    key: [
      { column: "box_id", type: "integer", of: (row) => `${row}.box_id` },
      { column: "colour", type: "varchar(30)", of: (row) => `coalesce(${row}.colour, '')` },
      { column: "status", type: "integer", of: (row) => `${row}.status` },
    ],
    counted: (row) => `${row}.parent_id = 0`,
    watched: ["box_id", "parent_id", "colour", "status"],
  });
});
afterAll(() => t.close());

type Group = { box_id: number; colour: string; status: number; count: number };

async function kept(): Promise<Group[]> {
  const rows = await sql<Group>`select box_id, colour, status, count from probe_counts where count <> 0 order by box_id, colour, status`.execute(db);
  return rows.rows.map((row) => ({ ...row, box_id: Number(row.box_id), status: Number(row.status), count: Number(row.count) }));
}

async function recounted(): Promise<Group[]> {
  const rows = await sql<Group>`select box_id, coalesce(colour, '') as colour, status, count(*) as count from probe_items where parent_id = 0
    group by box_id, coalesce(colour, ''), status order by box_id, coalesce(colour, ''), status`.execute(db);
  return rows.rows.map((row) => ({ ...row, box_id: Number(row.box_id), status: Number(row.status), count: Number(row.count) }));
}

describe("createTriggerCounts", () => {
  it("fills the counts from the rows already there, leaving out the rows not counted", async () => {
    expect(await kept()).toEqual([
      { box_id: 1, colour: "", status: 1, count: 1 },
      { box_id: 1, colour: "red", status: 0, count: 2 },
      { box_id: 2, colour: "blue", status: 0, count: 1 },
    ]);
  });

  it("keeps them through inserts, updates that move rows between groups, deletes and cascades", async () => {
    await sql`insert into probe_items (id, box_id, parent_id, colour, status, title) values (6, 3, 0, 'red', 0, 'e'), (7, 3, 0, 'red', 0, 'f')`.execute(db);
    await sql`update probe_items set status = 1 where box_id = 1`.execute(db);
    await sql`update probe_items set colour = null where id = 4`.execute(db);
    await sql`update probe_items set parent_id = 0 where id = 5`.execute(db);
    await sql`update probe_items set parent_id = 4 where id = 6`.execute(db);
    await sql`update probe_items set box_id = 1 where id = 7`.execute(db);
    await sql`update probe_items set title = 'renamed'`.execute(db);
    expect(await kept()).toEqual(await recounted());
    await sql`delete from probe_items where id = 1`.execute(db);
    await sql`delete from probe_boxes where id = 2`.execute(db);
    expect(await kept()).toEqual(await recounted());
    expect(await kept()).toEqual([
      { box_id: 1, colour: "", status: 1, count: 1 },
      { box_id: 1, colour: "red", status: 0, count: 1 },
      { box_id: 1, colour: "red", status: 1, count: 1 },
    ]);
  });

  it("leaves the counts as they were when a transaction rolls back", async () => {
    const before = await kept();
    await expect(t.database.db.transaction().execute(async (trx) => {
      await sql`insert into probe_items (id, box_id, parent_id, colour, status, title) values (8, 1, 0, 'red', 1, 'g')`.execute(trx);
      throw new Error("changed my mind");
    })).rejects.toThrow("changed my mind");
    expect(await kept()).toEqual(before);
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith("postgres"))("createTriggerCounts on PostgreSQL", () => {
  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`set search_path to ${t.database.pgSchema}`);
    // A wait that would not end fails the test in seconds rather than at its time-out.
    await client.query("set lock_timeout = '5s'");
    return client;
  }

  it("adds a transaction's changes at its commit, so a writer holding the counts never waits on one that holds its rows", async () => {
    await sql`insert into probe_items (id, box_id, parent_id, colour, status, title) values (20, 3, 0, 'green', 0, 'x'), (21, 3, 0, 'green', 0, 'y')`.execute(db);
    const [first, second] = [await connect(), await connect()];
    try {
      // The first completes one item; the second completes the other, in the same group. Had the first locked
      // the group's counts, the second would wait for it while holding its item, which the first then
      // updates: a deadlock, one of them refused.
      await first.query("begin");
      await first.query("update probe_items set status = 1 where id = 20");
      await second.query("begin");
      await second.query("update probe_items set status = 1 where id = 21");
      const firstWaits = first.query("update probe_items set title = 'touched' where id = 21");
      await second.query("commit");
      await firstWaits;
      await first.query("commit");
    } finally {
      await first.end();
      await second.end();
    }
    expect(await kept()).toEqual(await recounted());
    expect((await kept()).find((group) => group.colour === "green")).toEqual({ box_id: 3, colour: "green", status: 1, count: 2 });
  });

  it("leaves no noted change behind after commit", async () => {
    const left = await sql<{ n: number }>`select count(*) as n from probe_counts_changes`.execute(db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
