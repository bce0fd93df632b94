import type { Invoice, InvoiceSettings, UnbilledTime, UserAddress } from "@plotline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, type TestApp } from "../../../test/helpers.js";
import { createList, createTask } from "../tasks/tasks.fixtures.js";
import { createInvoice, invoiceBody, invoicePath, listOf } from "./invoice.fixtures.js";

let t: TestApp;
let cast: Cast;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  projectId = (await createProjectWithCast(cast, { title: "Billing" })).id;
});
afterAll(() => t.close());

describe("POST /api/pm-pro/v2/projects/:project_id/invoice", () => {
  it("creates an invoice with its lines, totals in minor units and a number", async () => {
    const invoice = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId));
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/);
    expect(invoice.currency).toBe("USD");
    expect(invoice.entryTasks).toEqual([
      { task: "Design", task_id: null, amount: 50, amount_minor: 5000, hour: 2.5, tax: 10, line_total: 125, line_total_minor: 12_500, line_tax: 12.5, line_tax_minor: 1250 },
    ]);
    expect(invoice.entryNames[0]).toMatchObject({ name: "Hosting", amount: 19.99, quantity: 3, line_total: 59.97, line_total_minor: 5997 });
    // 184.97 + 12.50 tax - 9.25 (5% of 184.97 = 9.2485, rounded half away from zero) = 188.22
    expect(invoice.totals).toEqual({
      subtotal: 184.97,
      subtotal_minor: 18_497,
      tax: 12.5,
      tax_minor: 1250,
      discount: 9.25,
      discount_minor: 925,
      total: 188.22,
      total_minor: 18_822,
      paid: 0,
      paid_minor: 0,
      due: 188.22,
      due_minor: 18_822,
    });
    expect(invoice.status).toBe(0);
    expect(invoice.client.data.id).toBe(cast.client.userId);
    expect(invoice.abilities).toEqual({ can_edit: true, can_delete: true, can_mail: true, can_record_payment: true, can_pay: true });
  });

  it("reads amounts by the currency's digits: 0 for JPY, 3 for BHD", async () => {
    const yen = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId, { currency: "jpy", discount: 0, entryTasks: [], entryNames: [{ name: "Fee", amount: 1500, quantity: 1.5, tax: 8 }] }));
    expect(yen.currency).toBe("JPY");
    expect(yen.totals).toMatchObject({ subtotal_minor: 2250, tax_minor: 180, total_minor: 2430, total: 2430 });
    const dinar = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId, { currency: "BHD", discount: 0, entryTasks: [], entryNames: [{ name: "Fee", amount: "1.235", quantity: 1, tax: 0 }] }));
    expect(dinar.totals).toMatchObject({ total: 1.235, total_minor: 1235 });
  });

  it("answers 400 naming the field: too many decimals, a bad percentage, a non-client, a missing title", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ currency: "JPY", entryNames: [{ name: "Fee", amount: 10.5 }] }, "entryNames.0.amount"],
      [{ entryTasks: [{ task: "A", amount: 1.001, hour: 1 }] }, "entryTasks.0.amount"],
      [{ entryTasks: [{ task: "A", amount: 1, hour: 1, tax: 101 }] }, "entryTasks.0.tax"],
      [{ discount: -1 }, "discount"],
      [{ client_id: cast.coWorker.userId }, "client_id"],
      [{ title: "" }, "title"],
      [{ currency: "XYZ" }, "currency"],
      [{ due_date: "2026-10-01" }, "due_date"],
      [{ entryNames: [{ name: "Big", amount: 999_999_999_999, quantity: 1_000_000 }] }, "entryNames.0.quantity"],
    ];
    for (const [overrides, field] of cases) {
      const response = await cast.manager.inject({ method: "POST", url: invoicePath(projectId), payload: invoiceBody(cast.client.userId, overrides) });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const body = response.json() as { data: { params: Record<string, string[]> } };
      expect(Object.keys(body.data.params), field).toContain(field);
    }
  });
});

