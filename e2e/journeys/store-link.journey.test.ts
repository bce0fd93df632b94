import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWooShopDouble, type WooShopDouble } from "../../apps/server/test/woo-shop-double.js";
import { createFirstUser, type ApiSession } from "../lib/api.js";
import { expectNoSeriousAxeViolations } from "../lib/axe.js";
import { closeToasts, screenshot, waitForAnswer } from "../lib/browser.js";
import { expectOk, openContext, page, pageErrors, poll, server, useJourney } from "../lib/journey.js";
import { coWorker, manager } from "../lib/people.js";

/**
 * A site manager connects a WooCommerce shop on the Store link page (the shop is a loopback double that
 * speaks WooCommerce's REST API and signs its webhooks), tests the connection, links a product to a
 * template project with a co-worker joining, and then a paid order arrives as a signed webhook from the
 * shop: the order shows as done, and its new project is there, named after the order and the buyer.
 */

useJourney({
  name: "store-link",
  viewport: { width: 1280, height: 900 },
  // The shop is on this machine and speaks plain HTTP.
  env: { PLOTLINE_ALLOW_PRIVATE_WEBHOOKS: "1", PLOTLINE_ALLOW_HTTP_WEBHOOKS: "1", PUBLIC_URL: "" },
});

const WEBHOOK_SECRET = "the shop's webhook secret";
const templateTitle = "Website package";
let shop: WooShopDouble;
let api: ApiSession;

beforeAll(async () => {
  shop = await startWooShopDouble({
    products: [
      { id: 41, name: "Logo design", sku: "LOGO-1", price: "199.00" },
      { id: 42, name: "Website package", sku: "WEB-5", price: "1490.00" },
      { id: 43, name: "Hosting, one year", sku: "HOST-12", price: "120.00" },
    ],
  });
  api = await createFirstUser(server.url, manager);
  await api.post("pm/v2/users", { display_name: coWorker.name, email: coWorker.email, password: coWorker.password, manage_pm: false });
  const template = await api.post("pm/v2/projects", { title: templateTitle, description: "<p>What every website order needs.</p>" });
  for (const title of ["Kick-off call", "Collect content", "Launch"]) await api.post(`pm/v2/projects/${template.data.id}/tasks`, { title });
});

afterAll(async () => {
  await shop.close();
});

const storePage = () => `${server.url}/#/settings/store-link`;

