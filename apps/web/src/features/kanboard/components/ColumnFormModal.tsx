import { Button, ColorInput, Group, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createKanboardColumnBody, KANBOARD_MAX_WIP_LIMIT, KANBOARD_TITLE_MAX, type KanboardColumn } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";
import { showFormErrors } from "../../../lib/form-errors.js";
import { notifySuccess } from "../../../lib/notify.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreateColumn, useUpdateColumn } from "../hooks/use-kanboard.js";

const FIELDS = ["title", "color", "wip_limit", "is_done"] as const;

/** Colours offered for a column; any other `#rrggbb` can be typed. */
export const COLUMN_SWATCHES = ["#228be6", "#15aabf", "#12b886", "#40c057", "#fab005", "#fd7e14", "#fa5252", "#e64980", "#7950f2", "#868e96"];

/** The field a column's menu opened the form at. */
export type ColumnField = "title" | "color" | "wip_limit";

interface FormValues {
  title: string;
  color: string;
  /** Empty: no limit. */
  wip_limit: number | string;
  is_done: boolean;
}

function toBody(values: FormValues) {
  return {
    title: values.title,
    color: values.color.trim() === "" ? null : values.color.trim(),
    wip_limit: values.wip_limit === "" ? null : Number(values.wip_limit),
    is_done: values.is_done,
  };
}

/**
 * Adds a column, or changes `column` when given: its title, colour, WIP limit and whether it completes
 * the tasks dropped into it. `focus` is the field the menu asked for (Rename, Colour, WIP limit).
 */
export function ColumnFormModal({
  projectId,
  column,
  focus = "title",
  opened,
  onClose,
}: {
  projectId: number;
  column: KanboardColumn | null;
  focus?: ColumnField;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The form says what happened: errors under their fields, the server's message once saved.
  const create = useCreateColumn(projectId, { silent: true });
  const update = useUpdateColumn(projectId, { silent: true });
  const form = useForm<FormValues>({
    initialValues: {
      title: column?.title ?? "",
      color: column?.color ?? "",
      wip_limit: column?.wip_limit ?? "",
      is_done: column?.is_done ?? false,
    },
    validate: (values) => validateWith(createKanboardColumnBody)(toBody(values)),
  });
  const guard = useDiscardGuard(form.isDirty(), onClose);

  const onError = (error: unknown) => {
    showFormErrors(form, error, FIELDS);
  };
  const onSaved = (answer: { message?: string }) => {
    if (answer.message) notifySuccess(answer.message);
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const body = toBody(values);
    if (column) update.mutate({ id: column.id, body }, { onSuccess: onSaved, onError });
    else create.mutate(body, { onSuccess: onSaved, onError });
  });

  return (
    <GuardedModal guard={guard} opened={opened} title={column ? t("kanboard.edit_title") : t("kanboard.create_title")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("kanboard.title_label")}
            placeholder={t("kanboard.title_placeholder")}
            required
            maxLength={KANBOARD_TITLE_MAX}
            data-autofocus={focus === "title" ? true : undefined}
            {...form.getInputProps("title")}
          />
          <ColorInput
            label={t("kanboard.colour_label")}
            placeholder={t("kanboard.colour_none")}
            format="hex"
            swatches={COLUMN_SWATCHES}
            swatchesPerRow={10}
            withEyeDropper={false}
            data-autofocus={focus === "color" ? true : undefined}
            {...form.getInputProps("color")}
          />
          <NumberInput
            label={t("kanboard.limit_label")}
            description={t("kanboard.limit_description")}
            min={1}
            max={KANBOARD_MAX_WIP_LIMIT}
            allowDecimal={false}
            allowNegative={false}
            data-autofocus={focus === "wip_limit" ? true : undefined}
            {...form.getInputProps("wip_limit")}
          />
          <Switch label={t("kanboard.done_label")} description={t("kanboard.done_description")} {...form.getInputProps("is_done", { type: "checkbox" })} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {column ? t("kanboard.save") : t("kanboard.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