describe("GET /api/pm-pro/v2/projects/:project_id/invoice and /api/pm-pro/v2/invoices", () => {
  it("pages by 2 by default, newest first, with pagination and the client addresses", async () => {
    const project = (await createProjectWithCast(cast, { title: "Paged" })).id;
    for (let i = 0; i < 3; i++) await createInvoice(cast.manager, project, invoiceBody(cast.client.userId, { title: `Invoice ${i}` }));
    await cast.client.inject({ method: "POST", url: `/api/pm-pro/v2/invoice/user-address/user/${cast.client.userId}`, payload: { organization: "Cleo Ltd", city: "Lyon", country_code: "fr" } });
    const first = listOf(await cast.manager.inject({ method: "GET", url: invoicePath(project) }));
    expect(first.data.map((invoice) => invoice.title)).toEqual(["Invoice 2", "Invoice 1"]);
    expect(first.meta.pagination).toMatchObject({ total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
    expect(first.meta.client_addresses[String(cast.client.userId)]).toMatchObject({ organization: "Cleo Ltd", city: "Lyon", country_code: "FR" });
    const second = listOf(await cast.manager.inject({ method: "GET", url: `${invoicePath(project)}?page=2` }));
    expect(second.data.map((invoice) => invoice.title)).toEqual(["Invoice 0"]);
    const all = listOf(await cast.siteManager.inject({ method: "GET", url: `/api/pm-pro/v2/invoices?per_page=50&project_id=${project}` }));
    expect(all.meta.pagination.total).toBe(3);
    const portal = listOf(await cast.client.inject({ method: "GET", url: `/api/pm-pro/v2/invoices?frontend=1&per_page=50` }));
    expect(portal.data.every((invoice) => invoice.client_id === cast.client.userId)).toBe(true);
    expect(portal.data[0]?.abilities).toMatchObject({ can_edit: false, can_pay: true });
  });

  it("filters by status", async () => {
    const project = (await createProjectWithCast(cast, { title: "Statuses" })).id;
    const paid = await createInvoice(cast.manager, project, invoiceBody(cast.client.userId, { discount: 0, entryTasks: [], entryNames: [{ name: "A", amount: 10 }] }));
    await createInvoice(cast.manager, project, invoiceBody(cast.client.userId));
    const payment = await cast.manager.inject({ method: "POST", url: invoicePath(project, paid.id, "/payment"), payload: { amount: 10, method: "bank transfer" } });
    expect(payment.statusCode, payment.body).toBe(200);
    const complete = listOf(await cast.manager.inject({ method: "GET", url: `${invoicePath(project)}?status=1` }));
    expect(complete.data.map((invoice) => invoice.id)).toEqual([paid.id]);
  });
});

describe("GET, POST and DELETE /api/pm-pro/v2/projects/:project_id/invoice/:id", () => {
  it("reads, updates lines and totals, and deletes", async () => {
    const invoice = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId));
    const read = await cast.client.inject({ method: "GET", url: invoicePath(projectId, invoice.id) });
    expect(read.statusCode).toBe(200);
    expect((read.json() as { data: Invoice }).data.abilities).toEqual({ can_edit: false, can_delete: false, can_mail: false, can_record_payment: false, can_pay: true });

    const updated = await cast.manager.inject({
      method: "POST",
      url: invoicePath(projectId, invoice.id),
      payload: { title: "Renamed", discount: 0, entryNames: [{ name: "Hosting", amount: 20, quantity: 1 }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const data = (updated.json() as { data: Invoice; message: string }).data;
    expect(data.title).toBe("Renamed");
    expect(data.entryTasks).toHaveLength(1);
    expect(data.totals).toMatchObject({ subtotal_minor: 14_500, tax_minor: 1250, discount_minor: 0, total_minor: 15_750, due_minor: 15_750 });

    const badCurrency = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id), payload: { currency: "EUR" } });
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json()).toMatchObject({ data: { params: { currency: ["Send entryTasks and entryNames with a new currency"] } } });

    const deleted = await cast.manager.inject({ method: "DELETE", url: invoicePath(projectId, invoice.id) });
    expect(deleted.json()).toEqual({ message: "Invoice deleted successfully" });
    expect((await cast.manager.inject({ method: "GET", url: invoicePath(projectId, invoice.id) })).statusCode).toBe(404);
  });

  it("answers 404 for an invoice of another project", async () => {
    const other = (await createProjectWithCast(cast, { title: "Other" })).id;
    const invoice = await createInvoice(cast.manager, other, invoiceBody(cast.client.userId));
    expect((await cast.manager.inject({ method: "GET", url: invoicePath(projectId, invoice.id) })).statusCode).toBe(404);
    expect((await cast.manager.inject({ method: "DELETE", url: invoicePath(projectId, invoice.id) })).statusCode).toBe(404);
  });
});

