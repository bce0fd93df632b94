import type { BacklogTask, SprintBacklogQuery, SprintPlanning } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { invalidField, say } from "../../lib/app-error.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { scopesFor } from "../tasks/task-search.js";
import { sprintBacklogRepository, type BacklogRow } from "./sprint-backlog.repository.js";
import { sprintPolicy } from "./sprints.policy.js";
import type { SprintListing } from "./sprints.service.js";

/** A page of the backlog with its pagination (the sprint lists' block, `found_rows` included). */
export interface BacklogListing {
  tasks: BacklogTask[];
  pagination: SprintListing["pagination"];
}

/** A backlog row as the API shows it: the lean contract shape, field by field. */
function presentBacklogTask(row: BacklogRow, assigneeIds: readonly number[]): BacklogTask {
  return {
    id: row.id,
    title: row.title,
    project_id: row.project_id,
    task_list_id: row.task_list_id,
    status: row.status,
    estimation: row.estimation,
    assignee_ids: [...assigneeIds],
    due_date: row.due_date,
  };
}

/**
 * The backlog (open top-level tasks in no open sprint) and who may plan a sprint: the parts of the sprints
 * service that read tasks and projects rather than sprints.
 */
export function sprintBacklog(ctx: AppContext, access: ProjectAccessService) {
  const repository = sprintBacklogRepository(ctx.db);

  return {
    /**
     * `GET pm-pro/v2/sprints/backlog`: a page of the backlog of projects the caller may enter, each read
     * with the caller's privacy view; a project they may not enter (or that does not exist) is a 400.
     */
    async backlog(actor: Actor, query: SprintBacklogQuery): Promise<BacklogListing> {
      const accesses = await access.accessToProjects(actor, query.project_id);
      const strangers = query.project_id.filter((id) => !accesses.has(id));
      if (strangers.length > 0) throw invalidField("project_id", say("sprints.backlog_projects", { strangers: strangers.join(", ") }));
      const page = pageRequest(query.page, query.per_page, query.per_page);
      const { rows, total } = await repository.page({ scopes: scopesFor(accesses.values()), title: query.title }, page.limit ?? query.per_page, page.offset);
      const assignees = new Map<number, number[]>();
      for (const row of await repository.assigneesOf(rows.map((task) => task.id))) {
        const ids = assignees.get(row.task_id) ?? [];
        ids.push(row.user_id);
        assignees.set(row.task_id, ids);
      }
      const tasks = rows.map((row) => presentBacklogTask(row, assignees.get(row.id) ?? []));
      return { tasks, pagination: { ...paginationMeta(page, total, tasks.length), found_rows: total } };
    },

    /**
     * Who may plan a sprint, by `sprintPolicy.canPlanIn`, the rule the create call checks: site managers
     * over every project, everyone else over the projects of theirs it allows.
     */
    async planning(actor: Actor): Promise<SprintPlanning> {
      let ids: number[];
      if (actor.isSiteManager) {
        ids = await repository.allProjectIds();
      } else {
        const accesses = await access.accessToMemberProjects(actor);
        ids = [...accesses.values()].filter((projectAccess) => sprintPolicy.canPlanIn(actor, projectAccess)).map((projectAccess) => projectAccess.projectId).sort((a, b) => a - b);
      }
      return { abilities: { can_create: ids.length > 0 }, plannable_project_ids: ids };
    },
  };
}
