import { Button, Group, Stack, Text } from "@mantine/core";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RichTextEditor, type MentionUser } from "../../../components/RichTextEditor.js";
import { isBlankHtml } from "../../projects/lib/dates.js";

/**
 * The rich-text form of a new or changed comment. Empty content is never sent, and a second submit while
 * the first is on its way is ignored.
 */
export function CommentForm({
  initialValue = "",
  submitLabel,
  mentionUsers,
  onSubmit,
  onCancel,
}: {
  initialValue?: string;
  submitLabel: string;
  mentionUsers: readonly MentionUser[];
  /** Sends the HTML; resolves when saved (the form then empties), rejects to keep what was typed. */
  onSubmit: (html: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A ref, not state, because two clicks can land before React re-renders with `sending`.
  const inFlight = useRef(false);

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
      await onSubmit(value);
      setValue("");
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
      </Stack>
    </form>
  );
}
