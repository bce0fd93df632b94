import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { ROLE, type Project, type StoreSetPasswordBody, type StoreWebhookAnswer } from "@plotline/contracts";
import type { Actor } from "../../lib/actor.js";
import { AppError, invalidField, say } from "../../lib/app-error.js";
import { addSeconds, nowUtc } from "../../lib/dates.js";
import { transact } from "../../events/record-event.js";
import type { DuplicationService } from "../duplication/duplication.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ModuleContext } from "../module.js";
import type { ProjectsService } from "../projects/projects.service.js";
import { actorWithoutSession } from "../users/user-actor.js";
import { findUserByEmail, findUsersByIds, type UsersService } from "../users/users.service.js";
import { readAssignees, readIds, readStatuses } from "./store-link.presenter.js";
import { storeLinkRepository } from "./store-link.repository.js";
import type { StoreLinkRow, StoreOrderRow } from "./store-link.tables.js";
import { isWooSignatureValid } from "./store-link-signature.js";
import { orderProjectTitle, readWooOrder } from "./store-order.js";

/** The topics whose payload is an order. */
const ORDER_TOPICS = new Set(["order.updated", "order.created"]);
/** How long a set-password link works. */
const PASSWORD_LINK_SECONDS = 7 * 24 * 3600;

/** A webhook request as the route hands it over. */
export interface IncomingStoreWebhook {
  headers: IncomingHttpHeaders;
  /** The exact bytes received: what the signature signs. */
  body: Buffer;
}

