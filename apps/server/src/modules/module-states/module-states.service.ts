import { PRO_MODULE_KEYS, type ModuleKey, type ProModuleKey } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { nowUtc } from "../../lib/dates.js";
import { moduleStatesRepository } from "./module-states.repository.js";

// Other API processes learn of a switch within this time; the process that made it knows at once.
const CACHE_MS = 5_000;

/** Which Pro modules are on. Pro modules are on until switched off; core is always on. */
export function moduleStatesService(ctx: AppContext, now: () => number = Date.now) {
  const repository = moduleStatesRepository(ctx.db);
  let cache: { states: Map<string, boolean>; loadedAt: number } | null = null;

  async function states(): Promise<Map<string, boolean>> {
    if (!cache || now() - cache.loadedAt > CACHE_MS) cache = { states: await repository.listStates(), loadedAt: now() };
    return cache.states;
  }

  return {
    async isActive(key: ModuleKey): Promise<boolean> {
      if (key === "core") return true;
      return (await states()).get(key) ?? true;
    },

    async activeModules(): Promise<ProModuleKey[]> {
      const current = await states();
      return PRO_MODULE_KEYS.filter((key) => current.get(key) ?? true);
    },

    async setActive(key: ProModuleKey, active: boolean): Promise<void> {
      await repository.saveState(key, active, nowUtc());
      cache = null;
    },
  };
}

export type ModuleStatesService = ReturnType<typeof moduleStatesService>;
