import { Badge, Group, Mark, Stack, Text, ThemeIcon } from "@mantine/core";
import type { SearchResult, SearchResultType, SearchSegment } from "@plotline/contracts";
import {
  IconBriefcase,
  IconCheckbox,
  IconFileText,
  IconFlag,
  IconListCheck,
  IconMessageCircle,
  IconMessages,
  IconSubtask,
  type Icon,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

const ICONS: Record<SearchResultType, Icon> = {
  task: IconCheckbox,
  subtask: IconSubtask,
  task_list: IconListCheck,
  discussion_board: IconMessages,
  milestone: IconFlag,
  comment: IconMessageCircle,
  doc: IconFileText,
  project: IconBriefcase,
};

const STATUS_COLORS: Record<string, string> = { complete: "teal", incomplete: "blue", pending: "yellow", current: "blue", archived: "gray" };

/** Text with the server's marked pieces as <mark>: the record's own text never becomes HTML. */
export function MarkedText({ segments }: { segments: readonly SearchSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <Mark key={index} color="yellow" px={1}>
            {segment.text}
          </Mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/** One result: kind icon, marked title, status, where it is, and the matching excerpt. */
export function SearchResultItem({ result, showProject }: { result: SearchResult; showProject: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[result.type];
  const statusLabel = !result.status
    ? null
    : result.type === "project"
      ? t(`projects.status.${result.status}`, { defaultValue: result.status })
      : t(`search.status.${result.status}`, { defaultValue: result.status });
  const where = [
    t(`search.types.${result.type}`),
    result.type === "comment" ? t("search.comment_on", { title: result.title }) : null,
    result.type === "subtask" && result.parent_title ? t("search.in_parent", { title: result.parent_title }) : null,
    showProject && result.type !== "project" ? result.project_title : null,
  ].filter((part): part is string => Boolean(part));

  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={result.type === "project" ? "grape" : "blue"} size="md" radius="md" aria-hidden style={{ flexShrink: 0 }}>
        <Icon size={16} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500} lineClamp={1} style={{ overflowWrap: "anywhere" }}>
            {result.type === "comment" ? <MarkedText segments={result.snippet.length > 0 ? result.snippet : result.title_segments} /> : <MarkedText segments={result.title_segments} />}
          </Text>
          {statusLabel && (
            <Badge size="xs" variant="light" color={STATUS_COLORS[result.status ?? ""] ?? "gray"} style={{ flexShrink: 0 }}>
              {statusLabel}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {where.join(" · ")}
        </Text>
        {result.type !== "comment" && result.snippet.length > 0 && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            <MarkedText segments={result.snippet} />
          </Text>
        )}
      </Stack>
    </Group>
  );
}
