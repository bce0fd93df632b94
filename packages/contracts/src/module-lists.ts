import { z } from "zod";
import { BUILT_PRO_MODULES } from "./modules.js";

/**
 * The modules list (`GET /api/pm-pro/v2/module-lists`, `POST /api/pm-pro/v2/module-update`): every Pro
 * module with its switch, for site managers.
 */

/** A Pro module as the modules list shows it. */
export const moduleListItemSchema = z.object({
  /** The module's key, one of BUILT_PRO_MODULES (only built modules are listed). */
  key: z.enum(BUILT_PRO_MODULES),
  /** What `module-update` takes as `module`: the same as `key` (the documents call it name/path). */
  path: z.enum(BUILT_PRO_MODULES),
  name: z.string(),
  description: z.string(),
  /** Address of the module's thumbnail image, served with the web app. */
  thumbnail: z.string(),
  /** Whether the module is on. */
  active: z.boolean(),
});
export type ModuleListItem = z.infer<typeof moduleListItemSchema>;

/** The two moves of a module's switch. */
export const MODULE_UPDATE_TYPES = ["activate", "deactivate"] as const;
export type ModuleUpdateType = (typeof MODULE_UPDATE_TYPES)[number];

/** `POST /api/pm-pro/v2/module-update`: only a built module can be switched, as only those are listed. */
export const moduleUpdateBody = z.object({
  module: z.enum(BUILT_PRO_MODULES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "module is required" : `Unknown module. module must be one of: ${BUILT_PRO_MODULES.join(", ")}`),
  }),
  type: z.enum(MODULE_UPDATE_TYPES, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "type is required" : "type must be activate or deactivate"),
  }),
});
export type ModuleUpdateBody = z.infer<typeof moduleUpdateBody>;
