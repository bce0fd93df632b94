import { Alert, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useLicense } from "../hooks/use-license.js";
import { DeactivateLicenseButton } from "./DeactivateLicenseButton.js";
import { LicenseActivationForm } from "./LicenseActivationForm.js";
import { LicenseDetails } from "./LicenseDetails.js";

/** The license screen: nothing but a spinner until the state is known, then the details or the form. */
export function LicensePanel() {
  const { t } = useTranslation();
  const license = useLicense();

  let body;
  if (license.isPending) body = <LoadingScreen />;
  else if (license.error) body = <ErrorState error={license.error} onRetry={() => void license.refetch()} />;
  else if (license.data.status.activated) body = <LicenseDetails license={license.data} />;
  else {
    body = (
      <Stack gap="md">
        {license.data.status.error ? (
          <Alert color="orange" icon={<IconAlertTriangle size={20} />} title={t("license.invalid_title")}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{license.data.status.error}</Text>
              <DeactivateLicenseButton size="xs" />
            </Group>
          </Alert>
        ) : (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title={t("license.inactive_title")}>
            {t("license.inactive_body")}
          </Alert>
        )}
        <LicenseActivationForm />
      </Stack>
    );
  }

  return (
    <Stack maw={720} mx="auto" gap="md">
      <Title order={1} size="h2">
        {t("license.title")}
      </Title>
      {body}
    </Stack>
  );
}
