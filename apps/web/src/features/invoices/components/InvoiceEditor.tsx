import "@mantine/dates/styles.css";
import { Alert, Anchor, Button, Card, Grid, Group, List, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { CURRENCIES, currencyDigits, routePath, type Invoice, type Project } from "@plotline/contracts";
import { IconArrowLeft, IconCalendar, IconClockDollar } from "@tabler/icons-react";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../../api/client.js";
import { InlineFormGuard, useGuardedClose } from "../../../components/DiscardGuard.js";
import type { TranslationKey } from "../../../i18n/keys.js";
import { dateInputFormat, todayString } from "../../../lib/dates.js";
import { notifySuccess } from "../../../lib/notify.js";
import { useCreateInvoice, useUpdateInvoice } from "../hooks/use-invoices.js";
import {
  bodyOf,
  draftMoney,
  draftOf,
  draftProblems,
  emptyNameLine,
  emptyTaskLine,
  newDraft,
  withoutTrackedTime,
  withTimeBilling,
  withTrackedTime,
  type InvoiceDraft,
} from "../lib/invoice-draft.js";
import { BillTimePanel } from "./BillTimePanel.js";
import { TotalsBlock } from "./InvoiceBits.js";
import { NameLines, TaskLines } from "./InvoiceLines.js";
import "./invoices.css";

/** The project's clients, the only people an invoice of it may be addressed to. */
function clientsOf(project: Project): Array<{ value: string; label: string }> {
  return (project.assignees?.data ?? [])
    .filter((member) => member.roles.data.some((role) => role.slug === "client"))
    .map((member) => ({ value: String(member.id), label: member.display_name }));
}

/** The draft as text to compare, without the lines' React keys. */
function fingerprint(draft: InvoiceDraft): string {
  return JSON.stringify(draft, (name, value: unknown) => (name === "key" ? undefined : value));
}

/** Cancel: asks before typed work is thrown away (the guard around the form decides). */
function CancelButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const close = useGuardedClose(onClose);
  return (
    <Button variant="default" onClick={close}>
      {t("invoices.cancel")}
    </Button>
  );
}

const CURRENCY_CHOICES = CURRENCIES.map((currency) => ({ value: currency.code, label: `${currency.code} — ${currency.name}` }));

/**
 * The invoice editor: client (one of the project's clients), dates, currency, task and item lines added and
 * removed, discount, partial payments with their minimum, notes and terms, and the totals computed live
 * with the contracts' money rules. A new invoice can bill the project's tracked time. The server checks
 * everything again; what it refuses shows by the field, and the rest above the Save button.
 */
