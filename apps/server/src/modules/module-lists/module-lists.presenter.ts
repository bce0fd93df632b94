import type { BuiltProModuleKey, ModuleListItem } from "@plotline/contracts";
import { MODULE_CATALOGUE, moduleThumbnail } from "./module-catalogue.js";

/** The fields of a module that leave the server. */
export function presentModule(key: BuiltProModuleKey, active: boolean): ModuleListItem {
  const { name, description } = MODULE_CATALOGUE[key];
  return { key, path: key, name, description, thumbnail: moduleThumbnail(key), active };
}
