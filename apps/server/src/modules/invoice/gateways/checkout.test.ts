import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserAndSignIn } from "../../../../test/helpers.js";
import { checkoutOf, createCheckoutWorld, createInvoice, saveSettings, startCheckout, type CheckoutWorld } from "./checkout.fixtures.js";

let world: CheckoutWorld;

beforeAll(async () => {
  world = await createCheckoutWorld();
});
afterAll(() => world.close());

/** The field messages of a 400. */
function fieldsOf(response: { statusCode: number; json: () => unknown }): Record<string, string[]> {
  expect(response.statusCode).toBe(400);
  return (response.json() as { data: { params?: Record<string, string[]> } }).data.params ?? {};
}

describe("POST /api/pm-pro/v2/projects/:project_id/invoice/:id/checkout", () => {
  it("lets the invoice's client and a manager start a checkout through either gateway", async () => {
    const invoice = await createInvoice(world);
    for (const gateway of ["paypal", "stripe"]) {
      expect((await checkoutOf(world, invoice, { gateway, amount: 100 })).gateway).toBe(gateway);
      expect((await checkoutOf(world, invoice, { gateway, amount: 100 }, world.cast.siteManager)).gateway).toBe(gateway);
    }
  });

  it("refuses an amount over the due", async () => {
    const invoice = await createInvoice(world, { amount: 100, partial: true, minimum_partial: 10 });
    for (const gateway of ["paypal", "stripe"]) {
      const response = await startCheckout(world, invoice, { gateway, amount: 100.01 });
      expect(response.statusCode, gateway).toBe(400);
      expect(response.json().message, gateway).toMatch(/more than the due/i);
    }
  });

  it("refuses an amount under the minimum partial, and a partial amount when partial payments are off", async () => {
    const partial = await createInvoice(world, { amount: 100, partial: true, minimum_partial: 25 });
    const under = await startCheckout(world, partial, { gateway: "stripe", amount: 24.99 });
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toMatch(/least partial payment/i);
    expect((await checkoutOf(world, partial, { gateway: "stripe", amount: 25 })).amount_minor).toBe(2500);

    const whole = await createInvoice(world, { amount: 100 });
    const part = await startCheckout(world, whole, { gateway: "paypal", amount: 50 });
    expect(part.statusCode).toBe(400);
    expect(part.json().message).toMatch(/paid in full/i);
  });

  it("refuses amounts that do not read in the invoice's currency", async () => {
    const invoice = await createInvoice(world, { amount: 100 });
    expect(fieldsOf(await startCheckout(world, invoice, { gateway: "paypal", amount: "99.999" }))).toHaveProperty("amount");
    expect(fieldsOf(await startCheckout(world, invoice, { gateway: "paypal", amount: "ten" }))).toHaveProperty("amount");
    expect((await startCheckout(world, invoice, { gateway: "paypal", amount: 0 })).statusCode).toBe(400);
    expect((await startCheckout(world, invoice, { gateway: "paypal", amount: -5 })).statusCode).toBe(400);
    const yen = await createInvoice(world, { amount: 1000, currency: "JPY" });
    expect(fieldsOf(await startCheckout(world, yen, { gateway: "stripe", amount: "999.5" }))).toHaveProperty("amount");
  });

  it("refuses a gateway that is switched off, or not set up, or unknown", async () => {
    const invoice = await createInvoice(world);
    try {
      await saveSettings(world, { gateWays: ["stripe"] });
      expect(fieldsOf(await startCheckout(world, invoice, { gateway: "paypal", amount: 100 }))).toHaveProperty("gateway");
      expect((await checkoutOf(world, invoice, { gateway: "stripe", amount: 100 })).gateway).toBe("stripe");
      await saveSettings(world, { gateWays: [] });
      expect(fieldsOf(await startCheckout(world, invoice, { gateway: "stripe", amount: 100 }))).toHaveProperty("gateway");
      await saveSettings(world, { gateWays: ["paypal", "stripe"], paypal_mail: "" });
      expect(fieldsOf(await startCheckout(world, invoice, { gateway: "paypal", amount: 100 }))).toHaveProperty("gateway");
      expect(fieldsOf(await startCheckout(world, invoice, { gateway: "bitcoin", amount: 100 }))).toHaveProperty("gateway");
    } finally {
      await saveSettings(world, { gateWays: ["paypal", "stripe"], paypal_mail: "billing@plotline.test" });
    }
  });

  it("refuses someone who is not the invoice's client or a manager", async () => {
    const invoice = await createInvoice(world);
    // Another client of the same project.
    const otherClient = await createUserAndSignIn(world.t.app, world.cast.siteManager, { display_name: "Other Client" });
    const { cast } = world;
    const members = await cast.siteManager.inject({
      method: "POST",
      url: `/api/pm/v2/projects/${world.projectId}/update`,
      payload: {
        assignees: [
          { user_id: cast.manager.userId, role_id: 1 },
          { user_id: cast.coWorker.userId, role_id: 2 },
          { user_id: cast.client.userId, role_id: 3 },
          { user_id: otherClient.userId, role_id: 3 },
        ],
      },
    });
    expect(members.statusCode, members.body).toBe(200);
    for (const session of [world.cast.outsider, world.cast.coWorker, otherClient]) {
      const response = await startCheckout(world, invoice, { gateway: "stripe", amount: 100 }, session);
      expect([403, 404]).toContain(response.statusCode);
    }
    const anonymous = await world.t.app.inject({
      method: "POST",
      url: `/api/pm-pro/v2/projects/${world.projectId}/invoice/${invoice.id}/checkout`,
      payload: { gateway: "stripe", amount: 100 },
    });
    expect(anonymous.statusCode).toBe(401);
    // The same invoice under another project's address is not found.
    const wrongProject = await world.cast.client.inject({ method: "POST", url: `/api/pm-pro/v2/projects/999999/invoice/${invoice.id}/checkout`, payload: { gateway: "stripe", amount: 100 } });
    expect([403, 404]).toContain(wrongProject.statusCode);
  });

  it("refuses a return path that leaves the app", async () => {
    const invoice = await createInvoice(world);
    for (const returnPath of ["https://evil.test/", "//evil.test/x", "/\\evil.test", "no-slash", "/a b"]) {
      expect(fieldsOf(await startCheckout(world, invoice, { gateway: "paypal", amount: 100, return_path: returnPath })), returnPath).toHaveProperty("return_path");
    }
  });

  it("asks for nothing once the invoice is paid", async () => {
    const invoice = await createInvoice(world, { amount: 10 });
    const paid = await world.cast.siteManager.inject({
      method: "POST",
      url: `/api/pm-pro/v2/projects/${world.projectId}/invoice/${invoice.id}/payment`,
      payload: { amount: 10, method: "cash" },
    });
    expect(paid.statusCode).toBe(200);
    expect((await startCheckout(world, invoice, { gateway: "stripe", amount: 10 })).statusCode).toBe(400);
  });
});
