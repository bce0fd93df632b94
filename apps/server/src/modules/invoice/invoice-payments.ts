import { randomUUID } from "node:crypto";
import {
  currencyDigits,
  dueOf,
  findCurrency,
  formatCurrency,
  invoiceStatusOf,
  minorToMajor,
  parseMoney,
  paymentAmountMessage,
  recordPaymentBody,
  type Invoice,
  type PaymentGateway,
} from "@plotline/contracts";
import type { z } from "zod";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, invalidField, notFound } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import type { ModuleContext } from "../module.js";
import type { ProjectAccess } from "../projects/project-access.js";
import type { InvoiceRecord, InvoiceRepository } from "./invoice.repository.js";

/** A payment for the ledger, from a gateway's confirmation or a manager's record. */
export interface PaymentInput {
  invoiceId: number;
  gateway: PaymentGateway;
  /** Unique per gateway: PayPal's `txn_id`, Stripe's payment intent, `manual-<uuid>`. */
  transactionId: string;
  amountMinor: number;
  currency: string;
  /** YYYY-MM-DD (a longer ISO date-time is cut to its day). */
  paidAt: string;
  method: string;
  note: string;
  userId: number | null;
}

/** What `checkPaymentAmount` answers for an amount that may be paid. */
export interface PayableAmount {
  currency: string;
  digits: number;
  dueMinor: number;
  projectId: number;
  clientId: number;
}

interface PaymentDeps {
  ctx: ModuleContext;
  repository: InvoiceRepository;
  presentOne: (actor: Actor | null, invoiceId: number) => Promise<Invoice>;
  loadInvoice: (actor: Actor, projectId: number, invoiceId: number) => Promise<{ row: InvoiceRecord; access: ProjectAccess }>;
  requireManager: (actor: Actor, projectId: number) => Promise<ProjectAccess>;
  todayIn: () => string;
}

function moneyText(row: Pick<InvoiceRecord, "currency">) {
  const currency = findCurrency(row.currency);
  const digits = currencyDigits(row.currency);
  return (minor: number) => formatCurrency(minor, currency?.symbol ?? row.currency, digits);
}

/** The 400 of an amount that may not be paid on this invoice now, or nothing. */
function assertPayable(row: InvoiceRecord, amountMinor: number): void {
  const message = paymentAmountMessage(
    { amountMinor, dueMinor: row.due_minor, partial: row.partial === 1, minimumPartialMinor: row.minimum_partial_minor },
    moneyText(row),
  );
  if (message) throw invalidField("amount", message);
}

/**
 * The payment ledger: recording a payment (idempotent on gateway and transaction id, in one transaction
 * that also moves paid, due and status), the amount check before a checkout, a manager's manual payment.
 */
export function invoicePayments(deps: PaymentDeps) {
  const { ctx, repository } = deps;

  /** Reads a major-unit amount in the invoice's currency; 400 on `amount`. */
  function readAmount(row: InvoiceRecord, value: number | string): number {
    const digits = currencyDigits(row.currency);
    const parsed = parseMoney(value, digits);
    if (parsed.ok) return parsed.value;
    const messages = { not_a_number: "Must be a number", too_many_decimals: digits === 0 ? "This currency has no decimals" : `At most ${digits} decimals`, negative: "Cannot be negative", too_large: "Too large" };
    throw invalidField("amount", messages[parsed.error]);
  }

  async function recordPayment(input: PaymentInput): Promise<{ recorded: boolean; invoice: Invoice }> {
    const recorded = await transact(ctx, async (trx) => {
      // The invoice's row is locked first, so concurrent payments add up one after the other.
      const row = await repository.lockInvoice(trx, input.invoiceId);
      if (!row) throw notFound("Invoice");
      if (input.currency.toUpperCase() !== row.currency) throw invalidField("currency", `The invoice is in ${row.currency}`);
      if (input.gateway === "manual") assertManualAmount(row, input.amountMinor);
      const id = await repository.insertPayment(trx, {
        invoice_id: row.id,
        gateway: input.gateway,
        transaction_id: input.transactionId,
        amount_minor: input.amountMinor,
        currency: row.currency,
        method: input.method.slice(0, 60),
        note: input.note.slice(0, 1000),
        paid_at: input.paidAt.slice(0, 10),
        created_by: input.userId,
        created_at: nowUtc(),
      });
      if (id === null) return false;
      const paid = await repository.sumPayments(trx, row.id);
      await repository.updateInvoice(trx, row.id, { paid_minor: paid, due_minor: dueOf(row.total_minor, paid), status: invoiceStatusOf(row.total_minor, paid), updated_at: nowUtc() });
      return true;
    });
    return { recorded, invoice: await deps.presentOne(null, input.invoiceId) };
  }

  /** A manager records what was paid outside the card gateways: more than zero, at most the due. */
  function assertManualAmount(row: InvoiceRecord, amountMinor: number): void {
    if (amountMinor <= 0) throw invalidField("amount", "The amount must be more than zero");
    if (amountMinor > row.due_minor) throw invalidField("amount", `The amount is more than the due (${moneyText(row)(row.due_minor)})`);
  }

  return {
    recordPayment,

    /** The 400 `payment-validation` answers for an amount that may not be paid now; else what the checkout needs. */
    async checkPaymentAmount(invoiceId: number, amountMinor: number): Promise<PayableAmount> {
      const row = await repository.findInvoice(invoiceId);
      if (!row) throw notFound("Invoice");
      assertPayable(row, amountMinor);
      return { currency: row.currency, digits: currencyDigits(row.currency), dueMinor: row.due_minor, projectId: row.project_id, clientId: row.client_id };
    },

    /** The invoice when the actor may see and pay it (its client, or a manager), else 404/403. */
    async getInvoiceForPayer(actor: Actor, projectId: number, invoiceId: number): Promise<Invoice> {
      await deps.loadInvoice(actor, projectId, invoiceId);
      return deps.presentOne(actor, invoiceId);
    },

    /** `POST .../invoice/{id}/payment-validation`: the reader's amount, checked against the due and the minimum. */
    async validatePayment(actor: Actor, projectId: number, invoiceId: number, amount: number | string) {
      const { row } = await deps.loadInvoice(actor, projectId, invoiceId);
      const amountMinor = readAmount(row, amount);
      assertPayable(row, amountMinor);
      const digits = currencyDigits(row.currency);
      return { amount: minorToMajor(amountMinor, digits), amount_minor: amountMinor, currency: row.currency, due: minorToMajor(row.due_minor, digits), due_minor: row.due_minor };
    },

    /** `POST .../invoice/{id}/payment`: a manager records a payment. */
    async recordManualPayment(actor: Actor, projectId: number, invoiceId: number, input: z.output<typeof recordPaymentBody>): Promise<Invoice> {
      await deps.requireManager(actor, projectId);
      const row = await repository.findInvoice(invoiceId);
      if (!row || row.project_id !== projectId) throw notFound("Invoice");
      const amountMinor = readAmount(row, input.amount);
      assertManualAmount(row, amountMinor);
      const date = input.date ?? deps.todayIn();
      const result = await recordPayment({
        invoiceId,
        gateway: "manual",
        transactionId: `manual-${randomUUID()}`,
        amountMinor,
        currency: row.currency,
        paidAt: date,
        method: input.method,
        note: input.note,
        userId: actor.id,
      });
      if (!result.recorded) throw new AppError("conflict", "The payment was not recorded.");
      return deps.presentOne(actor, invoiceId);
    },
  };
}
