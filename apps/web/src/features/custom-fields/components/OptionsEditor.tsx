import { ActionIcon, Button, Group, Input, Stack, TextInput } from "@mantine/core";
import { CUSTOM_FIELD_OPTION_TITLE_MAX } from "@plotline/contracts";
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

/** One option while it is edited; `key` keeps each input in place while options move. */
export interface OptionDraft {
  key: string;
  /** The option's id on the server, when it already exists (kept so the values that chose it stay). */
  id?: number;
  title: string;
  color: string;
  /** Chosen on new tasks. */
  isDefault: boolean;
}

let nextKey = 0;
/** A new option with a key of its own. */
export function newOption(fields: Partial<Omit<OptionDraft, "key">> = {}): OptionDraft {
  nextKey += 1;
  return { key: `o${nextKey}`, title: "", color: "", isDefault: false, ...fields };
}

/**
 * The options of a dropdown or multi-select field: add, rename, remove, and move up or down with buttons
 * (which the keyboard reaches, unlike a drag). Enter in an option adds the next one.
 */
export function OptionsEditor({ value, onChange, error }: { value: OptionDraft[]; onChange: (next: OptionDraft[]) => void; error?: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  // Runs after React has drawn the options: index -1 is the last one.
  const focusOption = (index: number) =>
    requestAnimationFrame(() => {
      const inputs = container.current?.querySelectorAll<HTMLInputElement>("input[data-option-input]");
      if (inputs) inputs[index < 0 ? inputs.length - 1 : index]?.focus();
    });
  const add = () => {
    onChange([...value, newOption()]);
    focusOption(-1);
  };
  const move = (index: number, by: number) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <Input.Wrapper label={t("custom_fields.form.options")} description={t("custom_fields.form.options_hint")} error={error} required>
      <Stack gap={6} mt={6} ref={container}>
        {value.map((option, index) => {
          const position = index + 1;
          return (
            <Group key={option.key} gap={4} wrap="nowrap" data-option>
              <TextInput
                style={{ flex: 1 }}
                aria-label={t("custom_fields.form.option_label", { position })}
                placeholder={t("custom_fields.form.option_placeholder")}
                value={option.title}
                maxLength={CUSTOM_FIELD_OPTION_TITLE_MAX}
                data-option-input
                onChange={(event) => onChange(value.map((item) => (item.key === option.key ? { ...item, title: event.currentTarget.value } : item)))}
                onKeyDown={(event) => {
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  if (index === value.length - 1) add();
                  else focusOption(index + 1);
                }}
              />
              <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t("custom_fields.form.option_up", { position })}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === value.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t("custom_fields.form.option_down", { position })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" onClick={() => onChange(value.filter((item) => item.key !== option.key))} aria-label={t("custom_fields.form.remove_option", { position })}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
            {t("custom_fields.form.add_option")}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
