import { storeLinkListEnvelope, storeOrderListEnvelope, storeProductListEnvelope, storeSettingsEnvelope, type Project, type StoreOrder } from "@plotline/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startJobRunner } from "../../jobs/job-runner.js";
import { createCast, createProjectWithCast, type Cast } from "../../../test/factories.js";
import { createTestApp, createUserAndSignIn, setUpFirstUser, signIn, type Session, type TestApp } from "../../../test/helpers.js";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink.js";
import { startWooShopDouble, type WooShopDouble } from "../../../test/woo-shop-double.js";

const WEBHOOK = "/api/pm-pro/v2/woo-project/webhook";
const WEBHOOK_SECRET = "a webhook secret of the shop";

let t: TestApp;
let shop: WooShopDouble;
let sink: SmtpSink;
let cast: Cast;
let templateId: number;
let communityId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    config: { allowHttpWebhooks: true, allowPrivateWebhooks: true, secret: "store link tests", smtpUrl: sink.url, publicUrl: "http://plotline.test" },
  });
  await startJobRunner(t.app.jobs, t.app.modules);
  shop = await startWooShopDouble({
    products: Array.from({ length: 130 }, (_, index) => ({ id: 100 + index, name: `Product ${index + 1}`, sku: `SKU-${index + 1}`, price: `${(index + 1) * 10}.00` })),
  });
  cast = await createCast(t.app);
  templateId = (await createProjectWithCast(cast, { title: "Website package" })).id;
  communityId = (await createProjectWithCast(cast, { title: "Customer community" })).id;
});
afterAll(async () => {
  await shop.close();
  await sink.close();
  await t.close();
});

function configure(session: Session = cast.siteManager, payload: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return session.inject({
    method: "POST",
    url: "/api/pm-pro/v2/woo-project/settings",
    payload: { shop_url: shop.origin, consumer_key: shop.consumerKey, consumer_secret: shop.consumerSecret, webhook_secret: WEBHOOK_SECRET, statuses: ["completed"], ...payload },
  });
}

function link(payload: Record<string, unknown>, session: Session = cast.siteManager): Promise<LightMyRequestResponse> {
  return session.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/project", payload });
}

/** Sends a signed order delivery as the shop would. */
function deliver(payload: unknown, options: { secret?: string; topic?: string } = {}): Promise<LightMyRequestResponse> {
  const delivery = shop.signedDelivery(payload, options.secret ?? WEBHOOK_SECRET, options.topic);
  return t.app.inject({ method: "POST", url: WEBHOOK, headers: delivery.headers, payload: delivery.body });
}

async function orders(): Promise<StoreOrder[]> {
  const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/orders" });
  expect(response.statusCode, response.body).toBe(200);
  return storeOrderListEnvelope.parse(response.json()).data;
}

