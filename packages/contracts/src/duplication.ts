import { z } from "zod";
import { itemEnvelope } from "./envelope.js";
import { zId } from "./primitives.js";
import { projectSchema } from "./projects.js";
import { taskListSchema } from "./task-lists.js";

/** `POST /api/pm-pro/v2/duplicate/project/{project}` path. */
export const duplicateProjectParams = z.object({ project: zId });

/** `GET /api/pm-pro/v2/duplicate/list/{list}` path. */
export const duplicateListParams = z.object({ list: zId });

/** The answer to a project duplication: the new project and the message to toast. */
export const duplicateProjectAnswer = itemEnvelope(projectSchema).extend({ message: z.string() });
export type DuplicateProjectAnswer = z.infer<typeof duplicateProjectAnswer>;

/** The answer to a list duplication: the new list and the message to toast. */
export const duplicateListAnswer = itemEnvelope(taskListSchema).extend({ message: z.string() });
export type DuplicateListAnswer = z.infer<typeof duplicateListAnswer>;

/** Success messages of the duplication calls. */
export const DUPLICATION_MESSAGES = {
  project: "Project duplicated successfully",
  list: "Task list duplicated successfully",
} as const;

/** What a copy's title ends with: "Website copy", then "Website copy 2" when that is taken. */
export const COPY_SUFFIX = " copy";
