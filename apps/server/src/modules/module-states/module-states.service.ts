import { PRO_MODULE_KEYS, type ModuleKey, type ProModuleKey } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import type { ChangeNotices } from "../../shared/shared-state.js";
import { nowUtc } from "../../lib/dates.js";
import { moduleStatesRepository } from "./module-states.repository.js";

// A switch is announced to every API process at once; the cache also expires in case a notice is lost.
const CACHE_MS = 5_000;
const CHANGED = "module-states";

/** Which Pro modules are on. Pro modules are on until switched off; core is always on. */
export function moduleStatesService(ctx: AppContext, notices: ChangeNotices, now: () => number = Date.now) {
  const repository = moduleStatesRepository(ctx.db);
  let cache: { states: Map<string, boolean>; loadedAt: number } | null = null;
  notices.subscribe(CHANGED, () => {
    cache = null;
  });

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
      await notices.publish(CHANGED);
    },
  };
}

export type ModuleStatesService = ReturnType<typeof moduleStatesService>;
