import { showTaskListQuery, type Project, type TaskList } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { ProjectRow } from "../projects/projects.tables.js";
import type { TaskListRow } from "../task-lists/task-lists.tables.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import type { Storage } from "../../storage/storage.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { capabilitiesToSee, privacyScopeOf, type PrivacyView } from "../privacy/privacy.rules.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { SiteSettingsService } from "../site-settings/site-settings.service.js";
import type { TaskListsService } from "../task-lists/task-lists.service.js";
import type { CustomFieldsService } from "../custom-fields/custom-fields.service.js";
import { blobCopier, type BlobCopier } from "./duplication.blobs.js";
import { duplicationPolicy } from "./duplication.policy.js";
import { duplicationRepository, type DuplicationRepository, type SourceRow } from "./duplication.repository.js";
import { copyRow, keepConnected, mapNullable, pairIds, type IdMap } from "./duplication.rows.js";
import { copyStem, firstFreeTitle, listCopyTitle, PROJECT_TITLE_MAX } from "./duplication.titles.js";

/**
 * Project settings that belong to one project and are not copied: the token in a code-hosting webhook's
 * address identifies the project it was made for, and the integration (with its secret) starts off in the
 * copy, which no repository sends events to yet.
 */
const SETTINGS_NOT_COPIED: ReadonlySet<string> = new Set(["git_bit", "git_bit_hash"]);

/** The id maps of one copy, by the `fileable_type` an attachment names (`file`, a doc or link, is resolved among the files). */
type AttachmentMaps = Readonly<Record<string, IdMap>>;

/** Which record a file row is attached to, or null for an item of the files tree. */
function attachedTo(row: SourceRow): { type: string; id: number } | null {
  const type = row.fileable_type;
  if (type === undefined || type === null || type === "") return null;
  return { type: String(type), id: Number(row.fileable_id) };
}

/**
 * Copies the file rows that go with the copy, their stored bytes first, with folders, revised items and
 * attachments re-pointed. Left out: attachments of records not copied (comments above all), and whatever
 * sits under an item left out.
 */
async function copyFiles(
  repo: DuplicationRepository,
  copier: BlobCopier,
  files: readonly SourceRow[],
  maps: AttachmentMaps,
  target: { projectId: number; now: string },
): Promise<void> {
  const kept = keepConnected(
    files,
    (row) => {
      const holder = attachedTo(row);
      return holder === null || holder.type === "file" || maps[holder.type]?.has(holder.id) === true;
    },
    (row) => {
      const holder = attachedTo(row);
      return holder?.type === "file" ? [Number(row.parent_id), holder.id] : [Number(row.parent_id)];
    },
  );
  const ids = pairIds(kept, await repo.reserveIds("project_files", kept.length));
  const copies: Array<Record<string, unknown>> = [];
  for (const row of kept) {
    const blobs = await copier.copyBlobs({ storage_key: row.storage_key as string | null, thumb_key: row.thumb_key as string | null, mime_type: String(row.mime_type ?? "") });
    const parent = Number(row.parent_id);
    const holder = attachedTo(row);
    copies.push(copyRow(row, {
      ...(holder && { fileable_id: (holder.type === "file" ? ids : maps[holder.type])?.get(holder.id) }),
      ...blobs,
      id: ids.get(row.id),
      project_id: target.projectId,
      parent_id: parent === 0 ? 0 : ids.get(parent),
      created_at: target.now,
      updated_at: target.now,
    }));
  }
  await repo.insertRows("project_files", copies);
}

/** Copies tasks into lists (through `listIds`) with their assignees and labels; sub-tasks follow their parents. */
async function copyTasks(
  repo: DuplicationRepository,
  tasks: readonly SourceRow[],
  links: { assignees: ReadonlyArray<Record<string, unknown>>; taskLabels: ReadonlyArray<Record<string, unknown>> },
  target: { projectId: number; now: string; listIds: IdMap; labelIds: IdMap; createdBy?: number },
): Promise<Map<number, number>> {
  const kept = keepConnected(tasks, (row) => target.listIds.has(Number(row.task_list_id)), (row) => [Number(row.parent_id)]);
  const ids = pairIds(kept, await repo.reserveIds("tasks", kept.length));
  await repo.insertRows("tasks", kept.map((row) => {
    const parent = Number(row.parent_id);
    return copyRow(row, {
      id: ids.get(row.id),
      project_id: target.projectId,
      task_list_id: target.listIds.get(Number(row.task_list_id)),
      parent_id: parent === 0 ? 0 : ids.get(parent),
      // A copy is on no Kanban board: the source's column is another project's, or holds the original.
      kan_board_id: null,
      kan_board_order: null,
      ...(target.createdBy !== undefined && { created_by: target.createdBy }),
      created_at: target.now,
      updated_at: target.now,
    });
  }));
  await repo.insertRows("task_assignees", links.assignees
    .filter((row) => ids.has(Number(row.task_id)))
    .map((row) => copyRow(row, { task_id: ids.get(Number(row.task_id)), project_id: target.projectId })));
  await repo.insertRows("task_labels", links.taskLabels
    .filter((row) => ids.has(Number(row.task_id)) && target.labelIds.has(Number(row.label_id)))
    .map((row) => copyRow(row, { task_id: ids.get(Number(row.task_id)), label_id: target.labelIds.get(Number(row.label_id)), project_id: target.projectId })));
  return ids;
}

