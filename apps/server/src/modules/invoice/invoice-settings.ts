import {
  CARD_GATEWAYS,
  DEFAULT_CURRENCY_CODE,
  invoiceSettingsBody,
  isCountryCode,
  isCurrencyCode,
  userAddressBody,
  type Address,
  type CardGateway,
  type InvoiceSettings,
  type UserAddress,
} from "@plotline/contracts";
import type { z } from "zod";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { InvoiceRepository } from "./invoice.repository.js";
import { EMPTY_ADDRESS, presentAddress } from "./invoice.presenter.js";

/** The organisation's settings as stored (JSON): the Stripe secrets sealed. */
interface StoredSettings extends Address {
  currency_code: string;
  paypal_mail: string;
  sand_box_mode: boolean;
  gateWays: CardGateway[];
  stripe_publishable_key: string;
  /** Sealed (`v1....`), or the empty text. */
  stripe_secret_key: string;
  stripe_webhook_secret: string;
}

const DEFAULTS: StoredSettings = {
  ...EMPTY_ADDRESS,
  currency_code: DEFAULT_CURRENCY_CODE,
  paypal_mail: "",
  sand_box_mode: true,
  gateWays: [],
  stripe_publishable_key: "",
  stripe_secret_key: "",
  stripe_webhook_secret: "",
};

/** The settings with the secrets opened: what the service and the gateways read, never answered. */
export type OpenSettings = StoredSettings;

function readStored(json: string | null): StoredSettings {
  if (!json) return { ...DEFAULTS };
  try {
    const saved = JSON.parse(json) as Partial<StoredSettings>;
    const merged = { ...DEFAULTS, ...saved };
    return {
      ...merged,
      currency_code: isCurrencyCode(merged.currency_code) ? merged.currency_code : DEFAULT_CURRENCY_CODE,
      gateWays: (merged.gateWays ?? []).filter((name): name is CardGateway => (CARD_GATEWAYS as readonly string[]).includes(name)),
    };
  } catch {
    return { ...DEFAULTS };
  }
}

/** The settings as answered: the secrets only as whether they are set. */
function presentSettings(stored: StoredSettings): InvoiceSettings {
  return {
    organization: stored.organization,
    address_line_1: stored.address_line_1,
    address_line_2: stored.address_line_2,
    city: stored.city,
    state: stored.state,
    zip_code: stored.zip_code,
    country_code: stored.country_code,
    currency_code: stored.currency_code,
    paypal_mail: stored.paypal_mail,
    sand_box_mode: stored.sand_box_mode,
    gateWays: stored.gateWays,
    stripe_publishable_key: stored.stripe_publishable_key,
    stripe_secret_key_set: stored.stripe_secret_key !== "",
    stripe_webhook_secret_set: stored.stripe_webhook_secret !== "",
  };
}

/**
 * The organisation's address and payment settings (`POST pm-pro/v2/invoice/address`, site managers) and the
 * client addresses (`pm-pro/v2/invoice/user-address/user/{id}`).
 */
export function invoiceSettings(repository: InvoiceRepository, secrets: SecretBox) {
  function open(sealed: string): string {
    return sealed === "" ? "" : secrets.open(sealed);
  }

  async function stored(): Promise<StoredSettings> {
    return readStored(await repository.readSettings());
  }

  return {
    /** The settings with the Stripe secrets opened (for the service and the gateways; never answered). */
    async getSettings(): Promise<OpenSettings> {
      const settings = await stored();
      return { ...settings, stripe_secret_key: open(settings.stripe_secret_key), stripe_webhook_secret: open(settings.stripe_webhook_secret) };
    },

    /** `GET pm-pro/v2/invoice/address`: any signed-in user (the portal shows the organisation's address). */
    async readSettings(): Promise<InvoiceSettings> {
      return presentSettings(await stored());
    },

    /** `POST pm-pro/v2/invoice/address`: site managers; what is given changes. */
    async saveSettings(actor: Actor, input: z.output<typeof invoiceSettingsBody>): Promise<InvoiceSettings> {
      if (!actor.isSiteManager) throw forbidden(say("common.forbidden"));
      if (input.country_code && !isCountryCode(input.country_code)) throw invalidField("country_code", "Unknown country code");
      const current = await stored();
      const { stripe_secret_key: secretKey, stripe_webhook_secret: webhookSecret, ...plain } = input;
      const next: StoredSettings = { ...current };
      for (const [key, value] of Object.entries(plain)) if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
      if (input.gateWays) next.gateWays = [...new Set(input.gateWays)];
      if (secretKey !== undefined) next.stripe_secret_key = secretKey === "" ? "" : secrets.seal(secretKey);
      if (webhookSecret !== undefined) next.stripe_webhook_secret = webhookSecret === "" ? "" : secrets.seal(webhookSecret);
      await repository.saveSettings(JSON.stringify(next), nowUtc());
      return presentSettings(next);
    },

    /** A user's address: the user, a site manager, or a manager of a project the user belongs to. */
    async readUserAddress(actor: Actor, userId: number): Promise<UserAddress> {
      if (actor.id !== userId && !actor.isSiteManager && !(await repository.managesMemberOf(actor.id, userId))) throw forbidden();
      const [row] = await repository.findAddresses([userId]);
      return { ...presentAddress(row), user_id: userId };
    },

    /** Saves a user's address: the user or a site manager. */
    async saveUserAddress(actor: Actor, userId: number, input: z.output<typeof userAddressBody>): Promise<UserAddress> {
      if (actor.id !== userId && !actor.isSiteManager) throw forbidden();
      if (input.country_code && !isCountryCode(input.country_code)) throw invalidField("country_code", "Unknown country code");
      const [user] = await repository.findUsers([userId]);
      if (!user) throw invalidField("user_id", "No such user");
      await repository.saveAddress({ user_id: userId, ...input, updated_at: nowUtc() });
      return { ...input, user_id: userId };
    },

    /** The addresses of these users, keyed by user id (the lists' `meta.client_addresses`). */
    async addressesOf(userIds: readonly number[]): Promise<Record<string, Address>> {
      const rows = await repository.findAddresses(userIds);
      const byUser = new Map(rows.map((row) => [row.user_id, row]));
      return Object.fromEntries([...new Set(userIds)].map((id) => [String(id), presentAddress(byUser.get(id))]));
    },
  };
}

export type InvoiceSettingsService = ReturnType<typeof invoiceSettings>;
