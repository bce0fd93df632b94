import { Card, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { Invoice } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/dates.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { useInvoiceSettings, useUserAddress } from "../hooks/use-invoices.js";
import { formatAmount } from "../lib/money.js";
import { isKnownMethod } from "../lib/payment-methods.js";
import { AddressText, EditAddressButton } from "./AddressBlock.js";
import { InvoiceStatusBadge, TotalsBlock, totalsOf } from "./InvoiceBits.js";
import "./invoices.css";

/** A number of hours or a quantity as read: up to three decimals, no trailing zeros. */
function quantityText(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

/** The lines of an invoice: task lines (rate × hours) then item lines (price × quantity). */
function LinesTable({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatAmount(minor, invoice.currency, i18n.language);
  const rows = [
    ...invoice.entryTasks.map((line, index) => ({ key: `t${index}`, label: line.task, price: line.amount_minor, quantity: line.hour, tax: line.tax, total: line.line_total_minor, kind: "task" as const })),
    ...invoice.entryNames.map((line, index) => ({ key: `n${index}`, label: line.name, price: line.amount_minor, quantity: line.quantity, tax: line.tax, total: line.line_total_minor, kind: "name" as const })),
  ];
  if (rows.length === 0) return <Text c="dimmed">{t("invoices.lines.none")}</Text>;
  return (
    <Table className="invoice-table" verticalSpacing="xs" data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("invoices.lines.name")}</Table.Th>
          <Table.Th className="invoice-num">{t("invoices.lines.price")}</Table.Th>
          <Table.Th className="invoice-num">{t("invoices.lines.quantity")}</Table.Th>
          <Table.Th className="invoice-num">{t("invoices.lines.tax")}</Table.Th>
          <Table.Th className="invoice-num">{t("invoices.lines.line_total")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td data-label="" fw={500}>
              {row.label}
            </Table.Td>
            <Table.Td className="invoice-num invoice-money" data-label={row.kind === "task" ? t("invoices.lines.rate") : t("invoices.lines.price")}>
              {money(row.price)}
            </Table.Td>
            <Table.Td className="invoice-num" data-label={row.kind === "task" ? t("invoices.lines.hours") : t("invoices.lines.quantity")}>
              {quantityText(row.quantity, i18n.language)}
            </Table.Td>
            <Table.Td className="invoice-num" data-label={t("invoices.lines.tax")}>
              {row.tax > 0 ? `${quantityText(row.tax, i18n.language)}%` : "—"}
            </Table.Td>
            <Table.Td className="invoice-num invoice-money" data-label={t("invoices.lines.line_total")} fw={600}>
              {money(row.total)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The payments of the ledger, oldest first. */
export function PaymentsTable({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const payments = invoice.payments.data;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t("invoices.payments.heading")}
      </Title>
      {payments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("invoices.payments.none")}
        </Text>
      ) : (
        <Table className="invoice-table" verticalSpacing="xs" data-testid="invoice-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("invoices.payments.date")}</Table.Th>
              <Table.Th>{t("invoices.payments.gateway")}</Table.Th>
              <Table.Th>{t("invoices.payments.method")}</Table.Th>
              <Table.Th>{t("invoices.payments.note")}</Table.Th>
              <Table.Th className="invoice-num">{t("invoices.payments.amount")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td data-label={t("invoices.payments.date")}>{formatDate(payment.date)}</Table.Td>
                <Table.Td data-label={t("invoices.payments.gateway")}>{t(`invoices.payments.gateways.${payment.gateway}`)}</Table.Td>
                <Table.Td data-label={t("invoices.payments.method")}>{isKnownMethod(payment.method) ? t(`invoices.record.methods.${payment.method}`) : payment.method}</Table.Td>
                <Table.Td data-label={t("invoices.payments.note")}>{payment.note || "—"}</Table.Td>
                <Table.Td className="invoice-num invoice-money" data-label={t("invoices.payments.amount")} fw={600}>
                  {formatAmount(payment.amount_minor, payment.currency, i18n.language)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * One invoice as its client reads it: number, status, dates, who it is for, the lines, the totals, the
 * notes and terms, and the payments. The manager's view and the client portal both show it.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const me = useCurrentMe();
  const settings = useInvoiceSettings();
  const clientAddress = useUserAddress(invoice.client_id);
  const client = invoice.client.data;
  // The server lets the client themself and site managers save an address.
  const canEditAddress = me.user.id === invoice.client_id || me.capabilities.manage_pm;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="invoice-document">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Group gap="sm" wrap="wrap">
              <Title order={1} size="h2">
                {invoice.number}
              </Title>
              <InvoiceStatusBadge status={invoice.status} />
            </Group>
            <Text size="lg" fw={500}>
              {invoice.title}
            </Text>
          </div>
          <Stack gap={0} className="invoice-dates">
            <Text size="sm">{t("invoices.issued", { date: formatDate(invoice.start_at) })}</Text>
            <Text size="sm" c="dimmed">
              {invoice.due_date ? t("invoices.due_on", { date: formatDate(invoice.due_date) }) : t("invoices.no_due_date")}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <div>
            <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
              {t("invoices.from")}
            </Text>
            <AddressText address={settings.data} />
          </div>
          <div data-testid="invoice-bill-to">
            <Group gap={4}>
              <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                {t("invoices.bill_to")}
              </Text>
              {canEditAddress && clientAddress.isSuccess && <EditAddressButton userId={client.id} name={client.display_name} address={clientAddress.data} />}
            </Group>
            <Text fw={500}>{client.display_name}</Text>
            <Text size="sm" c="dimmed">
              {client.email}
            </Text>
            <AddressText address={clientAddress.data} />
          </div>
          <div>
            <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
              {t("invoices.project")}
            </Text>
            <Text fw={500}>{invoice.project_title}</Text>
            {invoice.partial && (
              <Text size="sm" c="dimmed">
                {t("invoices.partial_allowed", { amount: formatAmount(invoice.minimum_partial_minor, invoice.currency, i18n.language) })}
              </Text>
            )}
          </div>
        </SimpleGrid>
        <LinesTable invoice={invoice} />
        <Group justify="flex-end">
          <TotalsBlock totals={totalsOf(invoice)} currency={invoice.currency} withPayments testId="invoice-totals" />
        </Group>
        {(invoice.notes || invoice.terms) && (
          <>
            <Divider />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {invoice.notes && (
                <div>
                  <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                    {t("invoices.fields.notes")}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {invoice.notes}
                  </Text>
                </div>
              )}
              {invoice.terms && (
                <div>
                  <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
                    {t("invoices.fields.terms")}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    {invoice.terms}
                  </Text>
                </div>
              )}
            </SimpleGrid>
          </>
        )}
        <Divider />
        <PaymentsTable invoice={invoice} />
      </Stack>
    </Card>
  );
}
