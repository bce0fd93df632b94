import {
  checkInvoiceSize,
  computeInvoiceTotals,
  currencyDigits,
  divideRounded,
  formatInvoiceNumber,
  INVOICE_PER_PAGE_DEFAULT,
  lineMoney,
  milliToNumber,
  readMoneyField,
  readNameLines,
  readPercentField,
  readTaskLines,
  type Address,
  type BillTimeInput,
  type CreateInvoiceInput,
  type FieldProblem,
  type Invoice,
  type InvoiceListQuery,
  type Pagination,
  type StoredNameLine,
  type StoredTaskLine,
  type UnbilledTime,
  type UpdateInvoiceInput,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, notFound } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { pageRequest, paginationMeta } from "../../lib/pagination.js";
import type { ModuleContext } from "../module.js";
import type { ProjectAccess, ProjectAccessService } from "../projects/project-access.js";
import type { TimeTrackerService } from "../time-tracker/time-tracker.service.js";
import { invoicePayments } from "./invoice-payments.js";
import { invoiceSettings } from "./invoice-settings.js";
import { invoicePolicy } from "./invoice.policy.js";
import { NO_ABILITIES, presentInvoice } from "./invoice.presenter.js";
import { invoiceRepository, type InvoiceRecord } from "./invoice.repository.js";

/** Throws one 400 naming every field in `problems` (nothing when there is none). */
export function throwProblems(problems: readonly FieldProblem[]): void {
  if (problems.length === 0) return;
  const params: Record<string, string[]> = {};
  for (const problem of problems) (params[problem.field] ??= []).push(problem.message);
  throw new AppError("rest_invalid_param", `Invalid parameter(s): ${Object.keys(params).join(", ")}`, { params });
}

/** The current year in the site's time zone: the year an invoice number is taken in. */
function yearIn(timezone: string, now = new Date()): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone: timezone, year: "numeric" }).format(now));
}

/** Today, YYYY-MM-DD, in the site's time zone. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Seconds as thousandths of an hour, rounded half away from zero. */
function hourMilliOf(seconds: number): number {
  return Number(divideRounded(BigInt(seconds) * 1000n, 3600n));
}

interface Deps {
  access: ProjectAccessService;
  timeTracker: TimeTrackerService;
}

/**
 * Invoices (README.md): create, edit, delete, lists, bill tracked time, payments, settings and addresses.
 * Every amount is an integer of the currency's minor units; the rules are contracts' `invoice-money.ts`.
 */
