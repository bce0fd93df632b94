import { Button, Checkbox, Divider, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { CHAT_TASK_OPTIONS, type ChatTaskOption, type SlackSetting } from "@plotline/contracts";
import { IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { showFormErrors } from "../../../lib/form-errors.js";
import { useSaveChatSetting, useSendTestMessage } from "../hooks/use-integrations.js";
import { DeliveryLog } from "./DeliveryLog.js";

type ChatForm = { webhook: string } & Record<ChatTaskOption, boolean>;

function formValues(setting: SlackSetting): ChatForm {
  return { webhook: setting.webhook, ...setting.options.tasks };
}

/** The chat integration's settings: the channel's webhook address, which events it posts, a test message and the log. */
export function ChatSettings({ projectId, setting, onSaved }: { projectId: number; setting: SlackSetting; onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useSaveChatSetting(projectId);
  const test = useSendTestMessage(projectId);
  // The parent keys this form by the saved setting, so a save starts it afresh from what was saved.
  const form = useForm<ChatForm>({ initialValues: formValues(setting) });

  const submit = form.onSubmit((values) => {
    const tasks = Object.fromEntries(CHAT_TASK_OPTIONS.map((option) => [option, values[option]])) as Record<ChatTaskOption, boolean>;
    const webhook = values.webhook.trim();
    // The address goes only when it changed: the server resolves a new one, which an unchanged one needs not.
    save.mutate(
      { ...(webhook !== setting.webhook && { webhook }), options: { tasks } },
      {
        onSuccess: onSaved,
        onError: (error) => showFormErrors(form, error, ["slack.webhook"]),
      },
    );
  });
  // The field's errors come under the setting's name; the form shows them by its own field names.
  const webhookError = form.errors["slack.webhook"] ?? form.errors.webhook;

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("integrations.chat.webhook")}
            description={t("integrations.chat.webhook_hint")}
            placeholder="https://hooks.slack.com/services/…"
            type="url"
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps("webhook")}
            error={webhookError}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("integrations.chat.events")}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {CHAT_TASK_OPTIONS.map((option) => (
                <Checkbox key={option} label={t(`integrations.chat.option.${option}`)} {...form.getInputProps(option, { type: "checkbox" })} />
              ))}
            </SimpleGrid>
          </Stack>
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconSend size={14} />}
              loading={test.isPending}
              disabled={setting.webhook === "" || form.isDirty()}
              onClick={() => test.mutate()}
            >
              {t("integrations.chat.test")}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t("integrations.chat.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      <DeliveryLog projectId={projectId} />
    </Stack>
  );
}
