import { CHAT_DELIVERY_EVENTS, CHAT_DELIVERY_STATUSES, type ChatDelivery, type ChatDeliveryEvent, type ChatDeliveryStatus } from "@plotline/contracts";
import { toDateObject, toRequiredDateObject } from "../../lib/dates.js";
import type { IntegrationDeliveryRow } from "./chat-deliveries.tables.js";

function isEvent(value: string): value is ChatDeliveryEvent {
  return (CHAT_DELIVERY_EVENTS as readonly string[]).includes(value);
}

function isStatus(value: string): value is ChatDeliveryStatus {
  return (CHAT_DELIVERY_STATUSES as readonly string[]).includes(value);
}

/** A delivery of the log, field by field: never its payload, and never the address it went to. */
export function presentDelivery(row: IntegrationDeliveryRow, timezone: string): ChatDelivery {
  return {
    id: row.id,
    channel: row.channel,
    event: isEvent(row.event) ? row.event : "test",
    status: isStatus(row.status) ? row.status : "failed",
    tries: row.tries,
    error: row.last_error,
    created_at: toRequiredDateObject(row.created_at, timezone),
    delivered_at: toDateObject(row.delivered_at, timezone),
  };
}
