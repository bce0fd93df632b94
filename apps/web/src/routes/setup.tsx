import { useTranslation } from "react-i18next";
import { Navigate, useNavigate } from "react-router";
import { CenteredCard } from "../components/CenteredCard.js";
import { SetupForm } from "../features/auth/components/SetupForm.js";
import { useAuthState } from "../features/auth/hooks/use-session.js";
import { routePath } from "@plotline/contracts";

/** First-run set-up, shown only while no user exists. */
export function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useAuthState();
  if (state.data && !state.data.needs_setup) return <Navigate to={routePath("login")} replace />;
  return (
    <CenteredCard title={t("auth.setup_title")} intro={t("auth.setup_intro")}>
      <SetupForm onDone={() => navigate(routePath("project_lists"), { replace: true })} />
    </CenteredCard>
  );
}
