import "@mantine/dates/styles.css";
import { Button, Checkbox, Group, Input, Stack, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { useForm } from "@mantine/form";
import { createMilestoneBody, dateOf, type Milestone } from "@plotline/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { dateInputFormat, toDayString } from "../../../lib/dates.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreateMilestone, useUpdateMilestone } from "../hooks/use-milestones.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";

const FIELDS = ["title", "description", "achieve_date", "privacy"] as const;

interface Values {
  title: string;
  description: string;
  /** YYYY-MM-DD, as the picker gives it and the API takes it. */
  achieve_date: string | null;
  privacy: boolean;
}

/**
 * Adds a milestone, or edits one when `milestone` is given. The date shows in the user's date format and is sent as
 * YYYY-MM-DD; the privacy box appears only to people who may see private milestones.
 */
export function MilestoneFormModal({
  projectId,
  milestone,
  canSetPrivacy,
  onClose,
}: {
  projectId: number;
  milestone: Milestone | null;
  canSetPrivacy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateMilestone(projectId);
  const update = useUpdateMilestone(projectId);
  const form = useForm<Values>({
    initialValues: {
      title: milestone?.title ?? "",
      description: milestone?.description.html ?? "",
      achieve_date: dateOf(milestone?.achieve_date),
      privacy: milestone?.meta.privacy === "1",
    },
    validate: (values) => validateWith(createMilestoneBody.pick({ title: true }))({ title: values.title }),
  });

  const guard = useDiscardGuard(form.isDirty(), onClose);
  // The query client toasts every message; the form also shows them next to their fields.
  const onError = (error: unknown) => form.setErrors(fieldErrors(error, FIELDS).byField);

  const submit = form.onSubmit((values) => {
    const body = {
      title: values.title,
      description: values.description,
      achieve_date: toDayString(values.achieve_date),
      ...(canSetPrivacy && { privacy: values.privacy }),
    };
    if (milestone) update.mutate({ id: milestone.id, body }, { onSuccess: onClose, onError });
    else create.mutate({ ...body, status: 0, privacy: canSetPrivacy && values.privacy }, { onSuccess: onClose, onError });
  });

  return (
    <GuardedModal guard={guard} opened title={milestone ? t("milestones.form.edit_title") : t("milestones.form.new_title")} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("milestones.form.title")} placeholder={t("milestones.form.title_placeholder")} required data-autofocus {...form.getInputProps("title")} />
          <Input.Wrapper label={t("milestones.form.description")} error={form.errors.description}>
            <RichTextEditor
              value={form.values.description}
              onChange={(html) => form.setFieldValue("description", html)}
              placeholder={t("milestones.form.description_placeholder")}
              ariaLabel={t("milestones.form.description")}
              minHeight={80}
            />
          </Input.Wrapper>
          <DatePickerInput
            label={t("milestones.form.achieve_date")}
            placeholder={dateInputFormat()}
            valueFormat={dateInputFormat()}
            clearable
            leftSection={<IconCalendar size={16} />}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps("achieve_date")}
          />
          {canSetPrivacy && <Checkbox label={t("milestones.form.privacy")} {...form.getInputProps("privacy", { type: "checkbox" })} />}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("milestones.form.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {milestone ? t("milestones.form.save") : t("milestones.form.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
