import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { inChunks } from "../../db/sql-helpers.js";
import type { SprintEventRow, SprintEventsTable } from "./sprints.tables.js";

/** A scope event as the burndown and the privacy rules read it. */
export type ScopeEventRow = Pick<SprintEventRow, "sprint_id" | "task_id" | "project_id" | "kind" | "day" | "estimation" | "complete" | "privacy_scope">;

/** A task's privacy and its list's as they are now: what decides who sees the history of a task that remains. */
export interface LiveTaskPrivacy {
  id: number;
  privacy: number;
  list_privacy: number;
}

/** The queries of sprints' scope history. */
export function sprintEventsRepository(db: Kysely<Database>) {
  const columns = ["sprint_id", "task_id", "project_id", "kind", "day", "estimation", "complete", "privacy_scope"] as const;

  return {
    /**
     * Writes scope events, 500 a statement. One a subscriber writes names its domain event: written again
     * for the same event (a repeated delivery), it is skipped.
     */
    async insertEvents(rows: ReadonlyArray<Insertable<SprintEventsTable>>): Promise<void> {
      for (let offset = 0; offset < rows.length; offset += 500) {
        await db.insertInto("sprint_events")
          .values(rows.slice(offset, offset + 500))
          .onConflict((oc) => oc.columns(["source_event_id", "sprint_id", "task_id"]).doNothing())
          .execute();
      }
    },

    /** A sprint's history in the order it happened. */
    eventsOf(sprintId: number): Promise<ScopeEventRow[]> {
      return db.selectFrom("sprint_events").select(columns).where("sprint_id", "=", sprintId).orderBy("at").orderBy("id").execute();
    },

    /**
     * The history of these tasks in the sprints that are active now, each task's in order (a chunk holds all
     * of its tasks' events): where deleted tasks were.
     */
    eventsInActiveSprints(taskIds: readonly number[]): Promise<ScopeEventRow[]> {
      return inChunks(taskIds, (chunk) =>
        db.selectFrom("sprint_events")
          .innerJoin("sprints", "sprints.id", "sprint_events.sprint_id")
          .select(columns.map((column) => `sprint_events.${column}` as const))
          .where("sprint_events.task_id", "in", chunk)
          .where("sprints.status", "=", "active")
          .orderBy("sprint_events.at").orderBy("sprint_events.id")
          .execute(),
      );
    },

    /** The privacy of these tasks and of their lists, for those that still exist. */
    livePrivacy(taskIds: readonly number[]): Promise<LiveTaskPrivacy[]> {
      return inChunks(taskIds, (chunk) =>
        db.selectFrom("tasks")
          .innerJoin("task_lists", "task_lists.id", "tasks.task_list_id")
          .select(["tasks.id", "tasks.privacy", "task_lists.privacy as list_privacy"])
          .where("tasks.id", "in", chunk)
          .execute(),
      );
    },

    /** The estimation of these tasks now, for those that still exist. */
    async estimations(taskIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await inChunks(taskIds, (chunk) => db.selectFrom("tasks").select(["id", "estimation"]).where("id", "in", chunk).execute());
      return new Map(rows.map((row) => [row.id, row.estimation]));
    },
  };
}

export type SprintEventsRepository = ReturnType<typeof sprintEventsRepository>;
