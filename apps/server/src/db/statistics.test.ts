import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers.js";
import { staleTables, tablesToVacuum } from "./statistics.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("staleTables", () => {
  it("names the tables changed by more than 50 rows plus a tenth of their size", () => {
    expect(staleTables([
      { table: "small", liveRows: 0, changedRows: 50 },
      { table: "grown", liveRows: 0, changedRows: 51 },
      { table: "big_quiet", liveRows: 10_000, changedRows: 1_050 },
      { table: "big_busy", liveRows: 10_000, changedRows: 1_051 },
    ])).toEqual(["grown", "big_busy"]);
  });
});

describe("tablesToVacuum", () => {
  it("names the tables with more than 50 dead rows or 1,000 inserted rows, plus a fifth of their size", () => {
    expect(tablesToVacuum([
      { table: "quiet", liveRows: 1_000, changedRows: 0, deadRows: 250, insertedRows: 1_200 },
      { table: "dead", liveRows: 1_000, changedRows: 0, deadRows: 251, insertedRows: 0 },
      { table: "inserted", liveRows: 1_000, changedRows: 0, deadRows: 0, insertedRows: 1_201 },
      { table: "unknown", liveRows: 1_000, changedRows: 5_000 },
    ])).toEqual(["dead", "inserted"]);
  });
});

describe("refreshing the statistics", () => {
  it("takes the statistics of a table that grew since they were last taken, on both engines", async () => {
    const { db, kind } = t.database;
    await sql`create table upkeep_probe (id integer primary key, project_id integer not null)`.execute(db);
    await sql`create index upkeep_probe_project_idx on upkeep_probe (project_id)`.execute(db);
    await sql`insert into upkeep_probe (id, project_id) select n, n % 7 from ${sql.raw(kind === "postgres" ? "generate_series(1, 2000) n" : "(with recursive s(n) as (select 1 union all select n + 1 from s where n < 2000) select n from s)")}`.execute(db);

    const analysed = async (): Promise<boolean> => {
      const rows = kind === "postgres"
        ? await sql`select 1 from pg_stats where schemaname = current_schema() and tablename = 'upkeep_probe'`.execute(db)
        : await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db).then(async (stat) =>
          stat.rows.length === 0 ? stat : sql`select 1 from sqlite_stat1 where tbl = 'upkeep_probe'`.execute(db));
      return rows.rows.length > 0;
    };
    expect(await analysed()).toBe(false);

    // PostgreSQL counts the changed rows in its statistics system, which a backend reports within a second
    // or so of its transaction: the job runs every minute, the test asks again until it has them.
    const deadline = Date.now() + 10_000;
    while (!(await analysed()) && Date.now() < deadline) {
      await t.app.services.databaseUpkeep.refreshStatistics();
      if (!(await analysed())) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await analysed()).toBe(true);
    if (kind === "postgres") {
      // Where autovacuum is off, the job vacuums too: 2,000 rows inserted is past 1,000 plus a fifth.
      const settings = await sql<{ on: boolean; vacuumed: boolean }>`
        select current_setting('autovacuum') = 'on' as on,
          (select last_vacuum is not null from pg_stat_user_tables where schemaname = current_schema() and relname = 'upkeep_probe') as vacuumed`.execute(db);
      const [row] = settings.rows;
      if (row && !row.on) expect(row.vacuumed).toBe(true);
    }
    await sql`drop table upkeep_probe`.execute(db);
  });

  it("runs every minute as a job of the health module", () => {
    const module = t.app.modules.find((entry) => entry.name === "health");
    expect(module?.schedules).toEqual([{ name: "database.statistics", cron: "* * * * *" }]);
    expect(Object.keys(module?.jobs?.(t.app.services) ?? {})).toEqual(["database.statistics"]);
  });
});
