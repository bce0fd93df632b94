import { Badge, Group, Stack, Text } from "@mantine/core";
import type { Invoice, InvoiceTotals } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../lib/money.js";

/** Badge colours by status: what is owed stands out, what is settled recedes. */
const STATUS_COLORS: Record<Invoice["status"], string> = { 0: "orange", 1: "teal", 3: "blue" };

/** An invoice's status as a badge: Incomplete, Partial or Complete. */
export function InvoiceStatusBadge({ status }: { status: Invoice["status"] }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="invoice-status">
      {t(`invoices.status.${status}`)}
    </Badge>
  );
}

/** An amount in minor units, in the invoice's currency. */
export function Money({ minor, currency, fw, size }: { minor: number; currency: string; fw?: number; size?: string }) {
  const { i18n } = useTranslation();
  return (
    <Text component="span" fw={fw} size={size} className="invoice-money">
      {formatAmount(minor, currency, i18n.language)}
    </Text>
  );
}

/**
 * The totals block: subtotal, tax, discount, total, and with payments paid and due. `testId` names it for
 * tests; each figure is also named by its label (`aria-label`) for screen readers reading the list.
 */
export function TotalsBlock({ totals, currency, withPayments, testId }: { totals: InvoiceTotals; currency: string; withPayments: boolean; testId?: string }) {
  const { t, i18n } = useTranslation();
  const rows: Array<{ key: keyof InvoiceTotals; strong?: boolean; negative?: boolean }> = [
    { key: "subtotal" },
    { key: "tax" },
    { key: "discount", negative: true },
    { key: "total", strong: true },
    ...(withPayments ? [{ key: "paid" as const }, { key: "due" as const, strong: true }] : []),
  ];
  return (
    <Stack gap={4} className="invoice-totals" data-testid={testId} aria-label={t("invoices.totals.heading")} role="group">
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" gap="lg" wrap="nowrap" data-total={row.key}>
          <Text size="sm" c={row.strong ? undefined : "dimmed"} fw={row.strong ? 700 : 400}>
            {t(`invoices.totals.${row.key}`)}
          </Text>
          <Text size={row.strong ? "md" : "sm"} fw={row.strong ? 700 : 500} className="invoice-money">
            {row.negative && totals[row.key] > 0 ? "−" : ""}
            {formatAmount(totals[row.key], currency, i18n.language)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** An answered invoice's totals in minor units, as `TotalsBlock` reads them. */
export function totalsOf(invoice: Invoice): InvoiceTotals {
  const totals = invoice.totals;
  return {
    subtotal: totals.subtotal_minor,
    tax: totals.tax_minor,
    discount: totals.discount_minor,
    total: totals.total_minor,
    paid: totals.paid_minor,
    due: totals.due_minor,
  };
}
