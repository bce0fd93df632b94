import { Navigate } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { ModuleList } from "../features/module-lists/components/ModuleList.js";
import { addCatalogue } from "../i18n/index.js";
import { moduleListsEn } from "../features/module-lists/i18n/en.js";

// This page brings its own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(moduleListsEn);

/** `module_lists`: the modules list, for site managers; anyone else is sent to `/`. */
export function ModuleListsPage() {
  const me = useCurrentMe();
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  return <ModuleList />;
}
