import { readSlackSetting, type ChatTaskOption } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { DispatchedEvent, EventSubscribers } from "../../events/event-subscribers.js";
import { chatDeliveriesRepository, type NewDelivery } from "./chat-deliveries.repository.js";
import { enqueueDeliveries, newDelivery } from "./chat-integration.service.js";
import { buildTaskMessage, commentExcerpt } from "./chat-message.js";

/** What one event says to a channel: which project and task, who, and for an update or a comment the details. */
interface ChatItem {
  projectId: number;
  actorId: number | null;
  actorName: string;
  task: { id: number; title: string };
  changedFields?: string[];
  commentId?: number;
  occurredAt: string;
}

/** The module switch whose state decides whether anything is posted. */
const MODULE_KEY = "integrations";

/** Who a message names for a change the system made (no user). */
const SYSTEM_NAME = "Plotline";

/** Fields of `task.updated` that are no news on their own: a status change has its own completed or reopened event. */
const SILENT_FIELDS = new Set(["status"]);

/**
 * The chat integration's subscribers: each chosen task event of a project whose `slack` setting is on (and
 * the module on) becomes a delivery, written with its first try's job in the transaction that hands the
 * event out (so the change's request only writes two rows; the post is a job).
 *
 * Privacy: the channel is chosen by the project's managers, but its readers are not the project's members,
 * so nothing private is posted: a task that is private (or in a private list) when the event happens, and
 * the comments on it, stay out of the channel.
 *
 * A change of many tasks at once (a bulk change) posts one message per project, person and event, naming
 * the first tasks and counting the rest, rather than one message per task.
 */
export function chatIntegrationSubscribers(ctx: AppContext): EventSubscribers {
  async function post(option: ChatTaskOption, items: readonly ChatItem[], db: Kysely<Database>): Promise<void> {
    if (items.length === 0) return;
    const repo = chatDeliveriesRepository(db);
    const projectIds = [...new Set(items.map((item) => item.projectId))];
    // Projects posting this event, with their titles (a project deleted since is not found).
    const titles = new Map<number, string>();
    for (const [projectId, saved] of await repo.findChatSettings(projectIds)) {
      const setting = readSlackSetting(saved.json);
      if (setting.status === "enable" && setting.webhook !== "" && setting.options.tasks[option]) titles.set(projectId, saved.projectTitle);
    }
    const chosen = items.filter((item) => titles.has(item.projectId));
    if (chosen.length === 0 || !(await repo.isModuleOn(MODULE_KEY))) return;

    const contents = await repo.findCommentContents(chosen.flatMap((item) => (item.commentId === undefined ? [] : [item.commentId])));
    const deliveries: NewDelivery[] = [];
    for (const group of groupByProjectAndActor(chosen)) {
      const first = group[0];
      const title = first ? titles.get(first.projectId) : undefined;
      if (!first || title === undefined) continue;
      const single = group.length === 1;
      const message = buildTaskMessage({
        event: option,
        actorName: first.actorName,
        project: { id: first.projectId, title },
        tasks: group.map((item) => item.task),
        changedFields: single ? first.changedFields : undefined,
        excerpt: single && first.commentId !== undefined ? commentExcerpt(contents.get(first.commentId) ?? "") : undefined,
        publicUrl: ctx.config.publicUrl,
      });
      deliveries.push(newDelivery(first.projectId, option, message, first.occurredAt));
    }
    await enqueueDeliveries(ctx, db, deliveries);
  }

  /** A task event as an item, when everyone in the project may see the task. */
  function taskItem(event: DispatchedEvent<"task.created" | "task.updated" | "task.completed" | "task.reopened">, changedFields?: string[]): ChatItem[] {
    if (event.payload.privacyScope !== null) return [];
    return [{ ...actorOf(event), projectId: event.payload.projectId, task: { id: event.payload.id, title: event.payload.title }, changedFields, occurredAt: event.occurredAt }];
  }

  /** A comment event as an item, when it is on a task everyone in the project may see. */
  function commentItem(event: DispatchedEvent<"comment.created" | "comment.updated">): ChatItem[] {
    const { on, privacyScope, projectId, id } = event.payload;
    if (on.type !== "task" || privacyScope !== null) return [];
    return [{ ...actorOf(event), projectId, task: { id: on.id, title: on.title }, commentId: id, occurredAt: event.occurredAt }];
  }

  /** The fields an update really changed, for the message; none when it was only a status change or a Gantt shift. */
  function changedFieldsOf(event: DispatchedEvent<"task.updated">): string[] {
    // A shift of dates that follows another task's move is told by that move.
    if (event.payload.shiftOf !== undefined) return [];
    return Object.keys(event.payload.changes).filter((field) => !SILENT_FIELDS.has(field));
  }

  return {
    "task.created": { batch: (events, db) => post("create", events.flatMap((event) => taskItem(event)), db) },
    "task.updated": {
      batch: (events, db) =>
        post(
          "update",
          events.flatMap((event) => {
            const fields = changedFieldsOf(event);
            return fields.length === 0 ? [] : taskItem(event, fields);
          }),
          db,
        ),
    },
    "task.completed": { batch: (events, db) => post("complete", events.flatMap((event) => taskItem(event)), db) },
    "task.reopened": { batch: (events, db) => post("incomplete", events.flatMap((event) => taskItem(event)), db) },
    "comment.created": { batch: (events, db) => post("createComment", events.flatMap(commentItem), db) },
    "comment.updated": { batch: (events, db) => post("updateComment", events.flatMap(commentItem), db) },
  };
}

function actorOf(event: DispatchedEvent): { actorId: number | null; actorName: string } {
  return { actorId: event.actor.id, actorName: event.actor.id === null ? SYSTEM_NAME : event.actor.displayName || SYSTEM_NAME };
}

/** Items by project and actor, in the order they came. */
function groupByProjectAndActor(items: readonly ChatItem[]): ChatItem[][] {
  const groups = new Map<string, ChatItem[]>();
  for (const item of items) {
    const key = `${item.projectId}:${item.actorId ?? "system"}`;
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
