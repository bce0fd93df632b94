import type { QueryClient, QueryKey } from "@tanstack/react-query";

/** Filters of a list query (page, search text, status ...), kept in its key so each filter caches apart. */
type Params = Readonly<Record<string, string | number | undefined>>;

const project = (projectId: number) => ["projects", projectId] as const;

/**
 * Every query key of the web app, by entity. Every record of one project sits under `["projects", id]`,
 * so one invalidation of that prefix refreshes all of a project's screens; the signed-in user's own
 * records (`auth`) stay out of it, so signing out can drop everything else.
 */
export const queryKeys = {
  session: {
    /** Everything about the signed-in session: kept when the rest of the cache is dropped at sign-out. */
    all: ["auth"] as const,
    state: ["auth", "state"] as const,
    me: ["auth", "me"] as const,
    tokens: ["auth", "tokens"] as const,
  },
  users: {
    all: ["users"] as const,
    list: (query: string, page: number) => ["users", "list", query, page] as const,
  },
  departments: { all: ["departments"] as const },
  license: { all: ["license"] as const },
  moduleLists: { all: ["module-lists"] as const },
  /** The Progress feed: every project's activity, its pages loaded one after another (an infinite query). */
  progress: { all: ["progress"] as const },
  /** The report pages (site managers): tasks, activities and the advanced report, by their filters. */
  reports: {
    all: ["reports"] as const,
    page: (report: string, params: Params) => ["reports", report, params] as const,
    /** Choices of the filters: every project, every user, a project's milestones and lists. */
    projects: ["reports", "projects"] as const,
    users: ["reports", "users"] as const,
    milestones: (projectId: number) => ["reports", "milestones", projectId] as const,
    lists: (projectId: number) => ["reports", "lists", projectId] as const,
  },
  site: {
    settings: ["site", "settings"] as const,
    pages: ["site", "pages"] as const,
  },
  search: {
    global: (text: string) => ["search", text] as const,
    /** The command palette's records (projects, lists and tasks only), apart from the box's answers. */
    palette: (text: string) => ["search", "palette", text] as const,
  },
  myTasks: {
    all: ["my-tasks"] as const,
    part: (userId: number, part: string, today: string) => ["my-tasks", userId, part, today] as const,
    /** The user's open tasks matching a title, offered by the timesheet to log time on. */
    openForTime: (userId: number, title: string) => ["my-tasks", userId, "open-for-time", title] as const,
  },
  calendar: {
    all: ["calendar"] as const,
    projects: ["calendar", "projects"] as const,
    /** `range` null: the query waits for the calendar to know its dates. */
    events: (range: object | null) => ["calendar", "events", range ?? "none"] as const,
    resource: (range: object | null) => ["calendar", "resource", range ?? "none"] as const,
  },
  projects: {
    all: ["projects"] as const,
    lists: ["projects", "list"] as const,
    list: (params: Params) => ["projects", "list", params] as const,
    /** Every project the signed-in user sees, for My Tasks' filter. */
    forUser: ["projects", "all-for-user"] as const,
  },
  project: {
    scope: project,
    /** The project with its counts, as the header and overview show them. */
    detail: (projectId: number) => [...project(projectId), "detail"] as const,
    settings: (projectId: number) => [...project(projectId), "settings"] as const,
    /** The Integrations tab: both settings, the incoming address, members and their usernames. */
    integrations: (projectId: number) => [...project(projectId), "integrations"] as const,
    /** The chat integration's delivery log. */
    integrationDeliveries: (projectId: number) => [...project(projectId), "integrations", "deliveries"] as const,
    labels: (projectId: number) => [...project(projectId), "labels"] as const,
    activities: (projectId: number) => [...project(projectId), "activities"] as const,
    activityPage: (projectId: number, params: Params) => [...project(projectId), "activities", params] as const,
    search: (projectId: number, text: string) => [...project(projectId), "search", text] as const,
    /** Every current list of the project, titles only: where the bulk bar can move tasks. */
    listOptions: (projectId: number) => [...project(projectId), "list-options"] as const,
  },
  taskLists: {
    all: (projectId: number) => [...project(projectId), "task-lists"] as const,
    index: (projectId: number, page: number) => [...project(projectId), "task-lists", "index", page] as const,
    /** A page of the archived lists (status 0) with their tasks. */
    archive: (projectId: number, page: number) => [...project(projectId), "task-lists", "archive", page] as const,
    single: (projectId: number, listId: number) => [...project(projectId), "task-lists", "single", listId] as const,
    /** A milestone's lists: under the lists' key, so task changes patch them as they patch the lists page. */
    milestone: (projectId: number, milestoneId: number) => [...project(projectId), "task-lists", "milestone", milestoneId] as const,
  },
  tasks: {
    /** Every single-task query of a project (each task, its history and its time): a sub-task's time moves its parent's roll-up. */
    all: (projectId: number) => [...project(projectId), "tasks"] as const,
    one: (projectId: number, taskId: number) => [...project(projectId), "tasks", taskId] as const,
    activity: (projectId: number, taskId: number) => [...project(projectId), "tasks", taskId, "activity"] as const,
    /** The other users' time on a task (managers). */
    othersTime: (projectId: number, taskId: number) => [...project(projectId), "tasks", taskId, "others-time"] as const,
  },
  subTasks: {
    /**
     * A task's sub-tasks, in one page. Beside the task's key, not under it: refreshing the parent after a
     * sub-task changed must not refetch the list the answers already keep up to date.
     */
    of: (projectId: number, taskId: number) => [...project(projectId), "sub-tasks", taskId] as const,
  },
  milestones: {
    all: (projectId: number) => [...project(projectId), "milestones"] as const,
    one: (projectId: number, milestoneId: number) => [...project(projectId), "milestones", milestoneId] as const,
    options: (projectId: number) => [...project(projectId), "milestones", "options"] as const,
  },
  discussions: {
    all: (projectId: number) => [...project(projectId), "discussions"] as const,
    page: (projectId: number, page: number, perPage: number) => [...project(projectId), "discussions", "list", page, perPage] as const,
    one: (projectId: number, discussionId: number) => [...project(projectId), "discussions", discussionId] as const,
  },
  comments: {
    of: (projectId: number, type: string, id: number) => [...project(projectId), "comments", type, id] as const,
  },
  timeTracker: {
    /** The caller's running timer and timesheets: not a project's, so one project's refresh leaves them be. */
    all: ["time-tracker"] as const,
    /** The caller's running timer and the timers the server stopped unseen, for the header. */
    running: ["time-tracker", "running"] as const,
    /** One week of a timesheet; `userId` null is the caller's own, `start` null this week. */
    timesheet: (userId: number | null, start: string | null) => ["time-tracker", "timesheet", userId ?? "me", start ?? "this-week"] as const,
  },
  kanboard: {
    /** Everything of a project's Kanban board: its columns and each column's cards. */
    all: (projectId: number) => [...project(projectId), "kanboard"] as const,
    /** The columns in order, with their counts and the caller's abilities. */
    columns: (projectId: number) => [...project(projectId), "kanboard", "columns"] as const,
    /** Every column's loaded cards. */
    columnsCards: (projectId: number) => [...project(projectId), "kanboard", "column"] as const,
    /** One column's cards, page after page (an infinite query). */
    column: (projectId: number, columnId: number) => [...project(projectId), "kanboard", "column", columnId] as const,
    /** Every search of tasks to add to a column. */
    searches: (projectId: number) => [...project(projectId), "kanboard", "search"] as const,
    /** Tasks of the project whose title matches, offered to add to a column. */
    search: (projectId: number, title: string) => [...project(projectId), "kanboard", "search", title] as const,
    /** How the caller last looked at each project's tasks (board or lists): not one project's, it serves search everywhere. */
    views: ["kanboard-views"] as const,
  },
  gantt: {
    /** Everything of a project's Gantt chart. */
    all: (projectId: number) => [...project(projectId), "gantt"] as const,
    /** The chart's tasks with their links, lists, milestones and working days. */
    chart: (projectId: number) => [...project(projectId), "gantt", "chart"] as const,
    /** The critical path and every task's slack. */
    criticalPath: (projectId: number) => [...project(projectId), "gantt", "critical-path"] as const,
  },
  sprints: {
    /**
     * Everything of the sprints screens. Sprints span projects, so they sit outside every project's key:
     * changes to tasks mark them stale through `staleAfter`.
     */
    all: ["sprints"] as const,
    /** A page of the list, by its filters (status, page). */
    list: (params: Params) => ["sprints", "list", params] as const,
    /** The caller's active and planned sprints (`sprints/refresh`): the Active and Planned tabs, the carry-over choice. */
    open: ["sprints", "open"] as const,
    /** One sprint with its tasks. */
    one: (sprintId: number) => ["sprints", "one", sprintId] as const,
    /** One sprint's burndown. */
    burndown: (sprintId: number) => ["sprints", "burndown", sprintId] as const,
    /** Every projects' open task search of the backlog panel. */
    backlog: ["sprints", "backlog"] as const,
    /** The tasks of these projects matching a title, offered to add to a sprint. */
    backlogSearch: (projectIds: readonly number[], title: string) => ["sprints", "backlog", [...projectIds].sort((a, b) => a - b).join(","), title] as const,
  },
  files: {
    all: (projectId: number) => [...project(projectId), "files"] as const,
    folder: (projectId: number, folderId: number) => [...project(projectId), "files", "folder", folderId] as const,
    item: (projectId: number, id: number) => [...project(projectId), "files", "item", id] as const,
    folders: (projectId: number) => [...project(projectId), "files", "folders"] as const,
    search: (projectId: number, title: string) => [...project(projectId), "files", "search", title] as const,
  },
};

