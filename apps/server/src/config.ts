import path from "node:path";
import { readLicenseKey } from "./lib/license-token.js";
import type { S3Settings } from "./storage/storage.js";

/** Everything Plotline reads from its environment, parsed once at start. */
export interface Config {
  /** TCP port to listen on. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Folder for the SQLite database and local uploads. */
  dataDir: string;
  /** `postgres://...` switches to PostgreSQL; otherwise SQLite at `<dataDir>/plotline.db`. */
  databaseUrl: string | null;
  /** Address users reach the app at; decides whether cookies are Secure. */
  publicUrl: string | null;
  /** Where the built web app lives; null serves the API alone. */
  webDistDir: string | null;
  /** Whether to write request logs. */
  logRequests: boolean;
  /** Upload size limit in bytes. */
  maxUploadBytes: number;
  /** Lifetime of a browser session in seconds. */
  sessionTtlSeconds: number;
  /** IANA time zone that dates are shown in. */
  timezone: string;
  /** Behind a reverse proxy: read client addresses from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * First wait in milliseconds before a sign-in is checked once its e-mail has failed a few times recently,
   * doubling per further failure up to 20 times (`PLOTLINE_SIGNIN_DELAY_MS`, 500).
   */
  signInDelayMs: number;
  /** `redis://...` shares sign-in throttling, rate limits and cache notices between API processes. */
  redisUrl: string | null;
  /** S3-compatible storage for uploads when `S3_BUCKET` is set; null stores them under `<dataDir>/files`. */
  s3: S3Settings | null;
  /**
   * Ed25519 public key that license keys are verified against (PEM or base64 DER): Plotline's own unless
   * `PLOTLINE_LICENSE_PUBLIC_KEY` is set (tests sign keys with a pair of their own).
   */
  licensePublicKey: string;
  /**
   * Parse the big listings' responses with their schemas before sending, as every other response is
   * (`PLOTLINE_CHECK_RESPONSES=1`; the test suites and journeys turn it on). Off, they are sent as presented.
   */
  checkResponses: boolean;
  /**
   * Background jobs this process runs at once per job name (`PLOTLINE_WORKERS`, 1). `0` makes an API-only
   * process that still enqueues, while `npm run worker` processes run the jobs.
   */
  workers: number;
  /**
   * A timer left running longer than this many hours is stopped by the server at exactly that length
   * (`PLOTLINE_TIMER_MAX_HOURS`, 10).
   */
  timerMaxHours: number;
  /** Chat webhooks may be plain `http://` addresses (`PLOTLINE_ALLOW_HTTP_WEBHOOKS=1`); otherwise `https://` only. */
  allowHttpWebhooks: boolean;
  /**
   * Chat webhooks may lead to loopback, link-local and private addresses (`PLOTLINE_ALLOW_PRIVATE_WEBHOOKS=1`:
   * tests, or a chat server inside the site's own network); otherwise they are refused when saved and when sent.
   */
  allowPrivateWebhooks: boolean;
  /**
   * The first wait before a failed chat message is sent again, doubling at each further try
   * (`PLOTLINE_WEBHOOK_RETRY_MS`, 10000); an answer's `Retry-After` goes first.
   */
  webhookRetryMs: number;
  /**
   * `smtp://` or `smtps://user:pass@host:port` (`SMTP_URL`): where mail is sent. Null writes every mail as an
   * `.eml` file to `<dataDir>/outbox/` instead, so a fresh install works without a mail server.
   */
  smtpUrl: string | null;
  /** The sender of every mail (`MAIL_FROM`): `Name <address>` or an address; by default the site's name at the public host. */
  mailFrom: string;
  /**
   * How long a notification mail waits for more changes by the same person on the same record, which then
   * go out in the same mail (`PLOTLINE_MAIL_WAIT_SECONDS`, 120; 0 sends at once).
   */
  mailWaitSeconds: number;
  /**
   * The key that seals stored credentials (a shop's API key, a card gateway's secret) (`PLOTLINE_SECRET`, any
   * long random text). Without it, a key is made on first start in `<dataDir>/secret.key`; several API
   * processes must share one, so set it when you run more than one.
   */
  secret: string | null;
  /**
   * Where PayPal is reached (`PAYPAL_IPN_URL`): both the checkout page clients are sent to and the address
   * notifications are checked against. Null uses PayPal's sandbox or live address by the `sand_box_mode` setting.
   */
  paypalUrl: string | null;
  /** Stripe's API address (`STRIPE_API_URL`); null is `https://api.stripe.com`. */
  stripeApiUrl: string | null;
}

/** Plotline's license public key (SPKI, base64 DER). The private half signs keys and is never in the code. */
export const PLOTLINE_LICENSE_PUBLIC_KEY = "MCowBQYDK2VwAyEAxsEVjm7PDiPNZk0CRHKU0JzhO/OvB5J7xjwoPi2IWAg=";

