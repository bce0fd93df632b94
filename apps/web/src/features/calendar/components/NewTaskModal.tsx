import "@mantine/dates/styles.css";
import { Button, Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { createTaskBody, type CalendarProject } from "@plotline/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreateTask } from "../../tasks/hooks/use-tasks.js";
import { dateInputFormat, toDayString } from "../../../lib/dates.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";

const FIELDS = ["title", "board_id", "assignees", "start_at", "due_date", "privacy"] as const;

interface Values {
  project: string | null;
  board_id: string | null;
  title: string;
  assignees: string[];
  start_at: string | null;
  due_date: string | null;
  privacy: boolean;
}

/** What a click on a day (or a row's day in the user view) starts a task with. */
export interface NewTaskDraft {
  /** The day clicked, as start and due date; null (the `c` key, the palette) leaves both empty. */
  day: string | null;
  projectId: number | null;
  assigneeId: number | null;
}

function inboxOf(project: CalendarProject | undefined): string | null {
  const list = project?.task_lists.data.find((candidate) => candidate.is_inbox) ?? project?.task_lists.data[0];
  return list ? String(list.id) : null;
}

/**
 * The 'New Task' popup: a project selector, then the task form (title, task list of that project,
 * assignees, start and due dates set to the day clicked, privacy for those who may). Only projects where
 * the caller may create tasks are offered.
 */
export function NewTaskModal({ draft, projects, onClose }: { draft: NewTaskDraft; projects: readonly CalendarProject[]; onClose: () => void }) {
  const { t } = useTranslation();
  const creatable = projects.filter((project) => project.abilities.create_task);
  const initialProject = creatable.find((project) => project.id === draft.projectId) ?? (creatable.length === 1 ? creatable[0] : undefined);
  const form = useForm<Values>({
    initialValues: {
      project: initialProject ? String(initialProject.id) : null,
      board_id: inboxOf(initialProject),
      title: "",
      assignees: draft.assigneeId && initialProject?.users.data.some((user) => user.id === draft.assigneeId) ? [String(draft.assigneeId)] : [],
      start_at: draft.day,
      due_date: draft.day,
      privacy: false,
    },
    validate: (values) => ({
      ...validateWith(createTaskBody.pick({ title: true }))({ title: values.title }),
      ...(values.project ? {} : { project: t("calendar.new_task_form.project_required") }),
      ...(values.start_at && values.due_date && (toDayString(values.due_date) ?? "") < (toDayString(values.start_at) ?? "") ? { due_date: t("calendar.new_task_form.due_before_start") } : {}),
    }),
  });
  const guard = useDiscardGuard(form.isDirty(), onClose);
  const project = creatable.find((candidate) => String(candidate.id) === form.values.project);
  const create = useCreateTask(project?.id ?? 0);

  const submit = form.onSubmit((values) => {
    if (!project) return;
    create.mutate(
      {
        title: values.title,
        ...(values.board_id && { board_id: Number(values.board_id) }),
        assignees: values.assignees.map(Number),
        start_at: toDayString(values.start_at),
        due_date: toDayString(values.due_date),
        ...(project.abilities.can_set_privacy_task && { privacy: values.privacy }),
      },
      {
        // The calendar refetches through the query-key map, as after any task change.
        onSuccess: () => onClose(),
        // The query client toasts every message; the form also shows them next to their fields.
        onError: (error) => form.setErrors(fieldErrors(error, FIELDS).byField),
      },
    );
  });

  return (
    <GuardedModal guard={guard} opened title={t("calendar.new_task_form.title")} size="lg" centered>
      {creatable.length === 0 ? (
        <Text c="dimmed">{t("calendar.new_task_form.no_project")}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label={t("calendar.new_task_form.project")}
              placeholder={t("calendar.new_task_form.project_placeholder")}
              data={creatable.map((candidate) => ({ value: String(candidate.id), label: candidate.title }))}
              searchable
              required
              nothingFoundMessage={t("calendar.no_project_found")}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("project")}
              onChange={(value) => {
                const next = creatable.find((candidate) => String(candidate.id) === value);
                form.setValues({ project: value, board_id: inboxOf(next), assignees: form.values.assignees.filter((id) => next?.users.data.some((user) => String(user.id) === id)) });
              }}
            />
            <TextInput label={t("calendar.new_task_form.task_title")} placeholder={t("calendar.new_task_form.task_title_placeholder")} required data-autofocus maxLength={255} {...form.getInputProps("title")} />
            <Select
              label={t("calendar.new_task_form.list")}
              data={(project?.task_lists.data ?? []).map((list) => ({ value: String(list.id), label: list.title }))}
              disabled={!project}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("board_id")}
            />
            <MultiSelect
              label={t("tasks.assignees")}
              placeholder={form.values.assignees.length === 0 ? t("tasks.nobody_assigned") : undefined}
              data={(project?.users.data ?? []).map((user) => ({ value: String(user.id), label: user.display_name }))}
              disabled={!project}
              searchable
              clearable
              nothingFoundMessage={t("tasks.no_member_found")}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("assignees")}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DatePickerInput
                label={t("tasks.start_date")}
                placeholder={dateInputFormat()}
                valueFormat={dateInputFormat()}
                clearable
                leftSection={<IconCalendar size={16} aria-hidden />}
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps("start_at")}
              />
              <DatePickerInput
                label={t("tasks.due_date")}
                placeholder={dateInputFormat()}
                valueFormat={dateInputFormat()}
                clearable
                leftSection={<IconCalendar size={16} aria-hidden />}
                popoverProps={{ withinPortal: true }}
                {...form.getInputProps("due_date")}
              />
            </SimpleGrid>
            {project?.abilities.can_set_privacy_task && <Checkbox label={t("tasks.private_switch")} description={t("tasks.private_hint")} {...form.getInputProps("privacy", { type: "checkbox" })} />}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={guard.requestClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("calendar.new_task_form.create")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </GuardedModal>
  );
}
