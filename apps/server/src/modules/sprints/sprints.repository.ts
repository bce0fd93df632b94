import { sql, type Insertable, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import type { TaskRecord } from "../tasks/tasks.repository.js";
import type { SprintRow, SprintsTable, SprintTasksTable } from "./sprints.tables.js";

/** A project a sprint spans, with what its answer shows. */
export interface SprintProjectRow {
  sprint_id: number;
  project_id: number;
  title: string;
  color: string | null;
}

/** A group of a sprint's tasks alike in what counting and privacy look at, with their number and minutes. */
export interface SprintCountRow {
  sprint_id: number;
  project_id: number;
  privacy: number;
  list_privacy: number;
  /** 1: complete (for a completed sprint: complete when it ended). */
  done: number;
  count: number;
  estimation: number;
}

/** A task as adding it to a sprint looks at it. */
export interface SprintTaskFacts {
  id: number;
  project_id: number;
  parent_id: number;
  status: number;
  estimation: number;
  privacy: number;
  list_privacy: number;
}

/** A task's place in an open sprint. */
export interface OpenMembership {
  task_id: number;
  sprint_id: number;
  title: string;
}

/** A task a sprint holds, as it is now: what a snapshot, a completion or a carry-over records of it. */
export interface ScopeRow {
  task_id: number;
  project_id: number;
  status: number;
  estimation: number;
  privacy: number;
  list_privacy: number;
}

/** A task of a sprint's page: the task's record, its list's privacy and how it ended in a completed sprint. */
export type SprintTaskRecord = TaskRecord & { list_privacy: number; is_open: number; final_status: number | null };

/** Which filters `listSprints` applies; `memberUserId` null reads every sprint (site managers). */
export interface SprintFilter {
  statuses: readonly string[];
  projectId?: number;
  memberUserId: number | null;
}

/** Whether a write broke a unique key: the one-open-sprint index, met by a concurrent add. */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/** Whether a write broke a foreign key: a task deleted between the checks and the insert. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Active first, then planned, then completed. */
const STATUS_RANK = sql<number>`case sprints.status when 'active' then 0 when 'planned' then 1 else 2 end`;
/** Complete now (open sprints) or when it ended (completed ones). */
const DONE = sql<number>`case when sprint_tasks.is_open = 1 then (case when tasks.status = 1 then 1 else 0 end) else coalesce(sprint_tasks.final_status, 0) end`;
const MINUTES = sql<number>`case when sprint_tasks.is_open = 1 then tasks.estimation else coalesce(sprint_tasks.final_estimation, 0) end`;

/** Every query of the sprints module but their history's (`sprint-events.repository.ts`). */
export function sprintsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  function filtered(filter: SprintFilter) {
    let query = db.selectFrom("sprints");
    if (filter.statuses.length > 0) query = query.where("sprints.status", "in", [...filter.statuses]);
    const { projectId, memberUserId } = filter;
    if (projectId !== undefined || memberUserId !== null) {
      query = query.where((eb) =>
        eb.exists(
          eb.selectFrom("sprint_projects")
            .select(sql`1`.as("one"))
            .whereRef("sprint_projects.sprint_id", "=", "sprints.id")
            .$if(projectId !== undefined, (q) => q.where("sprint_projects.project_id", "=", projectId ?? 0))
            .$if(memberUserId !== null, (q) =>
              q.where("sprint_projects.project_id", "in", eb.selectFrom("project_members").select("project_members.project_id").where("project_members.user_id", "=", memberUserId ?? 0)),
            ),
        ),
      );
    }
    return query;
  }

  return {
    findSprint(id: number): Promise<SprintRow | undefined> {
      return db.selectFrom("sprints").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** A page of the sprints the filter keeps, in the list's order, and how many it keeps in all. */
    async listSprints(filter: SprintFilter, limit: number, offset: number): Promise<{ rows: SprintRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(filter)
          .selectAll("sprints")
          .orderBy(STATUS_RANK)
          .orderBy(sql`coalesce(sprints.completed_at, '')`, "desc")
          .orderBy("sprints.start_at")
          .orderBy("sprints.id")
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filter).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.total ?? 0) };
    },

    insertSprint(row: Insertable<SprintsTable>): Promise<SprintRow> {
      return db.insertInto("sprints").values(row).returningAll().executeTakeFirstOrThrow();
    },

    async updateSprint(id: number, changes: Partial<Omit<SprintRow, "id">>): Promise<void> {
      await db.updateTable("sprints").set(changes).where("id", "=", id).execute();
    },

    async deleteSprint(id: number): Promise<void> {
      await db.deleteFrom("sprints").where("id", "=", id).execute();
    },

    /**
     * Holds these sprints' rows until the transaction ends (in id order, so two holders never wait on each
     * other), so that a start, a completion, an add and a subscriber's write on one sprint happen one after
     * the other on PostgreSQL. SQLite runs one write transaction at a time already.
     */
    async lockSprints(ids: readonly number[]): Promise<void> {
      if (kind !== "postgres" || ids.length === 0) return;
      await db.selectFrom("sprints").select("id").where("id", "in", [...ids]).orderBy("id").forUpdate().execute();
    },

    /** The projects of these sprints, with their titles, in title order. */
    projectsOf(sprintIds: readonly number[]): Promise<SprintProjectRow[]> {
      return inChunks(sprintIds, (chunk) =>
        db.selectFrom("sprint_projects")
          .innerJoin("projects", "projects.id", "sprint_projects.project_id")
          .select(["sprint_projects.sprint_id", "sprint_projects.project_id", "projects.title", "projects.color"])
          .where("sprint_projects.sprint_id", "in", chunk)
          .orderBy("projects.title").orderBy("projects.id")
          .execute(),
      );
    },

    /** Replaces a sprint's projects. */
    async setProjects(sprintId: number, projectIds: readonly number[]): Promise<void> {
      await db.deleteFrom("sprint_projects").where("sprint_id", "=", sprintId).execute();
      if (projectIds.length === 0) return;
      await db.insertInto("sprint_projects").values(projectIds.map((projectId) => ({ sprint_id: sprintId, project_id: projectId }))).execute();
    },

    /** Which of these projects exist, with their titles. */
    findProjects(projectIds: readonly number[]): Promise<Array<{ id: number; title: string }>> {
      return inChunks(projectIds, (chunk) => db.selectFrom("projects").select(["id", "title"]).where("id", "in", chunk).execute());
    },

    /** The projects of which the sprint holds tasks (open or, once completed, closed). */
    async projectsWithTasks(sprintId: number): Promise<number[]> {
      const rows = await db.selectFrom("sprint_tasks").select("project_id").distinct().where("sprint_id", "=", sprintId).execute();
      return rows.map((row) => row.project_id);
    },

    /** The tasks of these sprints in groups alike for counting and privacy: one statement, grouped. */
    count(sprintIds: readonly number[]): Promise<SprintCountRow[]> {
      return inChunks(sprintIds, async (chunk) => {
        const rows = await db.selectFrom("sprint_tasks")
          .innerJoin("tasks", "tasks.id", "sprint_tasks.task_id")
          .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
          .select([
            "sprint_tasks.sprint_id", "sprint_tasks.project_id", "tasks.privacy", "task_lists.privacy as list_privacy", DONE.as("done"),
            (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.sum<number>(MINUTES).as("estimation"),
          ])
          .where("sprint_tasks.sprint_id", "in", chunk)
          .groupBy(["sprint_tasks.sprint_id", "sprint_tasks.project_id", "tasks.privacy", "task_lists.privacy", DONE])
          .execute();
        return rows.map((row) => ({ ...row, done: Number(row.done), count: Number(row.count), estimation: Number(row.estimation ?? 0) }));
      });
    },

    /** The tasks of a sprint in these projects, as task records, in the order they were added. */
    tasksOf(sprintId: number, projectIds: readonly number[]): Promise<SprintTaskRecord[]> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("sprint_tasks")
        .innerJoin("tasks", "tasks.id", "sprint_tasks.task_id")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .leftJoin("task_types", "task_types.id", "tasks.type_id")
        .selectAll("tasks")
        .select(["task_types.title as type_title", "task_types.description as type_description", "task_lists.privacy as list_privacy", "sprint_tasks.is_open", "sprint_tasks.final_status"])
        .where("sprint_tasks.sprint_id", "=", sprintId)
        .where("sprint_tasks.project_id", "in", [...projectIds])
        .orderBy("sprint_tasks.added_at").orderBy("sprint_tasks.task_id")
        .execute();
    },

    /** Tasks by id, with what adding them looks at. */
    taskFacts(taskIds: readonly number[]): Promise<SprintTaskFacts[]> {
      return inChunks(taskIds, (chunk) =>
        db.selectFrom("tasks")
          .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
          .select(["tasks.id", "tasks.project_id", "tasks.parent_id", "tasks.status", "tasks.estimation", "tasks.privacy", "task_lists.privacy as list_privacy"])
          .where("tasks.id", "in", chunk)
          .execute(),
      );
    },

    /** Where these tasks are in an open sprint, with that sprint's title. */
    openMemberships(taskIds: readonly number[]): Promise<OpenMembership[]> {
      return inChunks(taskIds, (chunk) =>
        db.selectFrom("sprint_tasks")
          .innerJoin("sprints", "sprints.id", "sprint_tasks.sprint_id")
          .select(["sprint_tasks.task_id", "sprint_tasks.sprint_id", "sprints.title"])
          .where("sprint_tasks.task_id", "in", chunk)
          .where("sprint_tasks.is_open", "=", 1)
          .execute(),
      );
    },

    /** How many tasks a sprint holds. */
    async taskCount(sprintId: number): Promise<number> {
      const row = await db.selectFrom("sprint_tasks").select((eb) => eb.fn.countAll<number>().as("total")).where("sprint_id", "=", sprintId).executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Every task a sprint holds as it is now (all of them, whoever asks: history is written for everyone). */
    scopeOf(sprintId: number): Promise<ScopeRow[]> {
      return db.selectFrom("sprint_tasks")
        .innerJoin("tasks", "tasks.id", "sprint_tasks.task_id")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .select(["sprint_tasks.task_id", "sprint_tasks.project_id", "tasks.status", "tasks.estimation", "tasks.privacy", "task_lists.privacy as list_privacy"])
        .where("sprint_tasks.sprint_id", "=", sprintId)
        .orderBy("sprint_tasks.added_at").orderBy("sprint_tasks.task_id")
        .execute();
    },

    async insertSprintTasks(rows: ReadonlyArray<Insertable<SprintTasksTable>>): Promise<void> {
      for (let offset = 0; offset < rows.length; offset += 500) {
        await db.insertInto("sprint_tasks").values(rows.slice(offset, offset + 500)).execute();
      }
    },

    /** Takes a task out of a sprint; answers whether it was there. */
    async deleteSprintTask(sprintId: number, taskId: number): Promise<boolean> {
      const result = await db.deleteFrom("sprint_tasks").where("sprint_id", "=", sprintId).where("task_id", "=", taskId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Takes tasks out of whichever sprints hold them open (a restored task whose sprint ended meanwhile). */
    async deleteOpenRows(rows: ReadonlyArray<{ sprint_id: number; task_id: number }>): Promise<void> {
      for (const row of rows) {
        await db.deleteFrom("sprint_tasks").where("sprint_id", "=", row.sprint_id).where("task_id", "=", row.task_id).where("is_open", "=", 1).execute();
      }
    },

    /**
     * Closes a completing sprint's rows, each keeping its task's status and estimation as they are in this
     * statement; answers them, so what is carried over is exactly what was recorded as open.
     */
    closeSprintTasks(sprintId: number): Promise<Array<{ task_id: number; project_id: number; final_status: number | null; final_estimation: number | null }>> {
      return db.updateTable("sprint_tasks")
        .set({
          is_open: 0,
          final_status: (eb) => eb.selectFrom("tasks").select(sql<number>`case when tasks.status = 1 then 1 else 0 end`.as("done")).whereRef("tasks.id", "=", "sprint_tasks.task_id"),
          final_estimation: (eb) => eb.selectFrom("tasks").select("tasks.estimation").whereRef("tasks.id", "=", "sprint_tasks.task_id"),
        })
        .where("sprint_id", "=", sprintId)
        .returning(["task_id", "project_id", "final_status", "final_estimation"])
        .execute();
    },

    /** The active sprints spanning a project: where a deleted list of it may have taken tasks in scope. */
    async activeSprintsOf(projectId: number): Promise<number[]> {
      const rows = await db.selectFrom("sprint_projects")
        .innerJoin("sprints", "sprints.id", "sprint_projects.sprint_id")
        .select("sprints.id")
        .where("sprint_projects.project_id", "=", projectId)
        .where("sprints.status", "=", "active")
        .orderBy("sprints.id")
        .execute();
      return rows.map((row) => row.id);
    },

    /** Open rows of the tasks of a list, with their sprint's status (a restored list's tasks bring theirs back). */
    openRowsOfList(listId: number): Promise<Array<{ sprint_id: number; task_id: number; project_id: number; status: string }>> {
      return db.selectFrom("sprint_tasks")
        .innerJoin("sprints", "sprints.id", "sprint_tasks.sprint_id")
        .innerJoin("tasks", "tasks.id", "sprint_tasks.task_id")
        .select(["sprint_tasks.sprint_id", "sprint_tasks.task_id", "sprint_tasks.project_id", "sprints.status"])
        .where("tasks.task_list_id", "=", listId)
        .where("sprint_tasks.is_open", "=", 1)
        .execute();
    },

    /** Open rows of these tasks, with their sprint's status (a restored task's rows come back with it). */
    openRowsWithStatus(taskIds: readonly number[]): Promise<Array<{ sprint_id: number; task_id: number; project_id: number; status: string }>> {
      return inChunks(taskIds, (chunk) =>
        db.selectFrom("sprint_tasks")
          .innerJoin("sprints", "sprints.id", "sprint_tasks.sprint_id")
          .select(["sprint_tasks.sprint_id", "sprint_tasks.task_id", "sprint_tasks.project_id", "sprints.status"])
          .where("sprint_tasks.task_id", "in", chunk)
          .where("sprint_tasks.is_open", "=", 1)
          .execute(),
      );
    },
  };
}

export type SprintsRepository = ReturnType<typeof sprintsRepository>;
