import { Outlet } from "react-router";
import { KanboardView } from "../features/kanboard/components/KanboardView.js";
import { useKanboardOn } from "../features/kanboard/hooks/use-kanboard-on.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { NotFoundPage } from "./not-found.js";
import { addCatalogue } from "../i18n/index.js";
import { kanboardEn } from "../features/kanboard/i18n/en.js";

// This page brings its own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(kanboardEn);

/** `kanboard`: the project's Kanban board; the single-task modal opens over it. Gone while the module is off. */
export function KanboardPage() {
  const isOn = useKanboardOn();
  const project = useProject(useProjectId());
  if (!isOn) return <NotFoundPage />;
  if (!project.data) return null;
  return (
    <>
      <KanboardView project={project.data} />
      <Outlet />
    </>
  );
}
