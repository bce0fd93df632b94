import { sql } from "kysely";
import { defineScenario, type BenchContext } from "../lib/scenario.js";
import { assignEveryOther, insertTasks } from "../lib/seed-tasks.js";

/** Tasks in the measured sprint (issue 18: the sprint page of a 2,000-task sprint). */
const SPRINT_TASKS = 2_000;
/** Task lists they are spread over, as a real project's would be. */
const LISTS = 20;
/** Rows per insert statement, and tasks per `POST .../tasks` (its most). */
const BATCH = 500;

const stampOf = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * A project made through the API, 20 lists and 2,000 tasks written straight to the tables (every third one
 * complete, every other one assigned, every seventh one private, estimations of 15 to 120 minutes), then a
 * sprint planned, filled and started through the API, as a team would: four adds of 500 tasks and the
 * start's snapshot of all 2,000.
 */
async function seedSprint(ctx: BenchContext): Promise<{ sprintId: number }> {
  const { db, kind } = ctx.plotline.database;
  const manager = await db.selectFrom("users").select("id").where("manage_pm", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const project = (await ctx.plotline.api("POST", "/api/pm/v2/projects", { title: "Sprint bench" })) as { data: { id: number } };
  const projectId = project.data.id;
  const at = stampOf(new Date());
  const lists = await db.insertInto("task_lists").values(Array.from({ length: LISTS }, (_, index) => ({
    project_id: projectId, title: `Stream ${index + 1}`, description: "", sort_order: index + 1, status: 1, privacy: 0, is_inbox: 0,
    milestone_id: null, created_by: manager.id, created_at: at, updated_at: at,
  }))).returning("id").execute();
  const rows = Array.from({ length: SPRINT_TASKS }, (_, index) => {
    const complete = index % 3 === 2;
    return {
      project_id: projectId, task_list_id: lists[index % LISTS]?.id ?? 0, parent_id: 0, title: `Sprint task ${index + 1}`, description: "",
      estimation: 15 * ((index % 8) + 1), start_at: null, due_date: null, priority: index % 5, complexity: 0, payable: 0, recurrent: 0,
      status: complete ? 1 : 0, privacy: index % 7 === 0 ? 1 : 0, sort_order: index, type_id: null, created_by: manager.id,
      completed_by: complete ? manager.id : null, completed_at: complete ? at : null, created_at: at, updated_at: at,
    };
  });
  const ids = await insertTasks(db, rows);
  await assignEveryOther(db, ids, manager.id, projectId, at);

  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const sprint = (await ctx.plotline.api("POST", "/api/pm-pro/v2/sprints", { title: "Bench sprint", start_at: today, due_date: due, projects: [projectId] })) as { data: { id: number } };
  for (let offset = 0; offset < ids.length; offset += BATCH) {
    await ctx.plotline.api("POST", `/api/pm-pro/v2/sprints/${sprint.data.id}/tasks`, { task_ids: ids.slice(offset, offset + BATCH) });
  }
  await ctx.plotline.api("POST", `/api/pm-pro/v2/sprints/${sprint.data.id}/start`);
  await sql.raw(kind === "postgres" ? "vacuum analyze" : "analyze").execute(db);
  return { sprintId: sprint.data.id };
}

/** The sprint page: one sprint with all 2,000 of its tasks (`with=tasks`), counters and abilities. */
export const sprintPage = defineScenario({
  name: "GET sprint page with=tasks, 2k-task sprint",
  target: "plotline",
  seed: seedSprint,
  request: (ctx, seeded) => ({ method: "GET", path: `/api/pm-pro/v2/sprints/${seeded.sprintId}?with=tasks`, headers: ctx.plotline.authHeaders }),
});
