import {
  createCommentBody,
  createTaskBody,
  createTaskListBody,
  ROLE,
  updateCommentBody,
  updateTaskBody,
  type CodeHostingProvider,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { actorWithoutSession } from "../users/user-actor.js";
import { AppError, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { sanitizeRichText } from "../../lib/rich-text.js";
import type { CommentsService } from "../comments/comments.service.js";
import { findInboxList, type TaskListsService } from "../task-lists/task-lists.service.js";
import type { TasksService } from "../tasks/tasks.service.js";
import {
  escapeHtml,
  SERVICE_NAMES,
  type CodeHostingEvent,
  type Login,
  type OutsideComment,
  type OutsideIssue,
  type OutsideRepository,
} from "./code-hosting-events.js";
import { commitReferences } from "./code-hosting-events.js";
import { codeHostingRepository, isUniqueViolation, type CodeHostingMember, type IssueRef } from "./code-hosting.repository.js";

/** The services every change goes through, so that events, activities, notifications and privacy hold. */
export interface ApplyServices {
  tasks: TasksService;
  comments: CommentsService;
  taskLists: TaskListsService;
}

/** Commits read per push: GitHub sends at most 20, Bitbucket 5 per branch; this bounds a forged one. */
const MAX_COMMITS = 100;
/** Tasks one commit may close. */
const MAX_REFERENCES_PER_COMMIT = 20;
/** The list a new issue's task goes to when the project lost its own Inbox. */
const INBOX_TITLE = "Inbox";

/** A refusal of the mapped member by a service: nothing was written, so the first manager may act instead. */
function isRefusal(error: unknown): boolean {
  return error instanceof AppError && (error.code === "forbidden" || error.code === "not_found");
}

/**
 * Applies what a delivery means to one project, through the tasks, comments and task-lists services: each
 * change is one of their transactions, with its events. Who acts: the member mapped to the outside user
 * (user map), while their role lets them; otherwise the project's first manager (managers by user id), and
 * the text written names the outside user ("by octocat on GitHub"). Answers the ids of the tasks changed.
 */
export async function applyCodeHostingEvent(
  ctx: AppContext,
  services: ApplyServices,
  target: { projectId: number; provider: CodeHostingProvider },
  meaning: CodeHostingEvent,
): Promise<number[]> {
  const { projectId, provider } = target;
  const { tasks, comments, taskLists } = services;
  const repo = codeHostingRepository(ctx.db);
  const service = SERVICE_NAMES[provider];

  let manager: Actor | undefined;
  async function firstManager(): Promise<Actor> {
    if (manager) return manager;
    const managers = (await repo.findMembers(projectId)).filter((member) => member.role_id === ROLE.manager).sort((a, b) => a.id - b.id);
    const [first] = managers;
    if (!first) throw new AppError("rule_broken", say("integrations.code_hosting_no_manager", { service }));
    manager = actorWithoutSession(first);
    return manager;
  }

  const mapped = new Map<string, CodeHostingMember | null>();
  async function memberFor(login: Login): Promise<CodeHostingMember | null> {
    const key = login.toLowerCase();
    if (key === "") return null;
    if (!mapped.has(key)) mapped.set(key, (await repo.findMemberByUsername(projectId, provider, key)) ?? null);
    return mapped.get(key) ?? null;
  }

  /**
   * Runs one change as the outside user's member, or as the first manager with `credit` naming them. The
   * services check before they write, so a refused attempt left nothing behind.
   */
  async function perform<T>(login: Login, work: (actor: Actor, credit: string) => Promise<T>): Promise<T> {
    const member = await memberFor(login);
    if (member) {
      try {
        return await work(actorWithoutSession(member), "");
      } catch (error) {
        if (!isRefusal(error)) throw error;
      }
    }
    return work(await firstManager(), login ? ` by ${escapeHtml(login)} on ${service}` : ` on ${service}`);
  }

  const refOf = (repository: OutsideRepository, number: number): IssueRef => ({ provider, repositoryId: repository.id, number });

  /** The task's text: the issue's, then a line linking to it and naming who opened it. */
  function describe(repository: OutsideRepository, issue: OutsideIssue): string {
    const link = `<a href="${escapeHtml(issue.url)}">${escapeHtml(repository.name)}#${issue.number}</a>`;
    const author = issue.author ? ` opened by ${escapeHtml(issue.author)}` : "";
    return `${issue.bodyHtml}<p>${service} issue ${link}${author}</p>`;
  }

  /** The list new tasks go to: undefined for the project's Inbox, else a list titled Inbox, made when missing. */
  async function inboxListId(): Promise<number | undefined> {
    if (await findInboxList(ctx.db, projectId)) return undefined;
    const titled = await repo.findListTitled(projectId, INBOX_TITLE);
    if (titled !== null) return titled;
    return (await taskLists.createTaskList(await firstManager(), projectId, createTaskListBody.parse({ title: INBOX_TITLE }))).id;
  }

  async function openIssue(repository: OutsideRepository, issue: OutsideIssue, login: Login): Promise<number[]> {
    const ref = refOf(repository, issue.number);
    // Opened again (a redelivery under a new id): the task there is brought up to date instead.
    if ((await repo.findIssueTask(projectId, ref)) !== null) return changeIssue(repository, issue, login, { details: true });
    const boardId = await inboxListId();
    const body = createTaskBody.parse({ title: issue.title, description: describe(repository, issue), ...(boardId !== undefined && { board_id: boardId }) });
    const task = await perform(login, (actor) => tasks.createTask(actor, projectId, body, [], true));
    try {
      await repo.insertIssueLink({
        project_id: projectId, provider, repository_id: repository.id, issue_number: issue.number,
        repository_name: repository.name, issue_url: issue.url, task_id: task.id, created_at: nowUtc(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", say("integrations.issue_linked_twice"));
      throw error;
    }
    return [task.id];
  }

  async function changeIssue(
    repository: OutsideRepository,
    issue: OutsideIssue,
    login: Login,
    change: { details: boolean; complete?: boolean; comment?: OutsideComment },
  ): Promise<number[]> {
    const taskId = await repo.findIssueTask(projectId, refOf(repository, issue.number));
    // An issue opened before the integration was on has no task: its changes are not followed.
    if (taskId === null) return [];
    // Compared with the task as it is, so that a delivery that changes nothing here writes nothing.
    const current = await repo.findTaskState(taskId);
    if (!current) return [];
    if (change.details) {
      const description = describe(repository, issue);
      const edits = {
        ...(issue.title !== current.title && { title: issue.title }),
        ...(sanitizeRichText(description) !== current.description && { description }),
      };
      if (Object.keys(edits).length > 0) await perform(login, (actor) => tasks.updateTask(actor, projectId, taskId, updateTaskBody.parse(edits)));
    }
    if (change.complete !== undefined && change.complete !== (current.status === 1)) {
      await perform(login, (actor) => tasks.changeStatus(actor, projectId, taskId, change.complete ? 1 : 0));
    }
    if (change.comment) await putComment(repository, taskId, change.comment, login);
    return [taskId];
  }

  async function deleteIssue(repository: OutsideRepository, issue: OutsideIssue, login: Login): Promise<number[]> {
    const taskId = await repo.findIssueTask(projectId, refOf(repository, issue.number));
    if (taskId === null) return [];
    // The link goes with the task into the trash (on delete cascade), and comes back with an undo.
    await perform(login, (actor) => tasks.deleteTask(actor, projectId, taskId));
    return [taskId];
  }

  /** Adds the outside comment to the task, or changes the comment it became before. */
  async function putComment(repository: OutsideRepository, taskId: number, comment: OutsideComment, login: Login): Promise<void> {
    const contentFor = (credit: string) =>
      `${comment.bodyHtml}<p><a href="${escapeHtml(comment.url)}">${credit ? "Comment" : `Comment on ${service}`}</a>${credit}</p>`;
    const linked = await repo.findLinkedComment(projectId, provider, repository.id, comment.id);
    if (linked !== null) {
      await perform(login, (actor, credit) => comments.updateComment(actor, projectId, linked, updateCommentBody.parse({ content: contentFor(credit) })));
      return;
    }
    const created = await perform(login, (actor, credit) =>
      comments.createComment(actor, projectId, createCommentBody.parse({ content: contentFor(credit), commentable_type: "task", commentable_id: taskId })));
    try {
      await repo.insertCommentLink(projectId, provider, repository.id, comment.id, created.id, nowUtc());
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", say("integrations.issue_linked_twice"));
      throw error;
    }
  }

  async function comment(repository: OutsideRepository, issue: OutsideIssue, outside: OutsideComment, login: Login): Promise<number[]> {
    const taskId = await repo.findIssueTask(projectId, refOf(repository, issue.number));
    if (taskId === null) return [];
    await putComment(repository, taskId, outside, login);
    return [taskId];
  }

  /** Completes the tasks each commit closes (`Fixes PL-12`, `Closes #3`) and says so on each, with the commit's link. */
  async function push(repository: OutsideRepository, commits: Array<{ sha: string; message: string; url: string; login: Login }>): Promise<number[]> {
    const changed: number[] = [];
    const seen = new Set<string>();
    for (const commit of commits.slice(0, MAX_COMMITS)) {
      if (seen.has(commit.sha)) continue;
      seen.add(commit.sha);
      const references = commitReferences(commit.message);
      const linked = await Promise.all(references.issueNumbers.map((number) => repo.findIssueTask(projectId, refOf(repository, number))));
      const taskIds = [...new Set([...references.taskIds, ...linked.filter((id): id is number => id !== null)])].slice(0, MAX_REFERENCES_PER_COMMIT);
      const firstLine = escapeHtml(commit.message.split("\n")[0]?.trim() ?? "");
      const link = `<a href="${escapeHtml(commit.url)}">${escapeHtml(commit.sha.slice(0, 7))}</a>`;
      for (const taskId of taskIds) {
        // A task already complete (by an earlier commit, the same commit pushed to another branch, or by
        // hand) is left as it is, without another "Completed by commit" comment.
        if ((await repo.findTaskState(taskId))?.status === 1) continue;
        try {
          await perform(commit.login, (actor) => tasks.changeStatus(actor, projectId, taskId, 1));
        } catch (error) {
          // `PL-` and a number that is no task of this project: a reference to something else.
          if (error instanceof AppError && error.code === "not_found") continue;
          throw error;
        }
        await perform(commit.login, (actor, credit) => comments.createComment(actor, projectId, createCommentBody.parse({
          content: `<p>Completed by commit ${link} in ${escapeHtml(repository.name)}${credit}: ${firstLine}</p>`,
          commentable_type: "task",
          commentable_id: taskId,
        })));
        changed.push(taskId);
      }
    }
    return changed;
  }

  switch (meaning.kind) {
    case "issue_opened":
      return openIssue(meaning.repository, meaning.issue, meaning.login);
    case "issue_changed":
      return changeIssue(meaning.repository, meaning.issue, meaning.login, meaning);
    case "issue_deleted":
      return deleteIssue(meaning.repository, meaning.issue, meaning.login);
    case "comment":
      return comment(meaning.repository, meaning.issue, meaning.comment, meaning.login);
    case "push":
      return push(meaning.repository, meaning.commits);
    case "ignored":
      return [];
  }
}
