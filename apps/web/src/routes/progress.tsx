import { Navigate, useParams } from "react-router";
import { useCurrentMe } from "../features/auth/hooks/use-session.js";
import { ProgressView } from "../features/progress/components/ProgressView.js";
import { useProgressOn } from "../features/progress/hooks/use-progress.js";
import { progressEn } from "../features/progress/i18n/en.js";
import { progressPageOf } from "../features/progress/lib/progress-days.js";
import { addCatalogue } from "../i18n/index.js";
import { NotFoundPage } from "./not-found.js";

// This page brings its own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(progressEn);

/**
 * `progress` and `progress_pagination`: the Progress feed with its first `current_page_number` pages. For
 * site managers (anyone else is sent to `/`, as from the modules list); gone while the module is off.
 */
export function ProgressPage() {
  const me = useCurrentMe();
  const isOn = useProgressOn();
  const { current_page_number: page } = useParams();
  if (!isOn) return <NotFoundPage />;
  if (!me.capabilities.manage_pm) return <Navigate to="/" replace />;
  return <ProgressView page={progressPageOf(page)} />;
}
