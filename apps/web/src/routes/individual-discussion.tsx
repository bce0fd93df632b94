import { useParams } from "react-router";
import { DiscussionView } from "../features/discussions/components/DiscussionView.js";
import { useProjectId } from "../features/projects/hooks/use-projects.js";

/** `individual_discussions`: one discussion with its comments. */
export function IndividualDiscussionPage() {
  const { discussion_id: raw } = useParams();
  const discussionId = raw && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return <DiscussionView projectId={useProjectId()} discussionId={discussionId} />;
}
