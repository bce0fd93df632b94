import { Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormActions, FormFrame } from "./FormFrame.js";
import { useReportDirty } from "../../../components/DiscardGuard.js";
import { useCreateFileItem, useUpdateFileItem } from "../hooks/use-files.js";

/** What an edited link starts from. */
export interface LinkInitial {
  id: number;
  title: string;
  url: string;
  description: string;
}

/** Creates a link in `parent` ('Link to Docs'), or edits `initial`: title, address and a note. */
export function LinkForm({
  projectId,
  parent,
  initial,
  onClose,
  bare = false,
}: {
  projectId: number;
  parent: number;
  initial?: LinkInitial;
  onClose: () => void;
  /** Without the card and heading, for use inside a modal. */
  bare?: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateFileItem(projectId);
  const update = useUpdateFileItem(projectId);
  const [title, setTitle] = useState(initial?.title ?? "");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [description, setDescription] = useState(initial?.description ?? "");
  const pending = create.isPending || update.isPending;
  const incomplete = title.trim() === "" || url.trim() === "";
  const isDirty = title !== (initial?.title ?? "") || url !== (initial?.url ?? "") || description !== (initial?.description ?? "");
  useReportDirty(isDirty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (incomplete || pending) return;
    const fields = { title: title.trim(), url: url.trim(), description };
    if (initial) update.mutate({ id: initial.id, fields }, { onSuccess: onClose });
    else create.mutate({ type: "link", parent, ...fields }, { onSuccess: onClose });
  };

  const fields = (
    <Stack gap="sm">
      {!bare && (
        <Title order={3} size="h5" id="link-form-title">
          {t("files.link_form.title")}
        </Title>
      )}
      <TextInput label={t("files.link_form.name")} required data-autofocus value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
      <TextInput label={t("files.link_form.url")} placeholder="https://" required type="url" value={url} onChange={(event) => setUrl(event.currentTarget.value)} />
      <Textarea label={t("files.link_form.description")} autosize minRows={2} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      <FormActions onCancel={onClose} submitLabel={initial ? t("files.link_form.save") : t("files.link_form.submit")} disabled={incomplete} pending={pending} />
    </Stack>
  );
  return (
    <FormFrame bare={bare} onSubmit={submit} onClose={onClose} isDirty={isDirty} labelledBy="link-form-title">
      {fields}
    </FormFrame>
  );
}