/**
 * A change the app made (or, later, heard of), naming the entity and its ids. `invalidateAfter` turns it
 * into the queries that went stale.
 */
export type Change =
  /**
   * A task was created, changed or deleted. `written`: the caller has put the server's answer into the
   * task's and the lists' caches (list-cache.ts), which keeps the extra tasks a person loaded with "load
   * more"; without it the whole project is refetched.
   */
  | { entity: "task"; projectId: number; taskId: number; written?: boolean }
  /** Several tasks of a project at once (a bulk action, an undo); `written` as for one task. */
  | { entity: "tasks"; projectId: number; taskIds: readonly number[]; written?: boolean }
  /** Tasks were dragged: the lists already show the drop; a task moved to another list is refetched. */
  | { entity: "task-order"; projectId: number; movedTaskId?: number }
  | { entity: "task-list"; projectId: number }
  /** A Kanban column was created, changed, reordered or deleted (its cards leave the board with it). */
  | { entity: "kanboard"; projectId: number }
  /**
   * A card was moved, put on the board or taken off it, and the caller wrote the board's caches.
   * `statusChanged`: a done column completed or reopened the task, which shows wherever tasks show.
   */
  | { entity: "kanboard-card"; projectId: number; taskId: number; statusChanged: boolean }
  /** The caller's list view type of a project changed (board or lists), which decides where search results lead. */
  | { entity: "kanboard-view" }
  /**
   * A sub-task was created, changed, reordered or deleted, and the caller wrote the answer into the
   * sub-tasks' cache; its parent's counts and roll-ups changed.
   */
  | { entity: "sub-task"; projectId: number; parentId: number }
  /**
   * Time was logged, stopped or deleted on tasks of these projects (starting a timer may stop one in
   * another project).
   */
  | { entity: "time"; projectIds: readonly number[] }
  | { entity: "milestone" | "discussion" | "comment" | "file" | "label"; projectId: number }
  /** A sprint was planned, changed, started, completed or deleted, or tasks were put in one or taken out. */
  | { entity: "sprint" }
  /** A project's own fields (with `projectId`), or which projects exist or are favourites (without). */
  | { entity: "project"; projectId?: number }
  | { entity: "project-settings"; projectId: number }
  /** The calendar may show something else than the server has (a move the server refused). */
  | { entity: "calendar" }
  | { entity: "site-pages" }
  | { entity: "session" | "token" | "user" | "department" | "license" };

