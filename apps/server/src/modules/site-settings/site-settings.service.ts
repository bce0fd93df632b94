import type { AppContext } from "../../context.js";
import type { Actor } from "../../lib/actor.js";
import { nowUtc } from "../../lib/dates.js";
import { siteSettingsRepository } from "./site-settings.repository.js";

/** Who may create projects: site managers only (default), or every signed-in user. */
export type ProjectCreateCapability = "managers" | "everyone";

/** Site-wide settings with their defaults. */
export function siteSettingsService(ctx: AppContext) {
  const repository = siteSettingsRepository(ctx.db);

  return {
    async projectCreateCapability(): Promise<ProjectCreateCapability> {
      return (await repository.findValue("project_create_capability")) === "everyone" ? "everyone" : "managers";
    },

    /** Whether the actor may create (and so duplicate) projects. */
    async canCreateProjects(actor: Actor): Promise<boolean> {
      return actor.isSiteManager || (await this.projectCreateCapability()) === "everyone";
    },

    async save(key: string, value: unknown): Promise<void> {
      await repository.saveValue(key, value, nowUtc());
    },
  };
}

export type SiteSettingsService = ReturnType<typeof siteSettingsService>;
