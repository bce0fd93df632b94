import { Alert, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { License } from "@plotline/contracts";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/dates.js";
import { planLabel } from "../lib.js";
import { DeactivateLicenseButton } from "./DeactivateLicenseButton.js";

function Field({ label, value, monospace = false }: { label: string; value: string; monospace?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} ff={monospace ? "monospace" : undefined} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Stack>
  );
}

/** An active license: who the copy is licensed to, and the Deactivate button. */
export function LicenseDetails({ license }: { license: License }) {
  const { t } = useTranslation();

  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={20} />} title={t("license.active_title")}>
        {t("license.active_body", { email: license.email })}
      </Alert>
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <Field label={t("license.email")} value={license.email} />
          <Field label={t("license.plan")} value={planLabel(license.plan)} />
          <Field label={t("license.expires")} value={formatDate(license.expires_at)} />
          <Field label={t("license.activated_on")} value={formatDate(license.activated_at)} />
          <Field label={t("license.key")} value={license.key} monospace />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <DeactivateLicenseButton />
        </Group>
      </Card>
    </Stack>
  );
}
