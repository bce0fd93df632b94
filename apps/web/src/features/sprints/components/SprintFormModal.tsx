import "@mantine/dates/styles.css";
import { Alert, Button, Group, Input, MultiSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { createSprintBody, SPRINT_GOAL_MAX, SPRINT_TITLE_MAX, type Sprint } from "@plotline/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { dateInputFormat, todayString, toDayString } from "../../../lib/dates.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreateSprint, usePlannableProjects, useUpdateSprint } from "../hooks/use-sprints.js";

const FIELDS = ["title", "goal", "description", "start_at", "due_date", "projects"] as const;

/** Days a new sprint spans unless changed: two weeks. */
const NEW_SPRINT_DAYS = 14;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface Values {
  title: string;
  goal: string;
  description: string;
  /** YYYY-MM-DD, as the picker gives it and the API takes it. */
  start_at: string | null;
  due_date: string | null;
  /** Project ids as the multi-select holds them (strings). */
  projects: string[];
}

/** The body the form sends, built from what is typed. */
function bodyOf(values: Values) {
  return {
    title: values.title,
    goal: values.goal,
    description: values.description,
    start_at: toDayString(values.start_at) ?? "",
    due_date: toDayString(values.due_date) ?? "",
    projects: values.projects.map(Number),
  };
}

/**
 * Plans a sprint, or edits one when `sprint` is given: title, goal, description, start and due dates, and
 * the projects whose tasks it holds. A completed sprint keeps its dates and projects (the server's rule),
 * so those fields are locked. The server's 400s show next to their fields.
 */
export function SprintFormModal({ sprint, onClose, onSaved }: { sprint: Sprint | null; onClose: () => void; onSaved?: (sprint: Sprint) => void }) {
  const { t } = useTranslation();
  const create = useCreateSprint();
  const update = useUpdateSprint(sprint?.id ?? 0);
  const plannable = usePlannableProjects();
  const isLocked = sprint?.status === "completed";
  // A new sprint is offered the usual two weeks from today; both dates stay editable.
  const [newSprintDays] = useState(() => ({ start: todayString(), due: addDays(todayString(), NEW_SPRINT_DAYS - 1) }));

  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const project of sprint?.projects.data ?? []) byId.set(project.id, project.title);
    for (const project of plannable.data) byId.set(project.id, project.title);
    return [...byId].map(([id, title]) => ({ value: String(id), label: title })).sort((a, b) => a.label.localeCompare(b.label));
  }, [plannable.data, sprint]);

  const form = useForm<Values>({
    initialValues: {
      title: sprint?.title ?? "",
      goal: sprint?.goal ?? "",
      description: sprint?.description.html ?? "",
      start_at: sprint?.start_at.date.slice(0, 10) ?? newSprintDays.start,
      due_date: sprint?.due_date.date.slice(0, 10) ?? newSprintDays.due,
      projects: sprint?.projects.data.map((project) => String(project.id)) ?? [],
    },
    validate: (values) => {
      // Missing fields first, in words; then the same rules the server checks (lengths, date order).
      const required: Record<string, string> = {};
      if (values.title.trim() === "") required.title = t("sprints.form_required", { field: t("sprints.form_title") });
      if (!values.start_at) required.start_at = t("sprints.form_required", { field: t("sprints.form_start") });
      if (!values.due_date) required.due_date = t("sprints.form_required", { field: t("sprints.form_due") });
      if (values.projects.length === 0) required.projects = t("sprints.form_projects_required");
      return { ...validateWith(createSprintBody)(bodyOf(values)), ...required };
    },
  });

  const guard = useDiscardGuard(form.isDirty(), onClose);
  // The query client toasts every message; the form also shows them next to their fields.
  const onError = (error: unknown) => form.setErrors(fieldErrors(error, FIELDS).byField);
  const onSuccess = (answer: { data: Sprint }) => {
    onClose();
    onSaved?.(answer.data);
  };

  const submit = form.onSubmit((values) => {
    const body = bodyOf(values);
    if (!sprint) {
      create.mutate(body, { onSuccess, onError });
      return;
    }
    const { start_at, due_date, projects, ...fields } = body;
    update.mutate(isLocked ? fields : { ...fields, start_at, due_date, projects }, { onSuccess, onError });
  });

  return (
    <GuardedModal guard={guard} opened title={sprint ? t("sprints.form_edit_title") : t("sprints.form_new_title")} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("sprints.form_title")}
            placeholder={t("sprints.form_title_placeholder")}
            required
            maxLength={SPRINT_TITLE_MAX}
            data-autofocus
            {...form.getInputProps("title")}
          />
          <Textarea
            label={t("sprints.form_goal")}
            placeholder={t("sprints.form_goal_placeholder")}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={SPRINT_GOAL_MAX}
            {...form.getInputProps("goal")}
          />
          {isLocked && (
            <Alert color="gray" variant="light" p="xs">
              {t("sprints.form_locked")}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DatePickerInput
              label={t("sprints.form_start")}
              placeholder={dateInputFormat()}
              valueFormat={dateInputFormat()}
              required
              disabled={isLocked}
              leftSection={<IconCalendar size={16} aria-hidden />}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps("start_at")}
            />
            <DatePickerInput
              label={t("sprints.form_due")}
              placeholder={dateInputFormat()}
              valueFormat={dateInputFormat()}
              required
              disabled={isLocked}
              minDate={form.values.start_at ?? undefined}
              leftSection={<IconCalendar size={16} aria-hidden />}
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps("due_date")}
            />
          </SimpleGrid>
          <MultiSelect
            label={t("sprints.form_projects")}
            description={t("sprints.form_projects_hint")}
            placeholder={form.values.projects.length === 0 ? t("sprints.form_projects_placeholder") : undefined}
            nothingFoundMessage={t("sprints.form_projects_empty")}
            data={options}
            searchable
            required
            disabled={isLocked}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("projects")}
          />
          <Input.Wrapper label={t("sprints.form_description")} error={form.errors.description}>
            <RichTextEditor
              value={form.values.description}
              onChange={(html) => form.setFieldValue("description", html)}
              placeholder={t("sprints.form_description_placeholder")}
              ariaLabel={t("sprints.form_description")}
              minHeight={80}
            />
          </Input.Wrapper>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("sprints.form_cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {sprint ? t("sprints.form_save") : t("sprints.form_create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
