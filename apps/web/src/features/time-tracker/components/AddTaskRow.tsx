import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { TimesheetRow } from "@plotline/contracts";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useProjectTitles } from "../../tasks/hooks/use-my-tasks.js";
import { useOpenTasksForTime } from "../hooks/use-timesheet.js";
import { emptyRowFor } from "../lib/timesheet-rows.js";

/**
 * "Add a task": one of the owner's open tasks, searched by title and grouped by project, becomes a row of
 * the sheet so its days take time. Tasks already on the sheet are not offered again.
 */
export function AddTaskRow({ userId, shown, onAdd }: { userId: number; shown: ReadonlySet<number>; onAdd: (row: TimesheetRow) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [title] = useDebouncedValue(search.trim(), 250);
  const [opened, setOpened] = useState(false);
  const tasks = useOpenTasksForTime(userId, title, opened);
  const titles = useProjectTitles().data;
  const projectOf = (projectId: number) => titles?.get(projectId) ?? t("my_tasks.project_number", { id: projectId });

  const offered = (tasks.data ?? []).filter((task) => !shown.has(task.id));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const task of offered) {
    const project = projectOf(task.project_id);
    groups.set(project, [...(groups.get(project) ?? []), { value: String(task.id), label: task.title }]);
  }

  return (
    <Select
      aria-label={t("timesheet.add_task")}
      placeholder={t("timesheet.add_task")}
      leftSection={<IconPlus size={16} />}
      data={[...groups].map(([group, items]) => ({ group, items }))}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={tasks.isFetching ? t("common.loading") : t("timesheet.add_task_none")}
      filter={({ options }) => options}
      comboboxProps={{ withinPortal: true }}
      w={{ base: "100%", xs: 340 }}
      onChange={(next) => {
        const task = offered.find((candidate) => String(candidate.id) === next);
        if (!task) return;
        onAdd(emptyRowFor(task, projectOf(task.project_id)));
        setSearch("");
      }}
      data-testid="timesheet-add-task"
    />
  );
}