/** What duplication reads with: access and site settings for the rules, the projects and lists services for its answers. */
export interface DuplicationDeps {
  access: ProjectAccessService;
  siteSettings: SiteSettingsService;
  projects: ProjectsService;
  taskLists: TaskListsService;
  /** Copies custom fields and the tasks' values (custom-fields module). */
  customFields: CustomFieldsService;
}

/** Duplicating a project or a task list: copies set-wise, in one transaction, with their stored files. */
export function duplicationService(ctx: AppContext, deps: DuplicationDeps, storage: Storage) {
  const { access, siteSettings, projects, taskLists, customFields } = deps;
  const repository = duplicationRepository(ctx.db, ctx.kind);

  /** Writes the copy of a project inside `trx`; answers the new project's id. */
  async function copyProject(trx: Kysely<Database>, actor: Actor, source: ProjectRow, useCopier: (projectId: number) => BlobCopier): Promise<number> {
    const repo = duplicationRepository(trx, ctx.kind);
    const now = nowUtc();
    const stem = copyStem(source.title, PROJECT_TITLE_MAX);
    const title = firstFreeTitle(stem, await repo.findTitlesLike(stem));
    const { id: _sourceId, ...projectColumns } = source;
    const projectId = await repo.insertReturningId("projects", { ...projectColumns, title, created_by: actor.id, created_at: now, updated_at: now });
    const target = { projectId, now };

    const [members, settings, milestones, lists, tasks, assignees, discussions, labels, taskLabels, files, ganttLinks] = await Promise.all([
      repo.projectLinks("project_members", source.id),
      repo.projectLinks("project_settings", source.id),
      repo.projectRows("milestones", source.id),
      repo.projectRows("task_lists", source.id),
      repo.projectRows("tasks", source.id),
      repo.projectLinks("task_assignees", source.id),
      repo.projectRows("discussions", source.id),
      repo.projectRows("labels", source.id),
      repo.projectLinks("task_labels", source.id),
      repo.projectRows("project_files", source.id),
      repo.projectLinks("gantt_links", source.id),
    ]);

    await repo.insertRows("project_members", members.map((row) => copyRow(row, { project_id: projectId, created_at: now })));
    await repo.insertRows("project_settings", settings
      .filter((row) => !SETTINGS_NOT_COPIED.has(String(row.key)))
      .map((row) => copyRow(row, { project_id: projectId, updated_at: now })));

    const fresh = (id: number | undefined) => ({ id, project_id: projectId, created_at: now, updated_at: now });
    const milestoneIds = pairIds(milestones, await repo.reserveIds("milestones", milestones.length));
    await repo.insertRows("milestones", milestones.map((row) => copyRow(row, fresh(milestoneIds.get(row.id)))));

    const listIds = pairIds(lists, await repo.reserveIds("task_lists", lists.length));
    await repo.insertRows("task_lists", lists.map((row) =>
      copyRow(row, { ...fresh(listIds.get(row.id)), milestone_id: mapNullable(milestoneIds, row.milestone_id) })));

    const labelIds = pairIds(labels, await repo.reserveIds("labels", labels.length));
    await repo.insertRows("labels", labels.map((row) => copyRow(row, fresh(labelIds.get(row.id)))));

    const taskIds = await copyTasks(repo, tasks, { assignees, taskLabels }, { ...target, listIds, labelIds });
    await customFields.copyProjectFields(trx, { projectId: source.id }, { projectId, now, taskIds });
    // The Gantt chart's links join the copies of their two tasks; the copy gets new ids.
    await repo.insertRows("gantt_links", ganttLinks
      .filter((row) => taskIds.has(Number(row.source)) && taskIds.has(Number(row.target)))
      .map(({ id: _linkId, ...row }) => copyRow(row, { project_id: projectId, source: taskIds.get(Number(row.source)), target: taskIds.get(Number(row.target)), created_at: now })));

    const discussionIds = pairIds(discussions, await repo.reserveIds("discussions", discussions.length));
    await repo.insertRows("discussions", discussions.map((row) =>
      copyRow(row, { ...fresh(discussionIds.get(row.id)), milestone_id: mapNullable(milestoneIds, row.milestone_id) })));

    const maps: AttachmentMaps = { task: taskIds, task_list: listIds, discussion_board: discussionIds, milestone: milestoneIds };
    await copyFiles(repo, useCopier(projectId), files, maps, target);

    await recordEvent(trx, actor, {
      name: "project.duplicated", payload: { projectId, id: projectId, title: source.title, privacyScope: null, sourceProjectId: source.id },
    });
    return projectId;
  }

  /** Writes the copy of a current list right below it, inside `trx`; answers the new list's id. */
  async function copyList(trx: Kysely<Database>, actor: Actor, list: TaskListRow, view: PrivacyView, useCopier: (projectId: number) => BlobCopier): Promise<number> {
    const repo = duplicationRepository(trx, ctx.kind);
    const now = nowUtc();
    const projectId = list.project_id;
    await repo.shiftListsAfter(projectId, list.sort_order);
    const { id: _sourceId, ...listColumns } = list;
    const listId = await repo.insertReturningId("task_lists", {
      ...listColumns,
      title: listCopyTitle(list.title, list.is_inbox === 1),
      // A project has one Inbox: its copy is an ordinary list that keeps the name.
      is_inbox: 0,
      sort_order: list.sort_order + 1,
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    });
    const tasks = await repo.listTasks(list.id, view);
    const sourceIds = tasks.map((row) => row.id);
    const [assignees, taskLabels] = await Promise.all([repo.taskLinks("task_assignees", sourceIds), repo.taskLinks("task_labels", sourceIds)]);
    const labelIds = new Map(taskLabels.map((row) => [Number(row.label_id), Number(row.label_id)]));
    const taskIds = await copyTasks(repo, tasks, { assignees, taskLabels }, { projectId, now, listIds: new Map([[list.id, listId]]), labelIds, createdBy: actor.id });
    await customFields.copyTaskValues(trx, taskIds);
    const attachments = await repo.attachmentsOf(projectId, "task", [...taskIds.keys()]);
    await copyFiles(repo, useCopier(projectId), attachments, { task: taskIds }, { projectId, now });
    await recordEvent(trx, actor, {
      name: "task_list.duplicated",
      payload: {
        projectId, id: listId, title: list.title, privacyScope: privacyScopeOf(capabilitiesToSee({ kind: "task_list", privacy: list.privacy })), sourceListId: list.id,
      },
    });
    return listId;
  }

  /**
   * Runs a copy in one transaction. Stored bytes are copied inside it, before the commit; when anything
   * fails the transaction rolls back and every blob already copied is removed.
   */
  async function inTransaction(write: (trx: Kysely<Database>, useCopier: (projectId: number) => BlobCopier) => Promise<number>): Promise<number> {
    let copier: BlobCopier | null = null;
    const useCopier = (projectId: number) => (copier ??= blobCopier(storage, projectId));
    try {
      return await transact(ctx, (trx) => write(trx, useCopier));
    } catch (error) {
      await (copier as BlobCopier | null)?.removeAll();
      throw error;
    }
  }

  return {
    /** Copies a project as "<title> copy" (made unique) with everything but comments, time logs and activities. */
    async duplicateProject(actor: Actor, projectId: number): Promise<Project> {
      const projectAccess = await access.requireAccess(actor, projectId);
      if (!duplicationPolicy.canDuplicateProject(projectAccess, await siteSettings.canCreateProjects(actor))) {
        throw forbidden(say("duplication.who_may_duplicate"));
      }
      const source = await repository.findProject(projectId);
      if (!source) throw notFound(say("common.project_not_found"));
      const copyId = await inTransaction((trx, useCopier) => copyProject(trx, actor, source, useCopier));
      access.forget(actor, copyId);
      return projects.getProject(actor, copyId);
    },

    /** Copies a current list right below it in its project, with the tasks its maker can see. */
    async duplicateList(actor: Actor, listId: number): Promise<TaskList> {
      const list = await repository.findList(listId);
      if (!list) throw notFound(say("common.task_list_not_found"));
      const projectAccess = await access.requireAccess(actor, list.project_id);
      if (!duplicationPolicy.canSeeList(projectAccess, list)) throw notFound(say("common.task_list_not_found"));
      if (!duplicationPolicy.canDuplicateList(projectAccess)) throw forbidden(say("common.cannot_create_task_lists"));
      if (!duplicationPolicy.isCopyable(list)) throw new AppError("rule_broken", say("duplication.only_current_lists"));
      const view = duplicationPolicy.copiedView(projectAccess);
      const copyId = await inTransaction((trx, useCopier) => copyList(trx, actor, list, view, useCopier));
      return taskLists.getTaskList(actor, list.project_id, copyId, showTaskListQuery.parse({}));
    },
  };
}

export type DuplicationService = ReturnType<typeof duplicationService>;
