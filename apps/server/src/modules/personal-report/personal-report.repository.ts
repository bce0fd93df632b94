import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";

/** A task or sub-task completed in the range, once per reported user assigned to it, with what its row and privacy need. */
export interface CompletedTaskRow {
  id: number;
  title: string;
  /** 0 for a task; the parent's id for a sub-task. */
  parent_id: number;
  parent_title: string | null;
  project_id: number;
  project_title: string;
  task_list_id: number;
  privacy: number;
  list_privacy: number;
  /** Minutes. */
  estimation: number;
  type_id: number | null;
  /** Stored UTC timestamp. */
  completed_at: string;
  /** The reported user assigned to it. */
  user_id: number;
}

/**
 * The personal report's one query of its own: the completed tasks of some users in a range. The logs, the
 * users and the task types are read through their modules (time-tracker, task-types).
 */
export function personalReportRepository(db: Kysely<Database>) {
  return {
    /**
     * Tasks and sub-tasks complete (status 1) with `completed_at` within `[from, to]` (stored UTC bounds,
     * both included), assigned to any of `userIds`: one row per task and assigned reported user.
     */
    async findCompletedTasks(userIds: readonly number[], from: string, to: string): Promise<CompletedTaskRow[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom("task_assignees")
        .innerJoin("tasks", "tasks.id", "task_assignees.task_id")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .leftJoin("tasks as parent", "parent.id", "tasks.parent_id")
        .select([
          "tasks.id", "tasks.title", "tasks.parent_id", "parent.title as parent_title", "tasks.project_id", "projects.title as project_title",
          "tasks.task_list_id", "tasks.privacy", "task_lists.privacy as list_privacy", "tasks.estimation", "tasks.type_id",
          "tasks.completed_at", "task_assignees.user_id",
        ])
        .where("task_assignees.user_id", "in", userIds)
        .where("tasks.status", "=", 1)
        .where("tasks.completed_at", ">=", from)
        .where("tasks.completed_at", "<=", to)
        .orderBy("tasks.completed_at")
        .orderBy("tasks.id")
        .execute();
      return rows.map((row) => ({ ...row, completed_at: row.completed_at ?? from, estimation: Number(row.estimation) }));
    },
  };
}

export type PersonalReportRepository = ReturnType<typeof personalReportRepository>;
