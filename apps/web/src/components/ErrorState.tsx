import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/client.js";

/** A refusal (4xx) answers the same on a second try; only failures of the server or network may pass. */
function isWorthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** What a page shows when its data could not be loaded, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("common.error_title")} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
        {onRetry && isWorthRetrying(error) && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
