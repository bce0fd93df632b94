import "./RichTextEditor.css";
import { Typography } from "@mantine/core";

/** Someone who can be @mentioned. */
export interface MentionUser {
  id: number;
  display_name: string;
}

/**
 * Renders rich text the server has already sanitised (its allow-list runs on every save). Kept apart
 * from the editor so that pages which only show rich text do not load the editor's libraries.
 */
export function RichTextView({ html }: { html: string }) {
  return (
    <Typography>
      <div className="plotline-rich-text" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** Ids of the people mentioned in an editor's HTML, for `notify_users`. */
export function mentionedUserIds(html: string): number[] {
  if (!html) return [];
  const doc = new DOMParser().parseFromString(html, "text/html");
  const ids = [...doc.querySelectorAll('span[data-type="mention"]')].map((node) => Number(node.getAttribute("data-id")));
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
}
