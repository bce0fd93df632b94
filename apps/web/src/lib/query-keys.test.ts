import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateAfter, queryKeys, type Change } from "./query-keys.js";

const P = 7;
const OTHER = 8;

/** One cached query of (nearly) every screen: two projects' records, the user's own, the site's. */
const SCREENS = {
  projectsPage: queryKeys.projects.list({ status: "active", page: 1 }),
  projectsForUser: queryKeys.projects.forUser,
  header: queryKeys.project.detail(P),
  settings: queryKeys.project.settings(P),
  feed: queryKeys.project.activityPage(P, { page: 1 }),
  labels: queryKeys.project.labels(P),
  listsPage: queryKeys.taskLists.index(P, 1),
  oneList: queryKeys.taskLists.single(P, 3),
  milestoneLists: queryKeys.taskLists.milestone(P, 4),
  task: queryKeys.tasks.one(P, 11),
  taskActivity: queryKeys.tasks.activity(P, 11),
  secondTask: queryKeys.tasks.one(P, 12),
  milestones: queryKeys.milestones.all(P),
  discussion: queryKeys.discussions.one(P, 5),
  comments: queryKeys.comments.of(P, "task", 11),
  folder: queryKeys.files.folder(P, 0),
  otherProjectHeader: queryKeys.project.detail(OTHER),
  otherProjectLists: queryKeys.taskLists.index(OTHER, 1),
  myTasks: queryKeys.myTasks.part(1, "current", "2026-11-23"),
  calendar: queryKeys.calendar.events({ start: "2026-11-01", end: "2026-12-01" }),
  me: queryKeys.session.me,
  sessionState: queryKeys.session.state,
  tokens: queryKeys.session.tokens,
  users: queryKeys.users.list("", 1),
  siteSettings: queryKeys.site.settings,
  sitePages: queryKeys.site.pages,
} satisfies Record<string, QueryKey>;

type Screen = keyof typeof SCREENS;

/** Which of SCREENS a change leaves stale, through a real QueryClient's prefix matching. */
async function staleScreens(change: Change): Promise<Screen[]> {
  const queryClient = new QueryClient();
  for (const key of Object.values(SCREENS)) queryClient.setQueryData(key, { cached: true });
  await invalidateAfter(queryClient, change);
  const names = Object.keys(SCREENS) as Screen[];
  return names.filter((name) => queryClient.getQueryState(SCREENS[name])?.isInvalidated).sort();
}

describe("invalidateAfter", () => {
  it("after a task the caller wrote into the caches, refreshes what the answer cannot: its history, counts, feed, My Tasks, the calendar", async () => {
    expect(await staleScreens({ entity: "task", projectId: P, taskId: 11, written: true })).toEqual(
      ["calendar", "feed", "header", "myTasks", "taskActivity"].sort(),
    );
  });

  it("after a task changed elsewhere (the calendar), refreshes all of its project, My Tasks and the calendar, and no other project", async () => {
    const stale = await staleScreens({ entity: "task", projectId: P, taskId: 11 });
    expect(stale).toEqual(expect.arrayContaining(["listsPage", "oneList", "milestoneLists", "task", "header", "feed", "myTasks", "calendar"]));
    expect(stale).not.toContain("otherProjectHeader");
    expect(stale).not.toContain("otherProjectLists");
    expect(stale).not.toContain("me");
  });

  it("after a bulk action written into the caches, refreshes the history of each task it names (no other's), counts, feed, My Tasks and the calendar", async () => {
    expect(await staleScreens({ entity: "tasks", projectId: P, taskIds: [11, 13], written: true })).toEqual(
      ["calendar", "feed", "header", "myTasks", "taskActivity"].sort(),
    );
    expect(await staleScreens({ entity: "tasks", projectId: P, taskIds: [13], written: true })).not.toContain("taskActivity");
  });

  it("after tasks came back from the trash, refreshes all of their project, My Tasks and the calendar, and no other project", async () => {
    const stale = await staleScreens({ entity: "tasks", projectId: P, taskIds: [11] });
    expect(stale).toEqual(expect.arrayContaining(["listsPage", "oneList", "task", "secondTask", "header", "myTasks", "calendar"]));
    expect(stale).not.toContain("otherProjectLists");
  });

  it("after a drag of tasks, refetches only the task that changed list", async () => {
    expect(await staleScreens({ entity: "task-order", projectId: P, movedTaskId: 11 })).toEqual(["task", "taskActivity"]);
    expect(await staleScreens({ entity: "task-order", projectId: P })).toEqual([]);
  });

  it("after a task list, refreshes every list of the project (milestone pages too), its counts and feed, not its tasks", async () => {
    expect(await staleScreens({ entity: "task-list", projectId: P })).toEqual(["feed", "header", "listsPage", "milestoneLists", "oneList"].sort());
  });

  it("after a comment, refreshes the one project's screens only", async () => {
    const stale = await staleScreens({ entity: "comment", projectId: P });
    expect(stale).toContain("comments");
    expect(stale).toContain("header");
    expect(stale.some((name) => name.startsWith("other"))).toBe(false);
    expect(stale).not.toContain("myTasks");
    expect(stale).not.toContain("projectsPage");
  });

  it("after a milestone, refreshes its project and the calendar, where milestones show", async () => {
    const stale = await staleScreens({ entity: "milestone", projectId: P });
    expect(stale).toEqual(expect.arrayContaining(["milestones", "milestoneLists", "calendar"]));
    expect(stale).not.toContain("otherProjectHeader");
  });

  it("after a project's own fields, refreshes the projects pages and that project; after which projects exist, the pages only", async () => {
    const edited = await staleScreens({ entity: "project", projectId: P });
    expect(edited).toEqual(expect.arrayContaining(["projectsPage", "header", "listsPage"]));
    expect(edited).not.toContain("otherProjectHeader");
    expect(await staleScreens({ entity: "project" })).toEqual(["projectsPage"]);
  });

  it("after the site's pages, refreshes the pages and the settings that name the front-end page", async () => {
    expect(await staleScreens({ entity: "site-pages" })).toEqual(["sitePages", "siteSettings"]);
  });

  it("after the session changes, refetches who is signed in but not whether the site is set up", async () => {
    expect(await staleScreens({ entity: "session" })).toEqual(["me"]);
    expect(await staleScreens({ entity: "token" })).toEqual(["tokens"]);
    expect(await staleScreens({ entity: "user" })).toEqual(["users"]);
  });
});

