import { MilestonesBoard } from "../features/milestones/components/MilestonesBoard.js";
import { useProjectId } from "../features/projects/hooks/use-projects.js";

/** `milestones`: a project's milestones, late, upcoming and completed. */
export function MilestonesPage() {
  return <MilestonesBoard projectId={useProjectId()} />;
}
