import { Stack, Text } from "@mantine/core";
import { IconBrandBitbucket, IconBrandGithub, IconBrandSlack, IconPlugConnected } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { LoadingScreen } from "../../../components/LoadingScreen.js";
import { addCatalogue } from "../../../i18n/index.js";
import { notifyError } from "../../../lib/notify.js";
import { useProjectId } from "../../projects/hooks/use-projects.js";
import { useIsModuleOn } from "../../sub-tasks/hooks/use-module-on.js";
import { useProjectIntegrations, useSaveChatSetting, useSaveCodeHostingSetting } from "../hooks/use-integrations.js";
import { usePanelNotice } from "../hooks/use-panel-notice.js";
import { integrationsEn } from "../i18n/en.js";
import { ChatSettings } from "./ChatSettings.js";
import { CodeHostingSettings } from "./CodeHostingSettings.js";
import { IntegrationPanel } from "./IntegrationPanel.js";

// This tab brings its own strings (i18n/en.ts, CHUNK_CATALOGUES).
addCatalogue(integrationsEn);

/** The services' own colours, for the logos of an integration that is on. */
const BRAND = { slack: "#611f69", github: "var(--mantine-color-text)", bitbucket: "#2684ff" } as const;
const OFF = "var(--mantine-color-dimmed)";

/**
 * The Integrations tab of project settings: the chat channel and the code hosts, each a panel with its
 * switch (saved at once) and its settings. Shown only while the Integrations module is on.
 */
export function IntegrationsTab() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const isOn = useIsModuleOn("integrations");
  const integrations = useProjectIntegrations(projectId);
  const saveChat = useSaveChatSetting(projectId);
  const saveCode = useSaveCodeHostingSetting(projectId);
  const [chatNotice, showChatNotice] = usePanelNotice();
  const [codeNotice, showCodeNotice] = usePanelNotice();

  if (!isOn) return <EmptyState icon={<IconPlugConnected size={32} />} title={t("integrations.unavailable_title")} body={t("integrations.unavailable_body")} />;
  if (integrations.isPending) return <LoadingScreen />;
  if (integrations.error) return <ErrorState error={integrations.error} onRetry={() => void integrations.refetch()} />;
  const { slack, git_bit: gitBit, users_map: usersMap, users } = integrations.data.data;
  const chatName = t("integrations.chat.name");
  const codeName = t("integrations.code.name");
  const chatOn = slack.status === "enable";
  const codeOn = gitBit.status === "enable";

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("integrations.intro")}
      </Text>
      <IntegrationPanel
        name={chatName}
        logos={(active) => <IconBrandSlack size={28} color={active ? BRAND.slack : OFF} />}
        summary={chatOn ? t("integrations.chat.summary_on", { host: hostOf(slack.webhook) }) : slack.webhook ? t("integrations.chat.summary_off") : t("integrations.chat.summary_no_webhook")}
        enabled={chatOn}
        switching={saveChat.isPending}
        notice={chatNotice}
        onToggle={(on) =>
          saveChat.mutate(
            { status: on ? "enable" : "disable" },
            { onSuccess: () => showChatNotice(t(on ? "integrations.notice_enabled" : "integrations.notice_disabled", { name: chatName })), onError: notifyError },
          )
        }
      >
        <ChatSettings key={JSON.stringify([slack.webhook, slack.options])} projectId={projectId} setting={slack} onSaved={() => showChatNotice(t("integrations.notice_saved"))} />
      </IntegrationPanel>
      <IntegrationPanel
        name={codeName}
        logos={(active) => (
          <>
            <IconBrandGithub size={28} color={active ? BRAND.github : OFF} />
            <IconBrandBitbucket size={28} color={active ? BRAND.bitbucket : OFF} />
          </>
        )}
        summary={codeOn ? t("integrations.code.summary_on") : t("integrations.code.summary_off")}
        enabled={codeOn}
        switching={saveCode.isPending}
        notice={codeNotice}
        onToggle={(on) =>
          saveCode.mutate(
            { status: on ? "enable" : "disable" },
            { onSuccess: () => showCodeNotice(t(on ? "integrations.notice_enabled" : "integrations.notice_disabled", { name: codeName })), onError: notifyError },
          )
        }
      >
        <CodeHostingSettings projectId={projectId} setting={gitBit} usersMap={usersMap} users={users} onNotice={showCodeNotice} />
      </IntegrationPanel>
    </Stack>
  );
}

/** The host of a webhook address, to say where messages go without showing its secret path. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
