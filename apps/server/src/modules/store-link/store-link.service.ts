import type { SaveStoreSettingsBody, StoreConnection, StoreLink, StoreLinkBody, StoreOrder, StoreProduct, StoreSettings } from "@plotline/contracts";
import { STORE_ORDERS_SHOWN } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { checkOutboundUrl, type OutboundPolicy } from "../../lib/outbound-url.js";
import type { ModuleContext } from "../module.js";
import type { ProjectsService } from "../projects/projects.service.js";
import { findUsersByIds } from "../users/users.service.js";
import { storeLinkPolicy } from "./store-link.policy.js";
import { presentLink, presentOrder, presentSettings, readStatuses } from "./store-link.presenter.js";
import { storeLinkRepository } from "./store-link.repository.js";
import { shopClient, type ShopCredentials } from "./store-link-shop.js";
import type { StoreLinkSettingsRow } from "./store-link.tables.js";

/** How long the shop's product list is kept in this process. */
const PRODUCTS_CACHE_MS = 60_000;

/** The path of the order webhook, under the site's address. */
export const WEBHOOK_PATH = "/api/pm-pro/v2/woo-project/webhook";

/** What the site allows of outside addresses (`PLOTLINE_ALLOW_HTTP_WEBHOOKS`, `PLOTLINE_ALLOW_PRIVATE_WEBHOOKS`), the shop's included. */
export function shopPolicy(ctx: ModuleContext): OutboundPolicy {
  return { allowHttp: ctx.config.allowHttpWebhooks, allowPrivate: ctx.config.allowPrivateWebhooks };
}

/** Opens the saved credentials; null when any is missing. */
export function openCredentials(ctx: ModuleContext, row: StoreLinkSettingsRow | undefined): ShopCredentials | null {
  if (!row?.shop_url || !row.consumer_key_sealed || !row.consumer_secret_sealed) return null;
  return { shopUrl: row.shop_url, consumerKey: ctx.secrets.open(row.consumer_key_sealed), consumerSecret: ctx.secrets.open(row.consumer_secret_sealed) };
}

