import { Navigate } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { ModuleList } from "../features/module-lists/components/ModuleList.js";

/** `module_lists`: the modules list, for site managers; anyone else is sent to `/`. */
export function ModuleListsPage() {
  const me = useCurrentMe();
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  return <ModuleList />;
}
