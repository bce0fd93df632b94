import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { PagesTab } from "../features/project-settings/components/PagesTab.js";
import { ProjectSettingsView } from "../features/project-settings/components/ProjectSettingsView.js";

/** `pm_pro_settings`: a project's settings; the Pages tab opens as the child route `page_settings_tab`. */
export function ProjectSettingsPage() {
  const project = useProject(useProjectId());
  if (!project.data) return null;
  return <ProjectSettingsView project={project.data} />;
}

/** `page_settings_tab`: the Pages tab's content, shown inside the settings page's tabs. */
export function PageSettingsTabPage() {
  return <PagesTab />;
}
