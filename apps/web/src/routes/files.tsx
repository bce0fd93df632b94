import { Outlet, useParams } from "react-router";
import { FilesBrowser } from "../features/files/components/FilesBrowser.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";
import { NotFoundPage } from "./not-found.js";

/** `pm_files`: the files home, the project's top folder. */
export function FilesHomePage() {
  const project = useProject(useProjectId());
  if (!project.data) return null;
  return <FilesBrowser project={project.data} folderId={0} />;
}

/** `pro_file_lists`: one folder of the project's files; the single doc, file and link modals open over it. */
export function FolderPage() {
  const project = useProject(useProjectId());
  const { folder_id: raw } = useParams();
  if (!raw || !/^\d+$/.test(raw)) return <NotFoundPage />;
  if (!project.data) return null;
  return (
    <>
      <FilesBrowser project={project.data} folderId={Number(raw)} />
      <Outlet />
    </>
  );
}
