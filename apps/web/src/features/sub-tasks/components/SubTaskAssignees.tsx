import { MultiSelect, Popover, UnstyledButton } from "@mantine/core";
import type { Member, SubTask } from "@plotline/contracts";
import { IconUserPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDraft } from "../../tasks/hooks/use-draft.js";
import { AssigneeAvatars } from "../../tasks/components/TaskMeta.js";

/**
 * A sub-task's assignees on its row: their pictures, or an "assign" icon; whoever may assign opens a
 * searchable pick of the project's members, each change saving at once (the task modal's rule).
 */
export function SubTaskAssignees({
  subTask,
  members,
  canAssign,
  error,
  onSave,
}: {
  subTask: SubTask;
  members: readonly Member[];
  canAssign: boolean;
  /** The server's message about the assignees, shown under the pick. */
  error?: string;
  onSave: (assignees: number[], onFailed: () => void) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue, reset] = useDraft(subTask.assignees.data.map((user) => String(user.id)));
  if (!canAssign) return <AssigneeAvatars task={subTask} />;
  // People assigned earlier who have since left the project still show, so they can be taken off.
  const people = new Map<number, string>(members.map((member) => [member.id, member.display_name]));
  for (const user of subTask.assignees.data) if (!people.has(user.id)) people.set(user.id, user.display_name);
  const names = subTask.assignees.data.map((user) => user.display_name).join(", ");
  const label = t("sub_tasks.assignees", { title: subTask.title });

  return (
    <Popover position="bottom-end" width={260} trapFocus shadow="md" withinPortal>
      <Popover.Target>
        <UnstyledButton
          aria-label={names ? `${label}: ${names}` : label}
          title={names ? undefined : t("sub_tasks.nobody_assigned")}
          className="sub-task-control"
          data-testid="sub-task-assignees"
        >
          {subTask.assignees.data.length > 0 ? <AssigneeAvatars task={subTask} /> : <IconUserPlus size={18} aria-hidden />}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <MultiSelect
          label={t("sub_tasks.assignees_label")}
          data={[...people].map(([id, name]) => ({ value: String(id), label: name }))}
          value={value}
          searchable
          clearable
          error={error}
          nothingFoundMessage={t("tasks.no_member_found")}
          comboboxProps={{ withinPortal: false }}
          data-autofocus
          onChange={(next) => {
            setValue(next);
            onSave(next.length > 0 ? next.map(Number) : [0], reset);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
