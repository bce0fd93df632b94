import { Card, Checkbox, Input, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from "@mantine/core";
import { COLOR_SCHEMES, DATE_FORMATS, EMAIL_NOTIFICATION_KINDS, type ColorScheme, type DateFormat } from "@plotline/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { browserTimeZone, formatDate, formatDateTime, todayString } from "../../../lib/dates.js";
import { useColorSchemeChoice } from "../../color-scheme/hooks/use-color-scheme-choice.js";
import { usePreferences, useUpdatePreferences } from "../hooks/use-preferences.js";
import { timeZoneOptions } from "../lib/time-zones.js";

/** The list's stand-in for "no zone chosen" (stored as empty text), which a select cannot hold as a value. */
const BROWSER_ZONE = "browser";

/** This moment as the API stores moments (UTC `YYYY-MM-DD HH:MM:SS`), for the live example. */
function nowStored(): string {
  return new Date().toISOString().slice(0, 19).replace("T", " ");
}

/**
 * The account page's personal formats (date format, time zone, theme, relative due dates) and which mails
 * the user gets. Each control saves as it changes; the example under the date format shows today and this
 * moment as they will read.
 */
export function PreferencesCard() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const update = useUpdatePreferences({ confirm: true });
  const scheme = useColorSchemeChoice({ confirm: true });
  const today = todayString();
  const browserZone = browserTimeZone();
  // Some 400 zones, each with its offset: worked out once, not on every change of another field.
  const zones = useMemo(() => timeZoneOptions([preferences.time_zone]), [preferences.time_zone]);

  return (
    <Card withBorder>
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t("preferences.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("preferences.intro")}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t("preferences.date_format")}
            description={t("preferences.date_format_example", { date: formatDate(today), datetime: formatDateTime(nowStored()) })}
            data={DATE_FORMATS.map((format) => ({
              value: format,
              label: t("preferences.date_format_option", { example: formatDate(today, { preferences: { ...preferences, date_format: format } }), format }),
            }))}
            value={preferences.date_format}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => value && value !== preferences.date_format && update.mutate({ date_format: value as DateFormat })}
            data-testid="preference-date-format"
          />
          <Select
            label={t("preferences.time_zone")}
            description={t("preferences.time_zone_hint")}
            data={[{ value: BROWSER_ZONE, label: t("preferences.time_zone_browser", { name: browserZone }) }, ...zones]}
            value={preferences.time_zone || BROWSER_ZONE}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t("preferences.time_zone_none")}
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => {
              const zone = value === BROWSER_ZONE || value === null ? "" : value;
              if (zone !== preferences.time_zone) update.mutate({ time_zone: zone });
            }}
            data-testid="preference-time-zone"
          />
        </SimpleGrid>
        <Input.Wrapper label={t("preferences.color_scheme")} id="preference-color-scheme-label">
          <div>
            <SegmentedControl
              aria-labelledby="preference-color-scheme-label"
              data={COLOR_SCHEMES.map((value) => ({ value, label: t(`preferences.scheme_${value}`) }))}
              value={scheme.choice}
              onChange={(value) => scheme.setChoice(value as ColorScheme)}
              data-testid="preference-color-scheme"
            />
          </div>
        </Input.Wrapper>
        <Switch
          label={t("preferences.relative_dates")}
          description={t("preferences.relative_dates_hint")}
          checked={preferences.relative_dates}
          onChange={(event) => update.mutate({ relative_dates: event.currentTarget.checked })}
          data-testid="preference-relative-dates"
        />
        <Checkbox.Group
          label={t("preferences.email_title")}
          description={t("preferences.email_hint")}
          value={EMAIL_NOTIFICATION_KINDS.filter((kind) => preferences.email_notifications[kind])}
          onChange={(chosen) => {
            // Only the kind that was toggled: two quick clicks, or answers arriving out of order, then
            // cannot undo each other (the server keeps the kinds not named).
            const toggled = EMAIL_NOTIFICATION_KINDS.find((kind) => chosen.includes(kind) !== preferences.email_notifications[kind]);
            if (toggled) update.mutate({ email_notifications: { [toggled]: chosen.includes(toggled) } });
          }}
          data-testid="preference-email"
        >
          <Stack gap="xs" mt="xs">
            {EMAIL_NOTIFICATION_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={t(`preferences.email_${kind}`)} data-testid={`preference-email-${kind}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </Card>
  );
}
