import { Badge, Button, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { CommentableType } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { mentionedUserIds, type MentionUser } from "../../../components/RichTextView.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { useComments, useCreateComment } from "../hooks/use-comments.js";
import { CommentForm } from "./CommentForm.js";
import { CommentItem } from "./CommentItem.js";

/**
 * The comments of one record, with the form to add one. People mentioned with @ are sent as
 * `notify_users`, so they are told.
 */
export function CommentsPanel({
  projectId,
  commentableType,
  commentableId,
  mentionUsers,
}: {
  projectId: number;
  commentableType: CommentableType;
  commentableId: number;
  mentionUsers: readonly MentionUser[];
}) {
  const { t } = useTranslation();
  const comments = useComments(projectId, commentableType, commentableId);
  const create = useCreateComment(projectId);

  return (
    <Stack gap="sm" component="section" aria-labelledby={`comments-${commentableType}-${commentableId}`}>
      <Group gap="xs">
        <Title order={2} size="h5" id={`comments-${commentableType}-${commentableId}`}>
          {t("comments.title")}
        </Title>
        {comments.total !== undefined && (
          <Badge variant="light" color="gray" size="sm">
            {comments.total}
          </Badge>
        )}
      </Group>
      {comments.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t("common.loading")}>
          <Skeleton height={64} radius="md" />
          <Skeleton height={64} radius="md" />
        </Stack>
      ) : comments.error ? (
        <ErrorState error={comments.error} onRetry={() => void comments.refetch()} />
      ) : !comments.comments || comments.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("comments.empty")}
        </Text>
      ) : (
        <Stack gap="xs">
          {comments.comments.map((comment) => (
            <CommentItem key={comment.id} projectId={projectId} comment={comment} mentionUsers={mentionUsers} />
          ))}
          {comments.hasNextPage && (
            <Button variant="subtle" size="xs" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
              {t("comments.show_more")}
            </Button>
          )}
        </Stack>
      )}
      <CommentForm
        submitLabel={t("comments.add")}
        mentionUsers={mentionUsers}
        onSubmit={(html, attachments) =>
          create.mutateAsync({
            content: html,
            commentable_type: commentableType,
            commentable_id: commentableId,
            notify_users: mentionedUserIds(html),
            files: attachments.added.map((entry) => entry.file),
          })
        }
      />
    </Stack>
  );
}
