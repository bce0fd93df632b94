import { routePath } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { CenteredCard } from "../components/CenteredCard.js";
import { LoginForm } from "../features/auth/components/LoginForm.js";
import { useAuthState, useMe } from "../features/auth/hooks/use-session.js";

/** Sign-in. Returns to the page that asked for it (`?next=`). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = useAuthState();
  const me = useMe();
  const next = params.get("next")?.startsWith("/") ? (params.get("next") ?? "/") : routePath("project_lists");
  if (state.data?.needs_setup) return <Navigate to={routePath("setup")} replace />;
  if (me.data) return <Navigate to={next} replace />;
  return (
    <CenteredCard title={t("auth.login_title")}>
      <LoginForm onDone={() => navigate(next, { replace: true })} />
    </CenteredCard>
  );
}
