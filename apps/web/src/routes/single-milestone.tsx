import { Outlet, useParams } from "react-router";
import { MilestoneView } from "../features/milestones/components/MilestoneView.js";
import { useProjectId } from "../features/projects/hooks/use-projects.js";

/** `single_milestone`: one milestone with its lists, progress and comments; a task's modal opens over it. */
export function SingleMilestonePage() {
  const { milestone_id: raw } = useParams();
  const milestoneId = raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return (
    <>
      <MilestoneView projectId={useProjectId()} milestoneId={milestoneId} />
      <Outlet />
    </>
  );
}