/** Waits until the order's job has finished. */
async function settledOrder(orderId: number, timeoutMs = 10_000): Promise<StoreOrder> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await orders()).find((order) => order.order_id === orderId);
    if (found && found.outcome !== "pending") return found;
    if (Date.now() > deadline) throw new Error(`Order ${orderId} did not finish: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function count(table: "store_orders" | "projects" | "users"): Promise<number> {
  const row = await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

async function project(id: number): Promise<Project> {
  const response = await cast.siteManager.inject({ method: "GET", url: `/api/pm/v2/projects/${id}?with=assignees` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: Project }).data;
}

function roleOf(target: Project, userId: number): string | undefined {
  return target.assignees.data.find((member) => member.id === userId)?.roles.data[0]?.slug;
}

describe("the store link's settings", () => {
  it("answers an empty setting before anything is saved, with the webhook address to give the shop", async () => {
    const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/settings" });
    expect(response.statusCode, response.body).toBe(200);
    const settings = storeSettingsEnvelope.parse(response.json()).data;
    expect(settings).toMatchObject({ shop_url: "", consumer_key_set: false, is_configured: false, statuses: ["completed"] });
    expect(settings.webhook_url).toBe("http://plotline.test/api/pm-pro/v2/woo-project/webhook");
  });

  it("stores the credentials sealed and never sends them back", async () => {
    const response = await configure();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(shop.consumerSecret);
    expect(response.body).not.toContain(WEBHOOK_SECRET);
    expect(storeSettingsEnvelope.parse(response.json()).data).toMatchObject({ shop_url: shop.origin, consumer_key_set: true, consumer_secret_set: true, webhook_secret_set: true, is_configured: true });
    const row = await t.database.db.selectFrom("store_link_settings").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(shop.consumerSecret);
    expect(row.consumer_secret_sealed).toMatch(/^v1\./);
  });

  it("keeps a secret left out and refuses a shop address that is not a URL (400 on shop_url)", async () => {
    const kept = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/settings", payload: { statuses: ["completed", "processing"] } });
    expect(storeSettingsEnvelope.parse(kept.json()).data).toMatchObject({ consumer_secret_set: true, statuses: ["completed", "processing"] });
    const bad = await configure(cast.siteManager, { shop_url: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params.shop_url).toHaveLength(1);
    await configure();
  });

  it("refuses a loopback shop address when private addresses are not allowed, and products before the shop is set up", async () => {
    const strict = await createTestApp({ config: { secret: "strict" } });
    try {
      const manager = await setUpFirstUser(strict.app);
      const response = await manager.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/settings", payload: { shop_url: "http://127.0.0.1:9/" } });
      expect(response.statusCode).toBe(400);
      expect(response.json().data.params.shop_url[0]).toContain("not allowed");
      // Nothing to read products from yet.
      const products = await manager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/products" });
      expect(products.statusCode).toBe(422);
      expect(products.json().message).toBe("Save the shop's address and its REST consumer key and secret first.");
    } finally {
      await strict.close();
    }
  });

  it("tests the connection: connected with the product count, or why not", async () => {
    const ok = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/settings/test" });
    expect(ok.json().data).toMatchObject({ connected: true, product_count: 130 });
    await configure(cast.siteManager, { consumer_secret: "cs_wrong" });
    const refused = await cast.siteManager.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/settings/test" });
    expect(refused.json().data).toMatchObject({ connected: false, product_count: null });
    expect(refused.json().data.message).toContain("Sorry, you cannot list resources.");
    await configure();
  });
});

describe("GET /api/pm-pro/v2/woo-project/products", () => {
  it("reads every page of the shop's products with basic auth", async () => {
    shop.requests.length = 0;
    const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/products" });
    expect(response.statusCode, response.body).toBe(200);
    const products = storeProductListEnvelope.parse(response.json()).data;
    expect(products).toHaveLength(130);
    expect(products[0]).toEqual({ id: 100, name: "Product 1", sku: "SKU-1", price: "10.00" });
    expect(shop.requests.filter((request) => request.includes("/products"))).toHaveLength(2);
  });

  it("keeps the list for a minute", async () => {
    shop.requests.length = 0;
    await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/products" });
    expect(shop.requests).toHaveLength(0);
  });

  it("answers 502 with a clear message when the shop answers an error", async () => {
    await configure(); // saving forgets the kept list
    shop.failWith = 500;
    try {
      const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/products" });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe("The shop answered 500 to /products: There has been a critical error on this website.");
    } finally {
      shop.failWith = null;
    }
  });

  it("answers 502 naming the host when the shop cannot be reached", async () => {
    await configure(cast.siteManager, { shop_url: "http://127.0.0.1:9" });
    const response = await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/products" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^The shop at 127\.0\.0\.1:9 could not be reached: ECONNREFUSED/);
    await configure();
  });
});

describe("the product -> project links", () => {
  it("creates, lists, updates and deletes a link", async () => {
    const created = await link({ product_ids: [120], project_id: templateId, assignees: [{ user_id: cast.coWorker.userId, role_id: 2 }], action: "duplicate" });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const updated = await cast.siteManager.inject({
      method: "POST",
      url: `/api/pm-pro/v2/woo-project/project/${id}/update`,
      payload: { product_ids: [121, 121], project_id: communityId, assignees: [], action: "add_buyer" },
    });
    expect(updated.json().data).toMatchObject({ product_ids: [121], project_id: communityId, project_title: "Customer community", action: "add_buyer" });
    const listed = storeLinkListEnvelope.parse((await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/project" })).json()).data;
    expect(listed.map((entry) => entry.id)).toContain(id);
    const deleted = await cast.siteManager.inject({ method: "POST", url: `/api/pm-pro/v2/woo-project/project/${id}/delete` });
    expect(deleted.statusCode).toBe(200);
    const again = await cast.siteManager.inject({ method: "POST", url: `/api/pm-pro/v2/woo-project/project/${id}/delete` });
    expect(again.statusCode).toBe(404);
  });

  it("refuses an unknown project, an unknown assignee and an empty product list with 400 on the field", async () => {
    expect((await link({ product_ids: [100], project_id: 999_999 })).json().data.params).toHaveProperty("project_id");
    expect((await link({ product_ids: [100], project_id: templateId, assignees: [{ user_id: 999_999, role_id: 2 }] })).json().data.params).toHaveProperty("assignees");
    const empty = await link({ product_ids: [], project_id: templateId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.params).toHaveProperty("product_ids");
    expect(await t.database.db.selectFrom("store_links").select("id").where("product_ids", "=", "[]").execute()).toHaveLength(0);
  });
});

describe("who may use the store link", () => {
  const calls: Array<[string, "GET" | "POST", Record<string, unknown> | undefined]> = [
    ["/api/pm-pro/v2/woo-project/settings", "GET", undefined],
    ["/api/pm-pro/v2/woo-project/settings", "POST", { statuses: ["completed"] }],
    ["/api/pm-pro/v2/woo-project/settings/test", "POST", undefined],
    ["/api/pm-pro/v2/woo-project/products", "GET", undefined],
    ["/api/pm-pro/v2/woo-project/project", "GET", undefined],
    ["/api/pm-pro/v2/woo-project/project", "POST", { product_ids: [100], project_id: 1 }],
    ["/api/pm-pro/v2/woo-project/project/1/update", "POST", { product_ids: [100], project_id: 1 }],
    ["/api/pm-pro/v2/woo-project/project/1/delete", "POST", undefined],
    ["/api/pm-pro/v2/woo-project/orders", "GET", undefined],
  ];

  it("answers 403 to project managers, co-workers, clients and outsiders", async () => {
    for (const session of [cast.manager, cast.coWorker, cast.client, cast.outsider]) {
      for (const [url, method, payload] of calls) {
        const response = await session.inject({ method, url, ...(payload && { payload }) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it("answers 401 to someone not signed in", async () => {
    for (const [url, method, payload] of calls) {
      const response = await t.app.inject({ method, url, ...(payload && { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 while the module is switched off, and again once it is on", async () => {
    // The modules list offers only built modules' keys (contracts' BUILT_PRO_MODULES): switch it where the list does.
    await t.app.services.moduleStates.setActive("store_link", false);
    expect((await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/project" })).statusCode).toBe(404);
    const delivery = shop.signedDelivery(shop.order({ productIds: [101], email: "off@example.test" }), WEBHOOK_SECRET);
    expect((await t.app.inject({ method: "POST", url: WEBHOOK, headers: delivery.headers, payload: delivery.body })).statusCode).toBe(404);
    await t.app.services.moduleStates.setActive("store_link", true);
    expect((await cast.siteManager.inject({ method: "GET", url: "/api/pm-pro/v2/woo-project/project" })).statusCode).toBe(200);
  });
});

describe("POST /api/pm-pro/v2/woo-project/webhook", () => {
  beforeAll(async () => {
    await configure();
    await link({ product_ids: [101, 102], project_id: templateId, assignees: [{ user_id: cast.coWorker.userId, role_id: 2 }, { user_id: cast.manager.userId, role_id: 1 }], action: "duplicate" });
    await link({ product_ids: [103], project_id: communityId, assignees: [], action: "add_buyer" });
  });
  beforeEach(() => sink.clear());

  it("answers WooCommerce's ping when the webhook is saved, writing nothing", async () => {
    const before = await count("store_orders");
    const response = await t.app.inject({ method: "POST", url: WEBHOOK, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "webhook_id=7" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.outcome).toBe("ignored");
    expect(await count("store_orders")).toBe(before);
  });

  it("refuses a bad signature with 401 and writes nothing", async () => {
    const before = await Promise.all([count("store_orders"), count("projects"), count("users")]);
    const order = shop.order({ id: 2001, number: "2001", productIds: [101], email: "forger@example.test" });
    const response = await deliver(order, { secret: "not the secret" });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("invalid_signature");
    const unsigned = await t.app.inject({ method: "POST", url: WEBHOOK, headers: { "content-type": "application/json", "x-wc-webhook-topic": "order.updated" }, payload: JSON.stringify(order) });
    expect(unsigned.statusCode).toBe(401);
    // A body changed after signing.
    const signed = shop.signedDelivery(order, WEBHOOK_SECRET);
    const tampered = await t.app.inject({ method: "POST", url: WEBHOOK, headers: signed.headers, payload: signed.body.replace("2001", "2002") });
    expect(tampered.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await Promise.all([count("store_orders"), count("projects"), count("users")])).toEqual(before);
  });

  it("makes the project once from a completed order delivered three times, the buyer a client with a set-password mail", async () => {
    const projectsBefore = await count("projects");
    const order = shop.order({ id: 3001, number: "3001", productIds: [101, 102, 555], email: "Olivia.Buyer@Example.test", firstName: "Olivia", lastName: "Buyer" });
    const answers = [await deliver(order), await deliver(order), await deliver(order)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().data.outcome)).toEqual(["recorded", "duplicate", "duplicate"]);
    const done = await settledOrder(3001);
    expect(done, done.error ?? "").toMatchObject({ outcome: "done", number: "3001", buyer_email: "olivia.buyer@example.test", buyer_name: "Olivia Buyer", error: null });
    // Two linked products of the same link make one project.
    expect(done.project_ids).toHaveLength(1);
    expect(await count("projects")).toBe(projectsBefore + 1);

    const made = await project(done.project_ids[0] ?? 0);
    expect(made.title).toBe("Website package – Order #3001 – Olivia Buyer");
    const buyer = await t.database.db.selectFrom("users").selectAll().where("email", "=", "olivia.buyer@example.test").executeTakeFirstOrThrow();
    expect(buyer.manage_pm).toBe(0);
    expect(roleOf(made, buyer.id)).toBe("client");
    expect(roleOf(made, cast.coWorker.userId)).toBe("co_worker");
    expect(roleOf(made, cast.manager.userId)).toBe("manager");

    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(["olivia.buyer@example.test"]);
    expect(mail?.subject).toBe("Your project for order #3001");
    const token = /set-password\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();

    // The link sets a first password once; the buyer then signs in and sees their project, as a client.
    const set = await t.app.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/set-password", payload: { token, password: "tangerine lobster quietly" } });
    expect(set.statusCode, set.body).toBe(200);
    const reused = await t.app.inject({ method: "POST", url: "/api/pm-pro/v2/woo-project/set-password", payload: { token, password: "tangerine lobster quietly" } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().data.params).toHaveProperty("token");
    const session = await signIn(t.app, "olivia.buyer@example.test", "tangerine lobster quietly");
    const seen = await session.inject({ method: "GET", url: `/api/pm/v2/projects/${made.id}` });
    expect(seen.statusCode).toBe(200);
  });

  it("records the order once when three deliveries arrive at the same moment", async () => {
    const projectsBefore = await count("projects");
    const order = shop.order({ id: 3002, number: "3002", productIds: [101], email: "olivia.buyer@example.test" });
    const answers = await Promise.all([deliver(order), deliver(order), deliver(order)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().data.outcome === "recorded")).toHaveLength(1);
    const done = await settledOrder(3002);
    expect(done.outcome).toBe("done");
    expect(await count("projects")).toBe(projectsBefore + 1);
    // An existing account gets no new mail.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails).toHaveLength(0);
  });

  it("adds the buyer to the linked project as a client when the link says so", async () => {
    const projectsBefore = await count("projects");
    const order = shop.order({ id: 3003, number: "3003", productIds: [103], email: "noah.member@example.test", firstName: "Noah", lastName: "Member" });
    expect((await deliver(order)).json().data.outcome).toBe("recorded");
    const done = await settledOrder(3003);
    expect(done).toMatchObject({ outcome: "done", project_ids: [communityId] });
    expect(await count("projects")).toBe(projectsBefore);
    const buyer = await t.database.db.selectFrom("users").select("id").where("email", "=", "noah.member@example.test").executeTakeFirstOrThrow();
    const community = await project(communityId);
    expect(roleOf(community, buyer.id)).toBe("client");
    expect(roleOf(community, cast.manager.userId)).toBe("manager");
  });

  it("ignores statuses not chosen, other topics and orders without a linked product", async () => {
    const before = await count("store_orders");
    const processing = await deliver(shop.order({ id: 3004, status: "processing", productIds: [101], email: "p@example.test" }));
    expect(processing.json().data.outcome).toBe("ignored");
    const created = await deliver(shop.order({ id: 3005, productIds: [101], email: "p@example.test" }), { topic: "product.updated" });
    expect(created.json().data.outcome).toBe("ignored");
    const unlinked = await deliver(shop.order({ id: 3006, productIds: [999], email: "p@example.test" }));
    expect(unlinked.json().data.outcome).toBe("ignored");
    expect(await count("store_orders")).toBe(before);
  });

  it("takes processing orders once the setting says so", async () => {
    await configure(cast.siteManager, { statuses: ["processing"] });
    const response = await deliver(shop.order({ id: 3007, number: "3007", status: "processing", productIds: [103], email: "noah.member@example.test" }));
    expect(response.json().data.outcome).toBe("recorded");
    expect((await settledOrder(3007)).outcome).toBe("done");
    await configure();
  });

  it("refuses a signed body that is not an order, or an order without a valid e-mail, with 400 and writes nothing", async () => {
    const before = await count("store_orders");
    const response = await deliver({ hello: "world" });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.params).toHaveProperty("body");
    const noEmail = await deliver(shop.order({ id: 3009, productIds: [101], email: "not an address" }));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().data.params["billing.email"]).toEqual(["The order has no valid billing e-mail address."]);
    expect(await count("store_orders")).toBe(before);
  });

  it("ignores an order whose template was deleted, the link going with it", async () => {
    const gone = (await createProjectWithCast(cast, { title: "Short-lived template" })).id;
    await link({ product_ids: [110], project_id: gone, action: "duplicate" });
    const order = shop.order({ id: 3008, number: "3008", productIds: [110], email: "olivia.buyer@example.test" });
    // Deleting the project deletes its link too: the order then has no linked product.
    const deleted = await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/projects/${gone}/delete` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await deliver(order)).json().data.outcome).toBe("ignored");
  });

  it("records a failure on the order when the site manager it acts as is no longer one", async () => {
    const deputy = await createUserAndSignIn(t.app, cast.siteManager, { display_name: "Dee Deputy", manage_pm: true });
    expect((await configure(deputy)).statusCode).toBe(200);
    const demoted = await cast.siteManager.inject({ method: "POST", url: `/api/pm/v2/users/${deputy.userId}/update`, payload: { manage_pm: false } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const projectsBefore = await count("projects");
    expect((await deliver(shop.order({ id: 3010, number: "3010", productIds: [101], email: "olivia.buyer@example.test" }))).json().data.outcome).toBe("recorded");
    const failed = await settledOrder(3010);
    expect(failed).toMatchObject({ outcome: "failed", project_ids: [] });
    expect(failed.error).toContain("save them again");
    expect(await count("projects")).toBe(projectsBefore);
    await configure();
  });

  it("lists the last 20 orders, newest first", async () => {
    const listed = await orders();
    expect(listed.length).toBeLessThanOrEqual(20);
    expect(listed[0]?.order_id).toBe(3010);
    expect(listed.map((order) => order.order_id)).toEqual(expect.arrayContaining([3001, 3002, 3003]));
  });
});
