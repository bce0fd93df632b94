import { taskStandings } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { DispatchedEvent, EventSubscribers } from "../../events/event-subscribers.js";
import type { AppContext } from "../../context.js";
import { taskPrivacyScope } from "../tasks/tasks.policy.js";
import { eventRow, scopeEvent, type ScopeChange } from "./sprint-history.js";
import { sprintEventsRepository, type ScopeEventRow } from "./sprint-events.repository.js";
import { sprintsRepository } from "./sprints.repository.js";

type StatusEvent = DispatchedEvent<"task.completed"> | DispatchedEvent<"task.reopened">;

/**
 * What the tasks module's changes do to sprints' history (README.md): a task completed or reopened while
 * its sprint is active, and a task deleted out of an active sprint, are scope events on the day they
 * happened; a task an undo brought back returns to its sprint (an `add`, or back to the backlog when the
 * sprint completed meanwhile). Each handler holds the sprints it writes to, as the sprint's own changes
 * do, and keys its rows on the domain event's id, so a repeated delivery writes nothing twice. They run
 * whether the module is on or off, so switching it off and on again loses no history.
 */
export function sprintsSubscribers(ctx: Pick<AppContext, "config" | "kind">): EventSubscribers {
  const { timezone } = ctx.config;

  /** The tasks' open rows in active sprints, read once the sprints are held (a completion may have just closed them). */
  async function activeRows(db: Kysely<Database>, taskIds: readonly number[]) {
    const repository = sprintsRepository(db, ctx.kind);
    const seen = (await repository.openRowsWithStatus(taskIds)).filter((row) => row.status === "active");
    if (seen.length === 0) return [];
    await repository.lockSprints([...new Set(seen.map((row) => row.sprint_id))]);
    return (await repository.openRowsWithStatus(taskIds)).filter((row) => row.status === "active");
  }

  async function statusChanges(events: readonly StatusEvent[], db: Kysely<Database>): Promise<void> {
    const taskIds = events.map((event) => event.payload.id);
    const rows = new Map((await activeRows(db, taskIds)).map((row) => [row.task_id, row]));
    if (rows.size === 0) return;
    const history = sprintEventsRepository(db);
    const estimations = await history.estimations([...rows.keys()]);
    await history.insertEvents(events.flatMap((event) => {
      const row = rows.get(event.payload.id);
      if (!row) return [];
      const complete = event.name === "task.completed";
      const change: ScopeChange = {
        sprintId: row.sprint_id, taskId: row.task_id, projectId: row.project_id, kind: complete ? "complete" : "reopen",
        estimation: estimations.get(row.task_id) ?? 0, complete, privacyScope: event.payload.privacyScope,
      };
      return [eventRow(change, event.occurredAt, timezone, event.id)];
    }));
  }

  /** A deleted task's rows went with it: where it was in scope is read from the active sprints' history. */
  async function deletions(events: ReadonlyArray<DispatchedEvent<"task.deleted">>, db: Kysely<Database>): Promise<void> {
    const history = sprintEventsRepository(db);
    const taskIds = events.map((event) => event.payload.id);
    const seen = await history.eventsInActiveSprints(taskIds);
    if (seen.length === 0) return;
    await sprintsRepository(db, ctx.kind).lockSprints([...new Set(seen.map((row) => row.sprint_id))]);
    // Each task's history, per sprint, in order.
    const byTask = new Map<number, Map<number, ScopeEventRow[]>>();
    for (const row of await history.eventsInActiveSprints(taskIds)) {
      const sprints = byTask.get(row.task_id) ?? new Map<number, ScopeEventRow[]>();
      sprints.set(row.sprint_id, [...(sprints.get(row.sprint_id) ?? []), row]);
      byTask.set(row.task_id, sprints);
    }
    const rows = events.flatMap((event) =>
      [...(byTask.get(event.payload.id)?.values() ?? [])].flatMap((pair) => {
        const last = pair.at(-1);
        const standing = last && taskStandings(pair.map(scopeEvent)).get(last.task_id);
        if (!last || !standing) return [];
        const change: ScopeChange = {
          sprintId: last.sprint_id, taskId: last.task_id, projectId: last.project_id, kind: "remove",
          estimation: standing.estimation, complete: standing.complete, privacyScope: event.payload.privacyScope,
        };
        return [eventRow(change, event.occurredAt, timezone, event.id)];
      }),
    );
    await history.insertEvents(rows);
  }

  /** An undo put the task's rows back: into its active sprint's scope, or out of a sprint that completed since. */
  async function restorations(events: ReadonlyArray<DispatchedEvent<"task.restored">>, db: Kysely<Database>): Promise<void> {
    const repository = sprintsRepository(db, ctx.kind);
    const taskIds = events.map((event) => event.payload.id);
    const open = await repository.openRowsWithStatus(taskIds);
    if (open.length === 0) return;
    await repository.lockSprints([...new Set(open.map((row) => row.sprint_id))]);
    const rows = await repository.openRowsWithStatus(taskIds);
    await repository.deleteOpenRows(rows.filter((row) => row.status === "completed"));
    const active = new Map(rows.filter((row) => row.status === "active").map((row) => [row.task_id, row]));
    if (active.size === 0) return;
    const facts = new Map((await repository.taskFacts([...active.keys()])).map((task) => [task.id, task]));
    await sprintEventsRepository(db).insertEvents(events.flatMap((event) => {
      const row = active.get(event.payload.id);
      const task = facts.get(event.payload.id);
      if (!row || !task) return [];
      const change: ScopeChange = {
        sprintId: row.sprint_id, taskId: task.id, projectId: task.project_id, kind: "add", estimation: task.estimation,
        complete: task.status === 1, privacyScope: taskPrivacyScope({ privacy: task.privacy }, { privacy: task.list_privacy }),
      };
      return [eventRow(change, event.occurredAt, timezone, event.id)];
    }));
  }

  /**
   * A list deleted with its tasks records one `task_list.deleted`, no `task.deleted` per task: the tasks its
   * project's active sprints hold in scope whose rows and records are gone are each a `remove`.
   */
  async function listDeletions(events: ReadonlyArray<DispatchedEvent<"task_list.deleted">>, db: Kysely<Database>): Promise<void> {
    const repository = sprintsRepository(db, ctx.kind);
    const history = sprintEventsRepository(db);
    const seen = new Set<number>();
    for (const event of events) for (const id of await repository.activeSprintsOf(event.payload.projectId)) seen.add(id);
    if (seen.size === 0) return;
    await repository.lockSprints([...seen]);
    const rows: ReturnType<typeof eventRow>[] = [];
    // A task is removed once, by the first event of the batch that finds it gone.
    const claimed = new Set<string>();
    for (const event of events) {
      for (const sprintId of await repository.activeSprintsOf(event.payload.projectId)) {
        const past = await history.eventsOf(sprintId);
        const lastOf = new Map(past.map((row) => [row.task_id, row]));
        const held = new Set((await repository.scopeOf(sprintId)).map((row) => row.task_id));
        const standings = taskStandings(past.map(scopeEvent));
        const candidates = [...standings.keys()].filter((id) => !held.has(id) && lastOf.get(id)?.project_id === event.payload.projectId && !claimed.has(`${sprintId}:${id}`));
        const alive = await history.estimations(candidates);
        for (const taskId of candidates) {
          const standing = standings.get(taskId);
          const last = lastOf.get(taskId);
          if (alive.has(taskId) || !standing || !last) continue;
          claimed.add(`${sprintId}:${taskId}`);
          const change: ScopeChange = {
            sprintId, taskId, projectId: last.project_id, kind: "remove", estimation: standing.estimation, complete: standing.complete, privacyScope: last.privacy_scope,
          };
          rows.push(eventRow(change, event.occurredAt, timezone, event.id));
        }
      }
    }
    await history.insertEvents(rows);
  }

  /**
   * An undo of a list's deletion put its tasks' rows back (one `task_list.restored`, no `task.restored` per
   * task): into their active sprints' scope, or out of sprints that completed since, as for a task.
   */
  async function listRestorations(events: ReadonlyArray<DispatchedEvent<"task_list.restored">>, db: Kysely<Database>): Promise<void> {
    const repository = sprintsRepository(db, ctx.kind);
    const seen = new Set<number>();
    for (const event of events) for (const row of await repository.openRowsOfList(event.payload.id)) seen.add(row.sprint_id);
    if (seen.size === 0) return;
    await repository.lockSprints([...seen]);
    const history = sprintEventsRepository(db);
    for (const event of events) {
      const rows = await repository.openRowsOfList(event.payload.id);
      await repository.deleteOpenRows(rows.filter((row) => row.status === "completed"));
      const active = rows.filter((row) => row.status === "active");
      if (active.length === 0) continue;
      const facts = new Map((await repository.taskFacts(active.map((row) => row.task_id))).map((task) => [task.id, task]));
      await history.insertEvents(active.flatMap((row) => {
        const task = facts.get(row.task_id);
        if (!task) return [];
        const change: ScopeChange = {
          sprintId: row.sprint_id, taskId: task.id, projectId: task.project_id, kind: "add", estimation: task.estimation,
          complete: task.status === 1, privacyScope: taskPrivacyScope({ privacy: task.privacy }, { privacy: task.list_privacy }),
        };
        return [eventRow(change, event.occurredAt, timezone, event.id)];
      }));
    }
  }

  return {
    "task_list.deleted": { batch: listDeletions },
    "task_list.restored": { batch: listRestorations },
    "task.completed": { batch: statusChanges },
    "task.reopened": { batch: statusChanges },
    "task.deleted": { batch: deletions },
    "task.restored": { batch: restorations },
  };
}