describe("payments", () => {
  it("records manual payments: partial then complete, never more than the due", async () => {
    const invoice = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId));
    const first = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/payment"), payload: { amount: 100, date: "2026-11-05", method: "bank transfer", note: "first" } });
    expect(first.statusCode, first.body).toBe(200);
    const partial = (first.json() as { data: Invoice }).data;
    expect(partial.status).toBe(3);
    expect(partial.totals).toMatchObject({ paid_minor: 10_000, due_minor: 8822, due: 88.22 });
    expect(partial.payments.data[0]).toMatchObject({ amount: 100, amount_minor: 10_000, gateway: "manual", method: "bank transfer", note: "first", date: "2026-11-05", currency: "USD" });

    const tooMuch = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/payment"), payload: { amount: 88.23 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ data: { params: { amount: ["The amount is more than the due ($88.22)"] } } });
    expect((await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/payment"), payload: { amount: 1.001 } })).statusCode).toBe(400);

    const rest = await cast.manager.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/payment"), payload: { amount: "88.22" } });
    const complete = (rest.json() as { data: Invoice }).data;
    expect(complete.status).toBe(1);
    expect(complete.totals).toMatchObject({ paid_minor: 18_822, due_minor: 0 });
    expect(complete.abilities.can_pay).toBe(false);
  });

  it("validates an amount before a checkout: the due, the minimum partial, partial off", async () => {
    const strict = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId));
    const flexible = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId, { partial: true, minimum_partial: 50 }));
    const check = (invoice: Invoice, amount: unknown) => cast.client.inject({ method: "POST", url: invoicePath(projectId, invoice.id, "/payment-validation"), payload: { amount } });

    const whole = await check(strict, 188.22);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toEqual({ data: { amount: 188.22, amount_minor: 18_822, currency: "USD", due: 188.22, due_minor: 18_822 } });
    expect((await check(strict, 100)).json()).toMatchObject({ data: { params: { amount: ["This invoice must be paid in full ($188.22)"] } } });
    expect((await check(flexible, 49.99)).json()).toMatchObject({ data: { params: { amount: ["The least partial payment is $50.00"] } } });
    expect((await check(flexible, 50)).statusCode).toBe(200);
    expect((await check(flexible, 200)).json()).toMatchObject({ data: { params: { amount: ["The amount is more than the due ($188.22)"] } } });
    expect((await check(flexible, "abc")).statusCode).toBe(400);
  });

  it("records a gateway payment once per transaction id, even when sent at the same time", async () => {
    const invoice = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId));
    const payment = {
      invoiceId: invoice.id,
      gateway: "paypal" as const,
      transactionId: "TXN-1",
      amountMinor: 5000,
      currency: "USD",
      paidAt: "2026-11-10T10:00:00Z",
      method: "card",
      note: "",
      userId: cast.client.userId,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => t.app.services.invoices.recordPayment(payment)));
    expect(results.filter((result) => result.recorded)).toHaveLength(1);
    const after = await t.app.services.invoices.recordPayment(payment);
    expect(after.recorded).toBe(false);
    expect(after.invoice.totals.paid_minor).toBe(5000);
    expect(after.invoice.payments.data).toHaveLength(1);
    expect(after.invoice.status).toBe(3);
    await expect(t.app.services.invoices.checkPaymentAmount(invoice.id, 99_999_999)).rejects.toMatchObject({ status: 400 });
    await expect(t.app.services.invoices.checkPaymentAmount(invoice.id, 13_822)).resolves.toMatchObject({ currency: "USD", dueMinor: 13_822, projectId });
  });
});

