import type { CreateTaskTypeBody, TaskType } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { taskTypePolicy } from "./task-types.policy.js";
import { presentTaskType } from "./task-types.presenter.js";
import { taskTypesRepository } from "./task-types.repository.js";

/** Task types: a short site-wide list (Bug, Feature ...) that tasks may point to. */
export function taskTypesService(ctx: AppContext) {
  const repository = taskTypesRepository(ctx.db);

  return {
    async listTaskTypes(actor: Actor): Promise<TaskType[]> {
      if (!taskTypePolicy.canList(actor)) throw forbidden();
      return (await repository.listTaskTypes()).map(presentTaskType);
    },

    async createTaskType(actor: Actor, input: CreateTaskTypeBody): Promise<TaskType> {
      if (!taskTypePolicy.canCreate(actor)) throw forbidden(say("task_types.who_may_manage_task_types"));
      if (await repository.findTaskTypeByTitle(input.title)) {
        const message = say("task_types.title_already_exists");
        throw new AppError("conflict", message, { params: { title: [message] } });
      }
      return presentTaskType(await repository.insertTaskType({ title: input.title, description: input.description, created_at: nowUtc() }));
    },

    async deleteTaskType(actor: Actor, id: number): Promise<void> {
      if (!taskTypePolicy.canDelete(actor)) throw forbidden(say("task_types.who_may_manage_task_types"));
      if (!(await repository.deleteTaskType(id))) throw notFound(say("task_types.task_type_not_found"));
    },
  };
}

export type TaskTypesService = ReturnType<typeof taskTypesService>;