/** Reads the configuration from environment variables, with defaults that need no set-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.PLOTLINE_DATA ?? "./data");
  return {
    port: parsePositiveInt(env.PORT, 8080, "PORT"),
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || null,
    publicUrl: env.PUBLIC_URL?.trim() || null,
    webDistDir: env.PLOTLINE_WEB_DIST === "" ? null : path.resolve(env.PLOTLINE_WEB_DIST ?? defaultWebDist()),
    logRequests: env.PLOTLINE_LOG !== "off",
    maxUploadBytes: parsePositiveInt(env.PLOTLINE_MAX_UPLOAD_MB, 50, "PLOTLINE_MAX_UPLOAD_MB") * 1024 * 1024,
    sessionTtlSeconds: parsePositiveInt(env.PLOTLINE_SESSION_DAYS, 30, "PLOTLINE_SESSION_DAYS") * 24 * 3600,
    timezone: parseTimezone(env.PLOTLINE_TIMEZONE ?? "UTC"),
    trustProxy: env.PLOTLINE_TRUST_PROXY === "1",
    signInDelayMs: parsePositiveInt(env.PLOTLINE_SIGNIN_DELAY_MS, 500, "PLOTLINE_SIGNIN_DELAY_MS"),
    redisUrl: env.REDIS_URL?.trim() || null,
    s3: env.S3_BUCKET?.trim()
      ? {
          bucket: env.S3_BUCKET.trim(),
          endpoint: env.S3_ENDPOINT?.trim() || null,
          region: env.S3_REGION?.trim() || "us-east-1",
          accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
        }
      : null,
    licensePublicKey: parseLicensePublicKey(env.PLOTLINE_LICENSE_PUBLIC_KEY),
    checkResponses: env.PLOTLINE_CHECK_RESPONSES === "1",
    workers: parseWorkers(env.PLOTLINE_WORKERS),
    timerMaxHours: parsePositiveInt(env.PLOTLINE_TIMER_MAX_HOURS, 10, "PLOTLINE_TIMER_MAX_HOURS"),
    allowHttpWebhooks: env.PLOTLINE_ALLOW_HTTP_WEBHOOKS === "1",
    allowPrivateWebhooks: env.PLOTLINE_ALLOW_PRIVATE_WEBHOOKS === "1",
    webhookRetryMs: parsePositiveInt(env.PLOTLINE_WEBHOOK_RETRY_MS, 10_000, "PLOTLINE_WEBHOOK_RETRY_MS"),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM, env.PUBLIC_URL),
    mailWaitSeconds: parseWholeNumber(env.PLOTLINE_MAIL_WAIT_SECONDS, 120, "PLOTLINE_MAIL_WAIT_SECONDS"),
    secret: env.PLOTLINE_SECRET?.trim() || null,
    paypalUrl: env.PAYPAL_IPN_URL?.trim() || null,
    stripeApiUrl: env.STRIPE_API_URL?.trim() || null,
  };
}

/** The site's name, as mail signs itself when `MAIL_FROM` is not set. */
export const SITE_NAME = "Plotline";

function parseSmtpUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Never echo the value: it holds the mail server's password.
    throw new Error("SMTP_URL must be smtp://user:pass@host:port or smtps://user:pass@host:port (percent-encode any /, #, @ or : in the user name and password)");
  }
  if ((url.protocol !== "smtp:" && url.protocol !== "smtps:") || url.hostname === "") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// and name a host, got "${url.protocol}//${url.host}"`);
  }
  return value;
}

/** `MAIL_FROM` as given, or the site's name at the public address's host (`Plotline <no-reply@example.com>`). */
function parseMailFrom(raw: string | undefined, publicUrl: string | undefined): string {
  const value = raw?.trim();
  if (value) {
    if (!/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(value)) {
      throw new Error(`MAIL_FROM must be an address or "Name <address>", got "${value}"`);
    }
    return value;
  }
  let host = "localhost";
  try {
    if (publicUrl?.trim()) host = new URL(publicUrl.trim()).hostname || host;
  } catch {
    // A PUBLIC_URL that does not parse leaves the default sender.
  }
  return `${SITE_NAME} <no-reply@${host}>`;
}

function parseWholeNumber(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be 0 or a positive whole number, got "${raw}"`);
  return value;
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, "../../web/dist");
}

/** The license public key: Plotline's own, or a readable Ed25519 key from the environment (else it fails at start). */
function parseLicensePublicKey(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") return PLOTLINE_LICENSE_PUBLIC_KEY;
  try {
    readLicenseKey(raw, "public");
  } catch (error) {
    throw new Error(`PLOTLINE_LICENSE_PUBLIC_KEY: ${(error as Error).message}`);
  }
  return raw.trim();
}

function parsePositiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function parseWorkers(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`PLOTLINE_WORKERS must be 0 or a positive whole number, got "${raw}"`);
  return value;
}

function parseTimezone(zone: string): string {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    throw new Error(`PLOTLINE_TIMEZONE must be an IANA time zone such as Europe/Paris, got "${zone}"`);
  }
}