describe("bill tracked time", () => {
  it("makes one task line per task from unbilled logs, marks them billed, and frees them when the invoice is deleted", async () => {
    const list = await createList(cast.manager, projectId, { title: "Work" });
    const design = await createTask(cast.manager, projectId, { task_list_id: list.id, title: "Design", assignees: [cast.coWorker.userId] });
    const build = await createTask(cast.manager, projectId, { task_list_id: list.id, title: "Build", assignees: [cast.coWorker.userId] });
    const log = (taskId: number, hour: number, minute: number, date: string) =>
      cast.coWorker.inject({ method: "POST", url: "/api/pm-pro/v2/custom-time/", payload: { task_id: taskId, project_id: projectId, hour, minute, date } });
    for (const response of [await log(design.id, 1, 30, "2026-11-02"), await log(design.id, 1, 0, "2026-11-03"), await log(build.id, 0, 20, "2026-11-03")]) {
      expect(response.statusCode, response.body).toBe(200);
    }
    const unbilled = await cast.manager.inject({ method: "GET", url: invoicePath(projectId, undefined, "/unbilled-time") });
    expect((unbilled.json() as { data: UnbilledTime }).data).toEqual([
      { task_id: design.id, task: "Design", seconds: 9000, hour: 2.5, logs: 2 },
      { task_id: build.id, task: "Build", seconds: 1200, hour: 0.333, logs: 1 },
    ]);
    expect((await cast.coWorker.inject({ method: "GET", url: invoicePath(projectId, undefined, "/unbilled-time") })).statusCode).toBe(403);

    const billed = await cast.manager.inject({
      method: "POST",
      url: invoicePath(projectId, undefined, "/from-time"),
      payload: { title: "November time", client_id: cast.client.userId, start_at: "2026-11-30", rate: 80, tax: 0, entryNames: [{ name: "Licence", amount: 10 }] },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const invoice = (billed.json() as { data: Invoice }).data;
    const logs = await t.database.db.selectFrom("time_logs").select(["id", "invoice_id"]).where("project_id", "=", projectId).execute();
    expect(logs.every((row) => row.invoice_id === invoice.id)).toBe(true);
    const deleteBilled = await cast.coWorker.inject({ method: "POST", url: `/api/pm-pro/v2/time/${logs[0]?.id}/delete` });
    expect(deleteBilled.statusCode, deleteBilled.body).toBe(422);
    expect(invoice.entryTasks.map((line) => [line.task, line.task_id, line.hour, line.line_total_minor])).toEqual([
      ["Design", design.id, 2.5, 20_000],
      ["Build", build.id, 0.333, 2664],
    ]);
    expect(invoice.totals.total_minor).toBe(20_000 + 2664 + 1000);

    const again = await cast.manager.inject({
      method: "POST",
      url: invoicePath(projectId, undefined, "/from-time"),
      payload: { title: "Again", client_id: cast.client.userId, start_at: "2026-11-30", rate: 80 },
    });
    expect(again.statusCode).toBe(422);
    expect((await cast.manager.inject({ method: "GET", url: invoicePath(projectId, undefined, "/unbilled-time") })).json()).toEqual({ data: [] });

    await cast.manager.inject({ method: "DELETE", url: invoicePath(projectId, invoice.id) });
    const freed = (await cast.manager.inject({ method: "GET", url: invoicePath(projectId, undefined, "/unbilled-time") })).json() as { data: UnbilledTime };
    expect(freed.data.map((task) => task.seconds)).toEqual([9000, 1200]);
  });
});

describe("bill tracked time, at the same time and up to a day", () => {
  it("bills each log once when two invoices are built at once, and only the days up to `until`", async () => {
    const project = (await createProjectWithCast(cast, { title: "Twice billed" })).id;
    const list = await createList(cast.manager, project, { title: "Work" });
    const task = await createTask(cast.manager, project, { task_list_id: list.id, title: "Support", assignees: [cast.coWorker.userId] });
    for (const date of ["2026-11-02", "2026-11-03", "2026-11-20"]) {
      const logged = await cast.coWorker.inject({ method: "POST", url: "/api/pm-pro/v2/custom-time/", payload: { task_id: task.id, project_id: project, hour: 1, minute: 0, date } });
      expect(logged.statusCode, logged.body).toBe(200);
    }
    const body = { title: "Early November", client_id: cast.client.userId, start_at: "2026-11-10", rate: 100, until: "2026-11-10" };
    const [first, second] = await Promise.all([0, 1].map(() => cast.manager.inject({ method: "POST", url: invoicePath(project, undefined, "/from-time"), payload: body })));
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 422]);
    const made = [first, second].find((response) => response?.statusCode === 200)?.json() as { data: Invoice };
    expect(made.data.entryTasks).toEqual([expect.objectContaining({ task: "Support", hour: 2, line_total_minor: 20_000 })]);
    const left = (await cast.manager.inject({ method: "GET", url: invoicePath(project, undefined, "/unbilled-time") })).json() as { data: UnbilledTime };
    expect(left.data).toEqual([{ task_id: task.id, task: "Support", seconds: 3600, hour: 1, logs: 1 }]);
  });
});

