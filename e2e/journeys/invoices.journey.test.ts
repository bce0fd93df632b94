import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaypalDouble, type PaypalDouble } from "../../apps/server/test/paypal-double.js";
import { startStripeDouble, type StripeDouble } from "../../apps/server/test/stripe-double.js";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { ARTIFACTS, closeToasts, screenshot, settled, waitForAnswer } from "../lib/browser.js";
import { expectOk, openContext, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { client, manager } from "../lib/people.js";

/**
 * Invoicing a client, from the settings to the money in: the manager sets the organisation's address, the
 * euro, PayPal and Stripe (its secrets shown only as set); bills the project's tracked time plus a hosting
 * line, with a discount and partial payments, watching the totals follow the typing; downloads the PDF
 * (rendered and read back), mails it (the .eml with the PDF is in the outbox) and records a first bank
 * transfer (the invoice turns Partial). The client opens the invoice in the portal on the front-end page, is
 * told in an alert that too small a part cannot be paid, pays the rest by card through the Stripe double,
 * and comes back to see the invoice Complete; pays another one through the PayPal double. Another invoice
 * is deleted after "Are you sure", and every screen is looked at on a phone.
 */

const projectTitle = "Bakery website";
const invoiceTitle = "Website, November";
const tasks = [
  { title: "Homepage design", hour: 1, minute: 30 },
  { title: "Order form", hour: 1, minute: 0 },
];

// The provider doubles must be up before the server starts (their addresses are the server's STRIPE_API_URL
// and PAYPAL_IPN_URL). The server keeps real time here: Stripe's webhook signatures are checked against
// the server's clock.
const env: Record<string, string> = { PLOTLINE_E2E_CLOCK: "" };
let stripe: StripeDouble;
let paypal: PaypalDouble;
beforeAll(async () => {
  stripe = await startStripeDouble();
  paypal = await startPaypalDouble();
  env.STRIPE_API_URL = stripe.url;
  env.PAYPAL_IPN_URL = paypal.url;
});

const pages = useJourney({ name: "invoices", env, viewport: { width: 1280, height: 860 }, pages: ["manager", "client"] });
let managerPage: Page;
let clientPage: Page;
let api: ApiSession;
const ids = { project: 0, client: 0, invoice: 0 };

beforeAll(async () => {
  ({ manager: managerPage, client: clientPage } = pages);
  stripe.setWebhookUrl(`${server.url}/api/pm-pro/v2/invoice/stripe/webhook`);
  api = await createFirstUser(server.url, manager);
  const me = ((await api.get("auth/me")).data as { user: { id: number } }).user.id;
  ids.client = (await api.post("pm/v2/users", { display_name: client.name, email: client.email, password: client.password, manage_pm: false })).data.id;
  ids.project = (await api.post("pm/v2/projects", { title: projectTitle, assignees: [{ user_id: ids.client, role_id: 3 }] })).data.id;
  const list = (await api.post(`pm/v2/projects/${ids.project}/task-lists`, { title: "Launch" })).data.id;
  for (const task of tasks) {
    const id = (await api.post(`pm/v2/projects/${ids.project}/tasks`, { title: task.title, board_id: list, assignees: [me] })).data.id;
    await api.post("pm-pro/v2/custom-time/", { task_id: id, project_id: ids.project, hour: task.hour, minute: task.minute });
  }
  // The front-end page, where clients see their invoices without the admin area's chrome.
  const workspace = (await api.post("pm/v2/pages", { post_title: "Client workspace", path: "/workspace" })).data.id;
  await api.post("pm/v2/settings", { key: "front_end_page", value: workspace });
});

afterAll(async () => {
  await stripe?.close();
  await paypal?.close();
});

async function signIn(page: Page, person: { name: string; email: string; password: string }, at = server.url): Promise<void> {
  await page.goto(at);
  await page.getByLabel("E-mail address").fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("user-menu").filter({ hasText: person.name }).waitFor();
}

/** Picks `option` in the Mantine select labelled `label`, typing `search` to narrow it. */
async function choose(page: Page, label: string | RegExp, search: string, option: string | RegExp): Promise<void> {
  const field = page.getByRole("combobox", { name: label });
  await field.click();
  await field.fill(search);
  await page.getByRole("option", { name: option }).click();
}

const totals = (page: Page, testId: string) => page.getByTestId(testId);
const figure = (page: Page, testId: string, key: string) => totals(page, testId).locator(`[data-total=${key}]`);

describe("invoices: settings, an invoice from tracked time, PDF, mail, and the client paying by card", () => {
  it("sets the organisation's address, the euro, PayPal and Stripe; the secrets come back only as set", async () => {
    await signIn(managerPage, manager);
    await managerPage.goto(`${server.url}/#/invoices/settings`);
    const form = managerPage.getByRole("form", { name: "Invoice settings" });
    await form.getByLabel("Organisation").fill("Plotline Studio");
    await form.getByLabel("Address line 1").fill("Rua das Flores 12");
    await form.getByLabel("City").fill("Lisbon");
    await form.getByLabel("Postcode").fill("1200-195");
    await choose(managerPage, "Country", "Portu", "Portugal");
    await choose(managerPage, "Currency", "EUR", /^EUR — Euro/);
    await form.getByLabel("PayPal", { exact: true }).check();
    await form.getByLabel("PayPal account e-mail").fill("billing@plotline.test");
    await form.getByLabel("Stripe", { exact: true }).check();
    await form.getByLabel("Stripe publishable key").fill("pk_test_journey");
    await form.getByLabel(/^Stripe secret key/).fill(stripe.secretKey);
    await form.getByLabel(/^Stripe webhook signing secret/).fill(stripe.webhookSecret);
    const saved = waitForAnswer(managerPage, "POST", "/api/pm-pro/v2/invoice/address");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expectOk(saved);
    await managerPage.getByRole("alert").filter({ hasText: /saved/i }).first().waitFor();
    await expect.poll(() => form.getByText("Set", { exact: true }).count()).toBe(2);
    const settings = (await api.get("pm-pro/v2/invoice/address")).data as Record<string, unknown>;
    expect(settings).toMatchObject({ organization: "Plotline Studio", country_code: "PT", currency_code: "EUR", paypal_mail: "billing@plotline.test", stripe_secret_key_set: true, stripe_webhook_secret_set: true });
    expect([...(settings.gateWays as string[])].sort()).toEqual(["paypal", "stripe"]);
    expect(JSON.stringify(settings)).not.toContain(stripe.secretKey);
    await closeToasts(managerPage);
    await screenshot(managerPage, "invoices-settings");
  });

  it("bills the tracked time plus a hosting line, and the totals follow the typing", async () => {
    await managerPage.goto(`${server.url}/#/projects/${ids.project}/invoice`);
    await managerPage.getByRole("heading", { name: "No invoices yet" }).waitFor();
    await screenshot(managerPage, "invoices-empty");
    await managerPage.getByRole("link", { name: "New invoice" }).first().click();
    const form = managerPage.getByRole("form", { name: "New invoice" });
    // Sent empty: each missing field says so, and nothing reaches the server.
    await form.getByRole("button", { name: "Create invoice" }).click();
    await managerPage.getByRole("alert").filter({ hasText: "Some fields need a look" }).waitFor();
    expect(await form.getByText("Required", { exact: true }).count()).toBeGreaterThanOrEqual(3);
    await screenshot(managerPage, "invoices-editor-problems");
    await form.getByLabel(/^Title/).fill(invoiceTitle);
    await choose(managerPage, /^Client/, "Carla", client.name);

    await form.getByRole("button", { name: "Bill tracked time" }).click();
    const panel = managerPage.getByTestId("bill-time-panel");
    await panel.getByTestId("bill-time-found").getByText("2 tasks with 2.5 hours").waitFor();
    await panel.getByLabel(/^Rate per hour/).fill("80");
    await panel.getByRole("button", { name: "Add the time" }).click();
    await expect.poll(() => form.getByTestId("task-line").count()).toBe(2);
    // 1.5 h and 1 h at €80.
    await figure(managerPage, "editor-totals", "subtotal").getByText("€200.00").waitFor();

    const item = form.getByTestId("name-line").first();
    await item.getByRole("textbox", { name: "Item", exact: true }).fill("Hosting, 3 months");
    await item.getByRole("textbox", { name: "Price", exact: true }).fill("19,99");
    await item.getByRole("textbox", { name: "Quantity", exact: true }).fill("3");
    await item.getByRole("textbox", { name: "Tax %", exact: true }).fill("20");
    await item.getByTestId("line-total").getByText("€59.97").waitFor();
    await form.getByLabel("Discount %").fill("10");
    await form.getByLabel("Allow partial payments").check({ force: true });
    await form.getByLabel("Minimum partial payment").fill("100");
    // Subtotal 259.97; tax 20% of 59.97 = 11.99; discount 10% of 259.97 = 26.00; total 245.96.
    await figure(managerPage, "editor-totals", "subtotal").getByText("€259.97").waitFor();
    await figure(managerPage, "editor-totals", "tax").getByText("€11.99").waitFor();
    await figure(managerPage, "editor-totals", "discount").getByText("€26.00").waitFor();
    await figure(managerPage, "editor-totals", "total").getByText("€245.96").waitFor();
    await form.getByLabel("Terms").fill("Payable within 14 days.");
    await expectNoSeriousAxeViolations(managerPage, "the invoice editor");
    await screenshot(managerPage, "invoices-editor");

    // Leaving with typed work asks first; keeping on editing stays on the form as it was.
    await form.getByRole("button", { name: "Cancel" }).click();
    await managerPage.getByRole("dialog", { name: "Discard your changes?" }).getByRole("button", { name: "Keep editing" }).click();
    await expect(form.getByLabel("Terms").inputValue()).resolves.toBe("Payable within 14 days.");

    const created = waitForAnswer(managerPage, "POST", `/api/pm-pro/v2/projects/${ids.project}/invoice/from-time`);
    await form.getByRole("button", { name: "Create invoice" }).click();
    const answer = (await (await expectOk(created)).json()) as { data: { id: number; number: string; totals: { total_minor: number }; entryTasks: unknown[] } };
    ids.invoice = answer.data.id;
    expect(answer.data.number).toMatch(/^INV-\d{4}-0001$/);
    expect(answer.data.totals.total_minor).toBe(24596);
    expect(answer.data.entryTasks).toHaveLength(2);
    const document = managerPage.getByTestId("invoice-document");
    await document.getByRole("heading", { name: answer.data.number }).waitFor();
    await document.getByTestId("invoice-status").getByText("Incomplete").waitFor();
    await figure(managerPage, "invoice-totals", "due").getByText("€245.96").waitFor();
    // The billed time is on the invoice now: nothing waits to be billed.
    expect((await api.get(`pm-pro/v2/projects/${ids.project}/invoice/unbilled-time`)).data).toEqual([]);
    await closeToasts(managerPage);
    await screenshot(managerPage, "invoices-view");
  });

  it("gives the client an address, printed under Bill to", async () => {
    await managerPage.getByRole("button", { name: `Edit the address of ${client.name}` }).click();
    const dialog = managerPage.getByRole("dialog", { name: `Address of ${client.name}` });
    await dialog.getByLabel("Address line 1").fill("Avenida da Liberdade 100");
    await dialog.getByLabel("City").fill("Porto");
    const saved = waitForAnswer(managerPage, "POST", `/api/pm-pro/v2/invoice/user-address/user/${ids.client}`);
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expectOk(saved);
    await dialog.waitFor({ state: "detached" });
    await managerPage.getByTestId("invoice-bill-to").getByText("Avenida da Liberdade 100").waitFor();
  });

  it("downloads the PDF, which reads as the invoice", async () => {
    const download = managerPage.waitForEvent("download");
    await managerPage.getByRole("button", { name: "Download PDF" }).click();
    const file = path.join(ARTIFACTS, "invoices-invoice.pdf");
    await (await download).saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const words of ["INV-", invoiceTitle, "Plotline Studio", "Rua das Flores 12", client.name, "Avenida da Liberdade 100", "Homepage design", "Hosting, 3 months", "245.96"]) expect(text).toContain(words);
    // A picture of the first page, for people to look at.
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(ARTIFACTS, "invoices-pdf")]);
  });

  it("mails the invoice to the client: the .eml with its PDF is in the outbox", async () => {
    const mailed = waitForAnswer(managerPage, "POST", `/api/pm-pro/v2/projects/${ids.project}/invoice/${ids.invoice}/mail/`);
    await managerPage.getByRole("button", { name: "Mail to client" }).click();
    await expectOk(mailed);
    await managerPage.getByRole("alert").filter({ hasText: "E-mail send successfully" }).waitFor();
    const outbox = path.join(server.dataDir, "outbox");
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), "utf8")).filter((raw) => raw.includes(client.email)) : []);
    await poll(() => mails().length).toBe(1);
    const mail = mails()[0] ?? "";
    expect(mail).toMatch(/INV-\d{4}-0001/);
    expect(mail).toContain("application/pdf");
  });

  it("records a bank transfer of €100: the invoice turns Partial", async () => {
    await closeToasts(managerPage);
    await managerPage.getByRole("button", { name: "Record a payment" }).click();
    const dialog = managerPage.getByRole("dialog", { name: "Record a payment" });
    await dialog.getByLabel(/^Amount/).fill("100");
    await dialog.getByLabel("Note").fill("First half, by transfer");
    const recorded = waitForAnswer(managerPage, "POST", `/api/pm-pro/v2/projects/${ids.project}/invoice/${ids.invoice}/payment`);
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expectOk(recorded);
    await dialog.waitFor({ state: "detached" });
    await managerPage.getByTestId("invoice-document").getByTestId("invoice-status").getByText("Partial").waitFor();
    await figure(managerPage, "invoice-totals", "due").getByText("€145.96").waitFor();
    await managerPage.getByTestId("invoice-payments").getByText("First half, by transfer").waitFor();
  });

  it("as the client, finds the invoice in the portal and is told in an alert that too small a part cannot be paid", async () => {
    await signIn(clientPage, client, `${server.url}/workspace`);
    await clientPage.goto(`${server.url}/workspace#/invoices`);
    await clientPage.getByRole("heading", { name: "Your invoices" }).waitFor();
    const row = clientPage.getByTestId(`invoice-row-${ids.invoice}`);
    await row.getByText("€145.96").first().waitFor();
    await expectNoSeriousAxeViolations(clientPage, "the client portal");
    await screenshot(clientPage, "invoices-portal");
    await row.getByRole("link", { name: /^Open INV-/ }).click();
    const pay = clientPage.getByTestId("pay-form");
    await pay.getByLabel("Amount to pay").fill("50");
    await pay.getByRole("button", { name: /^Pay €50\.00 by card/ }).click();
    await pay.getByTestId("pay-refusal").getByText("The least part you may pay is €100.00.").waitFor();
    await expectNoSeriousAxeViolations(clientPage, "the portal's invoice");
    await screenshot(clientPage, "invoices-portal-invoice");
  });

  it("pays the rest of the due through Stripe and comes back to see the invoice Complete", async () => {
    const pay = clientPage.getByTestId("pay-form");
    await pay.getByLabel("Amount to pay").fill("145.96");
    await pay.getByRole("radio", { name: "Stripe" }).check();
    const validated = waitForAnswer(clientPage, "POST", `/api/pm-pro/v2/projects/${ids.project}/invoice/${ids.invoice}/payment-validation`);
    await pay.getByRole("button", { name: /^Pay €145\.96 by card/ }).click();
    await expectOk(validated);
    // The provider's page, then back to the portal.
    await clientPage.waitForURL(`${stripe.url}/**`);
    await clientPage.getByTestId("amount").getByText("€145.96").waitFor();
    await clientPage.getByRole("button", { name: "Pay", exact: true }).click();
    await clientPage.waitForURL(/checkout=stripe/);
    const notice = clientPage.getByTestId("checkout-notice");
    await notice.getByText("Thank you: your payment was received.").waitFor();
    await notice.getByText("Status: Complete").waitFor();
    await clientPage.getByTestId("invoice-document").getByTestId("invoice-status").getByText("Complete").waitFor();
    await figure(clientPage, "invoice-totals", "due").getByText("€0.00").waitFor();
    expect(stripe.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    const invoice = (await api.get(`pm-pro/v2/projects/${ids.project}/invoice/${ids.invoice}`)).data as { status: number; payments: { data: Array<{ gateway: string; amount_minor: number }> } };
    expect(invoice.status).toBe(1);
    expect(invoice.payments.data.map((payment) => [payment.gateway, payment.amount_minor])).toEqual([
      ["manual", 10000],
      ["stripe", 14596],
    ]);
    await screenshot(clientPage, "invoices-paid");
  });

  it("pays another invoice through PayPal; back from it, the page shows the payment once PayPal's notice is in", async () => {
    const hosting = (await api.post<{ id: number; number: string }>(`pm-pro/v2/projects/${ids.project}/invoice`, { title: "Hosting, December", client_id: ids.client, start_at: "2026-11-23", entryNames: [{ name: "Hosting", amount: 19.99 }] })).data;
    await clientPage.goto(`${server.url}/workspace#/invoices/projects/${ids.project}/${hosting.id}`);
    const pay = clientPage.getByTestId("pay-form");
    await pay.getByRole("radio", { name: "PayPal" }).check();
    await pay.getByRole("button", { name: /^Pay €19\.99 by card/ }).click();
    await clientPage.waitForURL(`${paypal.origin}/**`);
    await clientPage.getByTestId("business").getByText("billing@plotline.test").waitFor();
    await clientPage.getByRole("button", { name: "Pay now" }).click();
    await clientPage.waitForURL(/checkout=paypal/);
    const notice = clientPage.getByTestId("checkout-notice");
    await notice.getByText("Thank you: your payment was received.").waitFor();
    await notice.getByText("Status: Complete").waitFor();
    expect(paypal.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    expect(paypal.validations.map((validation) => validation.verdict)).toEqual(["VERIFIED"]);
    await screenshot(clientPage, "invoices-paid-paypal");
  });

  it("sends a client who opens the project's invoices to the project's overview", async () => {
    await clientPage.goto(`${server.url}/workspace#/projects/${ids.project}/invoice`);
    await poll(() => clientPage.url()).toMatch(new RegExp(`#/projects/${ids.project}/overview$`));
  });

  it("shows the manager the payment, and the invoice under Complete", async () => {
    await managerPage.reload();
    await managerPage.getByTestId("invoice-payments").getByText("Card (Stripe)").first().waitFor();
    await screenshot(managerPage, "invoices-view-paid");
    await managerPage.goto(`${server.url}/#/invoices?status=1`);
    await managerPage.getByTestId(`invoice-row-${ids.invoice}`).waitFor();
    await expect.poll(() => managerPage.getByTestId("invoice-list").locator("tbody tr").count()).toBe(2);
    const filter = managerPage.locator('[aria-label="Filter by status"]');
    await filter.getByText("Incomplete", { exact: true }).click();
    await managerPage.getByRole("heading", { name: "No invoice has this status" }).waitFor();
    await filter.getByText("Complete", { exact: true }).click();
    await managerPage.getByTestId(`invoice-row-${ids.invoice}`).waitFor();
    await screenshot(managerPage, "invoices-list");
  });

  it("deletes an invoice after \"Are you sure\"", async () => {
    const extra = (await api.post<{ id: number; number: string }>(`pm-pro/v2/projects/${ids.project}/invoice`, { title: "Duplicate by mistake", client_id: ids.client, start_at: "2026-11-23", entryNames: [{ name: "Fee", amount: 10 }] })).data;
    await managerPage.goto(`${server.url}/#/projects/${ids.project}/invoice/${extra.id}`);
    await managerPage.getByRole("button", { name: "Delete" }).click();
    const dialog = managerPage.getByRole("dialog", { name: `Delete ${extra.number}?` });
    await dialog.getByText(/^Are you sure\?/).waitFor();
    const deleted = waitForAnswer(managerPage, "DELETE", `/api/pm-pro/v2/projects/${ids.project}/invoice/${extra.id}`);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectOk(deleted);
    await poll(() => managerPage.url()).toMatch(new RegExp(`#/projects/${ids.project}/invoice$`));
    await managerPage.getByTestId(`invoice-row-${ids.invoice}`).waitFor();
    expect(await managerPage.getByTestId(`invoice-row-${extra.id}`).count()).toBe(0);
  });

  it("fits every screen on a phone", async () => {
    for (const [person, at, screens] of [
      [manager, server.url, [["list", `/#/invoices`], ["project-list", `/#/projects/${ids.project}/invoice`], ["view", `/#/projects/${ids.project}/invoice/${ids.invoice}`], ["editor", `/#/projects/${ids.project}/invoice/${ids.invoice}/edit`], ["new", `/#/projects/${ids.project}/invoice/new`], ["settings", `/#/invoices/settings`]]],
      [client, `${server.url}/workspace`, [["portal", `/#/invoices`], ["portal-invoice", `/#/invoices/projects/${ids.project}/${ids.invoice}`]]],
    ] as const) {
      const phone = await (await openContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
      await signIn(phone, person, at);
      for (const [name, hash] of screens) {
        await phone.goto(`${at}${hash}`);
        await phone.getByRole("heading", { level: 1 }).first().waitFor();
        await phone.waitForLoadState("networkidle");
        await settled(phone);
        // Nothing wider than the screen: a phone scrolls down, never sideways.
        expect(await phone.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
        await screenshot(phone, `invoices-phone-${name}`);
      }
      await phone.context().close();
    }
    expect(pageErrors).toEqual([]);
  });
});
