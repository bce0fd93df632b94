import { Button, Group, MultiSelect, Select } from "@mantine/core";
import { UNASSIGNED_USER_ID, type CalendarProject, type CalendarUser } from "@plotline/contracts";
import { IconFilter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** The filters as applied: one project or all of them, and the assignees to keep (0: unassigned). */
export interface CalendarFilterValues {
  projectId: number | null;
  users: number[];
}

/**
 * Project select, multi-user select and the Filter button: changes apply when Filter is pressed, so one
 * can set both before the calendar reloads. People offered are the chosen project's members (everyone's
 * otherwise), and "Unassigned" for tasks nobody holds. The parent keys it by the applied values, so the
 * draft starts again when the address changes them (back button, a project calendar link).
 */
export function CalendarFilters({
  projects,
  users,
  applied,
  onApply,
}: {
  projects: readonly CalendarProject[];
  users: readonly CalendarUser[];
  applied: CalendarFilterValues;
  onApply: (values: CalendarFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useState<string | null>(applied.projectId === null ? null : String(applied.projectId));
  const [chosen, setChosen] = useState<string[]>(applied.users.map(String));

  const project = projects.find((candidate) => String(candidate.id) === projectId);
  const people = new Map<number, string>((project ? project.users.data : users).map((user) => [user.id, user.display_name]));
  // Someone already chosen stays offered, so they can be removed.
  for (const id of chosen) {
    const known = users.find((user) => String(user.id) === id);
    if (known && !people.has(known.id)) people.set(known.id, known.display_name);
  }
  const userOptions = [
    ...[...people].map(([id, name]) => ({ value: String(id), label: name })),
    { value: String(UNASSIGNED_USER_ID), label: t("calendar.unassigned") },
  ];

  return (
    <Group
      component="form"
      aria-label={t("calendar.filters")}
      gap="sm"
      align="flex-end"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ projectId: projectId === null ? null : Number(projectId), users: chosen.map(Number) });
      }}
    >
      <Select
        label={t("calendar.project")}
        placeholder={t("calendar.all_projects")}
        data={projects.map((candidate) => ({ value: String(candidate.id), label: candidate.title }))}
        value={projectId}
        onChange={setProjectId}
        searchable
        clearable
        nothingFoundMessage={t("calendar.no_project_found")}
        w={240}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t("calendar.users")}
        placeholder={chosen.length === 0 ? t("calendar.everyone") : undefined}
        data={userOptions}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        nothingFoundMessage={t("calendar.no_user_found")}
        miw={260}
        maw={460}
        comboboxProps={{ withinPortal: true }}
      />
      <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
        {t("calendar.filter")}
      </Button>
    </Group>
  );
}
