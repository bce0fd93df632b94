import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import type { UnbilledTime } from "@plotline/contracts";
import { IconClockDollar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorState } from "../../../components/ErrorState.js";
import { useUnbilledTime } from "../hooks/use-invoices.js";

/** Hours of the uninvoiced time, summed, for the summary line. */
function totalHours(time: UnbilledTime, language: string): string {
  const hours = time.reduce((sum, entry) => sum + entry.hour, 0);
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
}

/**
 * "Bill tracked time": finds the project's time that is on no invoice yet and, at the rate and tax typed,
 * adds a task line per task with its hours. While billing, the same fields change the rate and tax of
 * those lines; "Don't bill the time" takes them away again.
 */
export function BillTimePanel({
  projectId,
  billing,
  rateError,
  taxError,
  onApply,
  onChange,
  onRemove,
}: {
  projectId: number;
  billing: { rate: string; tax: string } | null;
  rateError?: string;
  taxError?: string;
  onApply: (time: UnbilledTime, rate: string, tax: string) => void;
  onChange: (billing: { rate: string; tax: string }) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [rate, setRate] = useState(billing?.rate ?? "");
  const [tax, setTax] = useState(billing?.tax ?? "");
  const time = useUnbilledTime(projectId, true);
  const entries = time.data ?? [];

  const setFields = (next: { rate: string; tax: string }) => {
    setRate(next.rate);
    setTax(next.tax);
    if (billing) onChange(next);
  };

  return (
    <Card withBorder radius="md" padding="md" bg="var(--mantine-color-default-hover)" data-testid="bill-time-panel">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconClockDollar size={18} aria-hidden />
          <Text fw={600}>{t("invoices.bill_time.title")}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t("invoices.bill_time.body")}
        </Text>
        {time.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t("invoices.bill_time.loading")}</Text>
          </Group>
        ) : time.error ? (
          <ErrorState error={time.error} onRetry={() => void time.refetch()} />
        ) : entries.length === 0 ? (
          <Alert color="gray" variant="light" p="xs">
            {t("invoices.bill_time.nothing")}
          </Alert>
        ) : (
          <>
            <Text size="sm" fw={500} data-testid="bill-time-found">
              {t("invoices.bill_time.found", { count: entries.length, hours: totalHours(entries, i18n.language) })}
            </Text>
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput label={t("invoices.bill_time.rate")} value={rate} onChange={(event) => setFields({ rate: event.currentTarget.value, tax })} inputMode="decimal" w={160} error={rateError} required />
              <TextInput label={t("invoices.bill_time.tax")} value={tax} placeholder="0" onChange={(event) => setFields({ rate, tax: event.currentTarget.value })} inputMode="decimal" w={100} error={taxError} />
            </Group>
            <Group gap="xs">
              {billing ? (
                <Button variant="default" size="xs" onClick={onRemove}>
                  {t("invoices.bill_time.remove")}
                </Button>
              ) : (
                <Button size="xs" onClick={() => onApply(entries, rate, tax)}>
                  {t("invoices.bill_time.apply")}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