/**
 * The query keys (prefixes) a change makes stale. One table for every mutation, so a screen added later
 * is refreshed by every change that affects it once its key is listed here.
 */
export function staleAfter(change: Change): QueryKey[] {
  switch (change.entity) {
    case "task":
      // Counts on the project header and overview, the feed, My Tasks and the calendar all show tasks.
      // A parent's status, privacy or list reaches its sub-tasks too.
      // The board's cards are patched with the task (kanboard's board-cache.ts); its counts are read again.
      return change.written
        ? [
            queryKeys.tasks.activity(change.projectId, change.taskId),
            queryKeys.subTasks.of(change.projectId, change.taskId),
            queryKeys.kanboard.columns(change.projectId),
            queryKeys.project.detail(change.projectId),
            queryKeys.project.activities(change.projectId),
            queryKeys.myTasks.all,
            queryKeys.calendar.all,
            queryKeys.sprints.all,
          ]
        : [queryKeys.project.scope(change.projectId), queryKeys.myTasks.all, queryKeys.calendar.all, queryKeys.sprints.all];
    case "tasks":
      return change.written
        ? [
            ...change.taskIds.map((taskId) => queryKeys.tasks.activity(change.projectId, taskId)),
            ...change.taskIds.map((taskId) => queryKeys.subTasks.of(change.projectId, taskId)),
            queryKeys.kanboard.all(change.projectId),
            queryKeys.project.detail(change.projectId),
            queryKeys.project.activities(change.projectId),
            queryKeys.myTasks.all,
            queryKeys.calendar.all,
            queryKeys.sprints.all,
          ]
        : [queryKeys.project.scope(change.projectId), queryKeys.myTasks.all, queryKeys.calendar.all, queryKeys.sprints.all];
    case "task-order":
      return change.movedTaskId === undefined ? [] : [queryKeys.tasks.one(change.projectId, change.movedTaskId)];
    case "sub-task":
      // The parent (its counts, roll-ups and history), and the places that may list the sub-task itself.
      return [
        queryKeys.tasks.one(change.projectId, change.parentId),
        queryKeys.project.detail(change.projectId),
        queryKeys.project.activities(change.projectId),
        queryKeys.myTasks.all,
        queryKeys.calendar.all,
      ];
    case "task-list":
      // Deleting a list deletes its tasks, cards on the board and tasks in sprints among them.
      return [
        queryKeys.taskLists.all(change.projectId),
        queryKeys.sprints.all,
        queryKeys.kanboard.all(change.projectId),
        queryKeys.project.listOptions(change.projectId),
        queryKeys.project.detail(change.projectId),
        queryKeys.project.activities(change.projectId),
      ];
    case "time":
      // The tasks' own time and their parents' roll-ups, the rows of their lists, the header's timer, the timesheets.
      return [
        ...[...new Set(change.projectIds)].flatMap((projectId) => [queryKeys.tasks.all(projectId), queryKeys.taskLists.all(projectId)]),
        queryKeys.timeTracker.all,
      ];
    case "kanboard":
      // A deleted column's tasks leave the board: their `kan_board_id` is cleared.
      return [queryKeys.kanboard.all(change.projectId), queryKeys.tasks.all(change.projectId)];
    case "kanboard-card":
      // The counts; the task's `kan_board_id` and history; with a done column, its status everywhere.
      return change.statusChanged
        ? [
            queryKeys.kanboard.columns(change.projectId),
            queryKeys.tasks.one(change.projectId, change.taskId),
            queryKeys.subTasks.of(change.projectId, change.taskId),
            queryKeys.taskLists.all(change.projectId),
            queryKeys.project.detail(change.projectId),
            queryKeys.project.activities(change.projectId),
            queryKeys.myTasks.all,
            queryKeys.calendar.all,
            queryKeys.sprints.all,
          ]
        : [queryKeys.kanboard.columns(change.projectId), queryKeys.tasks.one(change.projectId, change.taskId)];
    case "kanboard-view":
      return [queryKeys.kanboard.views];
    case "milestone":
      // Counts, lists' milestone badges, the feed; milestones also show on the calendar.
      return [queryKeys.project.scope(change.projectId), queryKeys.calendar.all];
    case "discussion":
    case "comment":
    case "file":
    case "label":
      // Comment counts, the project's totals and feed, and labels on tasks live all over the project.
      return [queryKeys.project.scope(change.projectId)];
    case "sprint":
      return [queryKeys.sprints.all];
    case "project":
      // Sprints name their projects, and a deleted project's tasks leave its sprints.
      return change.projectId === undefined
        ? [queryKeys.projects.lists, queryKeys.sprints.all]
        : [queryKeys.projects.lists, queryKeys.project.scope(change.projectId), queryKeys.sprints.all];
    case "project-settings":
      return [queryKeys.project.detail(change.projectId)];
    case "calendar":
      return [queryKeys.calendar.all];
    case "site-pages":
      // The front-end page is also a site setting.
      return [queryKeys.site.pages, queryKeys.site.settings];
    case "session":
      return [queryKeys.session.me];
    case "token":
      return [queryKeys.session.tokens];
    case "user":
      return [queryKeys.users.all];
    case "department":
      return [queryKeys.departments.all];
    case "license":
      return [queryKeys.license.all];
  }
}

/** Marks stale every query `change` affects; those on screen refetch. Resolves when they have. */
export async function invalidateAfter(queryClient: QueryClient, change: Change): Promise<void> {
  await Promise.all(staleAfter(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