describe("settings, addresses, currencies and countries", () => {
  it("saves the organisation's settings (site managers) and never answers the Stripe secrets", async () => {
    const saved = await cast.siteManager.inject({
      method: "POST",
      url: "/api/pm-pro/v2/invoice/address",
      payload: { organization: "Plot Co", city: "Berlin", country_code: "DE", currency_code: "eur", paypal_mail: "pay@plot.test", sand_box_mode: 1, gateWays: ["paypal", "stripe"], stripe_secret_key: "sk_test_123", stripe_webhook_secret: "whsec_abc" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain("sk_test_123");
    expect((saved.json() as { data: InvoiceSettings }).data).toMatchObject({ organization: "Plot Co", currency_code: "EUR", gateWays: ["paypal", "stripe"], stripe_secret_key_set: true, stripe_webhook_secret_set: true, sand_box_mode: true });
    const opened = await t.app.services.invoices.getSettings();
    expect(opened).toMatchObject({ stripe_secret_key: "sk_test_123", stripe_webhook_secret: "whsec_abc" });
    const stored = await t.database.db.selectFrom("invoice_settings").select("data").executeTakeFirstOrThrow();
    expect(stored.data).not.toContain("sk_test_123");

    const read = await cast.client.inject({ method: "GET", url: "/api/pm-pro/v2/invoice/address" });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain("whsec_abc");
    expect((await cast.manager.inject({ method: "POST", url: "/api/pm-pro/v2/invoice/address", payload: { city: "Paris" } })).statusCode).toBe(403);
    expect((await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/invoice/address", payload: { currency_code: "XXY" } })).statusCode).toBe(400);
    expect((await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/invoice/address", payload: { gateWays: ["bitcoin"] } })).statusCode).toBe(400);

    // The default currency of new invoices follows the settings.
    const euro = await createInvoice(cast.manager, projectId, invoiceBody(cast.client.userId));
    expect(euro.currency).toBe("EUR");
    await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/invoice/address", payload: { currency_code: "USD", stripe_secret_key: "" } });
    expect(((await t.app.services.invoices.getSettings()).stripe_secret_key)).toBe("");
  });

  it("reads and saves a user's address: the user, site managers; managers of their projects read", async () => {
    const url = `/api/pm-pro/v2/invoice/user-address/user/${cast.client.userId}`;
    const saved = await cast.client.inject({ method: "POST", url, payload: { address_line_1: "1 Rue", zip_code: "69001", country_code: "FR" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await cast.manager.inject({ method: "GET", url })).json()).toMatchObject({ data: { user_id: cast.client.userId, address_line_1: "1 Rue", country_code: "FR" } });
    expect((await cast.manager.inject({ method: "POST", url, payload: { city: "X" } })).statusCode).toBe(403);
    expect((await cast.outsider.inject({ method: "GET", url })).statusCode).toBe(403);
    expect((await cast.client.inject({ method: "POST", url, payload: { country_code: "QQ" } })).statusCode).toBe(400);
    const own = await cast.outsider.inject({ method: "GET", url: `/api/pm-pro/v2/invoice/user-address/user/${cast.outsider.userId}` });
    expect((own.json() as { data: UserAddress }).data).toMatchObject({ organization: "", country_code: "" });
  });

  it("lists currencies and countries", async () => {
    const currencies = (await cast.client.inject({ method: "GET", url: "/api/pm-pro/v2/invoice/currencies" })).json() as { data: Array<{ code: string; decimal_digits: number }> };
    expect(currencies.data.find((currency) => currency.code === "KWD")?.decimal_digits).toBe(3);
    const countries = (await cast.client.inject({ method: "GET", url: "/api/pm-pro/v2/invoice/countries" })).json() as { data: Array<{ code: string; name: string }> };
    expect(countries.data.find((country) => country.code === "JP")?.name).toBe("Japan");
    expect((await t.app.inject({ method: "GET", url: "/api/pm-pro/v2/invoice/currencies" })).statusCode).toBe(401);
  });
});
