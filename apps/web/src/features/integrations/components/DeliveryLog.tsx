import { Badge, Paper, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import type { ChatDelivery, ChatDeliveryStatus } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { formatAgo, formatDateTime } from "../../../lib/dates.js";
import { useChatDeliveries } from "../hooks/use-integrations.js";

const STATUS_COLOR: Record<ChatDeliveryStatus, string> = { pending: "gray", retrying: "yellow", delivered: "green", failed: "red" };

/** The chat integration's last 50 deliveries: what was sent, how it went, how many tries, the last error. */
export function DeliveryLog({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const deliveries = useChatDeliveries(projectId);
  return (
    <Stack gap="xs">
      <Stack gap={2}>
        <Title order={4} size="h6">
          {t("integrations.chat.log_title")}
        </Title>
        <Text size="xs" c="dimmed">
          {t("integrations.chat.log_intro")}
        </Text>
      </Stack>
      {deliveries.isPending ? (
        <LoadingScreen />
      ) : deliveries.error ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.data.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {t("integrations.chat.log_empty")}
        </Text>
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: "auto", maxHeight: 320 }}>
          <Table verticalSpacing={6} horizontalSpacing="sm" aria-label={t("integrations.chat.log_title")} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("integrations.chat.log_event")}</Table.Th>
                <Table.Th>{t("integrations.chat.log_status")}</Table.Th>
                <Table.Th ta="right">{t("integrations.chat.log_tries")}</Table.Th>
                <Table.Th>{t("integrations.chat.log_when")}</Table.Th>
                <Table.Th>{t("integrations.chat.log_error")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.data.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

function DeliveryRow({ delivery }: { delivery: ChatDelivery }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-delivery-status={delivery.status}>
      <Table.Td>
        <Text size="sm">{t(`integrations.chat.event.${delivery.event}`)}</Text>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={STATUS_COLOR[delivery.status]}>
          {t(`integrations.chat.status.${delivery.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{delivery.tries}</Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatDateTime(delivery.created_at)}>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatAgo(delivery.created_at)}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="red" lineClamp={2} style={{ wordBreak: "break-word" }}>
          {delivery.error ?? ""}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
