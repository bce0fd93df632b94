import { GanttView } from "../features/gantt/components/GanttView.js";
import { useGanttOn } from "../features/gantt/hooks/use-gantt.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { NotFoundPage } from "./not-found.js";
import { addCatalogue } from "../i18n/index.js";
import { ganttEn } from "../features/gantt/i18n/en.js";

// This page brings its own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(ganttEn);

/** `gantt`: the project's Gantt chart. Gone while the module is off. */
export function GanttPage() {
  const isOn = useGanttOn();
  const project = useProject(useProjectId());
  if (!isOn) return <NotFoundPage />;
  if (!project.data) return null;
  return <GanttView project={project.data} />;
}