/** The store link as site managers see it: the shop's settings, its products, the links and the orders taken in. */
export function storeLinkService(ctx: ModuleContext, projects: ProjectsService) {
  const repo = storeLinkRepository(ctx.db);
  let productsCache: { key: string; at: number; products: StoreProduct[] } | null = null;

  function requireManager(actor: Actor): void {
    if (!storeLinkPolicy.canManage(actor)) throw forbidden(say("store_link.who_may_manage"));
  }

  function webhookUrl(): string {
    return `${(ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, "")}${WEBHOOK_PATH}`;
  }

  async function requireCredentials(): Promise<ShopCredentials> {
    const credentials = openCredentials(ctx, await repo.findSettings());
    if (!credentials) throw new AppError("rule_broken", say("store_link.not_configured"));
    return credentials;
  }

  /** Checks a link's project and people; 400 on the field otherwise. */
  async function checkLink(actor: Actor, input: StoreLinkBody): Promise<void> {
    const titles = await projectTitles(actor);
    if (!titles.has(input.project_id)) throw invalidField("project_id", say("store_link.project_not_found"));
    const userIds = [...new Set(input.assignees.map((assignee) => assignee.user_id))];
    const found = new Set((await findUsersByIds(ctx.db, userIds)).map((user) => user.id));
    const missing = userIds.find((id) => !found.has(id));
    if (missing !== undefined) throw invalidField("assignees", say("users.user_not_found"));
  }

  async function projectTitles(actor: Actor): Promise<Map<number, string>> {
    const { projects: all } = await projects.allProjects(actor);
    return new Map(all.map((project) => [project.id, project.title]));
  }

  function linkColumns(input: StoreLinkBody) {
    const assignees = [...new Map(input.assignees.map((assignee) => [assignee.user_id, assignee])).values()];
    return {
      project_id: input.project_id,
      product_ids: JSON.stringify([...new Set(input.product_ids)]),
      assignees: JSON.stringify(assignees.map(({ user_id, role_id }) => ({ user_id, role_id }))),
      action: input.action,
    };
  }

  async function presentOne(actor: Actor, id: number): Promise<StoreLink> {
    const row = await repo.findLink(id);
    if (!row) throw notFound(say("store_link.link_not_found"));
    return presentLink(row, await projectTitles(actor));
  }

  return {
    async getSettings(actor: Actor): Promise<StoreSettings> {
      requireManager(actor);
      return presentSettings(await repo.findSettings(), webhookUrl());
    },

    /** Saves what was given; the shop's address is checked as outgoing addresses are (400 on `shop_url`). */
    async saveSettings(actor: Actor, input: SaveStoreSettingsBody): Promise<StoreSettings> {
      requireManager(actor);
      let shopUrl = input.shop_url;
      if (shopUrl) {
        const checked = await checkOutboundUrl(shopUrl, shopPolicy(ctx));
        if (!checked.ok) throw invalidField("shop_url", say("store_link.shop_url_not_allowed", { reason: checked.reason }));
        shopUrl = checked.url.toString().replace(/\/+$/, "");
      }
      const before = await repo.findSettings();
      const seal = (value: string | undefined, kept: string | null | undefined) => (value === undefined ? (kept ?? null) : value === "" ? null : ctx.secrets.seal(value));
      await repo.saveSettings({
        shop_url: shopUrl ?? before?.shop_url ?? "",
        consumer_key_sealed: seal(input.consumer_key, before?.consumer_key_sealed),
        consumer_secret_sealed: seal(input.consumer_secret, before?.consumer_secret_sealed),
        webhook_secret_sealed: seal(input.webhook_secret, before?.webhook_secret_sealed),
        statuses: (input.statuses ?? readStatuses(before?.statuses)).join(","),
        configured_by: actor.id,
        updated_at: nowUtc(),
      });
      productsCache = null;
      return presentSettings(await repo.findSettings(), webhookUrl());
    },

    /** Asks the shop for one product with the saved credentials: never an error, the answer says what happened. */
    async testConnection(actor: Actor): Promise<StoreConnection> {
      requireManager(actor);
      const credentials = openCredentials(ctx, await repo.findSettings());
      if (!credentials) return { connected: false, message: say("store_link.not_configured").text, product_count: null };
      try {
        const count = await shopClient.countProducts(credentials, shopPolicy(ctx));
        return { connected: true, message: `Connected: ${count} product${count === 1 ? "" : "s"} in the shop.`, product_count: count };
      } catch (error) {
        if (error instanceof AppError) return { connected: false, message: error.message, product_count: null };
        throw error;
      }
    },

    /** The shop's products, every page, kept for a minute; 502 when the shop is down or answers an error. */
    async listProducts(actor: Actor): Promise<StoreProduct[]> {
      requireManager(actor);
      const credentials = await requireCredentials();
      const key = `${credentials.shopUrl}\n${credentials.consumerKey}`;
      if (productsCache?.key === key && Date.now() - productsCache.at < PRODUCTS_CACHE_MS) return productsCache.products;
      const products = await shopClient.listProducts(credentials, shopPolicy(ctx));
      productsCache = { key, at: Date.now(), products };
      return products;
    },

    async listLinks(actor: Actor): Promise<StoreLink[]> {
      requireManager(actor);
      const [rows, titles] = await Promise.all([repo.listLinks(), projectTitles(actor)]);
      return rows.map((row) => presentLink(row, titles));
    },

    async createLink(actor: Actor, input: StoreLinkBody): Promise<StoreLink> {
      requireManager(actor);
      await checkLink(actor, input);
      const now = nowUtc();
      const id = await repo.insertLink({ ...linkColumns(input), created_by: actor.id, created_at: now, updated_at: now });
      return presentOne(actor, id);
    },

    async updateLink(actor: Actor, id: number, input: StoreLinkBody): Promise<StoreLink> {
      requireManager(actor);
      if (!(await repo.findLink(id))) throw notFound(say("store_link.link_not_found"));
      await checkLink(actor, input);
      await repo.updateLink(id, { ...linkColumns(input), updated_at: nowUtc() });
      return presentOne(actor, id);
    },

    async deleteLink(actor: Actor, id: number): Promise<void> {
      requireManager(actor);
      if (!(await repo.deleteLink(id))) throw notFound(say("store_link.link_not_found"));
    },

    /** The last orders taken in, newest first. */
    async listOrders(actor: Actor): Promise<StoreOrder[]> {
      requireManager(actor);
      return (await repo.listRecentOrders(STORE_ORDERS_SHOWN)).map(presentOrder);
    },
  };
}

export type StoreLinkService = ReturnType<typeof storeLinkService>;