describe("store link: a paid order becomes a project", () => {
  it("opens the Store link page from the menu, the shop not set up and no link yet", async () => {
    await page.goto(server.url);
    await page.getByLabel("E-mail address").fill(manager.email);
    await page.getByLabel(/^Password/).fill(manager.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("user-menu").waitFor();
    await page.getByRole("link", { name: "Store link" }).first().click();
    await page.getByRole("heading", { name: "Store link", level: 1 }).waitFor();
    await page.getByTestId("store-shop").getByText("Not set up").waitFor();
    await page.getByText("No product is linked yet").waitFor();
    await page.getByText("No order received yet").waitFor();
    await screenshot(page, "store-link-empty");
  });

  it("saves the shop's address and credentials, then the connection test finds its products", async () => {
    const shopCard = page.getByTestId("store-shop");
    await shopCard.getByLabel("Shop address").fill(shop.origin);
    await shopCard.getByLabel("REST consumer key").fill(shop.consumerKey);
    await shopCard.getByLabel("REST consumer secret").fill(shop.consumerSecret);
    await shopCard.getByLabel("Webhook secret").fill(WEBHOOK_SECRET);
    const saved = waitForAnswer(page, "POST", "/api/pm-pro/v2/woo-project/settings");
    await shopCard.getByRole("button", { name: "Save shop settings" }).click();
    await expectOk(saved);
    await shopCard.getByText("Not tested yet").waitFor();
    // The secrets are not shown back: the fields are empty and say that a value is saved.
    expect(await shopCard.getByLabel("REST consumer secret").inputValue()).toBe("");
    await shopCard.getByText("Saved: leave empty to keep it").first().waitFor();
    await closeToasts(page);

    await shopCard.getByRole("button", { name: "Test connection" }).click();
    await poll(() => page.getByTestId("store-connection").textContent()).toBe("Connected: 3 products in the shop.");
    await shopCard.getByText("Connected", { exact: true }).waitFor();
    await screenshot(page, "store-link-connected");
  });

  it("links the Website package product to the template, with the co-worker joining", async () => {
    await page.getByRole("button", { name: "Add link" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Link products to a project" }).waitFor();
    await dialog.getByTestId("store-link-products").click();
    await page.getByRole("option", { name: "Website package (WEB-5) · 1490.00" }).click();
    await dialog.getByRole("heading", { name: "Link products to a project" }).click();
    await dialog.getByTestId("store-link-project").click();
    await page.getByRole("option", { name: templateTitle, exact: true }).click();
    await dialog.getByRole("button", { name: "Add person" }).click();
    await dialog.getByPlaceholder("Person").click();
    await page.getByRole("option", { name: new RegExp(coWorker.name) }).click();
    await screenshot(page, "store-link-form");
    const created = waitForAnswer(page, "POST", "/api/pm-pro/v2/woo-project/project");
    await dialog.getByRole("button", { name: "Save link" }).click();
    await expectOk(created);
    await dialog.waitFor({ state: "hidden" });
    const table = page.getByTestId("store-links-table");
    await table.getByText("Website package (WEB-5) · 1490.00").waitFor();
    await table.getByText("Copy the template").waitFor();
    await table.getByText(coWorker.name).waitFor();
    await closeToasts(page);
  });

  it("turns a signed order webhook from the shop into a new project, once", async () => {
    const url = `${server.url}/api/pm-pro/v2/woo-project/webhook`;
    // WooCommerce pings the address when the webhook is saved in the shop.
    expect((await shop.ping(url)).status).toBe(200);
    const order = shop.order({ id: 1042, number: "1042", productIds: [42], email: "olivia@example.test", firstName: "Olivia", lastName: "Buyer" });
    const first = await shop.deliver(url, order, WEBHOOK_SECRET);
    expect(first.status, first.body).toBe(200);
    // The shop delivers again when it is not sure the first went through.
    expect(JSON.parse((await shop.deliver(url, order, WEBHOOK_SECRET)).body).data.outcome).toBe("duplicate");
    // A forged delivery is refused.
    expect((await shop.deliver(url, { ...order, id: 1043 }, "a guess")).status).toBe(401);

    await page.goto(storePage());
    const row = page.locator('[data-order-id="1042"]');
    await poll(async () => {
      if (!(await row.isVisible())) await page.reload();
      return row.locator("[data-outcome]").getAttribute("data-outcome").catch(() => null);
    }).toBe("done");
    expect(await page.locator("[data-order-id]").count()).toBe(1);
    await row.getByText("Olivia Buyer", { exact: true }).waitFor();
    const projectTitle = `${templateTitle} – Order #1042 – Olivia Buyer`;
    await row.getByRole("link", { name: projectTitle }).waitFor();
    await screenshot(page, "store-link-order");
    await expectNoSeriousAxeViolations(page, "store link page");

    await row.getByRole("link", { name: projectTitle }).click();
    await page.getByRole("heading", { name: projectTitle }).first().waitFor();
    await page.goto(server.url);
    await page.getByText(projectTitle).first().waitFor();
  });

  it("lets the buyer set a password from the mailed link and see the project as a client", async () => {
    const outbox = path.join(server.dataDir, "outbox");
    // The mail is quoted-printable: soft line breaks and "=3D" undone before reading the link.
    const mails = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
        .map((file) => fs.readFileSync(path.join(outbox, file), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="))
        .filter((raw) => raw.includes("olivia@example.test"));
    await poll(() => mails().length).toBe(1);
    const link = /https?:\/\/[^\s"<>]*#\/set-password\?token=[\w-]+/.exec(mails()[0] ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
    const token = new URL(link.replace("#/", "")).searchParams.get("token") ?? "";

    const context = await openContext({ viewport: { width: 390, height: 844 } });
    try {
      const buyer = await context.newPage();
      await buyer.goto(`${server.url}/#/set-password?token=${token}`);
      await buyer.getByRole("heading", { name: "Choose your password" }).waitFor();
      await screenshot(buyer, "store-link-set-password");
      await expectNoSeriousAxeViolations(buyer, "set-password page");
      await buyer.getByLabel("New password").fill("tangerine lobster quietly");
      await buyer.getByRole("button", { name: "Set password" }).click();
      await buyer.getByRole("heading", { name: "Password set" }).waitFor();
      await buyer.getByRole("link", { name: "Sign in" }).click();
      await buyer.getByLabel("E-mail address").fill("olivia@example.test");
      await buyer.getByLabel(/^Password/).fill("tangerine lobster quietly");
      await buyer.getByRole("button", { name: "Sign in" }).click();
      await buyer.getByText(`${templateTitle} – Order #1042 – Olivia Buyer`).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it("says so when the shop is down, and the connection test tells why", async () => {
    shop.failWith = 500;
    try {
      // Saving forgets the product list the server keeps for a minute.
      await api.post("pm-pro/v2/woo-project/settings", { statuses: ["completed"] });
      await page.goto(storePage());
      const alert = page.getByTestId("store-products-error");
      await alert.waitFor();
      expect(await alert.textContent()).toContain("The shop answered 500 to /products: There has been a critical error on this website.");
      await page.getByRole("button", { name: "Test connection" }).click();
      await poll(() => page.getByTestId("store-connection").textContent()).toContain("The shop answered 500");
      await page.getByTestId("store-shop").getByText("Not connected", { exact: true }).waitFor();
      await screenshot(page, "store-link-shop-down");
    } finally {
      shop.failWith = null;
    }
    // Back up: trying again reads the products.
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByTestId("store-products-error").waitFor({ state: "hidden" });
    await page.getByTestId("store-links-table").getByText("Website package (WEB-5) · 1490.00").waitFor();
  });

  it("fits a phone's width", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(storePage());
    await page.getByTestId("store-orders-table").waitFor();
    await screenshot(page, "store-link-phone");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Edit link" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Edit link" }).waitFor();
    await screenshot(page, "store-link-form-phone");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("raised no error in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
