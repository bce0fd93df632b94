import { Button, Card, Group } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { InlineFormGuard, useGuardedClose } from "../../../components/DiscardGuard.js";

/**
 * The frame of a files form: a bordered card sliding into the list, which asks before its typed text is
 * lost (Cancel, leaving the page), or a bare form inside a modal, whose dialog asks instead.
 */
export function FormFrame({
  bare,
  onSubmit,
  onClose,
  isDirty,
  labelledBy,
  children,
}: {
  bare: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** Whether the form holds unsaved text or files. */
  isDirty: boolean;
  labelledBy: string;
  children: ReactNode;
}) {
  return bare ? (
    <form onSubmit={onSubmit} noValidate>
      {children}
    </form>
  ) : (
    <InlineFormGuard isDirty={isDirty} onClose={onClose}>
      <Card withBorder radius="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
        {children}
      </Card>
    </InlineFormGuard>
  );
}

/** Cancel and submit, the submit blocked while the form is incomplete or a request runs. */
export function FormActions({ onCancel, submitLabel, disabled, pending }: { onCancel: () => void; submitLabel: string; disabled: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const cancel = useGuardedClose(onCancel);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={cancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" disabled={disabled} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
