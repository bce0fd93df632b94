import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { Milestone } from "@plotline/contracts";
import { IconFlag, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { todayString } from "../../../lib/dates.js";
import { useMilestones } from "../hooks/use-milestones.js";
import { groupMilestones, type MilestoneGroup } from "../lib/group-milestones.js";
import { MilestoneCard } from "./MilestoneCard.js";
import { MilestoneFormModal } from "./MilestoneFormModal.js";

const GROUPS: readonly MilestoneGroup[] = ["late", "upcoming", "completed"];

/** A project's milestones in three groups: late, upcoming and completed. */
export function MilestonesBoard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { data: project } = useProject(projectId);
  const milestones = useMilestones(projectId);
  const [editing, setEditing] = useState<Milestone | "new" | null>(null);
  const canCreate = project?.abilities.create_milestone ?? false;

  const newButton = canCreate && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
      {t("milestones.new")}
    </Button>
  );

  let body;
  if (milestones.isPending) body = <LoadingScreen />;
  else if (milestones.error) body = <ErrorState error={milestones.error} onRetry={() => void milestones.refetch()} />;
  else if (milestones.data.data.length === 0) {
    body = (
      <Card withBorder radius="md">
        <EmptyState icon={<IconFlag />} title={t("milestones.empty_title")} body={t("milestones.empty_body")} action={newButton || undefined} />
      </Card>
    );
  } else {
    const groups = groupMilestones(milestones.data.data, todayString());
    body = (
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {GROUPS.map((group) => (
          <Stack key={group} gap="xs" component="section" aria-labelledby={`milestones-${group}`}>
            <Group gap="xs">
              <Title order={2} size="h5" id={`milestones-${group}`}>
                {t(`milestones.groups.${group}`)}
              </Title>
              <Badge variant="light" color={group === "late" ? "red" : group === "completed" ? "green" : "blue"} size="sm">
                {groups[group].length}
              </Badge>
            </Group>
            {groups[group].length === 0 ? (
              <Text size="sm" c="dimmed">
                {t(`milestones.group_empty.${group}`)}
              </Text>
            ) : (
              groups[group].map((milestone) => (
                <MilestoneCard key={milestone.id} projectId={projectId} milestone={milestone} group={group} onEdit={setEditing} />
              ))
            )}
          </Stack>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t("milestones.title")}
        </Title>
        {milestones.data && milestones.data.data.length > 0 && newButton}
      </Group>
      {body}
      {editing !== null && (
        <MilestoneFormModal
          key={editing === "new" ? "new" : editing.id}
          projectId={projectId}
          milestone={editing === "new" ? null : editing}
          canSetPrivacy={editing === "new" ? (project?.abilities.can_set_privacy_milestone ?? false) : editing.abilities.can_set_privacy}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
