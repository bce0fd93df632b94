import { Input, Stack, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormActions, FormFrame } from "./FormFrame.js";
import { RichTextEditor, type MentionUser } from "../../../components/RichTextEditor.js";
import { useCreateFileItem, useUpdateFileItem } from "../hooks/use-files.js";

/** What an edited doc starts from. */
export interface DocInitial {
  id: number;
  title: string;
  description: string;
}

/**
 * Creates a doc in `parent`, or edits `initial`: a title and rich text (font sizes 10-80 px). Saving an
 * edit makes the server keep the previous content as a revision first.
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
  const pending = create.isPending || update.isPending;
  const empty = title.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Forms ignore a second submit while the first request runs.
    if (empty || pending) return;
    if (initial) update.mutate({ id: initial.id, fields: { title: title.trim(), description } }, { onSuccess: onClose });
    else create.mutate({ type: "doc", parent, title: title.trim(), description }, { onSuccess: onClose });
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
      <FormActions onCancel={onClose} submitLabel={initial ? t("files.doc_form.save") : t("files.doc_form.submit")} disabled={empty} pending={pending} />
    </Stack>
  );
  return (
    <FormFrame bare={bare} onSubmit={submit} labelledBy="doc-form-title">
      {fields}
    </FormFrame>
  );
}
