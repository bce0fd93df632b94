import { sql, type Insertable, type Kysely } from "kysely";
import type { DatabaseKind } from "../../db/kysely.js";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import { visibleMilestones, visibleTaskLists, visibleTasks } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";
import type { GanttLinkRow, GanttLinksTable } from "./gantt.tables.js";

/** A task as the chart draws it and the rules read it. */
export interface ChartTaskRow {
  id: number;
  title: string;
  start_at: string | null;
  due_date: string | null;
  status: number;
  task_list_id: number;
  parent_id: number;
  estimation: number;
  created_by: number;
  privacy: number;
}

/** A link as the rules read it. */
export type LinkRow = Pick<GanttLinkRow, "id" | "source" | "target" | "type" | "lag">;

/** A task named in a call, with what decides whether the caller sees it. */
export interface LinkEndRow {
  id: number;
  project_id: number;
  title: string;
  privacy: number;
  created_by: number;
  list_privacy: number;
  list_status: number;
}

/** A current list the reader sees, as a summary row. */
export interface ChartListRow {
  id: number;
  title: string;
  sort_order: number;
  milestone_id: number | null;
  privacy: number;
}

/** A milestone the reader sees. */
export interface ChartMilestoneRow {
  id: number;
  title: string;
  achieve_date: string | null;
}

/** Every query of the Gantt chart. Tasks' dates are written by the tasks module, never here. */
export function ganttRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    /**
     * The project's tasks the reader sees in its current lists (sub-tasks included), in list order: one
     * statement, whatever their number.
     */
    chartTasks(projectId: number, view: PrivacyView): Promise<ChartTaskRow[]> {
      return db.selectFrom("tasks")
        .select(["tasks.id", "tasks.title", "tasks.start_at", "tasks.due_date", "tasks.status", "tasks.task_list_id", "tasks.parent_id", "tasks.estimation", "tasks.created_by", "tasks.privacy"])
        .where("tasks.project_id", "=", projectId)
        .where("tasks.task_list_id", "in", (eb) => eb.selectFrom("task_lists").select("task_lists.id").where("task_lists.project_id", "=", projectId).where("task_lists.status", "=", 1))
        .where((eb) => visibleTasks(eb, view))
        .orderBy("tasks.sort_order").orderBy("tasks.id")
        .execute();
    },

    /** Who is assigned to each task of the project (the caller keeps those of the tasks it shows). */
    projectAssignees(projectId: number): Promise<Array<{ task_id: number; user_id: number }>> {
      return db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("project_id", "=", projectId).orderBy("task_id").orderBy("user_id").execute();
    },

    /** Every link of the project (the caller keeps those whose ends it shows). */
    projectLinks(projectId: number): Promise<LinkRow[]> {
      return db.selectFrom("gantt_links").select(["id", "source", "target", "type", "lag"]).where("project_id", "=", projectId).orderBy("id").execute();
    },

    /** The project's current lists the reader sees, the Inbox first, then in their order. */
    chartLists(projectId: number, view: PrivacyView): Promise<ChartListRow[]> {
      return db.selectFrom("task_lists")
        .select(["id", "title", "sort_order", "milestone_id", "privacy"])
        .where("project_id", "=", projectId)
        .where("status", "=", 1)
        .where((eb) => visibleTaskLists(eb, view))
        .orderBy("is_inbox", "desc").orderBy("sort_order").orderBy("id")
        .execute();
    },

    /** The project's milestones the reader sees, by day (undated last). */
    chartMilestones(projectId: number, view: PrivacyView): Promise<ChartMilestoneRow[]> {
      return db.selectFrom("milestones")
        .select(["id", "title", "achieve_date"])
        .where("project_id", "=", projectId)
        .where((eb) => visibleMilestones(eb, view))
        .orderBy(sql`case when achieve_date is null then 1 else 0 end`).orderBy("achieve_date").orderBy("id")
        .execute();
    },

    /** Tasks named by a call, with their list's privacy and status. */
    async findTasks(ids: readonly number[]): Promise<LinkEndRow[]> {
      return inChunks(ids, (chunk) => db.selectFrom("tasks")
        .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
        .select(["tasks.id", "tasks.project_id", "tasks.title", "tasks.privacy", "tasks.created_by", "task_lists.privacy as list_privacy", "task_lists.status as list_status"])
        .where("tasks.id", "in", chunk)
        .execute());
    },

    /** The assignees of these tasks, by task. */
    async assigneesOf(taskIds: readonly number[]): Promise<Map<number, number[]>> {
      const rows = await inChunks(taskIds, (chunk) => db.selectFrom("task_assignees").select(["task_id", "user_id"]).where("task_id", "in", chunk).execute());
      const byTask = new Map<number, number[]>();
      for (const row of rows) {
        const list = byTask.get(row.task_id);
        if (list) list.push(row.user_id);
        else byTask.set(row.task_id, [row.user_id]);
      }
      return byTask;
    },

    /** Display names of users, by id (the export's assignee column). */
    async userNames(ids: readonly number[]): Promise<Map<number, string>> {
      const rows = await inChunks(ids, (chunk) => db.selectFrom("users").select(["id", "display_name"]).where("id", "in", chunk).execute());
      return new Map(rows.map((row) => [row.id, row.display_name]));
    },

    /** The project's title (the export's header). */
    async projectTitle(projectId: number): Promise<string> {
      const row = await db.selectFrom("projects").select("title").where("id", "=", projectId).executeTakeFirst();
      return row?.title ?? "";
    },

    findLink(linkId: number): Promise<GanttLinkRow | undefined> {
      return db.selectFrom("gantt_links").selectAll().where("id", "=", linkId).executeTakeFirst();
    },

    insertLink(link: Insertable<GanttLinksTable>): Promise<GanttLinkRow> {
      return db.insertInto("gantt_links").values(link).returningAll().executeTakeFirstOrThrow();
    },

    async deleteLink(linkId: number): Promise<void> {
      await db.deleteFrom("gantt_links").where("id", "=", linkId).execute();
    },

    /**
     * Holds the project's row until the transaction ends, so that two links made at once are checked one
     * after the other and cannot close a cycle together. SQLite runs one write transaction at a time already.
     */
    async lockProject(projectId: number): Promise<void> {
      if (kind !== "postgres") return;
      await sql`select id from projects where id = ${projectId} for update`.execute(db);
    },
  };
}

export type GanttRepository = ReturnType<typeof ganttRepository>;

/** Which key a failed write broke: a unique one (a link made twice at once) or a foreign one (a task deleted meanwhile). */
export function constraintBroken(error: unknown): "unique" | "foreign_key" | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") return "unique";
  if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") return "foreign_key";
  return null;
}
