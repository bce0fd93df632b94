import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import type { TaskReportSearch } from "./reports.filters.js";

/** The task columns a report shows. */
export interface ReportTaskRow {
  id: number;
  title: string;
  status: number;
  payable: number;
  estimation: number;
  start_at: string | null;
  due_date: string | null;
  created_at: string;
  completed_at: string | null;
  completed_by: number | null;
  created_by: number;
  project_id: number;
  task_list_id: number;
}

/** A project with how many of its tasks match. */
export interface ReportProjectCount {
  id: number;
  title: string;
  count: number;
}

/** Names of the records a page of tasks points at. */
export interface ReportNames {
  projects: Map<number, string>;
  lists: Map<number, { title: string; sort_order: number }>;
  users: Map<number, { id: number; display_name: string; avatar_url: string | null }>;
  /** Assignee ids per task. */
  assignees: Map<number, number[]>;
}

const TASK_COLUMNS = [
  "tasks.id", "tasks.title", "tasks.status", "tasks.payable", "tasks.estimation", "tasks.start_at", "tasks.due_date", "tasks.created_at",
  "tasks.completed_at", "tasks.completed_by", "tasks.created_by", "tasks.project_id", "tasks.task_list_id",
] as const;

/** Rows read per statement while an export streams. */
const EXPORT_BATCH = 1_000;

/**
 * The reports' reads. Reports are for site managers, who see every project and every private record
 * (the order of the access check puts the site capability first), so no privacy condition applies here;
 * sub-tasks stay out, as in every task listing.
 */
