import { routePath } from "@plotline/contracts";
import { useNavigate, useParams } from "react-router";
import { FileItemModal } from "../features/files/components/FileItemModal.js";
import { useProject, useProjectId } from "../features/projects/hooks/use-projects.js";

/** `single_doc`, `single_file` and `single_link`: an item's modal over its folder; closing returns to the folder. */
export function SingleFileItemPage() {
  const projectId = useProjectId();
  const project = useProject(projectId);
  const params = useParams();
  const navigate = useNavigate();
  const raw = params.doc_id ?? params.file_id ?? params.link_id ?? "";
  const folderId = params.folder_id ?? "0";

  const close = () => void navigate(routePath("pro_file_lists", { project_id: projectId, folder_id: folderId }), { replace: true });

  if (!project.data) return null;
  return <FileItemModal key={raw} project={project.data} itemId={/^\d+$/.test(raw) ? Number(raw) : Number.NaN} onClose={close} />;
}
