import { STORE_LINK_ACTIONS, STORE_ORDER_OUTCOMES, STORE_ORDER_STATUSES, type StoreLink, type StoreLinkAction, type StoreLinkAssignee, type StoreOrder, type StoreOrderOutcome, type StoreOrderStatus, type StoreSettings } from "@plotline/contracts";
import { toRequiredDateObject } from "../../lib/dates.js";
import type { StoreLinkRow, StoreLinkSettingsRow, StoreOrderRow } from "./store-link.tables.js";

/** A JSON column read back; what is not the expected array reads as empty. */
export function readIds(json: string): number[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function readAssignees(json: string): StoreLinkAssignee[] {
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter((entry): entry is StoreLinkAssignee => typeof entry === "object" && entry !== null && Number.isInteger((entry as StoreLinkAssignee).user_id) && Number.isInteger((entry as StoreLinkAssignee).role_id));
  } catch {
    return [];
  }
}

/** The statuses column as a list of known statuses. */
export function readStatuses(text: string | undefined): StoreOrderStatus[] {
  const wanted = new Set((text ?? "completed").split(","));
  return STORE_ORDER_STATUSES.filter((status) => wanted.has(status));
}

export function presentSettings(row: StoreLinkSettingsRow | undefined, webhookUrl: string): StoreSettings {
  const consumerKeySet = Boolean(row?.consumer_key_sealed);
  const consumerSecretSet = Boolean(row?.consumer_secret_sealed);
  return {
    shop_url: row?.shop_url ?? "",
    consumer_key_set: consumerKeySet,
    consumer_secret_set: consumerSecretSet,
    webhook_secret_set: Boolean(row?.webhook_secret_sealed),
    statuses: readStatuses(row?.statuses),
    webhook_url: webhookUrl,
    is_configured: Boolean(row?.shop_url) && consumerKeySet && consumerSecretSet,
  };
}

export function presentLink(row: StoreLinkRow, titles: ReadonlyMap<number, string>): StoreLink {
  const action = (STORE_LINK_ACTIONS as readonly string[]).includes(row.action) ? (row.action as StoreLinkAction) : "duplicate";
  return {
    id: row.id,
    product_ids: readIds(row.product_ids),
    project_id: row.project_id,
    project_title: titles.get(row.project_id) ?? "",
    assignees: readAssignees(row.assignees),
    action,
  };
}

export function presentOrder(row: StoreOrderRow): StoreOrder {
  const outcome = (STORE_ORDER_OUTCOMES as readonly string[]).includes(row.outcome) ? (row.outcome as StoreOrderOutcome) : "failed";
  return {
    id: row.id,
    order_id: Number(row.order_id),
    number: row.number,
    buyer_name: row.buyer_name,
    buyer_email: row.buyer_email,
    status: row.status,
    outcome,
    project_ids: readIds(row.project_ids),
    error: row.error,
    created_at: toRequiredDateObject(row.created_at),
  };
}
