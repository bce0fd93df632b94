import { Button, Input, Popover, Stack } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LazyDatePicker } from "../../../components/LazyDatePicker.js";
import { formatDate, toDayString } from "../../../lib/dates.js";

/**
 * A day picked from a calendar in a popover, bounded by its partner (the start picker cannot go past the
 * end, the end not before the start), so the pair always makes a range.
 */
export function ReportDateField({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
  maxDate?: string;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={<IconCalendar size={16} aria-hidden />}
            onClick={() => setOpened((open) => !open)}
            aria-label={`${label}: ${value ? formatDate(value) : t("reports.pick_date")}`}
            fw={400}
            c={value ? undefined : "dimmed"}
          >
            {value ? formatDate(value) : t("reports.pick_date")}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <LazyDatePicker
              value={value || null}
              defaultDate={value || maxDate || minDate || undefined}
              minDate={minDate || undefined}
              maxDate={maxDate || undefined}
              onChange={(picked) => {
                const day = typeof picked === "string" ? toDayString(picked) : null;
                if (day) onChange(day);
                setOpened(false);
              }}
              aria-label={label}
            />
            {value && !required && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  onChange("");
                  setOpened(false);
                }}
              >
                {t("reports.clear_date")}
              </Button>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
