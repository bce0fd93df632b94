import { z } from "zod";
import { COMMENTABLE_TYPES } from "./comments.js";
import { dateObjectSchema } from "./envelope.js";
import { ROUTES, type RouteName } from "./modules.js";
import { zFlag, zId, zInt } from "./primitives.js";
import { messageRefSchema } from "./server-messages.js";
import { userSchema } from "./users.js";

/**
 * The in-app Inbox: one entry for each thing that concerns a user, written from the domain events after
 * the change committed, and task following. Entries are shown only while the reader may see their record.
 */

/** Kinds of Inbox entry. */
export const NOTIFICATION_TYPES = ["assigned", "mentioned", "commented", "completed", "due_soon"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Route names an entry's link may name, as a zod enum of contracts' ROUTES. */
const routeNameSchema = z.enum(Object.keys(ROUTES) as [RouteName, ...RouteName[]]);

/** One Inbox entry. */
export const notificationSchema = z.object({
  id: z.number().int(),
  /** What happened: assigned to you, you were mentioned, a comment or a completion on a followed task, due tomorrow. */
  type: z.enum(NOTIFICATION_TYPES),
  /** Whether the reader marked it read. */
  read: z.boolean(),
  /** When it happened (the change's time; for `due_soon`, when the daily job wrote it). */
  created_at: dateObjectSchema,
  /** Who did it; null for the system (due dates) or an account that is gone. */
  actor: userSchema.nullable(),
  /** The project the record is in. */
  project: z.object({ id: z.number().int(), title: z.string() }),
  /**
   * The record the entry is about, with its title as it is now: a task, or (for a mention in a comment on
   * it) a list, a milestone, a discussion or an item of the files area.
   */
  subject: z.object({ type: z.enum(COMMENTABLE_TYPES), id: z.number().int(), title: z.string() }),
  /**
   * Where the web opens it: a route name of ROUTES with its parameters (`single_task` with project_id and
   * task_id; `single_list`, `milestones`, `individual_discussions`, `single_doc`, `single_link`, `single_file`).
   */
  link: z.object({ route: routeNameSchema, params: z.record(z.string(), z.number().int()) }),
  /** The entry as one short English sentence: "Ana assigned you to Homepage copy". */
  text: z.string(),
  /** The sentence's catalogue key and parameters, for the web to say it in the reader's language. */
  message: messageRefSchema,
  /** The start of the comment, for `mentioned` and `commented`; null otherwise. */
  excerpt: z.string().nullable(),
  /** The due day (`YYYY-MM-DD`) a `due_soon` entry was written for; null otherwise. */
  due_on: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/pm/v2/notifications` query. */
export const listNotificationsQuery = z.object({
  /** `unread=1`: only the entries not read yet. */
  unread: zFlag.optional(),
  page: zInt.min(1).default(1),
  per_page: zInt.min(1).max(100).default(20),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

/** What `meta` of the notifications list carries besides the pagination. */
export const notificationsMetaShape = {
  /** The reader's unread entries (of those they may see), whatever the filter: the header bell's count. */
  unread: z.number().int(),
};

/** `POST /api/pm/v2/notifications/read-all` body, optional (a request without one reaches the schema as null). */
export const readAllNotificationsBody = z
  .object({
    /**
     * Only entries up to this id: the newest entry the reader was shown, so one that arrived since stays
     * unread. Every entry when absent.
     */
    up_to_id: zId.optional(),
  })
  .nullish();
export type ReadAllNotificationsBody = z.infer<typeof readAllNotificationsBody>;

/** The answer of `POST /api/pm/v2/notifications/read-all`. */
export const readAllNotificationsResult = z.object({
  /** Entries this call marked read. */
  marked: z.number().int(),
  /** Unread entries left (of those the reader may see). */
  unread: z.number().int(),
});
export type ReadAllNotificationsResult = z.infer<typeof readAllNotificationsResult>;

/** A task's following, as `POST .../follow`, `.../unfollow` and `GET .../followers` answer. */
export const taskFollowingSchema = z.object({
  task_id: z.number().int(),
  /** Whether the caller follows the task. */
  following: z.boolean(),
  /** Everyone who follows it, by name. */
  followers: z.array(userSchema),
});
export type TaskFollowing = z.infer<typeof taskFollowingSchema>;
