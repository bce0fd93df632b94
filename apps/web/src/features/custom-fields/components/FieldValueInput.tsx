import "@mantine/dates/styles.css";
import { ActionIcon, Anchor, Checkbox, Group, Input, MultiSelect, NumberInput, Select, Textarea, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { CUSTOM_FIELD_LONG_TEXT_MAX, CUSTOM_FIELD_TEXT_MAX, CUSTOM_FIELD_URL_MAX, type CustomField, type Member } from "@plotline/contracts";
import { IconCalendar, IconExternalLink, IconPencil } from "@tabler/icons-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { dateInputFormat, toDayString } from "../../../lib/dates.js";
import { isSafeUrl, type FieldValue } from "../lib/field-model.js";

/** What the input needs of a field: a saved field, or the one being defined in the field form. */
export type InputField = Pick<CustomField, "id" | "title" | "type" | "description" | "required"> & { options: ReadonlyArray<{ id: number; title: string }> };

export interface FieldValueInputProps {
  field: InputField;
  value: FieldValue;
  /**
   * Called with the new value: at once for choices, dates and the checkbox; for typed text and numbers,
   * when the field is left or Enter is pressed (or at every keystroke with `live`).
   */
  onChange: (value: FieldValue) => void;
  /** The project's members, for a user field. */
  members?: readonly Pick<Member, "id" | "display_name">[];
  disabled?: boolean;
  error?: string;
  /** Reports every keystroke (a form that saves once, on submit). */
  live?: boolean;
  /** The label to show; the field's title when left out. */
  label?: string;
  /** Hides the field's description (a form that shows its own hints). */
  hideDescription?: boolean;
}

/**
 * Typed text that reports its value when left (or Enter in one line), unless `live`. Text still being typed
 * when the input goes away (the task modal closed with Escape) is reported then, so it is not lost.
 */
function useTypedText(value: string, onCommit: (text: string) => void, live: boolean) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  // A new value from the server (after a save, or another person's change) replaces what is shown.
  useEffect(() => {
    setText(value);
    committed.current = value;
  }, [value]);
  const commit = () => {
    if (text === value || text === committed.current) return;
    committed.current = text;
    onCommit(text);
  };
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => {
    if (live) return;
    return () => latest.current();
  }, [live]);
  return {
    value: text,
    onChange: (next: string) => {
      setText(next);
      if (live) onCommit(next);
    },
    onBlur: live ? undefined : commit,
    onEnter: (event: KeyboardEvent) => {
      if (live || event.key !== "Enter" || event.nativeEvent.isComposing) return;
      event.preventDefault();
      commit();
    },
  };
}

const asText = (value: FieldValue) => (typeof value === "string" ? value : "");

function TextValue({ field, value, onChange, disabled, error, live = false, label, description, multiline }: FieldValueInputProps & { description?: string; multiline: boolean }) {
  const { t } = useTranslation();
  const typed = useTypedText(asText(value), (text) => onChange(text === "" ? null : text), live);
  const common = {
    label,
    description,
    withAsterisk: field.required,
    value: typed.value,
    disabled,
    error,
    placeholder: disabled ? t("custom_fields.value.empty") : undefined,
    onChange: (event: { currentTarget: { value: string } }) => typed.onChange(event.currentTarget.value),
    onBlur: typed.onBlur,
  };
  if (multiline) return <Textarea {...common} autosize minRows={2} maxRows={8} maxLength={CUSTOM_FIELD_LONG_TEXT_MAX} />;
  return <TextInput {...common} maxLength={CUSTOM_FIELD_TEXT_MAX} onKeyDown={typed.onEnter} />;
}

function NumberValue({ field, value, onChange, disabled, error, live = false, label, description }: FieldValueInputProps & { description?: string }) {
  const { t } = useTranslation();
  const typed = useTypedText(typeof value === "number" ? String(value) : "", (text) => onChange(text === "" || text === "-" ? null : Number(text)), live);
  return (
    <NumberInput
      label={label}
      description={description}
      withAsterisk={field.required}
      value={typed.value}
      disabled={disabled}
      error={error}
      placeholder={disabled ? t("custom_fields.value.empty") : t("custom_fields.value.number")}
      decimalScale={6}
      hideControls
      onChange={(next) => typed.onChange(String(next))}
      onBlur={typed.onBlur}
      onKeyDown={typed.onEnter}
    />
  );
}

