import { Alert, Badge, Button, Card, Checkbox, CopyButton, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { StoreConnection, StoreOrderStatus, StoreSettings } from "@plotline/contracts";
import { IconAlertTriangle, IconCheck, IconCopy, IconPlugConnected } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/form-errors.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useSaveStoreSettings, useTestConnection } from "../hooks/use-store-link.js";

const FIELDS = ["shop_url", "consumer_key", "consumer_secret", "webhook_secret", "statuses"] as const;

/** The connection's badge: not set up, not tested, connected or not, from the last test of this visit. */
function ConnectionBadge({ settings, tested }: { settings: StoreSettings; tested: StoreConnection | null }) {
  const { t } = useTranslation();
  if (!settings.is_configured) return <Badge color="gray" variant="light">{t("store_link.shop.status_not_configured")}</Badge>;
  if (!tested) return <Badge color="gray" variant="outline">{t("store_link.shop.status_not_tested")}</Badge>;
  return tested.connected ? (
    <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>{t("store_link.shop.status_connected")}</Badge>
  ) : (
    <Badge color="red" variant="light">{t("store_link.shop.status_failed")}</Badge>
  );
}

/** The shop's address, credentials (write-only: only whether they are set is shown), statuses, and the connection test. */
export function ShopSettingsCard({ settings }: { settings: StoreSettings }) {
  const { t } = useTranslation();
  const save = useSaveStoreSettings();
  const test = useTestConnection();
  const [shopUrl, setShopUrl] = useState(settings.shop_url);
  const [consumerKey, setConsumerKey] = useState("");
  const [consumerSecret, setConsumerSecret] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [statuses, setStatuses] = useState<StoreOrderStatus[]>(settings.statuses);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (statuses.length === 0) {
      setErrors({ statuses: t("store_link.shop.statuses_needed") });
      return;
    }
    setErrors({});
    save.mutate(
      {
        shop_url: shopUrl.trim(),
        ...(consumerKey.trim() && { consumer_key: consumerKey.trim() }),
        ...(consumerSecret.trim() && { consumer_secret: consumerSecret.trim() }),
        ...(webhookSecret.trim() && { webhook_secret: webhookSecret.trim() }),
        statuses,
      },
      {
        onSuccess: () => {
          setConsumerKey("");
          setConsumerSecret("");
          setWebhookSecret("");
          test.reset();
          notifySuccess(t("store_link.shop.saved"));
        },
        onError: (error) => {
          const split = fieldErrors(error, FIELDS);
          setErrors(split.byField);
          if (split.others) notifyError(split.others);
        },
      },
    );
  };

  const secretDescription = (isSet: boolean, hint: string) => (isSet ? t("store_link.shop.secret_saved") : hint);

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate aria-labelledby="store-shop-title" data-testid="store-shop">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm">
            <Title order={2} size="h4" id="store-shop-title">
              {t("store_link.shop.title")}
            </Title>
            <ConnectionBadge settings={settings} tested={test.data ?? null} />
          </Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlugConnected size={16} />}
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!settings.is_configured}
          >
            {t("store_link.shop.test")}
          </Button>
        </Group>
        {test.data && (
          <Alert
            color={test.data.connected ? "teal" : "red"}
            variant="light"
            icon={test.data.connected ? <IconCheck size={18} /> : <IconAlertTriangle size={18} />}
            role="status"
            data-testid="store-connection"
          >
            {test.data.message}
          </Alert>
        )}
        <TextInput
          label={t("store_link.shop.shop_url")}
          description={t("store_link.shop.shop_url_hint")}
          placeholder="https://shop.example.com"
          value={shopUrl}
          onChange={(event) => setShopUrl(event.currentTarget.value)}
          error={errors.shop_url}
          type="url"
          autoComplete="off"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label={t("store_link.shop.consumer_key")}
            description={secretDescription(settings.consumer_key_set, t("store_link.shop.secret_hint_key"))}
            placeholder={settings.consumer_key_set ? "••••••••" : "ck_…"}
            value={consumerKey}
            onChange={(event) => setConsumerKey(event.currentTarget.value)}
            error={errors.consumer_key}
            autoComplete="off"
          />
          <PasswordInput
            label={t("store_link.shop.consumer_secret")}
            description={secretDescription(settings.consumer_secret_set, t("store_link.shop.secret_hint_key"))}
            placeholder={settings.consumer_secret_set ? "••••••••" : "cs_…"}
            value={consumerSecret}
            onChange={(event) => setConsumerSecret(event.currentTarget.value)}
            error={errors.consumer_secret}
            autoComplete="off"
          />
        </SimpleGrid>
        <PasswordInput
          label={t("store_link.shop.webhook_secret")}
          description={secretDescription(settings.webhook_secret_set, t("store_link.shop.secret_hint_webhook"))}
          placeholder={settings.webhook_secret_set ? "••••••••" : undefined}
          value={webhookSecret}
          onChange={(event) => setWebhookSecret(event.currentTarget.value)}
          error={errors.webhook_secret}
          autoComplete="off"
        />
        <Checkbox.Group label={t("store_link.shop.statuses")} value={statuses} onChange={(value) => setStatuses(value as StoreOrderStatus[])} error={errors.statuses}>
          <Group gap="lg" mt={6}>
            <Checkbox value="completed" label={t("store_link.shop.status_completed")} />
            <Checkbox value="processing" label={t("store_link.shop.status_processing")} />
          </Group>
        </Checkbox.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t("store_link.shop.webhook_url")}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }} data-testid="store-webhook-url">
              {settings.webhook_url}
            </Text>
            <CopyButton value={settings.webhook_url}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy} style={{ flexShrink: 0 }} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                  {copied ? t("store_link.shop.copied") : t("store_link.shop.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t("store_link.shop.webhook_url_hint")}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t("store_link.shop.save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
