import type { AppContext } from "./context.js";
import { activitiesService } from "./modules/activities/activities.service.js";
import { authService } from "./modules/auth/auth.service.js";
import { loginThrottle } from "./modules/auth/login-throttle.js";
import { commentsService } from "./modules/comments/comments.service.js";
import { discussionsService } from "./modules/discussions/discussions.service.js";
import { filesService } from "./modules/files/files.service.js";
import { milestonesService } from "./modules/milestones/milestones.service.js";
import { moduleStatesService } from "./modules/module-states/module-states.service.js";
import { projectAccessService } from "./modules/projects/project-access.js";
import { projectsService } from "./modules/projects/projects.service.js";
import { siteSettingsService } from "./modules/site-settings/site-settings.service.js";
import { taskListsService } from "./modules/task-lists/task-lists.service.js";
import { taskTypesService } from "./modules/task-types/task-types.service.js";
import { tasksService } from "./modules/tasks/tasks.service.js";
import { usersService } from "./modules/users/users.service.js";
import { memorySharedState, type SharedState } from "./shared/shared-state.js";
import { createStorage } from "./storage/storage.js";

/** Builds every service once per app. Routes reach them as `app.services.<noun>`. */
export function createServices(ctx: AppContext, shared: SharedState = memorySharedState()) {
  const access = projectAccessService(ctx.db);
  const siteSettings = siteSettingsService(ctx);
  return {
    auth: authService(ctx, loginThrottle(shared.failureCounter)),
    users: usersService(ctx),
    moduleStates: moduleStatesService(ctx, shared.notices),
    siteSettings,
    access,
    projects: projectsService(ctx, access, siteSettings),
    taskTypes: taskTypesService(ctx),
    taskLists: taskListsService(ctx, access),
    tasks: tasksService(ctx, access),
    milestones: milestonesService(ctx, access),
    discussions: discussionsService(ctx, access),
    comments: commentsService(ctx, access),
    activities: activitiesService(ctx, access),
    files: filesService(ctx, access, createStorage(ctx.config)),
  };
}

export type Services = ReturnType<typeof createServices>;
