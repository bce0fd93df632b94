import { expect, it } from "vitest";
import { openDatabase } from "../../db/kysely.js";
import { migrateToLatest } from "../../db/migrate.js";
import { createTestSchema } from "../../../test/helpers.js";
import { MODULES } from "../registry.js";

/** Projects that existed before the module get the default columns from its migration (README.md). */
it("gives every project that exists the columns Open, In progress and Done", async () => {
  const { databaseUrl, pgSchema, dropSchema } = await createTestSchema();
  const database = openDatabase({ databaseUrl, sqlitePath: ":memory:", pgSchema, poolSize: 2 });
  try {
    await migrateToLatest(database, MODULES.filter((module) => module.name !== "kanboard"));
    const at = "2026-01-01 00:00:00";
    const user = await database.db.insertInto("users")
      .values({ email: "ana@example.test", display_name: "Ana", password_hash: "x", manage_pm: 1, avatar_url: null, created_at: at, updated_at: at })
      .returning("id").executeTakeFirstOrThrow();
    const projects = await database.db.insertInto("projects")
      .values(["Before one", "Before two"].map((title) => ({ title, description: "", status: "incomplete", color: null, created_by: user.id, created_at: at, updated_at: at, department_id: null })))
      .returning("id").execute();
    await migrateToLatest(database, MODULES);
    const columns = await database.db.selectFrom("kanban_boards").select(["project_id", "title", "is_done", "sort_order"]).orderBy("project_id").orderBy("sort_order").execute();
    expect(columns).toEqual(projects.flatMap((project) => [
      { project_id: project.id, title: "Open", is_done: 0, sort_order: 0 },
      { project_id: project.id, title: "In progress", is_done: 0, sort_order: 1 },
      { project_id: project.id, title: "Done", is_done: 1, sort_order: 2 },
    ]));
  } finally {
    await database.destroy();
    await dropSchema();
  }
});
