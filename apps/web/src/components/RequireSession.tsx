import { routePath } from "@plotline/contracts";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuthState, useMe } from "../features/auth/hooks/use-session.js";
import { SiteDatesProvider } from "../features/site-settings/components/SiteDatesProvider.js";
import { ErrorState } from "./ErrorState.js";
import { LoadingScreen } from "./LoadingScreen.js";

/** Shows its children only to a signed-in user; sends others to set-up or sign-in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const state = useAuthState();
  const me = useMe();
  if (state.isPending || me.isPending) return <LoadingScreen fullPage />;
  if (state.error) return <ErrorState error={state.error} onRetry={() => void state.refetch()} />;
  if (state.data.needs_setup) return <Navigate to={routePath("setup")} replace />;
  if (me.error) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;
  if (!me.data) {
    const next = location.pathname === "/" ? "" : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`${routePath("login")}${next}`} replace />;
  }
  return <SiteDatesProvider>{children}</SiteDatesProvider>;
}
