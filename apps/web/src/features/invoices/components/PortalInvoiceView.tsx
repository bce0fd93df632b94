import { Alert, Anchor, Button, Card, Group, Radio, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { checkPaymentAmount, formatUnits, routePath, type CardGateway, type Invoice } from "@plotline/contracts";
import { IconArrowLeft, IconCircleCheck, IconCreditCard, IconDownload, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../../api/client.js";
import { ErrorState } from "../../../components/ErrorState.js";
import { isNotAvailable, NotAvailable } from "../../../components/NotAvailable.js";
import type { TranslationKey } from "../../../i18n/keys.js";
import { notifyError } from "../../../lib/notify.js";
import { downloadInvoicePdf, useCheckout, useCheckoutReturn, useInvoice, useInvoiceSettings, usePaymentValidation } from "../hooks/use-invoices.js";
import { formatAmount, readAmount } from "../lib/money.js";
import { InvoiceDocument } from "./InvoiceDocument.js";

/**
 * Paying the due by card: the amount (the whole due, or a part from the minimum when partial payments are
 * on), checked here and then by `payment-validation` (a refusal shows in an alert), then the checkout call,
 * and the browser goes to the provider's page. The provider sends it back here with `?checkout=`.
 */
function PayForm({ invoice, gateways }: { invoice: Invoice; gateways: readonly CardGateway[] }) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState(() => formatUnits(invoice.totals.due_minor, invoice.decimal_digits));
  const [gateway, setGateway] = useState<CardGateway | null>(gateways[0] ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const validate = usePaymentValidation(invoice.project_id, invoice.id);
  const checkout = useCheckout(invoice.project_id, invoice.id);
  const money = (minor: number) => formatAmount(minor, invoice.currency, i18n.language);
  const read = readAmount(amount, invoice.decimal_digits, true);
  const due = invoice.totals.due_minor;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!read.ok) return setRefusal(t(`invoices.errors.${read.error}` as TranslationKey));
    const problem = checkPaymentAmount({ amountMinor: read.value, dueMinor: due, partial: invoice.partial, minimumPartialMinor: invoice.minimum_partial_minor });
    if (problem) return setRefusal(t(`invoices.pay.problems.${problem}`, { due: money(due), minimum: money(invoice.minimum_partial_minor) }));
    if (!gateway) return;
    const sent = formatUnits(read.value, invoice.decimal_digits);
    try {
      await validate.mutateAsync(sent);
      const answer = await checkout.mutateAsync({ gateway, amount: sent, return_path: routePath("portal_invoice", { project_id: invoice.project_id, invoice_id: invoice.id }) });
      setLeaving(true);
      window.location.assign(answer.data.url);
    } catch (error) {
      // The server's refusal (more than the due, below the minimum ...) in the alert, in its own words.
      if (error instanceof ApiError && error.status < 500) setRefusal(error.params.amount?.[0] ?? error.message);
      else notifyError(error);
    }
  };

  if (due <= 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="pay-form">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t("invoices.pay.heading")}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("invoices.pay.heading")}
          </Title>
          {gateways.length === 0 ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
              {t("invoices.pay.no_gateways")}
            </Alert>
          ) : (
            <>
              <TextInput
                label={t("invoices.pay.amount")}
                description={invoice.partial ? t("invoices.pay.amount_hint_partial", { due: money(due), minimum: money(invoice.minimum_partial_minor) }) : t("invoices.pay.amount_hint_full", { due: money(due) })}
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
                readOnly={!invoice.partial}
                inputMode="decimal"
                rightSection={<Text size="sm">{invoice.currency}</Text>}
                rightSectionWidth={52}
                maw={320}
              />
              {gateways.length > 1 && (
                <Radio.Group label={t("invoices.pay.gateway")} value={gateway} onChange={(value) => setGateway(value as CardGateway)}>
                  <Group gap="lg" mt={4}>
                    {gateways.map((name) => (
                      <Radio key={name} value={name} label={t(`invoices.gateway_${name}`)} />
                    ))}
                  </Group>
                </Radio.Group>
              )}
              {refusal && (
                <Alert color="red" variant="light" title={t("invoices.pay.refused")} role="alert" data-testid="pay-refusal">
                  {refusal}
                </Alert>
              )}
              <Group>
                <Button type="submit" leftSection={<IconCreditCard size={16} />} loading={validate.isPending || checkout.isPending || isLeaving}>
                  {t("invoices.pay.submit", { amount: read.ok ? money(read.value) : "" })}
                </Button>
                {isLeaving && (
                  <Text size="sm" c="dimmed">
                    {t("invoices.pay.redirecting")}
                  </Text>
                )}
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/**
 * What the provider's return says: paid (Stripe's session checked by the server, which records the payment
 * once if its webhook has not), on its way (PayPal: the notification may come a moment later; the invoice
 * is asked again until it changes), or cancelled.
 */
function CheckoutNotice({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const outcome = search.get("checkout");
  const sessionId = outcome === "stripe" ? search.get("session_id") : null;
  const stripe = useCheckoutReturn(invoice.project_id, invoice.id, sessionId);
  const status = t(`invoices.status.${invoice.status}`);
  if (!outcome) return null;
  if (outcome === "cancelled") {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="checkout-notice">
        {t("invoices.checkout.cancelled")}
      </Alert>
    );
  }
  const isPaid = (outcome === "stripe" && stripe.data?.paid) || invoice.payments.data.some((payment) => payment.gateway === outcome);
  return (
    <Alert color={isPaid ? "teal" : "blue"} variant="light" icon={isPaid ? <IconCircleCheck size={18} /> : <IconInfoCircle size={18} />} data-testid="checkout-notice" role="status">
      <Text size="sm">{isPaid ? t("invoices.checkout.paid") : t("invoices.checkout.pending")}</Text>
      <Text size="sm" fw={600}>
        {t("invoices.checkout.status_now", { status })}
      </Text>
    </Alert>
  );
}

/** `portal_invoice`: one of the client's invoices, its PDF, and paying what is due by card. */
export function PortalInvoiceView({ projectId, invoiceId }: { projectId: number; invoiceId: number }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const query = useInvoice(projectId, invoiceId);
  const settings = useInvoiceSettings();
  const [isDownloading, setDownloading] = useState(false);
  const invoice = query.data;
  const isAwaitingProvider = search.get("checkout") === "paypal" && invoice !== undefined && !invoice.payments.data.some((payment) => payment.gateway === "paypal");
  const { refetch } = query;

  // Back from PayPal, whose notification may come after the browser: ask again until the payment shows.
  useEffect(() => {
    if (!isAwaitingProvider) return;
    const timer = window.setInterval(() => void refetch(), 2000);
    const stop = window.setTimeout(() => window.clearInterval(timer), 60_000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, [isAwaitingProvider, refetch]);

  if (query.isPending) return <Skeleton height={420} radius="md" maw={1000} mx="auto" aria-label={t("common.loading")} />;
  if (isNotAvailable(query.error)) return <NotAvailable backTo={{ to: routePath("invoices"), label: t("invoices.back_to_list") }} />;
  if (!invoice) return <ErrorState error={query.error} onRetry={() => void refetch()} />;

  const download = () => {
    setDownloading(true);
    downloadInvoicePdf(invoice)
      .catch(notifyError)
      .finally(() => setDownloading(false));
  };
  const gateways = settings.data?.gateWays ?? [];

  return (
    <Stack gap="md" maw={1000} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to={routePath("invoices")} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {t("invoices.back_to_list")}
          </Group>
        </Anchor>
        <Button variant="default" size="sm" leftSection={<IconDownload size={16} />} onClick={download} loading={isDownloading}>
          {t("invoices.actions.pdf")}
        </Button>
      </Group>
      <CheckoutNotice invoice={invoice} />
      {invoice.abilities.can_pay && !settings.isPending && <PayForm invoice={invoice} gateways={gateways} />}
      {invoice.totals.due_minor === 0 && invoice.status !== 1 && (
        <Text size="sm" c="dimmed">
          {t("invoices.pay.nothing_due")}
        </Text>
      )}
      <InvoiceDocument invoice={invoice} />
    </Stack>
  );
}