describe("queryKeys", () => {
  it("keeps every record of a project under the project's scope, so one invalidation reaches them all", () => {
    const scope = queryKeys.project.scope(P);
    const keys: QueryKey[] = [
      queryKeys.project.detail(P),
      queryKeys.project.search(P, "x"),
      queryKeys.taskLists.all(P),
      queryKeys.tasks.activity(P, 1),
      queryKeys.milestones.options(P),
      queryKeys.discussions.page(P, 1, 10),
      queryKeys.files.search(P, "x"),
    ];
    for (const key of keys) expect(key.slice(0, scope.length)).toEqual([...scope]);
  });

  it("keeps the session's keys apart from the rest, so signing out can drop everything but them", () => {
    for (const key of [queryKeys.session.me, queryKeys.session.state, queryKeys.session.tokens]) expect(key[0]).toBe(queryKeys.session.all[0]);
    expect(queryKeys.myTasks.all[0]).not.toBe(queryKeys.session.all[0]);
  });
});

describe("invalidateAfter, for time logged", () => {
  const TIME_SCREENS = {
    task: queryKeys.tasks.one(P, 11),
    parentTask: queryKeys.tasks.one(P, 10),
    othersTime: queryKeys.tasks.othersTime(P, 11),
    listsPage: queryKeys.taskLists.index(P, 1),
    header: queryKeys.project.detail(P),
    feed: queryKeys.project.activityPage(P, { page: 1 }),
    otherProjectTask: queryKeys.tasks.one(OTHER, 20),
    otherProjectLists: queryKeys.taskLists.index(OTHER, 1),
    thirdProjectTask: queryKeys.tasks.one(9, 30),
    running: queryKeys.timeTracker.running,
    mySheet: queryKeys.timeTracker.timesheet(null, null),
    memberSheet: queryKeys.timeTracker.timesheet(4, "2026-11-16"),
    myTasks: queryKeys.myTasks.part(1, "current", "2026-11-23"),
  } satisfies Record<string, QueryKey>;

  async function staleAfterTime(projectIds: number[]): Promise<string[]> {
    const queryClient = new QueryClient();
    for (const key of Object.values(TIME_SCREENS)) queryClient.setQueryData(key, { cached: true });
    await invalidateAfter(queryClient, { entity: "time", projectIds });
    return Object.entries(TIME_SCREENS).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();
  }

  it("refreshes the project's tasks (a parent's roll-up too) and lists, the header's timer and every timesheet, not the project's counts", async () => {
    expect(await staleAfterTime([P])).toEqual(["listsPage", "memberSheet", "mySheet", "othersTime", "parentTask", "running", "task"].sort());
  });

  it("refreshes both projects when starting a timer stopped one in another project, and no third", async () => {
    const stale = await staleAfterTime([P, OTHER, P]);
    expect(stale).toEqual(expect.arrayContaining(["task", "otherProjectTask", "otherProjectLists", "running"]));
    expect(stale).not.toContain("thirdProjectTask");
    expect(stale).not.toContain("myTasks");
  });
});

