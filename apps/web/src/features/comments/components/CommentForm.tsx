import { Button, Group, Stack, Text } from "@mantine/core";
import type { Attachment } from "@plotline/contracts";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useReportDirty } from "../../../components/DiscardGuard.js";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { type MentionUser } from "../../../components/RichTextView.js";
import { AttachmentPicker, EMPTY_DRAFT, type AttachmentDraft } from "../../files/components/AttachmentPicker.js";
import { isBlankHtml } from "../../../lib/html-text.js";

/**
 * The rich-text form of a new or changed comment, with its attachments. Empty content is never sent, and a
 * second submit while the first is on its way is ignored.
 */
export function CommentForm({
  initialValue = "",
  initialFiles = [],
  submitLabel,
  mentionUsers,
  onSubmit,
  onCancel,
}: {
  initialValue?: string;
  /** The files already attached, when editing. */
  initialFiles?: readonly Attachment[];
  submitLabel: string;
  mentionUsers: readonly MentionUser[];
  /** Sends the HTML and the attachment changes; resolves when saved (the form then empties), rejects to keep what was typed. */
  onSubmit: (html: string, attachments: AttachmentDraft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [attachments, setAttachments] = useState<AttachmentDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A ref, not state, because two clicks can land before React re-renders with `sending`.
  const inFlight = useRef(false);
  // Closing the task or file this comment is written in asks before the text is lost.
  useReportDirty(value !== initialValue || attachments.added.length > 0 || attachments.removed.length > 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (isBlankHtml(value)) {
      setError(t("comments.empty_content"));
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      await onSubmit(value, attachments);
      setValue("");
      setAttachments(EMPTY_DRAFT);
      setError(null);
    } catch {
      // The error was toasted by the query client; the text stays so nothing typed is lost.
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <RichTextEditor
          value={value}
          onChange={(html) => {
            setValue(html);
            if (error) setError(null);
          }}
          placeholder={t("comments.placeholder")}
          mentionUsers={mentionUsers}
          minHeight={80}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <AttachmentPicker
          existing={initialFiles}
          value={attachments}
          onChange={setAttachments}
          disabled={sending}
          actions={
            <Group justify="flex-end" gap="xs">
              {onCancel && (
                <Button variant="default" size="sm" onClick={onCancel}>
                  {t("comments.cancel")}
                </Button>
              )}
              <Button type="submit" size="sm" loading={sending}>
                {submitLabel}
              </Button>
            </Group>
          }
        />
      </Stack>
    </form>
  );
}
