import { Alert, Button, Card, Group, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { LICENSE_FIELDS_REQUIRED } from "@plotline/contracts";
import { IconAlertTriangle, IconKey } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useActivateLicense } from "../hooks/use-license.js";

/** The activation form: purchase e-mail and key; errors show in the page's error box above it. */
export function LicenseActivationForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [key, setKey] = useState("");
  const [missing, setMissing] = useState(false);
  const activate = useActivateLicense();
  // A successful activation reloads the page; keep the form locked until it does.
  const busy = activate.isPending || activate.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === "" || key.trim() === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    activate.mutate({ email: email.trim(), key: key.trim() });
  };

  const error = missing ? LICENSE_FIELDS_REQUIRED : activate.error ? activate.error.message : null;

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate aria-labelledby="license-form-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="license-form-title">
          {t("license.form_title")}
        </Title>
        {error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("license.error_title")} role="alert" data-testid="license-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={t("license.email")}
          placeholder={t("license.email_placeholder")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
          disabled={busy}
        />
        <Textarea
          label={t("license.key")}
          placeholder={t("license.key_placeholder")}
          description={t("license.key_hint")}
          value={key}
          onChange={(event) => setKey(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={6}
          spellCheck={false}
          required
          disabled={busy}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconKey size={16} />} loading={busy}>
            {t("license.submit")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
