import { Navigate, useParams } from "react-router";
import { routePath } from "@plotline/contracts";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { PersonalReportView } from "../features/personal-report/components/PersonalReportView.js";
import { usePersonalReportOn } from "../features/personal-report/hooks/use-personal-report.js";
import { personalReportEn } from "../features/personal-report/i18n/en.js";
import { addCatalogue } from "../i18n/index.js";
import { NotFoundPage } from "./not-found.js";

// This page brings its own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(personalReportEn);

/**
 * `mytask-reports`: the personal estimate report of `user_id` under My Tasks. A malformed id opens one's
 * own; another user's report answers 403 to whoever may not read it, shown as the page's error.
 */
export function PersonalReportPage() {
  const me = useCurrentMe();
  const isOn = usePersonalReportOn();
  const { user_id: param } = useParams();
  if (!isOn) return <NotFoundPage />;
  if (!param || !/^[1-9]\d*$/.test(param)) return <Navigate to={routePath("mytask-reports", { user_id: me.user.id })} replace />;
  return <PersonalReportView userId={Number(param)} />;
}
