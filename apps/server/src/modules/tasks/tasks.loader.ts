import type { Task } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema.js";
import { commentsRepository } from "../comments/comments.repository.js";
import type { ProjectAccess } from "../projects/project-access.js";
import { usersRepository } from "../users/users.repository.js";
import { presentTask } from "./tasks.presenter.js";
import { tasksRepository, type TaskRecord } from "./tasks.repository.js";

/** Assignees and comment counts of a set of tasks. */
export interface TaskRelations {
  assignees: Map<number, number[]>;
  comments: Map<number, number>;
  /** Creators and assignees: the users a presentation needs. */
  userIds: number[];
}

/**
 * Presents many tasks in a fixed number of queries, whatever their number: one for the assignees of all of
 * them, one for comment counts, one for the users. Task lists call the two halves apart so that list
 * creators share the one users query.
 */
export function taskLoader(db: Kysely<Database>, timezone: string) {
  const tasks = tasksRepository(db);
  const commentCounts = commentsRepository(db);

  async function loadRelations(records: readonly TaskRecord[]): Promise<TaskRelations> {
    const ids = records.map((record) => record.id);
    const [assigneeRows, comments] = await Promise.all([tasks.findAssignees(ids), commentCounts.countComments("task", ids)]);
    const assignees = new Map<number, number[]>();
    for (const row of assigneeRows) assignees.set(row.task_id, [...(assignees.get(row.task_id) ?? []), row.user_id]);
    const userIds = new Set<number>(records.map((record) => record.created_by));
    for (const row of assigneeRows) userIds.add(row.user_id);
    return { assignees, comments, userIds: [...userIds] };
  }

  function presentAll(
    records: readonly TaskRecord[],
    relations: TaskRelations,
    users: ReadonlyMap<number, UserRow>,
    accessFor: (projectId: number) => ProjectAccess | undefined,
  ): Task[] {
    return records.flatMap((record) => {
      const access = accessFor(record.project_id);
      if (!access) return [];
      return [
        presentTask(record, {
          access,
          assigneeIds: relations.assignees.get(record.id) ?? [],
          users,
          commentCount: relations.comments.get(record.id) ?? 0,
          timezone,
        }),
      ];
    });
  }

  async function loadUsers(ids: readonly number[]): Promise<Map<number, UserRow>> {
    const rows = await usersRepository(db).findUsersByIds(ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  return {
    loadRelations,
    loadUsers,
    presentAll,

    /** Loads what the tasks need and presents them, in order. */
    async present(records: readonly TaskRecord[], accessFor: (projectId: number) => ProjectAccess | undefined): Promise<Task[]> {
      if (records.length === 0) return [];
      const relations = await loadRelations(records);
      return presentAll(records, relations, await loadUsers(relations.userIds), accessFor);
    },
  };
}

export type TaskLoader = ReturnType<typeof taskLoader>;