export function InvoiceEditor({ project, invoice, defaultCurrency }: { project: Project; invoice: Invoice | null; defaultCurrency: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<InvoiceDraft>(() => (invoice ? draftOf(invoice) : newDraft(defaultCurrency, todayString())));
  const [initial] = useState(() => fingerprint(draft));
  // Where to go once saved: leaving waits for the render that no longer guards the typed work.
  const [savedId, setSavedId] = useState<number | null>(null);
  const [isBillingOpen, setBillingOpen] = useState(false);
  const [wasSubmitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const create = useCreateInvoice(project.id);
  const update = useUpdateInvoice(project.id, invoice?.id ?? 0);
  const saving = create.isPending || update.isPending;

  const digits = currencyDigits(draft.currency);
  const money = useMemo(() => draftMoney(draft, digits, invoice?.payments.data.map((payment) => payment.amount_minor) ?? []), [draft, digits, invoice]);
  const problems = useMemo(() => (wasSubmitted ? draftProblems(draft, digits) : {}), [draft, digits, wasSubmitted]);
  const clients = useMemo(() => clientsOf(project), [project]);
  // The server's own words about a field, shown until the form is sent again.
  const serverProblem = (field: string) => serverError?.params[field]?.[0];
  const problem = (field: string) => {
    const key = problems[field];
    return key ? t(`invoices.errors.${key}` as TranslationKey) : serverProblem(field);
  };

  const backTo = invoice ? routePath("single_invoice", { project_id: project.id, invoice_id: invoice.id }) : routePath("invoice", { project_id: project.id });
  const isDirty = savedId === null && fingerprint(draft) !== initial;
  useEffect(() => {
    if (savedId !== null) void navigate(routePath("single_invoice", { project_id: project.id, invoice_id: savedId }), { replace: !invoice });
  }, [savedId, navigate, project.id, invoice]);

  const change = (patch: Partial<InvoiceDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const hours = draft.entryTasks.filter((line) => line.fromTime);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(draftProblems(draft, digits)).length > 0) return;
    const body = bodyOf(draft, digits);
    const onError = (error: unknown) => setServerError(error instanceof ApiError ? error : new ApiError(0, { code: "error", message: String(error), messages: [String(error)], data: { status: 0 } }));
    if (invoice) {
      update.mutate(body, {
        onSuccess: (answer) => {
          notifySuccess(answer.message ?? t("invoices.saved"));
          setSavedId(answer.data.id);
        },
        onError,
      });
      return;
    }
    create.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message ?? t("invoices.created"));
        setSavedId(answer.data.id);
      },
      onError,
    });
  };

  const hasProblems = wasSubmitted && Object.keys(problems).length > 0;

  return (
    <InlineFormGuard isDirty={isDirty} onClose={() => void navigate(backTo)}>
      <form onSubmit={submit} noValidate aria-label={invoice ? t("invoices.edit_title", { number: invoice.number }) : t("invoices.new_title")}>
        <Stack gap="md" maw={1100} mx="auto" w="100%">
          <div>
            <Anchor component={Link} to={backTo} size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                {t("invoices.back_to_list")}
              </Group>
            </Anchor>
            <Title order={1} size="h2">
              {invoice ? t("invoices.edit_title", { number: invoice.number }) : t("invoices.new_title")}
            </Title>
          </div>

          <Card withBorder radius="md" padding="lg">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label={t("invoices.fields.title")} placeholder={t("invoices.fields.title_placeholder")} value={draft.title} onChange={(event) => change({ title: event.currentTarget.value })} error={problem("title")} required maxLength={255} />
              <Select
                label={t("invoices.fields.client")}
                placeholder={t("invoices.fields.client_placeholder")}
                data={clients}
                value={draft.client_id}
                onChange={(value) => change({ client_id: value })}
                error={problem("client_id") ?? (clients.length === 0 ? t("invoices.fields.no_clients") : undefined)}
                required
                searchable
                nothingFoundMessage={t("invoices.fields.no_clients")}
              />
              <DatePickerInput
                label={t("invoices.fields.start_at")}
                valueFormat={dateInputFormat()}
                value={draft.start_at || null}
                onChange={(value) => change({ start_at: value ?? "" })}
                leftSection={<IconCalendar size={16} aria-hidden />}
                error={problem("start_at")}
                required
              />
              <DatePickerInput
                label={t("invoices.fields.due_date")}
                valueFormat={dateInputFormat()}
                value={draft.due_date}
                onChange={(value) => change({ due_date: value })}
                minDate={draft.start_at || undefined}
                leftSection={<IconCalendar size={16} aria-hidden />}
                error={problem("due_date")}
                clearable
              />
              <Select
                label={t("invoices.fields.currency")}
                data={CURRENCY_CHOICES}
                value={draft.currency}
                onChange={(value) => value && change({ currency: value })}
                error={problem("currency")}
                searchable
                allowDeselect={false}
                disabled={(invoice?.payments.data.length ?? 0) > 0}
              />
            </SimpleGrid>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Stack gap="lg">
              <TaskLines
                lines={draft.entryTasks}
                money={money.taskLines}
                currency={draft.currency}
                problem={problem}
                onChange={(index, line) => change({ entryTasks: draft.entryTasks.map((old, at) => (at === index ? line : old)) })}
                onAdd={() => change({ entryTasks: [...draft.entryTasks, emptyTaskLine()] })}
                onRemove={(index) => change({ entryTasks: draft.entryTasks.filter((_line, at) => at !== index) })}
                extra={
                  !invoice && (
                    <Button variant="subtle" size="xs" leftSection={<IconClockDollar size={14} />} onClick={() => setBillingOpen((open) => !open)} aria-expanded={isBillingOpen || hours.length > 0}>
                      {t("invoices.bill_time.action")}
                    </Button>
                  )
                }
              />
              {!invoice && (isBillingOpen || draft.billTime) && (
                <BillTimePanel
                  projectId={project.id}
                  billing={draft.billTime}
                  rateError={problem("billTime.rate") ?? serverProblem("rate")}
                  taxError={problem("billTime.tax") ?? serverProblem("tax")}
                  onApply={(time, rate, tax) => setDraft((current) => withTrackedTime(current, time, rate, tax))}
                  onChange={(billing) => setDraft((current) => withTimeBilling(current, billing))}
                  onRemove={() => setDraft((current) => withoutTrackedTime(current))}
                />
              )}
              <NameLines
                lines={draft.entryNames}
                money={money.nameLines}
                currency={draft.currency}
                problem={problem}
                onChange={(index, line) => change({ entryNames: draft.entryNames.map((old, at) => (at === index ? line : old)) })}
                onAdd={() => change({ entryNames: [...draft.entryNames, emptyNameLine()] })}
                onRemove={(index) => change({ entryNames: draft.entryNames.filter((_line, at) => at !== index) })}
              />
              {problem("lines") && (
                <Text c="red" size="sm" role="alert">
                  {problem("lines")}
                </Text>
              )}
            </Stack>
          </Card>

          <Card withBorder radius="md" padding="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="md">
                  <Group align="flex-start" gap="md" wrap="wrap">
                    <TextInput label={t("invoices.fields.discount")} value={draft.discount} placeholder="0" inputMode="decimal" onChange={(event) => change({ discount: event.currentTarget.value })} error={problem("discount")} w={140} />
                    <Stack gap={6} pt={4}>
                      <Switch label={t("invoices.fields.partial")} checked={draft.partial} onChange={(event) => change({ partial: event.currentTarget.checked })} mt="lg" />
                    </Stack>
                    {draft.partial && (
                      <TextInput
                        label={t("invoices.fields.minimum_partial")}
                        value={draft.minimum_partial}
                        placeholder="0"
                        inputMode="decimal"
                        onChange={(event) => change({ minimum_partial: event.currentTarget.value })}
                        error={problem("minimum_partial")}
                        w={230}
                      />
                    )}
                  </Group>
                  <Textarea label={t("invoices.fields.notes")} placeholder={t("invoices.fields.notes_placeholder")} value={draft.notes} onChange={(event) => change({ notes: event.currentTarget.value })} autosize minRows={2} maxRows={6} maxLength={5000} />
                  <Textarea label={t("invoices.fields.terms")} placeholder={t("invoices.fields.terms_placeholder")} value={draft.terms} onChange={(event) => change({ terms: event.currentTarget.value })} autosize minRows={2} maxRows={6} maxLength={5000} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Card withBorder radius="md" padding="md" aria-live="polite">
                  <Title order={2} size="h5" mb="xs">
                    {t("invoices.totals.heading")}
                  </Title>
                  <TotalsBlock totals={money.totals} currency={draft.currency} withPayments={(invoice?.payments.data.length ?? 0) > 0} testId="editor-totals" />
                </Card>
              </Grid.Col>
            </Grid>
          </Card>

          {hasProblems && (
            <Alert color="red" variant="light" role="alert">
              {t("invoices.fix_problems")}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" variant="light" role="alert" title={serverError.message} data-testid="invoice-save-error">
              {serverError.messages.length > 1 && (
                <List size="sm">
                  {serverError.messages.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <CancelButton onClose={() => void navigate(backTo)} />
            <Button type="submit" loading={saving}>
              {invoice ? t("invoices.save") : t("invoices.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </InlineFormGuard>
  );
}
