import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { TaskListRow } from "./task-lists.tables.js";
import { chunkIds, inChunks, setSortOrders } from "../../db/sql-helpers.js";
import { visibleTaskLists } from "../privacy/privacy.filters.js";
import type { PrivacyView } from "../privacy/privacy.rules.js";

/** Which lists of a project a listing covers. */
export interface ListFilter {
  projectId: number;
  /** 1 current, 0 archived. */
  status: number;
  /** The reader's view: private lists only when it shows them. */
  view: PrivacyView;
  /** Only the lists linked to this milestone. */
  milestoneId?: number;
}

/** A milestone as a list links to it. */
export interface MilestoneRef {
  id: number;
  title: string;
  achieve_date: string | null;
  privacy: number;
}

/** New list values. */
export type NewTaskList = Omit<TaskListRow, "id">;

/** Queries on task lists. */
export function taskListsRepository(db: Kysely<Database>) {
  function filtered(filter: ListFilter) {
    return db
      .selectFrom("task_lists")
      .where("project_id", "=", filter.projectId)
      .where("status", "=", filter.status)
      .where((eb) => visibleTaskLists(eb, filter.view))
      .$if(filter.milestoneId !== undefined, (qb) => qb.where("milestone_id", "=", filter.milestoneId ?? 0));
  }

  return {
    /** One page of a project's lists: the Inbox first, then by position. */
    async listLists(filter: ListFilter, limit: number | null, offset: number): Promise<{ rows: TaskListRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .selectAll()
          .orderBy("is_inbox", "desc")
          .orderBy("sort_order")
          .orderBy("id")
          .$if(limit !== null, (qb) => qb.limit(limit ?? 0).offset(offset))
          .execute(),
        filtered(filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** How many current lists each project has, by privacy flag: the raw rows of the projects' `total_task_lists`. */
    async countForProjects(projectIds: readonly number[]): Promise<Array<{ project_id: number; privacy: number; count: number }>> {
      const rows = await inChunks(projectIds, (chunk) =>
        db.selectFrom("task_lists").select(["project_id", "privacy", (eb) => eb.fn.countAll<number>().as("count")])
          .where("project_id", "in", chunk).where("status", "=", 1).groupBy(["project_id", "privacy"]).execute());
      return rows.map((row) => ({ project_id: Number(row.project_id), privacy: Number(row.privacy), count: Number(row.count) }));
    },

    findList(id: number): Promise<TaskListRow | undefined> {
      return db.selectFrom("task_lists").selectAll().where("id", "=", id).executeTakeFirst();
    },

    findInbox(projectId: number): Promise<TaskListRow | undefined> {
      return db.selectFrom("task_lists").selectAll().where("project_id", "=", projectId).where("is_inbox", "=", 1).orderBy("id").executeTakeFirst();
    },

    /**
     * Which of the given ids are lists of the project that the reader may see, so that a hidden list reads
     * exactly like one that does not exist.
     */
    async findListIds(projectId: number, ids: readonly number[], view: PrivacyView): Promise<Set<number>> {
      const found = new Set<number>();
      for (const chunk of chunkIds(ids)) {
        const rows = await db.selectFrom("task_lists").select("id")
          .where("project_id", "=", projectId).where("id", "in", chunk)
          .where((eb) => visibleTaskLists(eb, view))
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    /** The next free position at the end of a project's lists. */
    async nextSortOrder(projectId: number): Promise<number> {
      const row = await db.selectFrom("task_lists").select((eb) => eb.fn.max("sort_order").as("max")).where("project_id", "=", projectId).executeTakeFirst();
      return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    },

    async insertList(list: NewTaskList): Promise<TaskListRow> {
      return db.insertInto("task_lists").values(list).returningAll().executeTakeFirstOrThrow();
    },

    async updateList(id: number, changes: Partial<NewTaskList>): Promise<TaskListRow | undefined> {
      return db.updateTable("task_lists").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
    },

    /** Sets `sort_order` of many lists. */
    setSortOrders(orders: ReadonlyArray<{ id: number; index: number }>): Promise<void> {
      return setSortOrders(db, "task_lists", orders);
    },

    /** Milestones the given lists point to, 500 ids per query. */
    findMilestones(ids: readonly number[]): Promise<MilestoneRef[]> {
      return inChunks(ids, (chunk) => db.selectFrom("milestones").select(["id", "title", "achieve_date", "privacy"]).where("id", "in", chunk).execute());
    },

    findProjectMilestone(projectId: number, id: number): Promise<MilestoneRef | undefined> {
      return db
        .selectFrom("milestones")
        .select(["id", "title", "achieve_date", "privacy"])
        .where("project_id", "=", projectId)
        .where("id", "=", id)
        .executeTakeFirst();
    },
  };
}

export type TaskListsRepository = ReturnType<typeof taskListsRepository>;