describe("invalidateAfter, for sub-tasks", () => {
  const SUB_TASK_SCREENS = {
    parent: queryKeys.tasks.one(P, 10),
    parentActivity: queryKeys.tasks.activity(P, 10),
    subTasks: queryKeys.subTasks.of(P, 10),
    otherSubTasks: queryKeys.subTasks.of(P, 12),
    otherTask: queryKeys.tasks.one(P, 12),
    listsPage: queryKeys.taskLists.index(P, 1),
    header: queryKeys.project.detail(P),
    feed: queryKeys.project.activityPage(P, { page: 1 }),
    myTasks: queryKeys.myTasks.part(1, "current", "2026-11-23"),
    calendar: queryKeys.calendar.events({ start: "2026-11-01", end: "2026-12-01" }),
    otherProjectSubTasks: queryKeys.subTasks.of(OTHER, 10),
  } satisfies Record<string, QueryKey>;

  async function staleAfterSubTasks(change: Change): Promise<string[]> {
    const queryClient = new QueryClient();
    for (const key of Object.values(SUB_TASK_SCREENS)) queryClient.setQueryData(key, { cached: true });
    await invalidateAfter(queryClient, change);
    return Object.entries(SUB_TASK_SCREENS).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();
  }

  it("after a sub-task, refreshes its parent (counts, roll-ups, history) but not the sub-tasks the answer already wrote", async () => {
    expect(await staleAfterSubTasks({ entity: "sub-task", projectId: P, parentId: 10 })).toEqual(
      ["calendar", "feed", "header", "myTasks", "parent", "parentActivity"].sort(),
    );
  });

  it("after a parent task written into the caches (completed with its sub-tasks), refreshes its sub-tasks and no other task's", async () => {
    const stale = await staleAfterSubTasks({ entity: "task", projectId: P, taskId: 10, written: true });
    expect(stale).toContain("subTasks");
    expect(stale).not.toContain("otherSubTasks");
    expect(stale).not.toContain("otherProjectSubTasks");
  });

  it("keeps sub-tasks under their project, so a project-wide refresh (an undo) reaches them", async () => {
    const stale = await staleAfterSubTasks({ entity: "tasks", projectId: P, taskIds: [10] });
    expect(stale).toEqual(expect.arrayContaining(["subTasks", "otherSubTasks", "parent"]));
    expect(stale).not.toContain("otherProjectSubTasks");
  });
});

describe("invalidateAfter, for sprints", () => {
  const SPRINT_SCREENS = {
    sprintPage: queryKeys.sprints.one(3),
    burndown: queryKeys.sprints.burndown(3),
    openSprints: queryKeys.sprints.open,
    completedPage: queryKeys.sprints.list({ status: "completed", page: 2 }),
    backlog: queryKeys.sprints.backlogSearch([P, OTHER], "login"),
    header: queryKeys.project.detail(P),
    listsPage: queryKeys.taskLists.index(P, 1),
  } satisfies Record<string, QueryKey>;

  async function staleSprintScreens(change: Change): Promise<string[]> {
    const queryClient = new QueryClient();
    for (const key of Object.values(SPRINT_SCREENS)) queryClient.setQueryData(key, { cached: true });
    await invalidateAfter(queryClient, change);
    return Object.entries(SPRINT_SCREENS).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();
  }

  const sprintScreens = ["backlog", "burndown", "completedPage", "openSprints", "sprintPage"];

  it("after a sprint changed or its tasks moved, refreshes every sprint screen and no project's", async () => {
    expect(await staleSprintScreens({ entity: "sprint" })).toEqual(sprintScreens);
  });

  it("after a task changed or was deleted, refreshes the sprints (their counters, burndown and backlog) with the task's project", async () => {
    expect(await staleSprintScreens({ entity: "task", projectId: P, taskId: 11, written: true })).toEqual(expect.arrayContaining([...sprintScreens, "header"]));
    expect(await staleSprintScreens({ entity: "task", projectId: P, taskId: 11 })).toEqual(expect.arrayContaining(sprintScreens));
    expect(await staleSprintScreens({ entity: "tasks", projectId: P, taskIds: [11], written: true })).toEqual(expect.arrayContaining(sprintScreens));
    expect(await staleSprintScreens({ entity: "task-list", projectId: P })).toEqual(expect.arrayContaining(sprintScreens));
  });

  it("after a card moved into a done column, refreshes the sprints; after a plain move, not", async () => {
    expect(await staleSprintScreens({ entity: "kanboard-card", projectId: P, taskId: 11, statusChanged: true })).toEqual(expect.arrayContaining(sprintScreens));
    expect(await staleSprintScreens({ entity: "kanboard-card", projectId: P, taskId: 11, statusChanged: false })).toEqual([]);
  });

  it("leaves the sprints be after changes that do not reach tasks", async () => {
    expect(await staleSprintScreens({ entity: "comment", projectId: P })).toEqual(["header", "listsPage"]);
    expect(await staleSprintScreens({ entity: "task-order", projectId: P, movedTaskId: 11 })).toEqual([]);
  });
});