export function invoiceService(ctx: ModuleContext, deps: Deps) {
  const repository = invoiceRepository(ctx.db, ctx.kind);
  const settings = invoiceSettings(repository, ctx.secrets);
  const timezone = ctx.config.timezone;

  /** Access to the project for managing its invoices: 404 unknown project, 403 anyone but its managers. */
  async function requireManager(actor: Actor, projectId: number): Promise<ProjectAccess> {
    const access = await deps.access.requireAccess(actor, projectId);
    if (!invoicePolicy.canManage(actor, access)) throw forbidden("Only the project's managers can manage its invoices.");
    return access;
  }

  /** The project's invoice: 404 when it is not the project's (or a client's who is not its client). */
  async function loadInvoice(actor: Actor, projectId: number, invoiceId: number): Promise<{ row: InvoiceRecord; access: ProjectAccess }> {
    const access = await deps.access.requireAccess(actor, projectId);
    const row = await repository.findInvoice(invoiceId);
    if (!row || row.project_id !== projectId) throw notFound("Invoice");
    if (invoicePolicy.canRead(actor, access, row)) return { row, access };
    // A client never learns that another client's invoice exists; a co-worker is told it is not for them.
    if (access.role === "client") throw notFound("Invoice");
    throw forbidden("Only the project's managers and the invoice's client can see it.");
  }

  /** Invoices presented for one viewer, with their lines, payments and clients, in few queries. */
  async function presentMany(actor: Actor | null, rows: readonly InvoiceRecord[]): Promise<Invoice[]> {
    const ids = rows.map((row) => row.id);
    const [lines, payments, users, accesses] = await Promise.all([
      repository.findLines(ids),
      repository.findPayments(ids),
      repository.findUsers(rows.map((row) => row.client_id)),
      actor ? deps.access.accessToProjects(actor, [...new Set(rows.map((row) => row.project_id))]) : Promise.resolve(new Map<number, ProjectAccess>()),
    ]);
    const userMap = new Map(users.map((user) => [user.id, user]));
    return rows.map((row) =>
      presentInvoice(row, {
        lines: lines.filter((line) => line.invoice_id === row.id),
        payments: payments.filter((payment) => payment.invoice_id === row.id),
        users: userMap,
        abilities: actor ? invoicePolicy.abilities(actor, accesses.get(row.project_id) ?? null, row) : NO_ABILITIES,
      }),
    );
  }

  async function presentOne(actor: Actor | null, invoiceId: number): Promise<Invoice> {
    const row = await repository.findInvoice(invoiceId);
    if (!row) throw notFound("Invoice");
    const [invoice] = await presentMany(actor, [row]);
    if (!invoice) throw notFound("Invoice");
    return invoice;
  }

  /**
   * Writes an invoice's lines (the kinds given, each with its rounded total and tax) and its totals from
   * every line and payment, inside `trx`; the invoice's row is locked (or new) in `trx`.
   */
  async function writeMoney(
    trx: Kysely<Database>,
    invoiceId: number,
    changes: { taskLines?: readonly StoredTaskLine[]; nameLines?: readonly StoredNameLine[]; discountMilli: number },
  ): Promise<void> {
    if (changes.taskLines) {
      await repository.replaceLines(
        trx,
        invoiceId,
        "task",
        changes.taskLines.map((line) => {
          const money = lineMoney({ amountMinor: line.amountMinor, quantityMilli: line.hourMilli, taxMilli: line.taxMilli });
          return { name: line.task, task_id: line.taskId, amount_minor: line.amountMinor, quantity_milli: line.hourMilli, tax_milli: line.taxMilli, total_minor: money.totalMinor, line_tax_minor: money.taxMinor };
        }),
      );
    }
    if (changes.nameLines) {
      await repository.replaceLines(
        trx,
        invoiceId,
        "name",
        changes.nameLines.map((line) => {
          const money = lineMoney({ amountMinor: line.amountMinor, quantityMilli: line.quantityMilli, taxMilli: line.taxMilli });
          return { name: line.name, task_id: null, amount_minor: line.amountMinor, quantity_milli: line.quantityMilli, tax_milli: line.taxMilli, total_minor: money.totalMinor, line_tax_minor: money.taxMinor };
        }),
      );
    }
    const [lines, payments] = await Promise.all([repository.findLines([invoiceId], trx), repository.findPayments([invoiceId], trx)]);
    const ordered = [...lines.filter((line) => line.kind === "task"), ...lines.filter((line) => line.kind === "name")];
    const computed = computeInvoiceTotals({
      lines: ordered.map((line) => ({ amountMinor: line.amount_minor, quantityMilli: line.quantity_milli, taxMilli: line.tax_milli })),
      discountMilli: changes.discountMilli,
      paymentsMinor: payments.map((payment) => payment.amount_minor),
    });
    const { totals } = computed;
    await repository.updateInvoice(trx, invoiceId, {
      subtotal_minor: totals.subtotal,
      tax_minor: totals.tax,
      discount_minor: totals.discount,
      total_minor: totals.total,
      paid_minor: totals.paid,
      due_minor: totals.due,
      status: computed.status,
    });
  }

  /** Reads and checks a create body's money in its currency; throws one 400 with every bad field. */
  async function readCreate(projectId: number, input: CreateInvoiceInput) {
    const currency = input.currency ?? (await settings.getSettings()).currency_code;
    const digits = currencyDigits(currency);
    const problems: FieldProblem[] = [];
    const taskLines = readTaskLines(input.entryTasks, digits, problems);
    const nameLines = readNameLines(input.entryNames, digits, problems);
    const discountMilli = readPercentField(problems, "discount", input.discount);
    const minimumPartialMinor = readMoneyField(problems, "minimum_partial", input.minimum_partial, digits);
    if (problems.length === 0) checkInvoiceSize(taskLines, nameLines, problems);
    if (input.due_date && input.due_date < input.start_at) problems.push({ field: "due_date", message: "The due date cannot be before the start date" });
    if (!(await repository.isClientOf(projectId, input.client_id))) problems.push({ field: "client_id", message: "The client must be a client of the project" });
    throwProblems(problems);
    return { currency, digits, taskLines, nameLines, discountMilli, minimumPartialMinor };
  }

  /** Creates the invoice row with its number, inside `trx`. */
  async function insertInvoice(trx: Kysely<Database>, actor: Actor, projectId: number, input: CreateInvoiceInput, read: Awaited<ReturnType<typeof readCreate>>): Promise<number> {
    const year = yearIn(timezone);
    const sequence = await repository.takeNumber(trx, year);
    const at = nowUtc();
    return repository.insertInvoice(trx, {
      project_id: projectId,
      client_id: input.client_id,
      number: formatInvoiceNumber(year, sequence),
      number_year: year,
      number_sequence: sequence,
      title: input.title,
      start_at: input.start_at,
      due_date: input.due_date ?? null,
      discount_milli: read.discountMilli,
      partial: input.partial ? 1 : 0,
      minimum_partial_minor: read.minimumPartialMinor,
      currency: read.currency,
      notes: input.notes,
      terms: input.terms,
      subtotal_minor: 0,
      tax_minor: 0,
      discount_minor: 0,
      total_minor: 0,
      paid_minor: 0,
      due_minor: 0,
      status: 0,
      created_by: actor.id,
      created_at: at,
      updated_at: at,
    });
  }

  async function listWith(actor: Actor, filter: Parameters<typeof repository.listInvoices>[0], query: InvoiceListQuery): Promise<{ invoices: Invoice[]; pagination: Pagination; clientAddresses: Record<string, Address> }> {
    const page = pageRequest(query.page, query.per_page, INVOICE_PER_PAGE_DEFAULT);
    const withStatus = query.status === undefined ? filter : { ...filter, status: query.status };
    const [total, rows] = await Promise.all([repository.countInvoices(withStatus), repository.listInvoices(withStatus, page.limit ?? 100, page.offset)]);
    const [invoices, clientAddresses] = await Promise.all([presentMany(actor, rows), settings.addressesOf(rows.map((row) => row.client_id))]);
    return { invoices, pagination: paginationMeta(page, total, rows.length), clientAddresses };
  }

  const payments = invoicePayments({ ctx, repository, presentOne, loadInvoice, requireManager, todayIn: () => todayIn(timezone) });

  return {
    ...payments,

    /** The organisation's settings with the Stripe secrets opened (never answered). */
    getSettings: settings.getSettings,
    readSettings: settings.readSettings,
    saveSettings: settings.saveSettings,
    readUserAddress: settings.readUserAddress,
    saveUserAddress: settings.saveUserAddress,
    addressesOf: settings.addressesOf,

    /** `POST pm-pro/v2/projects/{project_id}/invoice`: managers; the number is taken in the same transaction. */
    async createInvoice(actor: Actor, projectId: number, input: CreateInvoiceInput): Promise<Invoice> {
      await requireManager(actor, projectId);
      const read = await readCreate(projectId, input);
      const id = await transact(ctx, async (trx) => {
        const invoiceId = await insertInvoice(trx, actor, projectId, input, read);
        await writeMoney(trx, invoiceId, { taskLines: read.taskLines, nameLines: read.nameLines, discountMilli: read.discountMilli });
        return invoiceId;
      });
      return presentOne(actor, id);
    },

    /** `GET .../invoice/unbilled-time`: the project's uninvoiced stopped time by task (managers). */
    async unbilledTime(actor: Actor, projectId: number, until?: string): Promise<UnbilledTime> {
      await requireManager(actor, projectId);
      const tasks = await deps.timeTracker.billing.unbilledTime(projectId, until);
      return tasks.map((task) => ({ task_id: task.taskId, task: task.title, seconds: task.seconds, hour: milliToNumber(hourMilliOf(task.seconds)), logs: task.logs }));
    },

    /**
     * `POST .../invoice/from-time`: an invoice with one task line per task of the project's unbilled time
     * (at `rate` per hour, `tax` %), after the lines given; those logs are marked billed by it, in the same
     * transaction. No unbilled time: 422.
     */
    async billTrackedTime(actor: Actor, projectId: number, input: BillTimeInput): Promise<Invoice> {
      await requireManager(actor, projectId);
      const read = await readCreate(projectId, input);
      const problems: FieldProblem[] = [];
      const rateMinor = readMoneyField(problems, "rate", input.rate, read.digits);
      const taxMilli = readPercentField(problems, "tax", input.tax);
      throwProblems(problems);
      const id = await transact(ctx, async (trx) => {
        const invoiceId = await insertInvoice(trx, actor, projectId, input, read);
        const billed = await deps.timeTracker.billing.billTime(trx, projectId, invoiceId, input.until);
        if (billed.length === 0) throw new AppError("rule_broken", "This project has no unbilled time to invoice.");
        const timeLines: StoredTaskLine[] = billed.map((task) => ({ task: task.title.slice(0, 255), taskId: task.taskId, amountMinor: rateMinor, hourMilli: hourMilliOf(task.seconds), taxMilli }));
        const taskLines = [...read.taskLines, ...timeLines];
        const sizeProblems: FieldProblem[] = [];
        checkInvoiceSize(taskLines, read.nameLines, sizeProblems);
        throwProblems(sizeProblems.map((problem) => ({ ...problem, field: "rate" })));
        await writeMoney(trx, invoiceId, { taskLines, nameLines: read.nameLines, discountMilli: read.discountMilli });
        return invoiceId;
      });
      return presentOne(actor, id);
    },

    /** `GET .../invoice/{id}`: managers, and the invoice's client. */
    async getInvoice(actor: Actor, projectId: number, invoiceId: number): Promise<Invoice> {
      await loadInvoice(actor, projectId, invoiceId);
      return presentOne(actor, invoiceId);
    },

    /** `POST .../invoice/{id}`: managers; lines given replace their kind; totals follow. */
    async updateInvoice(actor: Actor, projectId: number, invoiceId: number, input: UpdateInvoiceInput): Promise<Invoice> {
      await requireManager(actor, projectId);
      const current = await repository.findInvoice(invoiceId);
      if (!current || current.project_id !== projectId) throw notFound("Invoice");
      const currency = input.currency ?? current.currency;
      const digits = currencyDigits(currency);
      const problems: FieldProblem[] = [];
      const taskLines = input.entryTasks && readTaskLines(input.entryTasks, digits, problems);
      const nameLines = input.entryNames && readNameLines(input.entryNames, digits, problems);
      const discountMilli = input.discount === undefined ? current.discount_milli : readPercentField(problems, "discount", input.discount);
      let minimumPartialMinor = current.minimum_partial_minor;
      if (input.minimum_partial !== undefined) minimumPartialMinor = readMoneyField(problems, "minimum_partial", input.minimum_partial, digits);
      else if (currency !== current.currency && current.minimum_partial_minor > 0) problems.push({ field: "minimum_partial", message: "Send minimum_partial with a new currency" });
      if (currency !== current.currency && current.paid_minor > 0) problems.push({ field: "currency", message: "The currency cannot change once a payment is recorded" });
      if (currency !== current.currency && (!taskLines || !nameLines)) {
        // Amounts are stored in the old currency's minor units: a new currency needs every line again.
        problems.push({ field: "currency", message: "Send entryTasks and entryNames with a new currency" });
      }
      const startAt = input.start_at ?? current.start_at;
      const dueDate = input.due_date === undefined ? current.due_date : input.due_date;
      if (dueDate && dueDate < startAt) problems.push({ field: "due_date", message: "The due date cannot be before the start date" });
      if (input.client_id !== undefined && input.client_id !== current.client_id && !(await repository.isClientOf(projectId, input.client_id))) {
        problems.push({ field: "client_id", message: "The client must be a client of the project" });
      }
      if (problems.length === 0 && (taskLines || nameLines)) {
        const lines = await repository.findLines([invoiceId]);
        const storedTasks = taskLines ?? lines.filter((line) => line.kind === "task").map((line) => ({ task: line.name, taskId: line.task_id, amountMinor: line.amount_minor, hourMilli: line.quantity_milli, taxMilli: line.tax_milli }));
        const storedNames = nameLines ?? lines.filter((line) => line.kind === "name").map((line) => ({ name: line.name, amountMinor: line.amount_minor, quantityMilli: line.quantity_milli, taxMilli: line.tax_milli }));
        checkInvoiceSize(storedTasks, storedNames, problems);
      }
      throwProblems(problems);
      await transact(ctx, async (trx) => {
        const locked = await repository.lockInvoice(trx, invoiceId);
        if (!locked) throw notFound("Invoice");
        await repository.updateInvoice(trx, invoiceId, {
          ...(input.title !== undefined && { title: input.title }),
          ...(input.client_id !== undefined && { client_id: input.client_id }),
          start_at: startAt,
          due_date: dueDate,
          discount_milli: discountMilli,
          ...(input.partial !== undefined && { partial: input.partial ? 1 : 0 }),
          minimum_partial_minor: minimumPartialMinor,
          currency,
          ...(input.notes !== undefined && { notes: input.notes }),
          ...(input.terms !== undefined && { terms: input.terms }),
          updated_at: nowUtc(),
        });
        await writeMoney(trx, invoiceId, { taskLines, nameLines, discountMilli });
      });
      return presentOne(actor, invoiceId);
    },

    /** `DELETE .../invoice/{id}`: managers; its lines and payments go with it, its billed time is unbilled again. */
    async deleteInvoice(actor: Actor, projectId: number, invoiceId: number): Promise<void> {
      await requireManager(actor, projectId);
      const current = await repository.findInvoice(invoiceId);
      if (!current || current.project_id !== projectId) throw notFound("Invoice");
      await transact(ctx, async (trx) => {
        await deps.timeTracker.billing.releaseBilledTime(trx, invoiceId);
        await repository.deleteInvoice(trx, invoiceId);
      });
    },

    /** `GET pm-pro/v2/projects/{project_id}/invoice`: managers see all of the project's; a client their own. */
    async listProjectInvoices(actor: Actor, projectId: number, query: InvoiceListQuery) {
      const access = await deps.access.requireAccess(actor, projectId);
      if (invoicePolicy.canManage(actor, access) && !query.frontend) return listWith(actor, { projectId }, query);
      if (access.role === "client" || query.frontend) return listWith(actor, { projectId, clientId: actor.id }, query);
      throw forbidden("Only the project's managers and its clients can see its invoices.");
    },

    /**
     * `GET pm-pro/v2/invoices`: every invoice for site managers; the invoices of the projects one manages
     * and those billed to one for everyone else; with `frontend=1` (the client portal) only the latter.
     */
    async listAllInvoices(actor: Actor, query: InvoiceListQuery) {
      const base = query.project_id === undefined ? {} : { projectId: query.project_id };
      if (query.frontend) return listWith(actor, { ...base, clientId: actor.id }, query);
      if (actor.isSiteManager) return listWith(actor, base, query);
      const managed = [...(await deps.access.accessToMemberProjects(actor)).values()].filter((access) => access.isManager).map((access) => access.projectId);
      return listWith(actor, { ...base, managedProjectIds: managed, clientId: actor.id }, query);
    },

    /** The invoice presented to no one in particular (mail, PDF jobs), or null when it is gone. */
    async findPresented(invoiceId: number): Promise<Invoice | null> {
      const row = await repository.findInvoice(invoiceId);
      if (!row) return null;
      return presentOne(null, invoiceId);
    },

    /** The invoice for the PDF or mail call: managers and the client may read it. */
    loadInvoice,
    requireManager,
    presentOne,
  };
}

export type InvoiceService = ReturnType<typeof invoiceService>;
