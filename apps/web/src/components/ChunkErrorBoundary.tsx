import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A page's code could not be fetched: the network dropped, or a deploy replaced the chunk's file. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ChunkLoadError";
  }
}

function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("common.error_title")} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("common.page_load_failed")}</Text>
        {/* A reload, not a second import(): after a deploy only the new index.html names the new chunks. */}
        <Button size="xs" variant="light" color="red" onClick={() => window.location.reload()}>
          {t("common.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * Shows a clear message with Retry when a lazy page's chunk fails to load. Any other error passes on to
 * the boundaries above, so a page's own bugs are not dressed up as a network failure.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Thrown from render, an error reaches the next boundary up, as if this one were not here.
    if (!(error instanceof ChunkLoadError)) throw error;
    return <ChunkFailed />;
  }
}
