import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from "@mantine/core";
import type { StoreLink, StoreProduct, User } from "@plotline/contracts";
import { IconAlertTriangle, IconLink, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.js";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useAllUsers, useDeleteStoreLink, useStoreLinks, useStoreProducts } from "../hooks/use-store-link.js";
import { productLabel } from "./store-link-labels.js";
import { StoreLinkModal } from "./StoreLinkModal.js";

/** The modal's state: closed, adding, or editing a link. The key remounts the form with the link's values. */
type Editing = { link: StoreLink | null; key: number } | null;

function ProductNames({ ids, products }: { ids: readonly number[]; products: ReadonlyMap<number, StoreProduct> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {ids.map((id) => {
        const product = products.get(id);
        return (
          <Text key={id} size="sm">
            {product ? productLabel(product) : t("store_link.links.unknown_product", { id })}
          </Text>
        );
      })}
    </Stack>
  );
}

function Joining({ link, users }: { link: StoreLink; users: ReadonlyMap<number, User> }) {
  const { t } = useTranslation();
  if (link.assignees.length === 0) return <Text size="sm" c="dimmed">{t("store_link.links.nobody")}</Text>;
  return (
    <Stack gap={2}>
      {link.assignees.map((entry) => (
        <Text key={entry.user_id} size="sm">
          {users.get(entry.user_id)?.display_name ?? `#${entry.user_id}`}{" "}
          <Text span size="xs" c="dimmed">
            ({t(`store_link.roles.${String(entry.role_id) as "1" | "2" | "3"}`)})
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function LinkActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("store_link.links.edit")}>
        <ActionIcon variant="subtle" aria-label={t("store_link.links.edit")} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("store_link.links.delete")}>
        <ActionIcon variant="subtle" color="red" aria-label={t("store_link.links.delete")} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The product -> project table with add, edit and delete; products are read from the shop once it is set up. */
export function StoreLinksCard({ isConfigured }: { isConfigured: boolean }) {
  const { t } = useTranslation();
  const links = useStoreLinks();
  const products = useStoreProducts(isConfigured);
  const users = useAllUsers();
  const remove = useDeleteStoreLink();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StoreLink | null>(null);
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;

  const productMap = new Map((products.data ?? []).map((product) => [product.id, product]));
  const userMap = new Map((users.data ?? []).map((user) => [user.id, user]));
  const productsError = products.error ? products.error.message : null;

  let body;
  if (links.isPending) body = <LoadingScreen />;
  else if (links.error) body = <ErrorState error={links.error} onRetry={() => void links.refetch()} />;
  else if (links.data.length === 0) {
    body = <EmptyState icon={<IconLink size={28} />} title={t("store_link.links.empty_title")} body={t("store_link.links.empty_body")} />;
  } else if (isPhone) {
    body = (
      <Stack gap="sm" data-testid="store-links-table">
        {links.data.map((link) => (
          <Card key={link.id} withBorder radius="md" padding="sm" data-link-id={link.id}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <ProductNames ids={link.product_ids} products={productMap} />
                <LinkActions onEdit={() => setEditing({ link, key: Date.now() })} onDelete={() => setDeleting(link)} />
              </Group>
              <Group gap="xs">
                <Badge variant="light" color={link.action === "duplicate" ? "blue" : "grape"}>
                  {t(`store_link.links.action_${link.action}`)}
                </Badge>
                <Text size="sm" fw={500}>
                  {link.project_title}
                </Text>
              </Group>
              <Joining link={link} users={userMap} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="store-links-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("store_link.links.products")}</Table.Th>
              <Table.Th>{t("store_link.links.project")}</Table.Th>
              <Table.Th>{t("store_link.links.action")}</Table.Th>
              <Table.Th>{t("store_link.links.assignees")}</Table.Th>
              <Table.Th w={90}>
                <VisuallyHidden>{t("store_link.links.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {links.data.map((link) => (
              <Table.Tr key={link.id} data-link-id={link.id}>
                <Table.Td>
                  <ProductNames ids={link.product_ids} products={productMap} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {link.project_title}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={link.action === "duplicate" ? "blue" : "grape"}>
                    {t(`store_link.links.action_${link.action}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Joining link={link} users={userMap} />
                </Table.Td>
                <Table.Td>
                  <LinkActions onEdit={() => setEditing({ link, key: Date.now() })} onDelete={() => setDeleting(link)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" aria-labelledby="store-links-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="store-links-title">
            {t("store_link.links.title")}
          </Title>
          <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ link: null, key: Date.now() })} disabled={!isConfigured}>
            {t("store_link.links.add")}
          </Button>
        </Group>
        {!isConfigured && (
          <Text size="sm" c="dimmed">
            {t("store_link.links.not_configured")}
          </Text>
        )}
        {isConfigured && productsError && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="store-products-error">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("store_link.links.products_error", { message: productsError })}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void products.refetch()} loading={products.isFetching}>
                {t("store_link.links.retry")}
              </Button>
            </Stack>
          </Alert>
        )}
        {body}
      </Stack>
      {editing && (
        <StoreLinkModal key={editing.key} opened link={editing.link} products={products.data ?? []} productsError={productsError} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t("store_link.links.delete_title")}
        message={t("store_link.links.delete_message")}
        confirmLabel={t("store_link.links.delete_confirm")}
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          // The server's message ("Store link deleted") is toasted by the query client.
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
        }}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
