import { Avatar, Group, Tooltip } from "@mantine/core";
import type { Task } from "@plotline/contracts";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../../components/UserAvatar.js";
import { DueBadge } from "./DueBadge.js";
import { PriorityIcon } from "./TaskPriority.js";

const MAX_AVATARS = 3;

/** A task's assignees as a row of small pictures, with "+n" past three. */
export function AssigneeAvatars({ task }: { task: Pick<Task, "assignees"> }) {
  const { t } = useTranslation();
  const people = task.assignees.data;
  if (people.length === 0) return null;
  const shown = people.slice(0, MAX_AVATARS);
  const names = people.map((person) => person.display_name).join(", ");
  return (
    <Tooltip label={names} withArrow>
      <Avatar.Group spacing={6} aria-label={t("tasks.assigned_to", { names })} role="img">
        {shown.map((person) => (
          <UserAvatar key={person.id} user={person} size={22} />
        ))}
        {people.length > MAX_AVATARS && (
          <Avatar size={22} radius="xl">
            +{people.length - MAX_AVATARS}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}

/** Priority, due date (relative near today, red once overdue), privacy lock and assignees of a task, as shown on its row. */
export function TaskMeta({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" style={{ flexShrink: 0 }}>
      <PriorityIcon priority={task.priority} />
      {task.meta.privacy === "1" && (
        <Tooltip label={t("tasks.private")} withArrow>
          <IconLock size={14} aria-label={t("tasks.private")} role="img" color="var(--mantine-color-gray-6)" />
        </Tooltip>
      )}
      <DueBadge due={task.due_date} status={task.status} />
      <AssigneeAvatars task={task} />
    </Group>
  );
}
