import { Button, Checkbox, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  CUSTOM_FIELD_DESCRIPTION_MAX,
  CUSTOM_FIELD_TITLE_MAX,
  CUSTOM_FIELD_TYPES,
  isChoiceType,
  type CreateCustomFieldBody,
  type CustomField,
  type CustomFieldType,
} from "@plotline/contracts";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useCreateCustomField, useUpdateCustomField, type FieldScope } from "../hooks/use-custom-fields.js";
import type { FieldValue } from "../lib/field-model.js";
import { FieldValueInput } from "./FieldValueInput.js";
import { newOption, OptionsEditor, type OptionDraft } from "./OptionsEditor.js";

interface Draft {
  title: string;
  type: CustomFieldType;
  description: string;
  required: boolean;
  options: OptionDraft[];
  /** The default of a field without options; choice fields mark default options instead. */
  defaultValue: FieldValue;
}

type Errors = Partial<Record<"title" | "options" | "default" | "description", string>>;

function draftOf(field: CustomField | null): Draft {
  if (!field) return { title: "", type: "text", description: "", required: false, options: [newOption(), newOption()], defaultValue: null };
  return {
    title: field.title,
    type: field.type,
    description: field.description,
    required: field.required,
    options: field.options.map((option) => newOption({ id: option.id, title: option.title, color: option.color, isDefault: option.is_default })),
    defaultValue: isChoiceType(field.type) ? null : field.default,
  };
}

/** What the form can tell before asking the server. */
function checkDraft(draft: Draft, t: (key: "custom_fields.form.title_required" | "custom_fields.form.options_needed" | "custom_fields.form.option_empty" | "custom_fields.form.option_duplicate") => string): Errors {
  const errors: Errors = {};
  if (draft.title.trim() === "") errors.title = t("custom_fields.form.title_required");
  if (isChoiceType(draft.type)) {
    const titles = draft.options.map((option) => option.title.trim().toLowerCase());
    if (titles.length === 0) errors.options = t("custom_fields.form.options_needed");
    else if (titles.some((title) => title === "")) errors.options = t("custom_fields.form.option_empty");
    else if (new Set(titles).size !== titles.length) errors.options = t("custom_fields.form.option_duplicate");
  }
  return errors;
}

