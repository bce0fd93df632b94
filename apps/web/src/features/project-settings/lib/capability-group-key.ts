import type { Capability } from "@plotline/contracts";
import type { TranslationKey } from "../../../i18n/keys.js";

/**
 * The i18n key of a capability group: the noun of its capabilities (`create_task` ->
 * `project_settings.group.task`). Built from contracts' groups, so it is cast; the catalogue test checks
 * every group has its string.
 */
export function capabilityGroupKey(capabilities: readonly Capability[]): TranslationKey {
  return `project_settings.group.${(capabilities[0] ?? "").replace(/^create_/, "")}` as TranslationKey;
}