/** What the order webhook and its job use of other modules. */
export interface StoreWebhookDeps {
  projects: ProjectsService;
  duplication: DuplicationService;
  users: UsersService;
  mail: MailService;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

function ignored(message: string, orderId: number | null = null): StoreWebhookAnswer {
  return { message, data: { outcome: "ignored", order_id: orderId } };
}

/** The ping WooCommerce sends when a webhook is saved: `webhook_id=<id>`, form encoded, unsigned. */
function isPing(incoming: IncomingStoreWebhook): boolean {
  if (header(incoming.headers, "x-wc-webhook-topic")) return false;
  const text = incoming.body.toString("utf8").trim();
  return /^webhook_id=\d+$/.test(text);
}

/**
 * A project as the projects service answered it, as plain values: the service may hand back its cached
 * JSON text (lib/json-fragment.ts), which reads as the project once serialised.
 */
function plain(project: Project): Project {
  return JSON.parse(JSON.stringify(project)) as Project;
}

/** The members a project gets: those it has, with the people added (a member keeps the higher of two roles). */
function mergedMembers(project: Project, added: ReadonlyArray<{ user_id: number; role_id: number }>): Array<{ user_id: number; role_id: number }> {
  const members = new Map<number, number>();
  for (const member of project.assignees.data) members.set(member.id, member.roles.data[0]?.id ?? ROLE.co_worker);
  for (const person of added) {
    const current = members.get(person.user_id);
    members.set(person.user_id, current === undefined ? person.role_id : Math.min(current, person.role_id));
  }
  return [...members].map(([user_id, role_id]) => ({ user_id, role_id }));
}

/**
 * The order webhook and the work it leads to. The request verifies the signature, records the order (its
 * id unique: the claim) and enqueues `store-link.fulfil` in the same transaction; the job makes the
 * projects, so a slow copy never makes WooCommerce time out and deliver again.
 */
export function storeWebhookService(ctx: ModuleContext, deps: StoreWebhookDeps) {
  const repo = storeLinkRepository(ctx.db);

  /** The site manager the work is done as: the one who saved the settings last. */
  async function actingManager(configuredBy: number | null): Promise<Actor> {
    const [user] = configuredBy === null ? [] : await findUsersByIds(ctx.db, [configuredBy]);
    if (!user || user.manage_pm !== 1) throw new Error("The site manager who saved the store link's settings is no longer one: save them again.");
    return actorWithoutSession(user);
  }

  /** The buyer's account: found by e-mail, or made (with a mail to set a password). Answers the user's id and whether it is new. */
  async function buyerAccount(actor: Actor, order: StoreOrderRow): Promise<{ id: number; made: boolean }> {
    const existing = await findUserByEmail(ctx.db, order.buyer_email);
    if (existing) return { id: existing.id, made: false };
    try {
      const user = await deps.users.createUser(actor, {
        display_name: (order.buyer_name || order.buyer_email).slice(0, 120),
        email: order.buyer_email,
        // Nobody knows this password: the buyer sets their own through the mailed link.
        password: randomBytes(24).toString("base64url"),
        manage_pm: false,
      });
      return { id: user.id, made: true };
    } catch (error) {
      // Made by another order's job at the same moment.
      const again = error instanceof AppError && error.code === "conflict" ? await findUserByEmail(ctx.db, order.buyer_email) : undefined;
      if (again) return { id: again.id, made: false };
      throw error;
    }
  }

  async function sendPasswordMail(userId: number, order: StoreOrderRow): Promise<void> {
    const token = randomBytes(32).toString("base64url");
    const now = nowUtc();
    await repo.insertPasswordToken({ user_id: userId, token_hash: hashToken(token), expires_at: addSeconds(now, PASSWORD_LINK_SECONDS), used_at: null, created_at: now });
    await deps.mail.send({
      to: { email: order.buyer_email, name: order.buyer_name },
      subject: `Your project for order #${order.number}`,
      heading: `Welcome, ${order.buyer_name}`,
      blocks: [
        { type: "paragraph", text: `Thank you for your order #${order.number}. An account was made for you so that you can follow your project.` },
        { type: "paragraph", text: "Choose a password with the button below. The link works for 7 days and only once." },
      ],
      link: { url: `${deps.mail.recordUrl({ route: "set_password", params: {} })}?token=${token}`, label: "Set my password" },
      footer: "You get this mail because you ordered from our shop.",
    });
  }

  /** Does one link's work for the order; answers the project made or joined. */
  async function applyLink(actor: Actor, link: StoreLinkRow, order: StoreOrderRow, buyerId: number): Promise<number> {
    const joining = [...readAssignees(link.assignees), { user_id: buyerId, role_id: ROLE.client }];
    if (link.action === "add_buyer") {
      const project = plain(await deps.projects.getProject(actor, link.project_id));
      await deps.projects.updateProject(actor, project.id, { assignees: mergedMembers(project, joining) });
      return project.id;
    }
    const template = plain(await deps.projects.getProject(actor, link.project_id));
    const copy = plain(await deps.duplication.duplicateProject(actor, template.id));
    const title = orderProjectTitle(template.title, order.number, order.buyer_name);
    await deps.projects.updateProject(actor, copy.id, { title, assignees: mergedMembers(copy, joining) });
    return copy.id;
  }

  return {
    /** Takes one delivery in: 401 with nothing written when the signature is wrong, else 200 with what was done. */
    async receive(incoming: IncomingStoreWebhook): Promise<StoreWebhookAnswer> {
      if (isPing(incoming)) return ignored("Webhook ping received");
      const settings = await repo.findSettings();
      if (!settings?.webhook_secret_sealed) throw new AppError("invalid_signature", say("store_link.webhook_secret_missing"));
      const secret = ctx.secrets.open(settings.webhook_secret_sealed);
      if (!isWooSignatureValid(secret, incoming.body, header(incoming.headers, "x-wc-webhook-signature"))) {
        throw new AppError("invalid_signature", say("store_link.signature_not_valid"));
      }
      const topic = header(incoming.headers, "x-wc-webhook-topic") ?? "";
      if (!ORDER_TOPICS.has(topic)) return ignored(`Topic ${topic.slice(0, 60) || "(none)"} is not taken`);
      let payload: unknown;
      try {
        payload = JSON.parse(incoming.body.toString("utf8"));
      } catch {
        throw invalidField("body", say("store_link.body_not_json"));
      }
      const order = readWooOrder(payload);
      if (!order) throw invalidField("body", say("store_link.body_not_order"));
      if (!(readStatuses(settings.statuses) as string[]).includes(order.status)) return ignored(`Orders with status ${order.status} are not taken`, order.orderId);
      const linked = new Set((await repo.listLinks()).flatMap((link) => readIds(link.product_ids)));
      if (!order.productIds.some((id) => linked.has(id))) return ignored("No product of this order is linked to a project", order.orderId);
      if (!order.buyerEmail) throw invalidField("billing.email", say("store_link.order_without_email"));

      const now = nowUtc();
      const recorded = await transact(ctx, async (trx) => {
        const id = await storeLinkRepository(trx).claimOrder({
          order_id: order.orderId,
          number: order.number,
          buyer_email: order.buyerEmail,
          buyer_name: order.buyerName,
          status: order.status,
          product_ids: JSON.stringify(order.productIds),
          outcome: "pending",
          project_ids: "[]",
          error: null,
          created_at: now,
          updated_at: now,
        });
        if (id !== null) await ctx.jobs.enqueue("store-link.fulfil", { orderId: id }, { key: String(id), transaction: trx });
        return id;
      });
      if (recorded === null) return { message: "Order already received: not taken again", data: { outcome: "duplicate", order_id: order.orderId } };
      return { message: "Order received", data: { outcome: "recorded", order_id: order.orderId } };
    },

    /**
     * The job of one recorded order: the buyer's account, then each linked product's project. It runs once
     * per order (a finished order is left alone); a failure is written on the order rather than retried, so
     * that a half-done order never copies a template twice. Links are taken in id order, one project each.
     */
    async fulfil(orderId: number): Promise<void> {
      const order = await repo.findOrder(orderId);
      if (!order || order.outcome !== "pending") return;
      // A run cut short (the process stopped) wrote the projects it made: the next run goes on after them.
      const projectIds: number[] = readIds(order.project_ids);
      let buyer: { id: number; made: boolean } | null = null;
      let failure: string | null = null;
      try {
        const settings = await repo.findSettings();
        const actor = await actingManager(settings?.configured_by ?? null);
        const bought = new Set(readIds(order.product_ids));
        const links = (await repo.listLinks()).filter((link) => readIds(link.product_ids).some((id) => bought.has(id)));
        buyer = await buyerAccount(actor, order);
        for (const link of links.slice(projectIds.length)) {
          projectIds.push(await applyLink(actor, link, order, buyer.id));
          await repo.updateOrder(order.id, { project_ids: JSON.stringify(projectIds), updated_at: nowUtc() });
        }
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      // An account made here gets its mail even when a project failed: the buyer can sign in once it is fixed.
      const notes = failure === null ? [] : [failure];
      if (buyer?.made) {
        await sendPasswordMail(buyer.id, order).catch((error: unknown) => {
          notes.push(`The set-password mail could not be sent: ${error instanceof Error ? error.message : String(error)}`);
        });
      }
      await repo.updateOrder(order.id, {
        outcome: failure === null ? "done" : "failed",
        project_ids: JSON.stringify(projectIds),
        error: notes.join(" ").slice(0, 1000) || null,
        updated_at: nowUtc(),
      });
    },

    /** Sets a buyer's first password from their mailed link; 400 on `token` when it is unknown, used or expired. */
    async setPassword(input: StoreSetPasswordBody): Promise<void> {
      const token = await repo.findPasswordToken(hashToken(input.token));
      const now = nowUtc();
      const refuse = () => invalidField("token", say("store_link.password_link_not_valid"));
      if (!token || token.used_at !== null || token.expires_at < now) throw refuse();
      const settings = await repo.findSettings();
      const actor = await actingManager(settings?.configured_by ?? null);
      if (!(await repo.usePasswordToken(token.id, now))) throw refuse();
      await deps.users.updateUser(actor, token.user_id, { password: input.password });
    },
  };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type StoreWebhookService = ReturnType<typeof storeWebhookService>;
