import { Navigate } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { LicensePanel } from "../features/license/components/LicensePanel.js";

/** `license`: the license screen, for site managers; anyone else is sent to `/`. */
export function LicensePage() {
  const me = useCurrentMe();
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  return <LicensePanel />;
}
