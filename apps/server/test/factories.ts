import type { Comment, CommentableType, Discussion, Milestone, Project, Task, TaskList } from "@plotline/contracts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { createUserAndSignIn, setUpFirstUser, type Session } from "./helpers.js";

/** The cast of a permission test: a site manager, a project manager, a co-worker, a client and an outsider. */
export interface Cast {
  siteManager: Session;
  manager: Session & { email: string };
  coWorker: Session & { email: string };
  client: Session & { email: string };
  outsider: Session & { email: string };
}

/** Creates the first user (site manager) and four more users. */
export async function createCast(app: FastifyInstance): Promise<Cast> {
  const siteManager = await setUpFirstUser(app, { display_name: "Sam Site" });
  const [manager, coWorker, client, outsider] = await Promise.all([
    createUserAndSignIn(app, siteManager, { display_name: "Mia Manager" }),
    createUserAndSignIn(app, siteManager, { display_name: "Carl Coworker" }),
    createUserAndSignIn(app, siteManager, { display_name: "Cleo Client" }),
    createUserAndSignIn(app, siteManager, { display_name: "Otto Outsider" }),
  ]);
  return { siteManager, manager, coWorker, client, outsider };
}

/** Creates a project as the site manager, with the cast's manager, co-worker and client as members. */
export async function createProjectWithCast(cast: Cast, overrides: Record<string, unknown> = {}): Promise<{ id: number; inboxId?: number }> {
  const response = await cast.siteManager.inject({
    method: "POST",
    url: "/api/pm/v2/projects",
    payload: {
      title: `Project ${Math.random().toString(36).slice(2, 8)}`,
      assignees: [
        { user_id: cast.manager.userId, role_id: 1 },
        { user_id: cast.coWorker.userId, role_id: 2 },
        { user_id: cast.client.userId, role_id: 3 },
      ],
      ...overrides,
    },
  });
  if (response.statusCode !== 200) throw new Error(`project creation failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { data: { id: number } }).data.id };
}

// Builders: each makes one record through the real API and creates whatever parent is missing (a task
// without a list gets a list, in a project with a manager, on a site with a site manager), so a test names
// only what it is about. Each returns the record as the API answered it plus the session that created it.

/** A signed-in user the builders made, with their e-mail address. */
export type BuiltUser = Session & { email: string; display_name: string };

/** The site manager of each app, made by the first builder that needs one. */
const siteManagers = new WeakMap<FastifyInstance, Session>();

/**
 * The site manager the builders act as: `given` when a test has its own, else the one made for this app,
 * else the first user set up now. A test that set up the site itself passes its site manager once, here or
 * through any builder's `siteManager` option.
 */
async function siteManagerOf(app: FastifyInstance, given?: Session): Promise<Session> {
  if (given) {
    siteManagers.set(app, given);
    return given;
  }
  const known = siteManagers.get(app);
  if (known) return known;
  const made = await setUpFirstUser(app, { display_name: "Sam Site" });
  siteManagers.set(app, made);
  return made;
}

/** Sends a request as `session` and returns the answer's `data`, failing the test on any other status than 200. */
async function created<T>(session: Session, what: string, options: InjectOptions): Promise<T> {
  const response = await session.inject(options);
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

/** Makes a user (as the site manager) and signs them in. */
export async function buildUser(
  app: FastifyInstance,
  overrides: { display_name?: string; manage_pm?: boolean; siteManager?: Session } = {},
): Promise<BuiltUser> {
  const admin = await siteManagerOf(app, overrides.siteManager);
  const display_name = overrides.display_name ?? "Una User";
  const user = await createUserAndSignIn(app, admin, { display_name, ...(overrides.manage_pm !== undefined && { manage_pm: overrides.manage_pm }) });
  return { ...user, display_name };
}

/** A project with its manager, as the site manager made it. */
export type BuiltProject = Project & { session: Session; manager: BuiltUser };

/**
 * Makes a project as the site manager, managed by `manager` (a new user when absent); `members` join with
 * their role (1 manager, 2 co-worker, 3 client). Other fields go to the API as given.
 */
export async function buildProject(
  app: FastifyInstance,
  overrides: { title?: string; manager?: BuiltUser; members?: Array<{ user: Session; role: 1 | 2 | 3 }>; siteManager?: Session } & Record<string, unknown> = {},
): Promise<BuiltProject> {
  const { manager: givenManager, members = [], siteManager, ...fields } = overrides;
  const session = await siteManagerOf(app, siteManager);
  const manager = givenManager ?? (await buildUser(app, { display_name: "Mia Manager" }));
  const project = await created<Project>(session, "project creation", {
    method: "POST",
    url: "/api/pm/v2/projects",
    payload: {
      title: `Project ${Math.random().toString(36).slice(2, 8)}`,
      assignees: [{ user_id: manager.userId, role_id: 1 }, ...members.map((member) => ({ user_id: member.user.userId, role_id: member.role }))],
      ...fields,
    },
  });
  return { ...project, session, manager };
}

/** Who acts in a project: `as` when given, else the project's manager. */
function actorIn(project: BuiltProject, as: Session | undefined): Session {
  return as ?? project.manager;
}

/** A task list with the project it is in. */
export type BuiltTaskList = TaskList & { session: Session; project: BuiltProject };

/** Makes a task list (in a new project when `project` is absent), as `as` or the project's manager. */
export async function buildTaskList(
  app: FastifyInstance,
  overrides: { title?: string; project?: BuiltProject; privacy?: boolean; milestone?: number; as?: Session } = {},
): Promise<BuiltTaskList> {
  const { project: givenProject, as, ...fields } = overrides;
  const project = givenProject ?? (await buildProject(app));
  const session = actorIn(project, as);
  const list = await created<TaskList>(session, "task list creation", {
    method: "POST",
    url: `/api/pm/v2/projects/${project.id}/task-lists`,
    payload: { title: "A list", ...fields },
  });
  return { ...list, session, project };
}

/** A task with its list and project. */
export type BuiltTask = Task & { session: Session; list: BuiltTaskList; project: BuiltProject };

/**
 * Makes a task in `list` (a new list when absent, in `project` or a new project), as `as` or the project's
 * manager. `assignees` are sessions or user ids; other fields go to the API as given (`due_date`, `privacy`, ...).
 */
export async function buildTask(
  app: FastifyInstance,
  overrides: { title?: string; list?: BuiltTaskList; project?: BuiltProject; assignees?: Array<Session | number>; as?: Session } & Record<string, unknown> = {},
): Promise<BuiltTask> {
  const { list: givenList, project: givenProject, assignees = [], as, ...fields } = overrides;
  const list = givenList ?? (await buildTaskList(app, givenProject ? { project: givenProject } : {}));
  const session = actorIn(list.project, as);
  const task = await created<Task>(session, "task creation", {
    method: "POST",
    url: `/api/pm/v2/projects/${list.project.id}/tasks`,
    payload: { title: "A task", board_id: list.id, assignees: assignees.map((who) => (typeof who === "number" ? who : who.userId)), ...fields },
  });
  return { ...task, session, list, project: list.project };
}

/** A milestone with its project. */
export type BuiltMilestone = Milestone & { session: Session; project: BuiltProject };

/** Makes a milestone (in a new project when `project` is absent), as `as` or the project's manager. */
export async function buildMilestone(
  app: FastifyInstance,
  overrides: { title?: string; project?: BuiltProject; achieve_date?: string | null; privacy?: boolean; as?: Session } = {},
): Promise<BuiltMilestone> {
  const { project: givenProject, as, ...fields } = overrides;
  const project = givenProject ?? (await buildProject(app));
  const session = actorIn(project, as);
  const milestone = await created<Milestone>(session, "milestone creation", {
    method: "POST",
    url: `/api/pm/v2/projects/${project.id}/milestones`,
    payload: { title: "A milestone", ...fields },
  });
  return { ...milestone, session, project };
}

/** A discussion with its project. */
export type BuiltDiscussion = Discussion & { session: Session; project: BuiltProject };

/** Makes a discussion (in a new project when `project` is absent), as `as` or the project's manager. */
export async function buildDiscussion(
  app: FastifyInstance,
  overrides: { title?: string; description?: string; project?: BuiltProject; privacy?: boolean; as?: Session } = {},
): Promise<BuiltDiscussion> {
  const { project: givenProject, as, ...fields } = overrides;
  const project = givenProject ?? (await buildProject(app));
  const session = actorIn(project, as);
  const discussion = await created<Discussion>(session, "discussion creation", {
    method: "POST",
    url: `/api/pm/v2/projects/${project.id}/discussion-boards`,
    payload: { title: "A discussion", ...fields },
  });
  return { ...discussion, session, project };
}

/** A comment with the project it is in. */
export type BuiltComment = Comment & { session: Session; project: BuiltProject };

/**
 * Makes a comment on `on` (a new task when absent), as `as` or the project's manager. `on` is any built
 * record with its project, and its kind.
 */
export async function buildComment(
  app: FastifyInstance,
  overrides: { content?: string; on?: { type: CommentableType; id: number; project: BuiltProject }; as?: Session } = {},
): Promise<BuiltComment> {
  const target = overrides.on ?? { ...(await buildTask(app)), type: "task" as const };
  const session = actorIn(target.project, overrides.as);
  const comment = await created<Comment>(session, "comment creation", {
    method: "POST",
    url: `/api/pm/v2/projects/${target.project.id}/comments`,
    payload: { content: overrides.content ?? "<p>A comment</p>", commentable_type: target.type, commentable_id: target.id },
  });
  return { ...comment, session, project: target.project };
}
