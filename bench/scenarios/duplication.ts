import { defineScenario } from "../lib/scenario.js";
import { ensureThousandTaskProject } from "../lib/shared-load.js";

/**
 * Duplicating the 1,000-task project (members, 21 lists, 1,000 tasks with their assignees) after giving it
 * what a project in use holds besides: milestones linked to lists, discussions, labels on a third of the
 * tasks and a sub-task in each list. Every request writes a whole copy, so the table grows as the run goes; it runs
 * last for that reason. The copy is written set-wise, so its statement count does not grow with the tasks.
 */
export const duplicateThousandTaskProject = defineScenario({
  name: "duplicate a 1,000-task project",
  target: "plotline",
  seed: async (ctx) => {
    const load = await ensureThousandTaskProject(ctx);
    const db = ctx.plotline.database.db;
    const projectId = load.bigProjectId;
    const owner = (await db.selectFrom("projects").select("created_by").where("id", "=", projectId).executeTakeFirstOrThrow()).created_by;
    const at = new Date().toISOString().slice(0, 19).replace("T", " ");
    const lists = await db.selectFrom("task_lists").select("id").where("project_id", "=", projectId).where("is_inbox", "=", 0).orderBy("id").execute();
    const tasks = await db.selectFrom("tasks").select(["id", "task_list_id"]).where("project_id", "=", projectId).orderBy("id").execute();

    const milestones = await db.insertInto("milestones").values(Array.from({ length: 3 }, (_, i) => ({
      project_id: projectId, title: `Bench milestone ${i + 1}`, description: "", achieve_date: null, status: 0, privacy: 0, sort_order: i,
      created_by: owner, created_at: at, updated_at: at,
    }))).returning("id").execute();
    for (const [index, list] of lists.entries()) {
      if (index % 3 === 0) await db.updateTable("task_lists").set({ milestone_id: milestones[index % milestones.length]?.id ?? null }).where("id", "=", list.id).execute();
    }
    await db.insertInto("discussions").values(Array.from({ length: 10 }, (_, i) => ({
      project_id: projectId, title: `Bench discussion ${i + 1}`, description: "<p>Notes</p>", privacy: 0, sort_order: i,
      milestone_id: milestones[i % milestones.length]?.id ?? null, created_by: owner, created_at: at, updated_at: at,
    }))).execute();
    const labels = await db.insertInto("labels").values(Array.from({ length: 5 }, (_, i) => ({
      project_id: projectId, title: `Bench label ${i + 1}`, description: "", color: "#00c2e0", created_by: owner, created_at: at, updated_at: at,
    }))).returning("id").execute();
    const labelled = tasks.filter((_, index) => index % 3 === 0)
      .map((task, index) => ({ task_id: task.id, label_id: labels[index % labels.length]?.id ?? 0, project_id: projectId }));
    for (let start = 0; start < labelled.length; start += 500) await db.insertInto("task_labels").values(labelled.slice(start, start + 500)).execute();
    // One sub-task per list: its second task goes under its first (the count stays 1,000).
    const byList = new Map<number, number[]>();
    for (const task of tasks) byList.set(task.task_list_id, [...(byList.get(task.task_list_id) ?? []), task.id]);
    for (const [first, second] of byList.values()) {
      if (first !== undefined && second !== undefined) await db.updateTable("tasks").set({ parent_id: first }).where("id", "=", second).execute();
    }
    return { projectId };
  },
  request: (ctx, seeded) => ({ method: "POST", path: `/api/pm-pro/v2/duplicate/project/${seeded.projectId}`, headers: ctx.plotline.authHeaders }),
});
