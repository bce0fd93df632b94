import { ProjectsBrowser } from "../features/projects/components/ProjectsBrowser.js";

/** `project_lists`: the projects list, by status, with search and the new-project form. */
export function ProjectListsPage() {
  return <ProjectsBrowser />;
}
