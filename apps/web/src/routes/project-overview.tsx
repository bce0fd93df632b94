import { ProjectOverview } from "../features/projects/components/ProjectOverview.js";
import { useProjectId } from "../features/projects/hooks/use-projects.js";

/** `pm_overview`: a project's totals, activity graph, recent activity and members. */
export function ProjectOverviewPage() {
  return <ProjectOverview projectId={useProjectId()} />;
}
