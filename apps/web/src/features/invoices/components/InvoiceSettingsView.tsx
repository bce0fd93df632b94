import { Badge, Box, Button, Card, Checkbox, Group, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { COUNTRIES, CURRENCIES, type CardGateway, type InvoiceSettings, type InvoiceSettingsBody } from "@plotline/contracts";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useInvoiceSettings, useSaveInvoiceSettings } from "../hooks/use-invoices.js";

const ADDRESS_FIELDS = ["organization", "address_line_1", "address_line_2", "city", "state", "zip_code"] as const;
const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
const CURRENCY_CHOICES = CURRENCIES.map((currency) => ({ value: currency.code, label: `${currency.code} — ${currency.name} (${currency.symbol_native})` }));
const FIELDS = [...ADDRESS_FIELDS, "country_code", "currency_code", "paypal_mail", "sand_box_mode", "gateWays", "stripe_publishable_key", "stripe_secret_key", "stripe_webhook_secret"];

/** The form's state: the saved settings, and the secrets as typed (empty keeps the saved one). */
interface SettingsForm extends Omit<InvoiceSettings, "stripe_secret_key_set" | "stripe_webhook_secret_set"> {
  stripe_secret_key: string;
  stripe_webhook_secret: string;
  clear_secret: boolean;
  clear_webhook_secret: boolean;
}

/** A card of the settings page with its heading and hint. */
function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}

/** Whether a secret is saved, as a badge: its text never comes back from the server. */
function SecretState({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={isSet ? "teal" : "gray"}>
      {isSet ? t("invoices.secret_set") : t("invoices.secret_unset")}
    </Badge>
  );
}