/** The server's messages about the form's fields; `options.2.title` and the like go under the options. */
function serverErrors(error: unknown): Errors | null {
  if (!(error instanceof ApiError)) return null;
  const errors: Errors = {};
  for (const [key, messages] of Object.entries(error.params)) {
    const field = key.split(".")[0];
    if (field === "title" || field === "options" || field === "default" || field === "description") errors[field] ??= messages[0];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function bodyOf(draft: Draft): CreateCustomFieldBody {
  const choice = isChoiceType(draft.type);
  const options = draft.options.map((option) => ({ ...(option.id === undefined ? {} : { id: option.id }), title: option.title.trim(), color: option.color, is_default: option.isDefault }));
  return {
    title: draft.title.trim(),
    type: draft.type,
    description: draft.description.trim(),
    required: draft.required,
    ...(choice ? { options } : { default: draft.defaultValue }),
  };
}

/** The default of a choice field: the options marked default, chosen by their keys in the form. */
function ChoiceDefault({ draft, onChange }: { draft: Draft; onChange: (options: OptionDraft[]) => void }) {
  const { t } = useTranslation();
  const data = draft.options.filter((option) => option.title.trim() !== "").map((option) => ({ value: option.key, label: option.title }));
  const chosen = draft.options.filter((option) => option.isDefault).map((option) => option.key);
  const mark = (keys: readonly string[]) => onChange(draft.options.map((option) => ({ ...option, isDefault: keys.includes(option.key) })));
  const common = {
    label: t("custom_fields.form.default"),
    description: t("custom_fields.form.default_hint"),
    placeholder: chosen.length === 0 ? t("custom_fields.form.no_default") : undefined,
    data,
    comboboxProps: { withinPortal: true },
  };
  if (draft.type === "multi_select") return <MultiSelect {...common} value={chosen} clearable onChange={mark} />;
  return <Select {...common} value={chosen[0] ?? null} clearable onChange={(key) => mark(key === null ? [] : [key])} />;
}

/**
 * The form of a custom field, to create one or change one: title, type (fixed once created), options for
 * dropdown and multi-select fields, required, default and description.
 */
export function FieldFormModal({ scope, field, opened, onClose }: { scope: FieldScope; field: CustomField | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery("(max-width: 36em)") ?? false;
  const create = useCreateCustomField(scope);
  const update = useUpdateCustomField(scope);
  const [draft, setDraft] = useState<Draft>(() => draftOf(field));
  const [errors, setErrors] = useState<Errors>({});
  const inFlight = useRef(false);
  const saving = create.isPending || update.isPending;
  const set = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = checkDraft(draft, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    inFlight.current = true;
    const body = bodyOf(draft);
    const callbacks = {
      onSuccess: (answer: { message?: string }) => {
        if (answer.message) notifySuccess(answer.message);
        onClose();
      },
      onError: (error: unknown) => {
        const byField = serverErrors(error);
        if (byField) setErrors(byField);
        else notifyError(error);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    };
    if (field) {
      const { type: _type, ...changes } = body;
      update.mutate({ id: field.id, body: changes }, callbacks);
    } else create.mutate(body, callbacks);
  };

  const typeData = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: t(`custom_fields.type.${type}`) }));
  const choice = isChoiceType(draft.type);
  return (
    <Modal opened={opened} onClose={onClose} title={field ? t("custom_fields.edit_title") : t("custom_fields.new_title")} size="lg" fullScreen={fullScreen}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("custom_fields.form.title")}
            placeholder={t("custom_fields.form.title_placeholder")}
            value={draft.title}
            maxLength={CUSTOM_FIELD_TITLE_MAX}
            error={errors.title}
            required
            data-autofocus
            onChange={(event) => set({ title: event.currentTarget.value })}
          />
          <Select
            label={t("custom_fields.form.type")}
            description={field ? t("custom_fields.form.type_locked") : undefined}
            data={typeData}
            value={draft.type}
            allowDeselect={false}
            disabled={field !== null}
            comboboxProps={{ withinPortal: true }}
            onChange={(next) => {
              if (!next || next === draft.type) return;
              set({ type: next as CustomFieldType, defaultValue: null });
              setErrors({});
            }}
          />
          {choice && <OptionsEditor value={draft.options} error={errors.options} onChange={(options) => set({ options })} />}
          <Checkbox
            label={t("custom_fields.form.required")}
            description={t("custom_fields.form.required_hint")}
            checked={draft.required}
            onChange={(event) => set({ required: event.currentTarget.checked })}
          />
          {choice ? (
            <ChoiceDefault draft={draft} onChange={(options) => set({ options })} />
          ) : (
            draft.type !== "user" && (
              <div>
                <FieldValueInput
                  key={draft.type}
                  field={{ id: 0, title: t("custom_fields.form.default"), type: draft.type, description: "", required: false, options: [] }}
                  label={draft.type === "checkbox" ? t("custom_fields.form.default_checked") : t("custom_fields.form.default")}
                  value={draft.defaultValue}
                  error={errors.default}
                  live
                  onChange={(value) => set({ defaultValue: value })}
                />
              </div>
            )
          )}
          <Textarea
            label={t("custom_fields.form.description")}
            placeholder={t("custom_fields.form.description_placeholder")}
            value={draft.description}
            maxLength={CUSTOM_FIELD_DESCRIPTION_MAX}
            error={errors.description}
            autosize
            minRows={2}
            maxRows={6}
            onChange={(event) => set({ description: event.currentTarget.value })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("custom_fields.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {field ? t("custom_fields.update") : t("custom_fields.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
