import { Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createTaskListBody, type TaskList } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";
import { showFormErrors } from "../../../lib/form-errors.js";
import { notifySuccess } from "../../../lib/notify.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useMilestoneOptions } from "../hooks/use-milestone-options.js";
import { useCreateTaskList, useUpdateTaskList } from "../hooks/use-task-lists.js";

const FIELDS = ["title", "description", "milestone", "privacy"] as const;

/** The Select's value for "no milestone"; the API reads milestone 0 as none. */
const NO_MILESTONE = "0";

interface FormValues {
  title: string;
  description: string;
  /** A milestone id as text, or NO_MILESTONE. */
  milestone: string | null;
  privacy: boolean;
}

function toBody(values: FormValues) {
  return { title: values.title, description: values.description, milestone: values.milestone ? Number(values.milestone) : 0, privacy: values.privacy };
}

/**
 * Creates a task list, or edits `list` when given. The privacy box shows only to people who may see
 * private lists (`canSetPrivacy`), since others could not see the list they made private.
 */
export function TaskListFormModal({
  projectId,
  list,
  canSetPrivacy,
  opened,
  onClose,
}: {
  projectId: number;
  list: TaskList | null;
  canSetPrivacy: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTaskList(projectId);
  const update = useUpdateTaskList(projectId);
  const milestones = useMilestoneOptions(projectId, opened);
  const form = useForm<FormValues>({
    initialValues: {
      title: list?.title ?? "",
      description: list?.description.content ?? "",
      milestone: list?.milestone.data ? String(list.milestone.data.id) : NO_MILESTONE,
      privacy: list?.meta.privacy === "1",
    },
    validate: (values) => validateWith(createTaskListBody)(toBody(values)),
  });

  const guard = useDiscardGuard(form.isDirty(), onClose);

  const onError = (error: unknown) => {
    showFormErrors(form, error, FIELDS);
  };
  const onSaved = (answer: { message?: string }) => {
    if (answer.message) notifySuccess(answer.message);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = { ...toBody(values), privacy: canSetPrivacy ? values.privacy : undefined };
    if (list) update.mutate({ id: list.id, body }, { onSuccess: onSaved, onError });
    else create.mutate({ ...body, privacy: body.privacy ?? false }, { onSuccess: onSaved, onError });
  });

  return (
    <GuardedModal guard={guard} opened={opened} title={list ? t("task_lists.edit_title") : t("task_lists.new")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("task_lists.name")} required data-autofocus maxLength={255} {...form.getInputProps("title")} />
          <Textarea label={t("task_lists.description")} autosize minRows={2} maxRows={8} {...form.getInputProps("description")} />
          <Select
            label={t("task_lists.milestone")}
            // "None" is a choice of its own, so taking a milestone off a list is as plain as giving it one.
            data={[{ value: NO_MILESTONE, label: t("task_lists.no_milestone") }, ...(milestones.data ?? [])]}
            allowDeselect={false}
            searchable={(milestones.data?.length ?? 0) > 7}
            disabled={milestones.isPending}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("milestone")}
          />
          {canSetPrivacy && <Checkbox label={t("task_lists.private")} {...form.getInputProps("privacy", { type: "checkbox" })} />}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {list ? t("task_lists.save") : t("task_lists.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