/** The form, once the saved settings are in. */
function SettingsFormView({ saved }: { saved: InvoiceSettings }) {
  const { t } = useTranslation();
  const save = useSaveInvoiceSettings();
  const [form, setForm] = useState<SettingsForm>(() => ({ ...saved, stripe_secret_key: "", stripe_webhook_secret: "", clear_secret: false, clear_webhook_secret: false }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (patch: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...patch }));
  const toggleGateway = (gateway: CardGateway, on: boolean) => change({ gateWays: on ? [...form.gateWays.filter((name) => name !== gateway), gateway] : form.gateWays.filter((name) => name !== gateway) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: InvoiceSettingsBody = {
      ...Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, form[field]])),
      country_code: form.country_code,
      currency_code: form.currency_code,
      paypal_mail: form.paypal_mail.trim(),
      sand_box_mode: form.sand_box_mode,
      gateWays: form.gateWays,
      stripe_publishable_key: form.stripe_publishable_key.trim(),
    };
    // A secret is sent only when typed, or cleared on purpose: the empty text removes the saved one.
    if (form.stripe_secret_key.trim() || form.clear_secret) body.stripe_secret_key = form.clear_secret ? "" : form.stripe_secret_key.trim();
    if (form.stripe_webhook_secret.trim() || form.clear_webhook_secret) body.stripe_webhook_secret = form.clear_webhook_secret ? "" : form.stripe_webhook_secret.trim();
    save.mutate(body, {
      onSuccess: (answer) => {
        setErrors({});
        setForm({ ...answer.data, stripe_secret_key: "", stripe_webhook_secret: "", clear_secret: false, clear_webhook_secret: false });
        notifySuccess(answer.message ?? t("invoices.settings_saved"));
      },
      onError: (error) => {
        const { byField, others } = fieldErrors(error, FIELDS);
        setErrors(byField);
        if (others) notifyError(others);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("invoices.settings_title")}>
      <Stack gap="md">
        <Section title={t("invoices.address_heading")}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ADDRESS_FIELDS.map((field) => (
              <TextInput key={field} label={t(`invoices.address.${field}`)} value={form[field]} onChange={(event) => change({ [field]: event.currentTarget.value })} error={errors[field]} maxLength={190} />
            ))}
            <Select
              label={t("invoices.address.country_code")}
              placeholder={t("invoices.address.country_placeholder")}
              data={COUNTRY_CHOICES}
              value={form.country_code || null}
              onChange={(value) => change({ country_code: value ?? "" })}
              error={errors.country_code}
              searchable
              clearable
            />
          </SimpleGrid>
        </Section>
        <Section title={t("invoices.currency_heading")} hint={t("invoices.currency_hint")}>
          <Select
            label={t("invoices.fields.currency")}
            data={CURRENCY_CHOICES}
            value={form.currency_code}
            onChange={(value) => value && change({ currency_code: value })}
            error={errors.currency_code}
            searchable
            allowDeselect={false}
            maw={420}
          />
        </Section>
        <Section title={t("invoices.gateways_heading")} hint={t("invoices.gateways_hint")}>
          <Group gap="lg">
            <Checkbox label={t("invoices.gateway_paypal")} checked={form.gateWays.includes("paypal")} onChange={(event) => toggleGateway("paypal", event.currentTarget.checked)} />
            <Checkbox label={t("invoices.gateway_stripe")} checked={form.gateWays.includes("stripe")} onChange={(event) => toggleGateway("stripe", event.currentTarget.checked)} />
          </Group>
          {errors.gateWays && (
            <Text c="red" size="sm">
              {errors.gateWays}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t("invoices.paypal_mail")} type="email" value={form.paypal_mail} onChange={(event) => change({ paypal_mail: event.currentTarget.value })} error={errors.paypal_mail} maxLength={190} />
            <Switch label={t("invoices.sand_box_mode")} checked={form.sand_box_mode} onChange={(event) => change({ sand_box_mode: event.currentTarget.checked })} mt={{ base: 0, sm: 30 }} />
            <TextInput label={t("invoices.stripe_publishable_key")} value={form.stripe_publishable_key} onChange={(event) => change({ stripe_publishable_key: event.currentTarget.value })} error={errors.stripe_publishable_key} maxLength={255} />
            <Box visibleFrom="sm" />
            <Stack gap={4}>
              <PasswordInput
                label={
                  <Group gap={6} component="span">
                    {t("invoices.stripe_secret_key")} <SecretState isSet={saved.stripe_secret_key_set} />
                  </Group>
                }
                description={saved.stripe_secret_key_set ? t("invoices.secret_keep") : undefined}
                value={form.stripe_secret_key}
                onChange={(event) => change({ stripe_secret_key: event.currentTarget.value })}
                error={errors.stripe_secret_key}
                disabled={form.clear_secret}
                autoComplete="off"
                maxLength={255}
              />
              {saved.stripe_secret_key_set && <Checkbox size="xs" label={t("invoices.secret_clear")} checked={form.clear_secret} onChange={(event) => change({ clear_secret: event.currentTarget.checked })} />}
            </Stack>
            <Stack gap={4}>
              <PasswordInput
                label={
                  <Group gap={6} component="span">
                    {t("invoices.stripe_webhook_secret")} <SecretState isSet={saved.stripe_webhook_secret_set} />
                  </Group>
                }
                description={saved.stripe_webhook_secret_set ? t("invoices.secret_keep") : undefined}
                value={form.stripe_webhook_secret}
                onChange={(event) => change({ stripe_webhook_secret: event.currentTarget.value })}
                error={errors.stripe_webhook_secret}
                disabled={form.clear_webhook_secret}
                autoComplete="off"
                maxLength={255}
              />
              {saved.stripe_webhook_secret_set && (
                <Checkbox size="xs" label={t("invoices.secret_clear")} checked={form.clear_webhook_secret} onChange={(event) => change({ clear_webhook_secret: event.currentTarget.checked })} />
              )}
            </Stack>
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t("invoices.settings_save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `invoice_settings`: the organisation's address on invoices, their currency and the card gateways. */
export function InvoiceSettingsView() {
  const { t } = useTranslation();
  const settings = useInvoiceSettings();
  return (
    <Stack gap="md" maw={880} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {t("invoices.settings_title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("invoices.settings_subtitle")}
        </Text>
      </div>
      {settings.isPending ? (
        <Skeleton height={480} radius="md" aria-label={t("common.loading")} />
      ) : settings.error ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsFormView saved={settings.data} />
      )}
    </Stack>
  );
}
