import { Badge, Card, Group, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { routePath, type StoreOrder } from "@plotline/contracts";
import { IconReceipt } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useStoreOrders, useTemplateProjects } from "../hooks/use-store-link.js";

// Light badges whose text keeps 4.5:1 on its tint (theme.tsx darkens green's).
const OUTCOME_COLORS: Record<StoreOrder["outcome"], string> = { pending: "gray", done: "green", failed: "red" };

function OutcomeBadge({ order }: { order: StoreOrder }) {
  const { t } = useTranslation();
  return (
    <Badge color={OUTCOME_COLORS[order.outcome]} variant="light" data-outcome={order.outcome} style={{ flexShrink: 0 }}>
      {t(`store_link.orders.outcome_${order.outcome}`)}
    </Badge>
  );
}

/** Why an order failed, or what was noted on it (a mail that could not be sent). */
function OutcomeNote({ order }: { order: StoreOrder }) {
  if (!order.error) return null;
  return (
    <Tooltip label={order.error} multiline w={320}>
      <Text size="xs" c={order.outcome === "failed" ? "red" : "dimmed"} lineClamp={2}>
        {order.error}
      </Text>
    </Tooltip>
  );
}

/** The last 20 orders the webhook took in, newest first, with what came of each. */
export function StoreOrdersCard() {
  const { t } = useTranslation();
  const orders = useStoreOrders();
  const projects = useTemplateProjects();
  const titles = new Map((projects.data ?? []).map((project) => [project.id, project.title]));
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const projectLinks = (order: StoreOrder) =>
    order.project_ids.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t("store_link.orders.none")}
      </Text>
    ) : (
      <Stack gap={2}>
        {order.project_ids.map((id) => (
          <Text key={id} size="sm" component={Link} to={routePath("pm_overview", { project_id: id })} c="blue">
            {titles.get(id) ?? `#${id}`}
          </Text>
        ))}
      </Stack>
    );

  let body;
  if (orders.isPending) body = <LoadingScreen />;
  else if (orders.error) body = <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (orders.data.length === 0) {
    body = <EmptyState icon={<IconReceipt size={28} />} title={t("store_link.orders.empty_title")} body={t("store_link.orders.empty_body")} />;
  } else if (isPhone) {
    body = (
      <Stack gap="sm" data-testid="store-orders-table">
        {orders.data.map((order) => (
          <Card key={order.id} withBorder radius="md" padding="sm" data-order-id={order.order_id}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    #{order.number} · {order.buyer_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.buyer_email} · {order.created_at.datetime.slice(0, 16)}
                  </Text>
                </div>
                <OutcomeBadge order={order} />
              </Group>
              <OutcomeNote order={order} />
              {projectLinks(order)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={620}>
        <Table verticalSpacing="sm" data-testid="store-orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("store_link.orders.order")}</Table.Th>
              <Table.Th>{t("store_link.orders.buyer")}</Table.Th>
              <Table.Th>{t("store_link.orders.received")}</Table.Th>
              <Table.Th>{t("store_link.orders.outcome")}</Table.Th>
              <Table.Th>{t("store_link.orders.projects")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((order) => (
              <Table.Tr key={order.id} data-order-id={order.order_id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    #{order.number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.status}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.buyer_name}</Text>
                  <Text size="xs" c="dimmed">
                    {order.buyer_email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.created_at.datetime.slice(0, 16)}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <OutcomeBadge order={order} />
                    <OutcomeNote order={order} />
                  </Stack>
                </Table.Td>
                <Table.Td>{projectLinks(order)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" aria-labelledby="store-orders-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="store-orders-title">
            {t("store_link.orders.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("store_link.orders.hint")}
          </Text>
        </Stack>
        {body}
      </Stack>
    </Card>
  );
}
