import { Alert, Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import type { Sprint } from "@plotline/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client.js";
import { formatDate } from "../../../lib/dates.js";
import { useCompleteSprint, useOpenSprints, useStartSprint } from "../hooks/use-sprints.js";
import { carryOverTargets } from "../lib/sprint-planning.js";

/** "Start sprint": says what becomes the original scope, then starts it. */
export function StartSprintModal({ sprint, onClose }: { sprint: Sprint; onClose: () => void }) {
  const { t } = useTranslation();
  const start = useStartSprint(sprint.id);
  const count = sprint.tasks?.meta.total ?? sprint.counters.tasks.total;
  return (
    <Modal opened onClose={onClose} title={t("sprints.start_title", { title: sprint.title })} centered size="sm">
      <Text size="sm">{count === 0 ? t("sprints.start_message_empty") : t("sprints.start_message", { count })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: onClose })} data-autofocus>
          {t("sprints.start")}
        </Button>
      </Group>
    </Modal>
  );
}

const BACKLOG = "backlog";

/**
 * "Complete sprint": how much is done, and where the open tasks go, a planned sprint or back to the
 * backlog (the server moves them and keeps them in this sprint's history as carried over). A planned sprint
 * that does not span the open tasks' projects is marked; the server's refusal shows under the choice.
 */
export function CompleteSprintModal({ sprint, onClose }: { sprint: Sprint; onClose: () => void }) {
  const { t } = useTranslation();
  const complete = useCompleteSprint(sprint.id);
  const open = useOpenSprints();
  const openTasks = (sprint.tasks?.data ?? []).filter((task) => task.status !== 1);
  const targets = carryOverTargets(open.data ?? [], sprint, openTasks.map((task) => task.project_id));
  const [choice, setChoice] = useState<string>(BACKLOG);
  const fieldError = complete.error instanceof ApiError ? complete.error.params.carry_over_to?.[0] : undefined;
  const done = sprint.counters.tasks.complete;
  const total = sprint.counters.tasks.total;

  return (
    <Modal opened onClose={onClose} title={t("sprints.complete_title", { title: sprint.title })} centered size="md">
      <Stack gap="md">
        <Text size="sm">{t("sprints.complete_summary", { done, total })}</Text>
        {openTasks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("sprints.complete_all_done")}
          </Text>
        ) : (
          <Radio.Group
            value={choice}
            onChange={setChoice}
            label={t("sprints.complete_open", { count: openTasks.length })}
            error={fieldError}
            name="carry_over_to"
          >
            <Stack gap="xs" mt="xs">
              <Radio value={BACKLOG} label={t("sprints.carry_backlog")} />
              {targets.map(({ sprint: target, coversProjects }) => (
                <Radio
                  key={target.id}
                  value={String(target.id)}
                  label={t("sprints.carry_sprint", { title: target.title })}
                  description={
                    coversProjects
                      ? t("sprints.carry_sprint_dates", { day: formatDate(target.start_at.date) })
                      : `${t("sprints.carry_sprint_dates", { day: formatDate(target.start_at.date) })} · ${t("sprints.carry_missing_projects")}`
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {openTasks.length > 0 && open.data && targets.length === 0 && (
          <Alert color="gray" variant="light" p="xs">
            {t("sprints.carry_none_planned")}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            loading={complete.isPending}
            onClick={() => complete.mutate(choice === BACKLOG ? null : Number(choice), { onSuccess: onClose })}
            data-autofocus
          >
            {t("sprints.complete_confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
