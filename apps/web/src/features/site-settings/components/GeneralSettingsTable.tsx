import { Select, Stack, Switch, Table, Text } from "@mantine/core";
import type { SiteSettingsEnvelope } from "@plotline/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSaveSiteSettings } from "../hooks/use-site-settings.js";
import { LogoField } from "./LogoField.js";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={200} style={{ verticalAlign: "top" }} pt="md">
        {label}
      </Table.Th>
      <Table.Td py="md">{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The documents' general settings table (task start date, logo, daily digest) plus the first day of the week
 * and the workforce flag; every control saves at once.
 */
export function GeneralSettingsTable({ settings }: { settings: SiteSettingsEnvelope }) {
  const { t } = useTranslation();
  const save = useSaveSiteSettings();
  const values = settings.data;
  const pendingKey = save.isPending ? (save.variables as { key?: string }).key : undefined;

  const toggle = (key: "task_start_field" | "daily_digest" | "hrm_integration", label: string, hint: string, checked: boolean) => (
    <Switch
      label={label}
      description={hint}
      checked={checked}
      disabled={pendingKey === key}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        save.mutate({ key, value: key === "hrm_integration" ? (next ? "1" : "0") : next });
      }}
    />
  );

  return (
    <Table layout="fixed" withRowBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={200}>{t("site_settings.setting")}</Table.Th>
          <Table.Th>{t("site_settings.value")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Row label={t("site_settings.task_start")}>
          {toggle("task_start_field", t("site_settings.task_start_switch"), t("site_settings.task_start_hint"), values.task_start_field)}
        </Row>
        <Row label={t("site_settings.logo")}>
          <LogoField logo={settings.meta.logo} />
        </Row>
        <Row label={t("site_settings.daily_digest")}>
          {toggle("daily_digest", t("site_settings.daily_digest_switch"), t("site_settings.daily_digest_hint"), values.daily_digest)}
        </Row>
        <Row label={t("site_settings.first_day")}>
          <Stack gap={4}>
            <Select
              aria-label={t("site_settings.first_day")}
              aria-describedby="first-day-hint"
              data={t("site_settings.weekdays", { returnObjects: true }).map((name, day) => ({ value: String(day), label: name }))}
              value={String(values.first_day_of_week)}
              allowDeselect={false}
              disabled={pendingKey === "first_day_of_week"}
              w={220}
              onChange={(value) => value !== null && save.mutate({ key: "first_day_of_week", value: Number(value) })}
            />
            <Text id="first-day-hint" size="xs" c="dimmed">
              {t("site_settings.first_day_hint")}
            </Text>
          </Stack>
        </Row>
        <Row label={t("site_settings.hrm")}>
          {toggle("hrm_integration", t("site_settings.hrm_switch"), t("site_settings.hrm_hint"), values.hrm_integration === "1")}
        </Row>
      </Table.Tbody>
    </Table>
  );
}