/** A web address: a link to open when set, with a pencil to change it; an input while empty or being changed. */
function UrlValue({ field, value, onChange, disabled, error, live = false, label, description }: FieldValueInputProps & { description?: string }) {
  const { t } = useTranslation();
  const current = asText(value);
  const [editing, setEditing] = useState(false);
  const typed = useTypedText(
    current,
    (text) => {
      onChange(text.trim() === "" ? null : text.trim());
      setEditing(false);
    },
    live,
  );
  const showLink = !live && !editing && current !== "" && !error;
  if (showLink) {
    const title = label ?? field.title;
    return (
      <Input.Wrapper label={label} description={description} withAsterisk={field.required}>
        <Group gap={4} wrap="nowrap" mih={36}>
          {isSafeUrl(current) ? (
            <Anchor href={current} target="_blank" rel="noopener noreferrer nofollow" size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }} aria-label={t("custom_fields.value.open_url", { title })}>
              {current} <IconExternalLink size={12} aria-hidden style={{ verticalAlign: "middle" }} />
            </Anchor>
          ) : (
            <Input.Description style={{ overflowWrap: "anywhere" }}>{current}</Input.Description>
          )}
          {!disabled && (
            <ActionIcon variant="subtle" color="gray" size="sm" ml="auto" onClick={() => setEditing(true)} aria-label={t("custom_fields.value.edit_url", { title })}>
              <IconPencil size={14} />
            </ActionIcon>
          )}
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <TextInput
      type="url"
      label={label}
      description={description}
      withAsterisk={field.required}
      value={typed.value}
      disabled={disabled}
      error={error}
      maxLength={CUSTOM_FIELD_URL_MAX}
      placeholder={disabled ? t("custom_fields.value.empty") : t("custom_fields.value.url")}
      autoFocus={editing}
      onChange={(event) => typed.onChange(event.currentTarget.value)}
      onBlur={() => {
        typed.onBlur?.();
        if (typed.value === current) setEditing(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && editing) {
          event.stopPropagation();
          typed.onChange(current);
          setEditing(false);
          return;
        }
        typed.onEnter(event);
      }}
    />
  );
}

/**
 * The input for one custom field's value, by its kind: text, long text, number, dropdown, multi-select,
 * date, checkbox, web address (shown as a link) or a member of the project.
 */
export function FieldValueInput(props: FieldValueInputProps) {
  const { t } = useTranslation();
  const { field, value, onChange, members = [], disabled = false, error, hideDescription = false } = props;
  const label = props.label ?? field.title;
  const description = hideDescription || field.description === "" ? undefined : field.description;
  const options = field.options.map((option) => ({ value: String(option.id), label: option.title }));
  switch (field.type) {
    case "text":
    case "long_text":
      return <TextValue {...props} label={label} description={description} multiline={field.type === "long_text"} />;
    case "number":
      return <NumberValue {...props} label={label} description={description} />;
    case "url":
      return <UrlValue {...props} label={label} description={description} />;
    case "dropdown":
      return (
        <Select
          label={label}
          description={description}
          withAsterisk={field.required}
          data={options}
          value={typeof value === "number" ? String(value) : null}
          clearable={!field.required}
          searchable={options.length > 8}
          disabled={disabled}
          error={error}
          placeholder={disabled ? t("custom_fields.value.empty") : t("custom_fields.value.pick")}
          comboboxProps={{ withinPortal: true }}
          onChange={(next) => onChange(next === null ? null : Number(next))}
        />
      );
    case "multi_select": {
      const chosen = Array.isArray(value) ? value.map(String) : [];
      return (
        <MultiSelect
          label={label}
          description={description}
          withAsterisk={field.required}
          data={options}
          value={chosen}
          clearable={!field.required}
          searchable={options.length > 8}
          disabled={disabled}
          error={error}
          placeholder={chosen.length > 0 ? undefined : disabled ? t("custom_fields.value.empty") : t("custom_fields.value.pick_many")}
          comboboxProps={{ withinPortal: true }}
          onChange={(next) => onChange(next.length === 0 ? null : next.map(Number))}
        />
      );
    }
    case "date":
      return (
        <DatePickerInput
          label={label}
          description={description}
          withAsterisk={field.required}
          value={typeof value === "string" ? value : null}
          valueFormat={dateInputFormat()}
          placeholder={disabled ? t("custom_fields.value.empty") : dateInputFormat()}
          clearable={!field.required}
          disabled={disabled}
          error={error}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
          onChange={(next) => onChange(toDayString(next))}
        />
      );
    case "checkbox":
      return (
        <Checkbox
          label={label}
          description={description}
          checked={value === true}
          disabled={disabled}
          error={error}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case "user": {
      const people = members.map((member) => ({ value: String(member.id), label: member.display_name }));
      if (typeof value === "number" && !members.some((member) => member.id === value)) people.push({ value: String(value), label: `#${value}` });
      return (
        <Select
          label={label}
          description={description}
          withAsterisk={field.required}
          data={people}
          value={typeof value === "number" ? String(value) : null}
          clearable={!field.required}
          searchable
          disabled={disabled}
          error={error}
          nothingFoundMessage={t("custom_fields.value.no_member_found")}
          placeholder={disabled ? t("custom_fields.value.empty") : t("custom_fields.value.pick_user")}
          comboboxProps={{ withinPortal: true }}
          onChange={(next) => onChange(next === null ? null : Number(next))}
        />
      );
    }
  }
}