export function reportsRepository(db: Kysely<Database>) {
  function matches(eb: ExpressionBuilder<Database, "tasks">, search: TaskReportSearch) {
    const conditions = [eb("tasks.parent_id", "=", 0)];
    if (search.statuses) conditions.push(eb("tasks.status", "in", [...search.statuses]));
    if (search.projectIds) conditions.push(eb("tasks.project_id", "in", [...search.projectIds]));
    if (search.assigneeIds) {
      conditions.push(eb("tasks.id", "in", eb.selectFrom("task_assignees").select("task_assignees.task_id").where("task_assignees.user_id", "in", [...(search.assigneeIds ?? [])])));
    }
    if (search.unassigned) {
      conditions.push(eb.not(eb.exists(eb.selectFrom("task_assignees").select("task_assignees.task_id").whereRef("task_assignees.task_id", "=", "tasks.id"))));
    }
    if (search.payable !== undefined) conditions.push(eb("tasks.payable", "=", search.payable));
    if (search.milestoneId !== undefined) {
      conditions.push(eb("tasks.task_list_id", "in", eb.selectFrom("task_lists").select("task_lists.id").where("task_lists.milestone_id", "=", search.milestoneId)));
    }
    if (search.dueFrom) conditions.push(eb("tasks.due_date", ">=", search.dueFrom));
    if (search.dueTo) conditions.push(eb("tasks.due_date", "<=", search.dueTo));
    if (search.dueBefore) conditions.push(eb("tasks.due_date", "<", search.dueBefore));
    if (search.completedFrom) conditions.push(eb("tasks.completed_at", ">=", search.completedFrom));
    if (search.completedTo) conditions.push(eb("tasks.completed_at", "<=", search.completedTo));
    if (search.datedWithin) {
      const { from, to } = search.datedWithin;
      conditions.push(eb(eb.fn.coalesce("tasks.start_at", "tasks.due_date"), ">=", from));
      conditions.push(eb(eb.fn.coalesce("tasks.due_date", "tasks.start_at"), "<=", to));
    }
    return eb.and(conditions);
  }

  return {
    /** Every project with matching tasks and how many, by title: one grouped statement. */
    async countByProject(search: TaskReportSearch): Promise<ReportProjectCount[]> {
      const rows = await db
        .selectFrom("tasks")
        .innerJoin("projects", "projects.id", "tasks.project_id")
        .select(["projects.id", "projects.title", (eb) => eb.fn.countAll<number>().as("count")])
        .where((eb) => matches(eb, search))
        .groupBy(["projects.id", "projects.title"])
        .orderBy("projects.title")
        .orderBy("projects.id")
        .execute();
      return rows.map((row) => ({ id: row.id, title: row.title, count: Number(row.count) }));
    },

    /** The first `limit` matching tasks of each project, by list and id: one statement per project, run together. */
    async tasksOfProjects(search: TaskReportSearch, projectIds: readonly number[], limit: number): Promise<ReportTaskRow[]> {
      const pages = await Promise.all(
        projectIds.map((projectId) =>
          db
            .selectFrom("tasks")
            .select(TASK_COLUMNS)
            .where((eb) => matches(eb, { ...search, projectIds: [projectId] }))
            .orderBy("tasks.task_list_id")
            .orderBy("tasks.id")
            .limit(limit)
            .execute(),
        ),
      );
      return pages.flat();
    },

    /**
     * Every matching task, by project, list and id, read EXPORT_BATCH rows at a time after the last row
     * read (keyset), so an export of any size holds one batch in memory.
     */
    async *streamTasks(search: TaskReportSearch): AsyncGenerator<ReportTaskRow[]> {
      let after: { project_id: number; task_list_id: number; id: number } | null = null;
      for (;;) {
        const last = after;
        const batch: ReportTaskRow[] = await db
          .selectFrom("tasks")
          .select(TASK_COLUMNS)
          .where((eb) => matches(eb, search))
          .$if(last !== null, (qb) =>
            qb.where((eb) =>
              eb.or([
                eb("tasks.project_id", ">", last?.project_id ?? 0),
                eb.and([eb("tasks.project_id", "=", last?.project_id ?? 0), eb("tasks.task_list_id", ">", last?.task_list_id ?? 0)]),
                eb.and([eb("tasks.project_id", "=", last?.project_id ?? 0), eb("tasks.task_list_id", "=", last?.task_list_id ?? 0), eb("tasks.id", ">", last?.id ?? 0)]),
              ]),
            ),
          )
          .orderBy("tasks.project_id")
          .orderBy("tasks.task_list_id")
          .orderBy("tasks.id")
          .limit(EXPORT_BATCH)
          .execute();
        if (batch.length > 0) yield batch;
        if (batch.length < EXPORT_BATCH) return;
        const end = batch[batch.length - 1] as ReportTaskRow;
        after = { project_id: end.project_id, task_list_id: end.task_list_id, id: end.id };
      }
    },

    /** The projects, lists, people and assignees a batch of tasks names: four statements per 500 ids. */
    async namesFor(tasks: readonly ReportTaskRow[]): Promise<ReportNames> {
      const taskIds = tasks.map((task) => task.id);
      const assigneeRows = await inChunks(taskIds, (chunk) =>
        db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("task_id", "in", chunk).orderBy("task_id").orderBy("user_id").execute(),
      );
      const userIds = new Set<number>(assigneeRows.map((row) => row.user_id));
      for (const task of tasks) {
        userIds.add(task.created_by);
        if (task.completed_by !== null) userIds.add(task.completed_by);
      }
      const [projects, lists, users] = await Promise.all([
        inChunks(tasks.map((task) => task.project_id), (chunk) => db.selectFrom("projects").select(["id", "title"]).where("id", "in", chunk).execute()),
        inChunks(tasks.map((task) => task.task_list_id), (chunk) => db.selectFrom("task_lists").select(["id", "title", "sort_order"]).where("id", "in", chunk).execute()),
        inChunks(userIds, (chunk) => db.selectFrom("users").select(["id", "display_name", "avatar_url"]).where("id", "in", chunk).execute()),
      ]);
      const assignees = new Map<number, number[]>();
      for (const row of assigneeRows) assignees.set(row.task_id, [...(assignees.get(row.task_id) ?? []), row.user_id]);
      return {
        projects: new Map(projects.map((row) => [row.id, row.title])),
        lists: new Map(lists.map((row) => [row.id, { title: row.title, sort_order: row.sort_order }])),
        users: new Map(users.map((row) => [row.id, row])),
        assignees,
      };
    },
  };
}

export type ReportsRepository = ReturnType<typeof reportsRepository>;
