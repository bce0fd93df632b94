import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { useStoreSettings } from "../hooks/use-store-link.js";
import { ShopSettingsCard } from "./ShopSettingsCard.js";
import { StoreLinksCard } from "./StoreLinksCard.js";
import { StoreOrdersCard } from "./StoreOrdersCard.js";

/** The Store link page: the shop's settings and connection, the product -> project links, the recent orders. */
export function StoreLinkPanel() {
  const { t } = useTranslation();
  const settings = useStoreSettings();

  return (
    <Stack maw={960} mx="auto" gap="lg" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t("store_link.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("store_link.intro")}
        </Text>
      </Stack>
      {settings.isPending ? (
        <LoadingScreen />
      ) : settings.error ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <ShopSettingsCard key={settings.data.shop_url} settings={settings.data} />
          <StoreLinksCard isConfigured={settings.data.is_configured} />
          <StoreOrdersCard />
        </>
      )}
    </Stack>
  );
}
