import { BUILT_PRO_MODULES, type ModuleListItem, type ModuleUpdateBody } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import { forbidden, say } from "../../lib/app-error.js";
import type { ModuleStatesService } from "../module-states/module-states.service.js";
import { moduleListPolicy } from "./module-lists.policy.js";
import { presentModule } from "./module-lists.presenter.js";

/** The modules list: every built Pro module with its switch. The switches themselves live in module-states. */
export function moduleListsService(moduleStates: ModuleStatesService) {
  return {
    async listModules(actor: Actor): Promise<ModuleListItem[]> {
      if (!moduleListPolicy.canList(actor)) throw forbidden(say("module_lists.who_may_see_modules_list"));
      const active = new Set(await moduleStates.activeModules());
      return BUILT_PRO_MODULES.map((key) => presentModule(key, active.has(key)));
    },

    /** Switches a module on or off; saving the state it already has is accepted and changes nothing. */
    async updateModule(actor: Actor, input: ModuleUpdateBody): Promise<ModuleListItem> {
      if (!moduleListPolicy.canUpdate(actor)) throw forbidden(say("module_lists.who_may_switch_modules_on_off"));
      const active = input.type === "activate";
      await moduleStates.setActive(input.module, active);
      return presentModule(input.module, active);
    },
  };
}

export type ModuleListsService = ReturnType<typeof moduleListsService>;
