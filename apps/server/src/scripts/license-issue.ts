import { generateKeyPairSync } from "node:crypto";
import { parseArgs } from "node:util";
import { readLicenseKey, signLicenseKey } from "../lib/license-token.js";

// `npm run license:issue -- --email a@b.c --plan pro --days 365`: prints a license key signed with the
// Ed25519 private key in PLOTLINE_LICENSE_PRIVATE_KEY (PEM text, or base64 of its PKCS#8 DER bytes).
// `npm run license:issue -- --new-key-pair` prints a fresh pair: the public half goes in
// PLOTLINE_LICENSE_PUBLIC_KEY (or in config.ts), the private half stays with whoever issues keys.

const USAGE = `Usage:
  PLOTLINE_LICENSE_PRIVATE_KEY=<PEM or base64 DER> npm run license:issue -- --email <e-mail> [--plan pro] [--days 365]
  npm run license:issue -- --new-key-pair`;

const DAY_MS = 24 * 3600 * 1000;
const MAX_DAYS = 36_500;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(1);
}

function main(): void {
  let values: { email?: string; plan?: string; days?: string; "new-key-pair"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        plan: { type: "string", default: "pro" },
        days: { type: "string", default: "365" },
        "new-key-pair": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  if (values["new-key-pair"]) {
    const pair = generateKeyPairSync("ed25519");
    process.stdout.write(
      `PLOTLINE_LICENSE_PUBLIC_KEY=${pair.publicKey.export({ type: "spki", format: "der" }).toString("base64")}\n` +
        `PLOTLINE_LICENSE_PRIVATE_KEY=${pair.privateKey.export({ type: "pkcs8", format: "der" }).toString("base64")}\n`,
    );
    return;
  }

  const email = values.email?.trim().toLowerCase() ?? "";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) fail("--email must be the purchase e-mail address, such as owner@example.com");
  const plan = values.plan?.trim() ?? "";
  if (!/^[a-z0-9_-]{1,40}$/.test(plan)) fail("--plan must be 1 to 40 lowercase letters, digits, _ or -, such as pro");
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) fail(`--days must be a whole number from 1 to ${MAX_DAYS}`);

  const secret = process.env.PLOTLINE_LICENSE_PRIVATE_KEY;
  if (!secret?.trim()) fail("PLOTLINE_LICENSE_PRIVATE_KEY is not set: give the Ed25519 private key as PEM text or base64 of its DER bytes");
  let privateKey;
  try {
    privateKey = readLicenseKey(secret, "private");
  } catch (error) {
    fail(`PLOTLINE_LICENSE_PRIVATE_KEY: ${(error as Error).message}`);
  }

  const issued = new Date();
  const key = signLicenseKey(
    { email, plan, issued_at: issued.toISOString(), expires_at: new Date(issued.getTime() + days * DAY_MS).toISOString() },
    privateKey,
  );
  process.stdout.write(`${key}\n`);
}

main();
