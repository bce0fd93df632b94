import { Button, Checkbox, Group, Input, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createDiscussionBody, type Discussion } from "@plotline/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { type MentionUser } from "../../../components/RichTextView.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { AttachmentPicker, EMPTY_DRAFT, type AttachmentDraft } from "../../files/components/AttachmentPicker.js";
import { useMilestones } from "../../milestones/hooks/use-milestones.js";
import { useProject } from "../../projects/hooks/use-projects.js";
import { useCreateDiscussion, useUpdateDiscussion } from "../hooks/use-discussions.js";

const FIELDS = ["title", "description", "milestone", "privacy"] as const;

interface Values {
  title: string;
  description: string;
  /** Milestone id as text for the select; "0" for none. */
  milestone: string;
  privacy: boolean;
}

/**
 * Starts a discussion, or edits one when `discussion` is given: title, message, attachments, milestone and
 * the privacy box (shown per the server's abilities: the discussion's own, or the project's for a new one).
 */
export function DiscussionFormModal({
  projectId,
  discussion,
  mentionUsers,
  onClose,
  onCreated,
}: {
  projectId: number;
  discussion: Discussion | null;
  mentionUsers: readonly MentionUser[];
  onClose: () => void;
  onCreated?: (discussion: Discussion) => void;
}) {
  const { t } = useTranslation();
  const milestones = useMilestones(projectId);
  const { data: project } = useProject(projectId);
  const canSetPrivacy = discussion ? discussion.abilities.can_set_privacy : (project?.abilities.can_set_privacy_message ?? false);
  const create = useCreateDiscussion(projectId);
  const update = useUpdateDiscussion(projectId);
  const [attachments, setAttachments] = useState<AttachmentDraft>(EMPTY_DRAFT);
  const form = useForm<Values>({
    initialValues: {
      title: discussion?.title ?? "",
      description: discussion?.description.html ?? "",
      milestone: String(discussion?.milestone.data?.id ?? 0),
      privacy: discussion?.meta.privacy === "1",
    },
    validate: (values) => validateWith(createDiscussionBody.pick({ title: true }))({ title: values.title }),
  });
  const milestoneOptions = [
    { value: "0", label: t("discussions.form.milestone_none") },
    ...(milestones.data?.data ?? []).map((milestone) => ({ value: String(milestone.id), label: milestone.title })),
  ];

  const hasNewFiles = attachments.added.length > 0 || attachments.removed.length > 0;
  const guard = useDiscardGuard(form.isDirty() || hasNewFiles, onClose);

  // The query client toasts every message; the form also shows them next to their fields.
  const onError = (error: unknown) => form.setErrors(fieldErrors(error, FIELDS).byField);

  const submit = form.onSubmit((values) => {
    const body = { title: values.title, description: values.description, milestone: Number(values.milestone), privacy: values.privacy };
    const files = attachments.added.map((entry) => entry.file);
    if (discussion) {
      const changes = { ...body, ...(attachments.removed.length > 0 && { files_to_delete: [...attachments.removed] }) };
      update.mutate({ id: discussion.id, body: changes, files }, { onSuccess: onClose, onError });
    } else
      create.mutate({ ...body, files }, {
        onSuccess: (result) => {
          onClose();
          onCreated?.(result.data);
        },
        onError,
      });
  });

  return (
    <GuardedModal guard={guard} opened title={discussion ? t("discussions.form.edit_title") : t("discussions.form.new_title")} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("discussions.form.title")} placeholder={t("discussions.form.title_placeholder")} required data-autofocus {...form.getInputProps("title")} />
          <Input.Wrapper label={t("discussions.form.body")} error={form.errors.description}>
            <RichTextEditor
              value={form.values.description}
              onChange={(html) => form.setFieldValue("description", html)}
              placeholder={t("discussions.form.body_placeholder")}
              ariaLabel={t("discussions.form.body")}
              mentionUsers={mentionUsers}
              minHeight={140}
            />
          </Input.Wrapper>
          <Input.Wrapper label={t("attachments.title")}>
            <AttachmentPicker existing={discussion?.files.data} value={attachments} onChange={setAttachments} disabled={create.isPending || update.isPending} />
          </Input.Wrapper>
          <Select
            label={t("discussions.form.milestone")}
            data={milestoneOptions}
            allowDeselect={false}
            disabled={milestones.isPending}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("milestone")}
          />
          {canSetPrivacy && <Checkbox label={t("discussions.form.privacy")} {...form.getInputProps("privacy", { type: "checkbox" })} />}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("discussions.form.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {discussion ? t("discussions.form.save") : t("discussions.form.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
