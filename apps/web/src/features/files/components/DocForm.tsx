import { Input, Stack, TextInput, Title } from "@mantine/core";
import type { Attachment } from "@plotline/contracts";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormActions, FormFrame } from "./FormFrame.js";
import { useReportDirty } from "../../../components/DiscardGuard.js";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { type MentionUser } from "../../../components/RichTextView.js";
import { useCreateFileItem, useUpdateFileItem } from "../hooks/use-files.js";
import { AttachmentPicker, EMPTY_DRAFT, type AttachmentDraft } from "./AttachmentPicker.js";

/** What an edited doc starts from. */
export interface DocInitial {
  id: number;
  title: string;
  description: string;
  /** Its attachments. */
  files: readonly Attachment[];
}

/**
 * Creates a doc in `parent`, or edits `initial`: a title, rich text (font sizes 10-80 px) and attachments.
 * Saving an edit makes the server keep the previous content as a revision first.
 */
export function DocForm({
  projectId,
  parent,
  initial,
  mentionUsers,
  onClose,
  bare = false,
}: {
  projectId: number;
  parent: number;
  initial?: DocInitial;
  mentionUsers: readonly MentionUser[];
  onClose: () => void;
  /** Without the card and heading, for use inside a modal. */
  bare?: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateFileItem(projectId);
  const update = useUpdateFileItem(projectId);
  const [title, setTitle] = useState(initial?.title ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const [attachments, setAttachments] = useState<AttachmentDraft>(EMPTY_DRAFT);
  const pending = create.isPending || update.isPending;
  const empty = title.trim() === "";
  const isDirty = title !== (initial?.title ?? "") || description !== (initial?.description ?? "") || attachments.added.length > 0 || attachments.removed.length > 0;
  useReportDirty(isDirty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Forms ignore a second submit while the first request runs.
    if (empty || pending) return;
    const files = attachments.added.map((entry) => entry.file);
    if (initial) {
      const fields = { title: title.trim(), description, ...(attachments.removed.length > 0 && { files_to_delete: [...attachments.removed] }) };
      update.mutate({ id: initial.id, fields, files }, { onSuccess: onClose });
    } else create.mutate({ type: "doc", parent, title: title.trim(), description, files }, { onSuccess: onClose });
  };

  const fields = (
    <Stack gap="sm">
      {!bare && (
        <Title order={3} size="h5" id="doc-form-title">
          {t("files.doc_form.title")}
        </Title>
      )}
      <TextInput label={t("files.doc_form.name")} required data-autofocus value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
      <Input.Wrapper label={t("files.doc_form.description")}>
        <RichTextEditor value={description} onChange={setDescription} ariaLabel={t("files.doc_form.description")} mentionUsers={mentionUsers} minHeight={160} />
      </Input.Wrapper>
      <Input.Wrapper label={t("attachments.title")}>
        <AttachmentPicker existing={initial?.files} value={attachments} onChange={setAttachments} disabled={pending} />
      </Input.Wrapper>
      <FormActions onCancel={onClose} submitLabel={initial ? t("files.doc_form.save") : t("files.doc_form.submit")} disabled={empty} pending={pending} />
    </Stack>
  );
  return (
    <FormFrame bare={bare} onSubmit={submit} onClose={onClose} isDirty={isDirty} labelledBy="doc-form-title">
      {fields}
    </FormFrame>
  );
}
