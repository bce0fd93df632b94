import { Button, Card, Group } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The frame of a files form: a bordered card sliding into the list, or a bare form inside a modal. */
export function FormFrame({ bare, onSubmit, labelledBy, children }: { bare: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void; labelledBy: string; children: ReactNode }) {
  return bare ? (
    <form onSubmit={onSubmit} noValidate>
      {children}
    </form>
  ) : (
    <Card withBorder radius="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      {children}
    </Card>
  );
}

/** Cancel and submit, the submit blocked while the form is incomplete or a request runs. */
export function FormActions({ onCancel, submitLabel, disabled, pending }: { onCancel: () => void; submitLabel: string; disabled: boolean; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
      <Button type="submit" disabled={disabled} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
