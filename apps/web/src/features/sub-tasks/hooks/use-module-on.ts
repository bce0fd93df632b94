import type { ProModuleKey } from "@plotline/contracts";
import { useMe } from "../../auth/hooks/use-session.js";

/**
 * Whether a Pro module is switched on for the site, from the signed-in user's `active_modules`. False while
 * signed out or still loading, so a module's parts never flash in before the answer.
 */
export function useIsModuleOn(key: ProModuleKey): boolean {
  const { data } = useMe();
  return data?.active_modules.includes(key) ?? false;
}
