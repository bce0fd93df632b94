import { Button, ColorInput, Group, Paper, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createLabelBody, DEFAULT_LABEL_COLOR, type Label } from "@plotline/contracts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreateLabel, useUpdateLabel } from "../hooks/use-labels.js";

const FIELDS = ["title", "description", "color"] as const;

/** Colours offered next to the picker: distinct, and readable with white or dark text. */
const SWATCHES = [DEFAULT_LABEL_COLOR, "#e03131", "#f08c00", "#fcc419", "#2f9e44", "#1971c2", "#7048e8", "#c2255c", "#495057"];

interface Values {
  title: string;
  description: string;
  color: string;
}

/**
 * The label form: create mode ('Create label') and, with `label`, edit mode ('Update', 'Cancel'). The button
 * spins while the server works and a second click meanwhile is ignored.
 */
export function LabelForm({ projectId, label, onDone }: { projectId: number; label: Label | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateLabel(projectId);
  const update = useUpdateLabel(projectId);
  const saving = create.isPending || update.isPending;
  // Set at once on submit, before React re-renders with `saving`: a double click's second click sees it.
  const inFlight = useRef(false);
  const form = useForm<Values>({
    initialValues: { title: label?.title ?? "", description: label?.description ?? "", color: label?.color ?? DEFAULT_LABEL_COLOR },
    validate: validateWith(createLabelBody),
  });

  const onError = (error: unknown) => form.setErrors(fieldErrors(error, FIELDS).byField);
  const onSettled = () => {
    inFlight.current = false;
  };

  const submit = form.onSubmit((values) => {
    // A double click lands here twice; the second one must not send the label again.
    if (inFlight.current || saving) return;
    inFlight.current = true;
    if (label) {
      update.mutate({ id: label.id, body: values }, { onSuccess: onDone, onError, onSettled });
    } else {
      create.mutate(values, {
        onSuccess: () => {
          form.reset();
          onDone();
        },
        onError,
        onSettled,
      });
    }
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="label-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5" id="label-form-title">
            {label ? t("labels.edit_title") : t("labels.new_title")}
          </Title>
          <TextInput label={t("labels.name")} placeholder={t("labels.name_placeholder")} required maxLength={100} {...form.getInputProps("title")} />
          <Textarea label={t("labels.description")} placeholder={t("labels.description_placeholder")} autosize minRows={2} maxRows={5} {...form.getInputProps("description")} />
          <ColorInput
            label={t("labels.color")}
            required
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={9}
            withEyeDropper={false}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps("color")}
          />
          <Group justify="flex-end" gap="xs">
            {label && (
              <Button variant="default" onClick={onDone} disabled={saving}>
                {t("labels.cancel")}
              </Button>
            )}
            <Button type="submit" loading={saving}>
              {label ? t("labels.update") : t("labels.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
