import "@mantine/dates/styles.css";
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { formatUnits, type Invoice } from "@plotline/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client.js";
import type { TranslationKey } from "../../../i18n/keys.js";
import { dateInputFormat, todayString } from "../../../lib/dates.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useRecordPayment } from "../hooks/use-invoices.js";
import { readAmount } from "../lib/money.js";
import { PAYMENT_METHODS } from "../lib/payment-methods.js";

/** A manager records a payment made outside the card gateways: amount (the due by default), day, method, note. */
export function RecordPaymentModal({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(() => formatUnits(invoice.totals.due_minor, invoice.decimal_digits));
  const [date, setDate] = useState<string | null>(todayString());
  const [method, setMethod] = useState<string>("bank transfer");
  const [note, setNote] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const record = useRecordPayment(invoice.project_id, invoice.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readAmount(amount, invoice.decimal_digits, true);
    if (!read.ok) {
      setAmountError(t(`invoices.errors.${read.error}` as TranslationKey));
      return;
    }
    setAmountError(null);
    record.mutate(
      { amount: formatUnits(read.value, invoice.decimal_digits), date: date ?? undefined, method, note: note.trim() },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message ?? t("invoices.record.recorded"));
          onClose();
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.params.amount?.[0] : undefined;
          if (message) setAmountError(message);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("invoices.record.title")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("invoices.record.amount")} value={amount} onChange={(event) => setAmount(event.currentTarget.value)} inputMode="decimal" error={amountError} rightSection={invoice.currency} rightSectionWidth={52} required data-autofocus />
          <DatePickerInput label={t("invoices.record.date")} valueFormat={dateInputFormat()} value={date} onChange={setDate} leftSection={<IconCalendar size={16} aria-hidden />} popoverProps={{ withinPortal: true }} />
          <Select label={t("invoices.record.method")} data={PAYMENT_METHODS.map((value) => ({ value, label: t(`invoices.record.methods.${value}`) }))} value={method} onChange={(value) => value && setMethod(value)} allowDeselect={false} />
          <Textarea label={t("invoices.record.note")} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={1000} autosize minRows={2} />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={record.isPending}>
              {t("invoices.record.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
