import { Navigate } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { GeneralSettings } from "../features/site-settings/components/GeneralSettings.js";

/** Site managers' general settings (route general_settings); everyone else goes back to the projects. */
export function GeneralSettingsPage() {
  const me = useCurrentMe();
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  return <GeneralSettings />;
}
