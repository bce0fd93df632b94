import { useParams, useSearchParams } from "react-router";
import { SprintsView } from "../features/sprints/components/SprintsView.js";
import { SprintView } from "../features/sprints/components/SprintView.js";
import { useSprintsOn } from "../features/sprints/hooks/use-sprints.js";
import { sprintsEn } from "../features/sprints/i18n/en.js";
import { pageNumberOf, sprintTabOf, TAB_PARAM } from "../features/sprints/lib/sprint-tabs.js";
import { addCatalogue } from "../i18n/index.js";
import { NotFoundPage } from "./not-found.js";

// These pages bring their own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(sprintsEn);

/** `sprints`: the Active and Planned tabs (`?tab=planned` picks the second). Gone while the module is off. */
export function SprintsPage() {
  const isOn = useSprintsOn();
  const [search] = useSearchParams();
  if (!isOn) return <NotFoundPage />;
  return <SprintsView tab={sprintTabOf("sprints", search.get(TAB_PARAM))} page={1} />;
}

/** `completed_sprint` and `completed_sprint_pagination`: the Completed tab, a page at a time. */
export function CompletedSprintsPage() {
  const isOn = useSprintsOn();
  const { current_page_number: page } = useParams();
  if (!isOn) return <NotFoundPage />;
  return <SprintsView tab="completed" page={pageNumberOf(page)} />;
}

/** `single_sprint`: one sprint's page. */
export function SingleSprintPage() {
  const isOn = useSprintsOn();
  const { sprint_id: raw } = useParams();
  if (!isOn) return <NotFoundPage />;
  const sprintId = raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(sprintId) || sprintId <= 0) return <NotFoundPage />;
  // A new key per sprint, so moving from one sprint to another starts its page afresh (dialogs, search).
  return <SprintView key={sprintId} sprintId={sprintId} />;
}
