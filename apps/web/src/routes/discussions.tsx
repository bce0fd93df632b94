import { DiscussionList } from "../features/discussions/components/DiscussionList.js";
import { useProjectId } from "../features/projects/hooks/use-projects.js";

/** `discussions`: a project's discussions and the form to start one. */
export function DiscussionsPage() {
  return <DiscussionList projectId={useProjectId()} />;
}
