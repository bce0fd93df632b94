import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LineMoney } from "@plotline/contracts";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../lib/money.js";
import type { NameLineDraft, TaskLineDraft } from "../lib/invoice-draft.js";

/** The inputs of a line show their labels on a phone; on a desk the column heads above say them. */
const LINE_INPUT = { classNames: { label: "invoice-line-label" }, size: "sm" as const, inputMode: "decimal" as const };

/** The column heads of a kind of line, shown on a desk only. */
function LineHeads({ first, amount, quantity }: { first: string; amount: string; quantity: string }) {
  const { t } = useTranslation();
  return (
    <div className="invoice-line invoice-line-heads" aria-hidden>
      {[first, amount, quantity, t("invoices.lines.tax")].map((label) => (
        <Text key={label} size="xs" fw={600} c="dimmed">
          {label}
        </Text>
      ))}
      <Text size="xs" fw={600} c="dimmed" ta="right">
        {t("invoices.lines.line_total")}
      </Text>
      <span />
    </div>
  );
}

/** A block of lines: its heading, its rows and its Add button. */
function LineBlock({ heading, hint, children, addLabel, onAdd, extra, testId }: { heading: string; hint: string; children: ReactNode; addLabel: string; onAdd: () => void; extra?: ReactNode; testId: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <div>
        <Title order={2} size="h4">
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </div>
      {children}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {addLabel}
        </Button>
        {extra}
      </Group>
    </Stack>
  );
}

/** The task lines (rate × hours), those from tracked time marked and their hours the logs'. */
export function TaskLines({
  lines,
  money,
  currency,
  problem,
  onChange,
  onAdd,
  onRemove,
  extra,
}: {
  lines: readonly TaskLineDraft[];
  money: readonly LineMoney[];
  currency: string;
  /** The message about a field (`entryTasks.0.amount`), from the form's check or the server, or undefined. */
  problem: (field: string) => string | undefined;
  onChange: (index: number, line: TaskLineDraft) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <LineBlock heading={t("invoices.lines.task_heading")} hint={t("invoices.lines.task_hint")} addLabel={t("invoices.lines.add_task")} onAdd={onAdd} extra={extra} testId="task-lines">
      {lines.length > 0 && <LineHeads first={t("invoices.lines.task")} amount={t("invoices.lines.rate")} quantity={t("invoices.lines.hours")} />}
      {lines.map((line, index) => (
        <div className="invoice-line" key={line.key} data-testid="task-line">
          <TextInput
            {...LINE_INPUT}
            inputMode="text"
            label={t("invoices.lines.task")}
            value={line.task}
            onChange={(event) => onChange(index, { ...line, task: event.currentTarget.value })}
            error={problem(`entryTasks.${index}.task`)}
            maxLength={255}
            rightSection={line.fromTime ? <Badge size="xs" variant="light" title={t("invoices.lines.from_time_hint")}>{t("invoices.lines.from_time")}</Badge> : undefined}
            rightSectionWidth={line.fromTime ? 72 : undefined}
          />
          <TextInput
            {...LINE_INPUT}
            label={t("invoices.lines.rate")}
            value={line.amount}
            disabled={line.fromTime}
            onChange={(event) => onChange(index, { ...line, amount: event.currentTarget.value })}
            error={problem(`entryTasks.${index}.amount`)}
          />
          <TextInput
            {...LINE_INPUT}
            label={t("invoices.lines.hours")}
            value={line.hour}
            disabled={line.fromTime}
            onChange={(event) => onChange(index, { ...line, hour: event.currentTarget.value })}
            error={problem(`entryTasks.${index}.hour`)}
          />
          <TextInput
            {...LINE_INPUT}
            label={t("invoices.lines.tax")}
            value={line.tax}
            placeholder="0"
            disabled={line.fromTime}
            onChange={(event) => onChange(index, { ...line, tax: event.currentTarget.value })}
            error={problem(`entryTasks.${index}.tax`)}
          />
          <Text className="invoice-line-total invoice-money" fw={600} size="sm" data-testid="line-total">
            {formatAmount(money[index]?.totalMinor ?? 0, currency, i18n.language)}
          </Text>
          <div className="invoice-line-remove">
            {!line.fromTime && (
              <ActionIcon variant="subtle" color="red" onClick={() => onRemove(index)} aria-label={t("invoices.lines.remove_task", { index: index + 1 })}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </div>
        </div>
      ))}
    </LineBlock>
  );
}

/** The item lines (price × quantity). */
export function NameLines({
  lines,
  money,
  currency,
  problem,
  onChange,
  onAdd,
  onRemove,
}: {
  lines: readonly NameLineDraft[];
  money: readonly LineMoney[];
  currency: string;
  /** The message about a field (`entryTasks.0.amount`), from the form's check or the server, or undefined. */
  problem: (field: string) => string | undefined;
  onChange: (index: number, line: NameLineDraft) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <LineBlock heading={t("invoices.lines.name_heading")} hint={t("invoices.lines.name_hint")} addLabel={t("invoices.lines.add_name")} onAdd={onAdd} testId="name-lines">
      {lines.length > 0 && <LineHeads first={t("invoices.lines.name")} amount={t("invoices.lines.price")} quantity={t("invoices.lines.quantity")} />}
      {lines.map((line, index) => (
        <div className="invoice-line" key={line.key} data-testid="name-line">
          <TextInput
            {...LINE_INPUT}
            inputMode="text"
            label={t("invoices.lines.name")}
            value={line.name}
            onChange={(event) => onChange(index, { ...line, name: event.currentTarget.value })}
            error={problem(`entryNames.${index}.name`)}
            maxLength={255}
          />
          <TextInput
            {...LINE_INPUT}
            label={t("invoices.lines.price")}
            value={line.amount}
            onChange={(event) => onChange(index, { ...line, amount: event.currentTarget.value })}
            error={problem(`entryNames.${index}.amount`)}
          />
          <TextInput
            {...LINE_INPUT}
            label={t("invoices.lines.quantity")}
            value={line.quantity}
            onChange={(event) => onChange(index, { ...line, quantity: event.currentTarget.value })}
            error={problem(`entryNames.${index}.quantity`)}
          />
          <TextInput
            {...LINE_INPUT}
            label={t("invoices.lines.tax")}
            value={line.tax}
            placeholder="0"
            onChange={(event) => onChange(index, { ...line, tax: event.currentTarget.value })}
            error={problem(`entryNames.${index}.tax`)}
          />
          <Text className="invoice-line-total invoice-money" fw={600} size="sm" data-testid="line-total">
            {formatAmount(money[index]?.totalMinor ?? 0, currency, i18n.language)}
          </Text>
          <div className="invoice-line-remove">
            <ActionIcon variant="subtle" color="red" onClick={() => onRemove(index)} aria-label={t("invoices.lines.remove_name", { index: index + 1 })}>
              <IconTrash size={16} />
            </ActionIcon>
          </div>
        </div>
      ))}
    </LineBlock>
  );
}
