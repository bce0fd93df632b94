import { sql, type Kysely } from "kysely";
import type { ActivityRow, Database } from "../../db/schema.js";

/** An activity to write. */
export interface NewActivity {
  project_id: number;
  actor_id: number;
  action: string;
  action_type: string;
  resource_type: string;
  resource_id: number | null;
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
