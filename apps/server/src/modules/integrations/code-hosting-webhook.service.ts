import type { IncomingHttpHeaders } from "node:http";
import type { CodeHostingDelivery, CodeHostingOutcome, CodeHostingProvider } from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { AppError, forbidden, say } from "../../lib/app-error.js";
import { addSeconds, nowUtc } from "../../lib/dates.js";
import { secretsEqual } from "../../lib/secrets.js";
import { applyCodeHostingEvent, type ApplyServices } from "./code-hosting-apply.js";
import { readBitbucketEvent } from "./code-hosting-bitbucket.js";
import type { CodeHostingEvent } from "./code-hosting-events.js";
import { gitHubEventName, readGitHubEvent } from "./code-hosting-github.js";
import { isSignatureValid } from "./code-hosting-signature.js";
import { codeHostingRepository } from "./code-hosting.repository.js";
import { GIT_BIT_HASH_KEY, GIT_BIT_KEY, readGitBit } from "./code-hosting.setting.js";

/** How long delivery ids are kept: the services redeliver within days (GitHub keeps 3 days of deliveries). */
const DELIVERY_MEMORY_SECONDS = 30 * 24 * 3600;

/** An incoming request, as the route hands it over. */
export interface IncomingDelivery {
  projectId: number;
  /** The `token` query parameter. */
  token: string | undefined;
  headers: IncomingHttpHeaders;
  /** The exact bytes received: what the signature signs. */
  body: Buffer;
}

/** The status and body to answer. */
export interface DeliveryAnswer {
  status: 200 | 202;
  body: CodeHostingDelivery;
}

/** The service's headers: GitHub's event and delivery id, or Bitbucket's. */
const HEADERS: Record<CodeHostingProvider, { event: string; delivery: string; signature: string }> = {
  github: { event: "x-github-event", delivery: "x-github-delivery", signature: "x-hub-signature-256" },
  bitbucket: { event: "x-event-key", delivery: "x-request-uuid", signature: "x-hub-signature" },
};

const MESSAGES: Record<CodeHostingOutcome | "unknown", string> = {
  applied: "Event applied",
  duplicate: "Delivery already received: not applied again",
  ignored: "Nothing to do for this event",
  unknown: "This address does not take this event",
};

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/** Which service sent the request, by its event header; null when it names none. */
function providerOf(headers: IncomingHttpHeaders): CodeHostingProvider | null {
  if (header(headers, HEADERS.github.event)) return "github";
  if (header(headers, HEADERS.bitbucket.event)) return "bitbucket";
  return null;
}

/**
 * The payload: JSON, or GitHub's form encoding (`payload=<json>`) when the hook was made that way. Read
 * only after the token and the signature were checked.
 */
function readBody(body: Buffer, contentType: string | undefined): unknown {
  const text = body.toString("utf8");
  const json = contentType?.toLowerCase().startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(text).get("payload") ?? "" : text;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new AppError("rest_invalid_param", say("integrations.code_hosting_payload_not_readable", { reason: "it is not JSON" }), {
      params: { body: [say("integrations.code_hosting_payload_not_readable", { reason: "it is not JSON" })] },
    });
  }
}

function answer(status: 200 | 202, provider: CodeHostingProvider | null, event: string | null, outcome: CodeHostingOutcome, taskIds: number[] = []): DeliveryAnswer {
  return { status, body: { message: MESSAGES[status === 202 ? "unknown" : outcome], data: { provider, event, outcome, task_ids: taskIds } } };
}

/**
 * The incoming address `/api/pm-pro/v2/integrations/{project}?token=...`: no session; the token proves the
 * sender was given the address, and a secret (when set) that it is GitHub or Bitbucket. The change is made
 * in the request, as those services retry a delivery that failed: each service call it makes is its own
 * transaction, and a failed delivery gives its id back so that the retry is applied.
 */
export function codeHostingWebhookService(ctx: AppContext, services: ApplyServices) {
  const repo = codeHostingRepository(ctx.db);

  /** The token, the switch and the signature; each refusal writes nothing. */
  async function admit(delivery: IncomingDelivery, provider: CodeHostingProvider | null): Promise<void> {
    const saved = readGitBit(await repo.findSettings(delivery.projectId, [GIT_BIT_KEY, GIT_BIT_HASH_KEY]));
    // An unknown project answers as a wrong token does, so that the address tells nothing about which exist.
    if (!delivery.token || saved.token === null || !secretsEqual(delivery.token, saved.token)) {
      throw forbidden(say("integrations.code_hosting_token_not_valid"));
    }
    if (saved.status !== "enable") throw forbidden(say("integrations.code_hosting_switched_off"));
    if (saved.secret === "") return;
    const signature = provider
      ? header(delivery.headers, HEADERS[provider].signature)
      : (header(delivery.headers, HEADERS.github.signature) ?? header(delivery.headers, HEADERS.bitbucket.signature));
    if (!isSignatureValid(saved.secret, delivery.body, signature)) throw new AppError("invalid_signature", say("integrations.code_hosting_signature_not_valid"));
  }

  return {
    /** Takes one delivery in: 403 bad token or switched off, 401 bad signature, 202 an event not taken, else 200. */
    async receive(delivery: IncomingDelivery): Promise<DeliveryAnswer> {
      const provider = providerOf(delivery.headers);
      await admit(delivery, provider);
      if (provider === null) return answer(202, null, null, "ignored");
      const eventHeader = header(delivery.headers, HEADERS[provider].event) ?? "";
      const payload = readBody(delivery.body, header(delivery.headers, "content-type"));
      const event = (provider === "github" ? gitHubEventName(eventHeader, payload) : eventHeader).slice(0, 60);
      const meaning: CodeHostingEvent | null = provider === "github" ? readGitHubEvent(eventHeader, payload) : readBitbucketEvent(eventHeader, payload);
      if (meaning === null) return answer(202, provider, event, "ignored");
      if (meaning.kind === "ignored") return answer(200, provider, event, "ignored");

      // The claim is the insert of the delivery's id: a second delivery with it, even in another process
      // at the same moment, finds it taken. Without an id (never sent by either service) nothing dedupes.
      const deliveryId = header(delivery.headers, HEADERS[provider].delivery)?.slice(0, 100);
      if (deliveryId && !(await repo.claimDelivery(delivery.projectId, provider, deliveryId, event, nowUtc()))) {
        return answer(200, provider, event, "duplicate");
      }
      try {
        const taskIds = await applyCodeHostingEvent(ctx, services, { projectId: delivery.projectId, provider }, meaning);
        return answer(200, provider, event, "applied", taskIds);
      } catch (error) {
        if (deliveryId) await repo.releaseDelivery(delivery.projectId, provider, deliveryId);
        throw error;
      }
    },

    /** Forgets delivery ids older than the services redeliver; answers how many. */
    forgetOldDeliveries(): Promise<number> {
      return repo.forgetDeliveries(addSeconds(nowUtc(), -DELIVERY_MEMORY_SECONDS));
    },
  };
}

export type CodeHostingWebhookService = ReturnType<typeof codeHostingWebhookService>;
