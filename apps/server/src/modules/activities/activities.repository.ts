import { sql, type Kysely } from "kysely";
import type { ActivityRow, Database } from "../../db/schema.js";
import { chunkIds } from "../../db/sql-helpers.js";

/** An activity to write. */
export interface NewActivity {
  project_id: number;
  actor_id: number;
  action: string;
  action_type: string;
  resource_type: string;
  resource_id: number | null;
  subject_type: string | null;
  subject_id: number | null;
  privacy_scope: string | null;
  message: string;
  meta: Record<string, unknown>;
  committed_at: string;
}

/** Which entries of which projects a reader may see: per project, the private scopes they may read. */
export interface ActivityVisibility {
  /** Every entry of every project (site managers); the two lists below are then ignored. */
  everyProject?: boolean;
  /** Projects whose every entry the reader may see. */
  fullProjects: number[];
  /** Projects where only entries without a scope, or with one of the listed scopes, may be seen. */
  limitedProjects: Array<{ projectId: number; scopes: string[] }>;
}

/** Filters of an activity listing. */
export interface ActivityFilter {
  userId?: number;
  /** One record's history, e.g. a task's. */
  resource?: { type: string; id: number };
  /** Inclusive UTC bounds, as stored. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
  /** Oldest first instead of newest first. */
  ascending?: boolean;
}

/** Queries on activities. */
export function activitiesRepository(db: Kysely<Database>) {
  function visible(visibility: ActivityVisibility, filter: Omit<ActivityFilter, "limit" | "offset" | "ascending">) {
    return db
      .selectFrom("activities")
      .$if(!visibility.everyProject, (qb) => qb.where((eb) => {
        const branches = [];
        if (visibility.fullProjects.length > 0) branches.push(eb("project_id", "in", visibility.fullProjects));
        // Group limited projects by their scope set so the condition stays small whatever the project count.
        const byScopes = new Map<string, number[]>();
        for (const entry of visibility.limitedProjects) {
          const key = [...entry.scopes].sort().join(",");
          byScopes.set(key, [...(byScopes.get(key) ?? []), entry.projectId]);
        }
        for (const [key, projectIds] of byScopes) {
          const scopes = key ? key.split(",") : [];
          branches.push(
            eb.and([
              eb("project_id", "in", projectIds),
              scopes.length > 0 ? eb.or([eb("privacy_scope", "is", null), eb("privacy_scope", "in", scopes)]) : eb("privacy_scope", "is", null),
            ]),
          );
        }
        // A literal false cannot be bound on SQLite; a comparison that never holds reads the same on both engines.
        return branches.length > 0 ? eb.or(branches) : sql<boolean>`1 = 0`;
      }))
      .$if(filter.userId !== undefined, (qb) => qb.where("actor_id", "=", filter.userId ?? 0))
      .$if(filter.resource !== undefined, (qb) =>
        qb.where("resource_type", "=", filter.resource?.type ?? "").where("resource_id", "=", filter.resource?.id ?? 0),
      )
      .$if(filter.from !== undefined, (qb) => qb.where("committed_at", ">=", filter.from ?? ""))
      .$if(filter.to !== undefined, (qb) => qb.where("committed_at", "<=", filter.to ?? ""));
  }

  return {
    async insertActivity(activity: NewActivity): Promise<void> {
      await db.insertInto("activities").values({ ...activity, meta: JSON.stringify(activity.meta) }).execute();
    },

    /** Sets the scope of every entry of a project about the given records: their own entries and comments on them. */
    async setScopeOfSubjects(projectId: number, subjectType: string, subjectIds: readonly number[], scope: string | null): Promise<void> {
      for (const chunk of chunkIds(subjectIds)) {
        await db.updateTable("activities").set({ privacy_scope: scope })
          .where("project_id", "=", projectId).where("subject_type", "=", subjectType).where("subject_id", "in", chunk)
          .execute();
      }
    },

    /**
     * Sets the scope of every entry about the tasks of a list, or the sub-tasks of a task, and about the
     * comments on them: `scopeFor` gives the scope of a public (0) and of a private (1) task. The tasks are
     * picked by a sub-query, so however many there are this is two statements.
     */
    async setScopeOfTasks(projectId: number, of: { listId: number } | { parentId: number }, scopeFor: (privacy: 0 | 1) => string | null): Promise<void> {
      for (const privacy of [0, 1] as const) {
        const taskIds = db.selectFrom("tasks").select("tasks.id").where("tasks.privacy", "=", privacy)
          .$if("listId" in of, (qb) => qb.where("tasks.task_list_id", "=", "listId" in of ? of.listId : 0))
          // `parent_id <> 0` lets SQLite use the partial sub-task index (see migration 0003).
          .$if("parentId" in of, (qb) => qb.where("tasks.parent_id", "=", "parentId" in of ? of.parentId : 0).where("tasks.parent_id", "<>", 0));
        await db.updateTable("activities").set({ privacy_scope: scopeFor(privacy) })
          .where("project_id", "=", projectId).where("subject_type", "=", "task").where("subject_id", "in", taskIds)
          .execute();
      }
    },

    async listActivities(visibility: ActivityVisibility, filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        visible(visibility, filter).selectAll()
          .orderBy("committed_at", filter.ascending ? "asc" : "desc").orderBy("id", filter.ascending ? "asc" : "desc").limit(filter.limit).offset(filter.offset).execute(),
        visible(visibility, filter).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** Ids and titles of the given projects, for `with=project`. */
    findProjectTitles(projectIds: readonly number[]): Promise<Array<{ id: number; title: string }>> {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("projects").select(["id", "title"]).where("id", "in", [...new Set(projectIds)]).execute();
    },
  };
}
